/**
 * The pure rules of the nav bar's quick search (SHELL-007..012): the entries of its list, grouped
 * Colorways / Patterns with a 'Search' entry per module, where each entry goes, the keys, the
 * highlighted parts of a label and factory names without leading zeros.
 */

import { CONTAINS_MIN, QUICK_SEARCH_MIN as MIN } from '@domain/quick-search';

/** Type-ahead starts at this many characters (the server answers 400 below it). */
export const QUICK_SEARCH_MIN = MIN;
export const QUICK_SEARCH_DEBOUNCE_MS = 250;

/** SEARCH-001 modules the quick search offers (SHELL-007). */
export const PATTERN_MODULE = 3;
export const COLORWAY_MODULE = 4;

export interface QuickPrototype {
  PrototypeSeasonalId: number;
  FactNameKy?: string | null;
  StockNum?: string | null;
  PrototypeName?: string;
  PatternName?: string;
  ColorDesc?: string | null;
  SeasonName?: string;
  BrandName?: string;
  FactName?: string | null;
}
export interface QuickPattern {
  PatternSeasonalId: number;
  PatternName?: string;
  SeasonName?: string;
  BrandName?: string;
}
export interface QuickAnswer {
  Prototypes: QuickPrototype[];
  Patterns: QuickPattern[];
}

export interface QuickEntry {
  /** Unique within the list (the option's DOM id suffix). */
  key: string;
  kind: 'colorway' | 'pattern' | 'search';
  href: string;
  /** The main line (highlighted). */
  label: string;
  /** The second line: season, brand, factory… */
  detail?: string;
}

export interface QuickGroup {
  title: 'Colorways' | 'Patterns';
  entries: QuickEntry[];
}

export const searchableText = (text: string) => text.trim();

export const canSearch = (text: string) => searchableText(text).length >= QUICK_SEARCH_MIN;

/** SHELL-008: the /Search screen of a module with the text. */
export const searchHref = (module: number, text: string) => `/Search?searchModule=${module}&quickSearchText=${encodeURIComponent(searchableText(text))}`;

/** SHELL-011: a factory name (or key) without its leading zeros ('000' stays '0'). */
export const factoryLabel = (name: string | null | undefined) => (name ?? '').replace(/^0+(?=.)/, '');

const joined = (parts: (string | null | undefined)[]) => parts.filter((p) => p?.trim()).join(' · ');

/** The grouped entries: colorways then a 'Search colorways' entry, patterns then a 'Search patterns' entry. */
export function quickGroups(answer: QuickAnswer | undefined, text: string, can: { colorways: boolean; patterns: boolean }): QuickGroup[] {
  const groups: QuickGroup[] = [];
  const t = searchableText(text);
  if (can.colorways) {
    groups.push({
      title: 'Colorways',
      entries: [
        ...(answer?.Prototypes ?? []).map(
          (p): QuickEntry => ({
            key: `c${p.PrototypeSeasonalId}`,
            kind: 'colorway',
            href: `/colorway/${p.PrototypeSeasonalId}`,
            label: joined([p.StockNum, p.PrototypeName]),
            detail: joined([p.ColorDesc, p.SeasonName, p.BrandName, p.FactName ? factoryLabel(p.FactName) : factoryLabel(p.FactNameKy)]),
          }),
        ),
        { key: 'search-4', kind: 'search', href: searchHref(COLORWAY_MODULE, t), label: `Search colorways for “${t}”` },
      ],
    });
  }
  if (can.patterns) {
    groups.push({
      title: 'Patterns',
      entries: [
        ...(answer?.Patterns ?? []).map(
          (p): QuickEntry => ({
            key: `p${p.PatternSeasonalId}`,
            kind: 'pattern',
            href: `/pattern/${p.PatternSeasonalId}`,
            label: p.PatternName ?? '',
            detail: joined([p.SeasonName, p.BrandName]),
          }),
        ),
        { key: 'search-3', kind: 'search', href: searchHref(PATTERN_MODULE, t), label: `Search patterns for “${t}”` },
      ],
    });
  }
  return groups;
}

/**
 * What the list says when nothing matched (issue 27): short text matches only the start of a stock
 * number or name, so 'NC' finds no 'SYNC'; the hint says so instead of a bare 'No matches'.
 */
export function noMatchesText(text: string): string {
  return searchableText(text).length < CONTAINS_MIN
    ? `No matches. ${MIN} letters find stock numbers and names that start with them; type ${CONTAINS_MIN} or more to search inside words.`
    : 'No matches';
}

/** Whether the answer has any record (else the list says noMatchesText). */
export const hasMatches = (answer: QuickAnswer | undefined) => !!answer && (answer.Prototypes.length > 0 || answer.Patterns.length > 0);

export const flatEntries = (groups: QuickGroup[]) => groups.flatMap((g) => g.entries);

/** ↑ / ↓ over `count` entries; -1 is "none highlighted" (the text itself). Wraps through none. */
export function moveActive(active: number, count: number, key: 'ArrowUp' | 'ArrowDown'): number {
  if (count <= 0) return -1;
  if (key === 'ArrowDown') return active >= count - 1 ? -1 : active + 1;
  return active < 0 ? count - 1 : active - 1;
}

/** Where Enter goes: the highlighted entry, else the colorway search of the text (SHELL-008); none for too little text. */
export function enterHref(entries: QuickEntry[], active: number, text: string): string | undefined {
  if (active >= 0 && entries[active]) return entries[active].href;
  return searchableText(text) ? searchHref(COLORWAY_MODULE, text) : undefined;
}

/** A label split into the parts that match the text (case ignored) and the rest. */
export function highlightParts(label: string, text: string): { text: string; match: boolean }[] {
  const t = searchableText(text).toLowerCase();
  if (!t) return [{ text: label, match: false }];
  const parts: { text: string; match: boolean }[] = [];
  const lower = label.toLowerCase();
  let at = 0;
  for (let i = lower.indexOf(t); i >= 0; i = lower.indexOf(t, i + t.length)) {
    if (i > at) parts.push({ text: label.slice(at, i), match: false });
    parts.push({ text: label.slice(i, i + t.length), match: true });
    at = i + t.length;
  }
  if (at < label.length) parts.push({ text: label.slice(at), match: false });
  return parts;
}

/** The keys that focus the quick search: `/` outside a text field, Ctrl+K (⌘+K) anywhere. */
export function isFocusShortcut(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>, typing: boolean): boolean {
  if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') return true;
  return e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !typing;
}
