import { describe, expect, it } from 'vitest';
import { contrastRatio, SESSION_DEFAULT_THEME_ID, themeById, THEMES, themeVariables } from './themes';

describe('themes', () => {
  it('SHELL-013 there are 11 themes with ids 0 to 10 and every colour field', () => {
    expect(THEMES.map((t) => t.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const t of THEMES) {
      expect(Object.keys(t).sort()).toEqual(['accent', 'accent2', 'bg', 'id', 'mainDark', 'mainLight', 'name']);
      for (const c of [t.accent, t.accent2, t.bg, t.mainDark, t.mainLight]) expect(c).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(new Set(THEMES.map((t) => t.name)).size).toBe(11);
  });

  it('SHELL-014 an unset theme is theme 1', () => {
    expect(SESSION_DEFAULT_THEME_ID).toBe(1);
    expect(themeById(null).id).toBe(1);
    expect(themeById(undefined).id).toBe(1);
    expect(themeById(0).id).toBe(0);
    expect(themeById(99).id).toBe(1);
  });

  it('every theme keeps body text and navigation text readable (WCAG AA 4.5:1)', () => {
    for (const t of THEMES) {
      const v = themeVariables(t);
      expect(contrastRatio(v['--text'], t.mainLight), t.name).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(v['--text'], t.bg), t.name).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio('#ffffff', t.mainDark), t.name).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(v['--on-accent'], t.accent), t.name).toBeGreaterThanOrEqual(3);
    }
  });
});
