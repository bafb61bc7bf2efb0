/** The navigation bar's theme picker (SHELL-003, SHELL-013..015): 11 swatches as a radio group. */
import { useId } from 'react';
import { useSessionStore } from '../auth/session-store';
import { saveTheme } from './save-theme';
import { themeById, THEMES } from './themes';
import { usePopover } from './usePopover';

export function ThemePicker() {
  const current = themeById(useSessionStore((s) => s.session?.theme ?? null));
  const { open, setOpen, ref } = usePopover();
  const panelId = useId();
  return (
    <div className="popover-anchor" ref={ref}>
      <button
        type="button"
        className="nav-btn"
        aria-label={`Theme: ${current.name}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <span className="swatch swatch--nav" style={{ background: `linear-gradient(135deg, ${current.accent} 50%, ${current.accent2} 50%)` }} />
        <span className="nav-btn__label">Theme</span>
      </button>
      {open && (
        <div className="popover theme-picker" id={panelId}>
          <fieldset>
            <legend>Theme</legend>
            <div className="theme-picker__grid">
              {THEMES.map((t) => (
                <label key={t.id} className="theme-option">
                  <input type="radio" name="theme" value={t.id} checked={t.id === current.id} onChange={() => void saveTheme(t.id)} />
                  <span className="theme-option__preview" style={{ background: t.bg, borderColor: t.mainDark }} aria-hidden="true">
                    <span style={{ background: t.mainDark }} />
                    <span style={{ background: t.accent }} />
                    <span style={{ background: t.accent2 }} />
                  </span>
                  <span className="theme-option__name">{t.name}</span>
                </label>
              ))}
            </div>
          </fieldset>
        </div>
      )}
    </div>
  );
}
