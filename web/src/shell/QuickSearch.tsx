/**
 * The nav bar's quick search (SHELL-007..012): type-ahead from 2 characters after 250 ms, an ARIA
 * combobox whose listbox groups Colorways and Patterns, each with a 'Search' entry for its module.
 * ↑ ↓ move, Enter opens the highlighted entry (or /Search of colorways with the text), Esc closes
 * and a second Esc clears; `/` and Ctrl+K focus it. The rules: quick-search.ts.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { apiFetch } from '../api/http';
import { useCan } from '../auth/useCan';
import { typingTarget } from './shortcuts';
import {
  canSearch,
  enterHref,
  flatEntries,
  hasMatches,
  highlightParts,
  isFocusShortcut,
  moveActive,
  noMatchesText,
  quickGroups,
  QUICK_SEARCH_DEBOUNCE_MS,
  searchableText,
  type QuickAnswer,
} from './quick-search';
import './quick-search.css';

type Found = { text: string; answer?: QuickAnswer; failed?: boolean };

/** The answer for the text, fetched 250 ms after the last change; `loading` until it is in. */
function useQuickAnswer(text: string) {
  const [found, setFound] = useState<Found>();
  const wanted = searchableText(text);
  useEffect(() => {
    if (!canSearch(wanted)) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      apiFetch<QuickAnswer>('/api/Search/QuickSearch', { query: { text: wanted }, signal: abort.signal })
        .then((answer) => setFound({ text: wanted, answer }))
        .catch(() => {
          if (!abort.signal.aborted) setFound({ text: wanted, failed: true });
        });
    }, QUICK_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [wanted]);
  const current = found?.text === wanted ? found : undefined;
  return { answer: current?.answer, failed: !!current?.failed, loading: canSearch(wanted) && !current };
}

function Highlighted({ label, text }: { label: string; text: string }) {
  return (
    <>
      {highlightParts(label, text).map((p, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts are plain text cut from the label, rebuilt as it changes; they hold no state
        p.match ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>,
      )}
    </>
  );
}

export function QuickSearch() {
  const colorways = useCan('colorway', 'read');
  const patterns = useCan('pattern', 'read');
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const id = useId();
  const { answer, failed, loading } = useQuickAnswer(text);
  const groups = useMemo(() => quickGroups(answer, text, { colorways, patterns }), [answer, text, colorways, patterns]);
  const entries = flatEntries(groups);
  const showing = open && canSearch(text);

  // biome-ignore lint/correctness/useExhaustiveDependencies: navigating closes the popup
  useEffect(() => {
    setOpen(false);
    setActive(-1);
  }, [pathname, search]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer has other entries, so none is highlighted
  useEffect(() => setActive(-1), [answer]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isFocusShortcut(e, typingTarget(e.target)) || document.querySelector('dialog[open]')) return;
      e.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  if (!colorways && !patterns) return null;

  const go = (href: string | undefined) => {
    if (!href) return;
    setOpen(false);
    input.current?.blur();
    navigate(href);
  };
  const onKeyDown = (e: ReactKeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!showing) {
        setOpen(true);
        return;
      }
      setActive((a) => moveActive(a, entries.length, e.key as 'ArrowUp' | 'ArrowDown'));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      go(enterHref(showing ? entries : [], showing ? active : -1, text));
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      if (showing) {
        setOpen(false);
        setActive(-1);
      } else {
        setText('');
        input.current?.blur();
      }
    }
  };
  const optionId = (key: string) => `${id}-${key}`;
  const activeKey = showing && active >= 0 ? entries[active]?.key : undefined;

  return (
    <div className="quick-search" role="search">
      <div className="quick-search__field">
        <svg className="quick-search__icon" width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
          <circle cx="7" cy="7" r="5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M11 11l3.5 3.5" stroke="currentColor" strokeWidth="1.6" />
        </svg>
        <input
          ref={input}
          className="quick-search__input"
          type="search"
          role="combobox"
          aria-label="Quick search"
          aria-autocomplete="list"
          aria-expanded={showing}
          aria-controls={`${id}-list`}
          aria-activedescendant={activeKey ? optionId(activeKey) : undefined}
          aria-keyshortcuts="/ Control+K"
          placeholder="Stock no., name…"
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {loading && showing && <span className="quick-search__spinner" role="status" aria-label="Searching" />}
        {!showing && (
          <span className="quick-search__hint" aria-hidden="true">
            /
          </span>
        )}
      </div>
      <div className="quick-search__popup" hidden={!showing}>
        {showing && !loading && (failed || !hasMatches(answer)) && (
          <p className="quick-search__empty" role="status">
            {failed ? 'The search did not answer. Try again.' : noMatchesText(text)}
          </p>
        )}
        {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: ARIA in HTML allows a ul listbox; the focus stays in the combobox input (aria-activedescendant) */}
        <ul id={`${id}-list`} role="listbox" aria-label="Quick search results" className="quick-search__list">
          {showing &&
            groups.map((g) => (
              <li key={g.title} role="presentation">
                <ul role="group" aria-labelledby={`${id}-${g.title}`}>
                  <li role="presentation" id={`${id}-${g.title}`} className="quick-search__group">
                    {g.title}
                  </li>
                  {g.entries.map((e) => (
                    // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: an option of the combobox: the focus stays in the input, whose keys (arrows, Enter) pick it; li options are valid ARIA in HTML
                    <li
                      key={e.key}
                      id={optionId(e.key)}
                      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: ARIA in HTML allows an li option
                      role="option"
                      aria-selected={e.key === activeKey}
                      className={`quick-search__option quick-search__option--${e.kind}`}
                      onMouseDown={(ev) => ev.preventDefault()}
                      onClick={() => go(e.href)}
                      onMouseMove={() => setActive(entries.indexOf(e))}
                    >
                      <span className="quick-search__label">{e.kind === 'search' ? e.label : <Highlighted label={e.label} text={text} />}</span>
                      {e.detail && (
                        <span className="quick-search__detail">
                          <Highlighted label={e.detail} text={text} />
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
        </ul>
      </div>
    </div>
  );
}
