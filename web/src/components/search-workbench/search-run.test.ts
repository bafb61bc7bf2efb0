import { describe, expect, it } from 'vitest';
import { columnsChanged, EMPTY_COLUMNS, searchFilters } from './search-run';

describe('search run', () => {
  it('SEARCH-017 CP-005: blank criteria are not sent; a 0 (not adopted) is', () => {
    expect(searchFilters({ BrandId: 2, SeasonId: null, searchText: '', IncludePatternLevel: false, quickSearchText: 'abc' })).toEqual({
      BrandId: 2,
      quickSearchText: 'abc',
    });
    expect(searchFilters({ AdoptedStatus: 0, CriticalPathHeaderStatusId: undefined })).toEqual({ AdoptedStatus: 0 });
  });

  it('SEARCH-010 CP-009: hidden columns, order or sort changed from the baseline', () => {
    expect(columnsChanged(EMPTY_COLUMNS, EMPTY_COLUMNS)).toBe(false);
    expect(columnsChanged({ ...EMPTY_COLUMNS, hidden: ['A'] }, EMPTY_COLUMNS)).toBe(true);
    expect(columnsChanged({ ...EMPTY_COLUMNS, order: ['B', 'A'] }, { ...EMPTY_COLUMNS, order: ['A', 'B'] })).toBe(true);
    expect(columnsChanged({ ...EMPTY_COLUMNS, sort: { field: 'A', direction: 'DESC' } }, { ...EMPTY_COLUMNS, sort: { field: 'A', direction: 'ASC' } })).toBe(
      true,
    );
    expect(columnsChanged({ hidden: ['B', 'A'], order: [], sort: null }, { hidden: ['A', 'B'], order: ['X'], sort: null })).toBe(false);
  });
});
