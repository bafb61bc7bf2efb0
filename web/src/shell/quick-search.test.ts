import { describe, expect, it } from 'vitest';
import {
  canSearch,
  enterHref,
  factoryLabel,
  flatEntries,
  hasMatches,
  highlightParts,
  isFocusShortcut,
  moveActive,
  noMatchesText,
  quickGroups,
  searchHref,
  type QuickAnswer,
} from './quick-search';

const answer: QuickAnswer = {
  Prototypes: [
    {
      PrototypeSeasonalId: 7,
      StockNum: 'SR1100-001',
      PrototypeName: 'Ridgeline - Black',
      ColorDesc: 'Black',
      SeasonName: 'SS26',
      BrandName: 'Summit',
      FactName: '000310101 Dong Nai',
      FactNameKy: '310101',
    },
    { PrototypeSeasonalId: 8, StockNum: null, PrototypeName: 'Ridgeline - Olive', SeasonName: 'SS26', BrandName: 'Summit' },
  ],
  Patterns: [{ PatternSeasonalId: 3, PatternName: 'Ridgeline Mid', SeasonName: 'SS26', BrandName: 'Summit' }],
};
const both = { colorways: true, patterns: true };

describe('quick search entries', () => {
  it('SHELL-010 issue 27: no match for two letters says they match only the start of a stock number or name', () => {
    expect(noMatchesText(' NC ')).toBe('No matches. 2 letters find stock numbers and names that start with them; type 3 or more to search inside words.');
    expect(noMatchesText('SYNC')).toBe('No matches');
  });

  it('SHELL-007: colorways then patterns, each group ending with a Search entry for its module', () => {
    const groups = quickGroups(answer, ' ridge ', both);
    expect(groups.map((g) => g.title)).toEqual(['Colorways', 'Patterns']);
    expect(groups[0].entries.map((e) => e.href)).toEqual(['/colorway/7', '/colorway/8', '/Search?searchModule=4&quickSearchText=ridge']);
    expect(groups[1].entries.map((e) => e.href)).toEqual(['/pattern/3', '/Search?searchModule=3&quickSearchText=ridge']);
    expect(groups[0].entries[0].label).toBe('SR1100-001 · Ridgeline - Black');
    expect(groups[0].entries[1].label).toBe('Ridgeline - Olive');
  });

  it('SHELL-007: a module the user may not read has no group', () => {
    expect(quickGroups(answer, 'ridge', { colorways: true, patterns: false }).map((g) => g.title)).toEqual(['Colorways']);
    expect(quickGroups(undefined, 'ridge', { colorways: false, patterns: true }).map((g) => g.title)).toEqual(['Patterns']);
  });

  it('SHELL-011: factory names lose their leading zeros', () => {
    expect(factoryLabel('000310101 Dong Nai')).toBe('310101 Dong Nai');
    expect(factoryLabel('0000')).toBe('0');
    expect(factoryLabel(null)).toBe('');
    expect(quickGroups(answer, 'ridge', both)[0].entries[0].detail).toContain('310101 Dong Nai');
    expect(quickGroups(answer, 'ridge', both)[0].entries[0].detail).not.toContain('000310101');
  });

  it('SHELL-008: the Search address carries the module and the encoded text', () => {
    expect(searchHref(4, ' a&b ')).toBe('/Search?searchModule=4&quickSearchText=a%26b');
  });

  it('SHELL-007: type-ahead from 2 characters; No matches only for an answer without records', () => {
    expect(canSearch(' a ')).toBe(false);
    expect(canSearch('ab')).toBe(true);
    expect(hasMatches({ Prototypes: [], Patterns: [] })).toBe(false);
    expect(hasMatches(answer)).toBe(true);
    expect(hasMatches(undefined)).toBe(false);
  });
});

describe('quick search keys', () => {
  it('SHELL-007: ↓ and ↑ move through the entries and back to the text', () => {
    expect(moveActive(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(2, 3, 'ArrowDown')).toBe(-1);
    expect(moveActive(-1, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(0, 3, 'ArrowUp')).toBe(-1);
    expect(moveActive(-1, 0, 'ArrowDown')).toBe(-1);
  });

  it('SHELL-008: Enter opens the highlighted entry, else the colorway search of the text', () => {
    const entries = flatEntries(quickGroups(answer, 'ridge', both));
    expect(enterHref(entries, 0, 'ridge')).toBe('/colorway/7');
    expect(enterHref(entries, 3, 'ridge')).toBe('/pattern/3');
    expect(enterHref(entries, -1, 'ridge')).toBe('/Search?searchModule=4&quickSearchText=ridge');
    expect(enterHref([], -1, '  ')).toBeUndefined();
  });

  it('SHELL-007: / outside text fields and Ctrl+K or ⌘+K focus the quick search', () => {
    const key = (k: string, m: Partial<KeyboardEvent> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...m });
    expect(isFocusShortcut(key('/'), false)).toBe(true);
    expect(isFocusShortcut(key('/'), true)).toBe(false);
    expect(isFocusShortcut(key('k', { ctrlKey: true }), true)).toBe(true);
    expect(isFocusShortcut(key('K', { metaKey: true }), false)).toBe(true);
    expect(isFocusShortcut(key('k'), false)).toBe(false);
    expect(isFocusShortcut(key('k', { ctrlKey: true, shiftKey: true }), false)).toBe(false);
  });
});

describe('highlight', () => {
  it('SHELL-007: every occurrence of the text is marked, case ignored', () => {
    expect(highlightParts('Ridge ridge', 'RIDGE')).toEqual([
      { text: 'Ridge', match: true },
      { text: ' ', match: false },
      { text: 'ridge', match: true },
    ]);
    expect(highlightParts('Black', 'x')).toEqual([{ text: 'Black', match: false }]);
    expect(highlightParts('Black', '')).toEqual([{ text: 'Black', match: false }]);
  });
});
