import { describe, expect, it } from 'vitest';
import { columnsChanged, defaultCriteria, EMPTY_COLUMNS, omittedColumns, searchFilters } from './search-criteria';

describe('search criteria', () => {
  it('SEARCH-017: include flags add their parent level\'s columns; a line plan search has none', () => {
    expect(omittedColumns(4, {})).toEqual(['PatternName', 'BriefName', 'LinePlanName']);
    expect(omittedColumns(4, { IncludeBriefLevel: true })).toEqual(['PatternName', 'LinePlanName']);
    expect(omittedColumns(1, {})).toEqual([]);
    expect(omittedColumns(3, defaultCriteria(3))).toEqual([]);
    expect(defaultCriteria(2)).toEqual({ IncludeLinePlanLevel: true });
  });

  it('SEARCH-017: blank criteria are not sent', () => {
    expect(searchFilters({ BrandId: 2, SeasonId: null, searchText: '', IncludePatternLevel: false, quickSearchText: 'abc' })).toEqual({ BrandId: 2, quickSearchText: 'abc' });
  });

  it('SEARCH-010: hidden columns, order or sort changed from the baseline', () => {
    expect(columnsChanged(EMPTY_COLUMNS, EMPTY_COLUMNS)).toBe(false);
    expect(columnsChanged({ ...EMPTY_COLUMNS, hidden: ['A'] }, EMPTY_COLUMNS)).toBe(true);
    expect(columnsChanged({ ...EMPTY_COLUMNS, order: ['B', 'A'] }, { ...EMPTY_COLUMNS, order: ['A', 'B'] })).toBe(true);
    expect(columnsChanged({ ...EMPTY_COLUMNS, sort: { field: 'A', direction: 'DESC' } }, { ...EMPTY_COLUMNS, sort: { field: 'A', direction: 'ASC' } })).toBe(true);
    expect(columnsChanged({ hidden: ['B', 'A'], order: [], sort: null }, { hidden: ['A', 'B'], order: ['X'], sort: null })).toBe(false);
  });
});
