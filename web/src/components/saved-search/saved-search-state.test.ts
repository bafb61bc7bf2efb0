import { describe, expect, it } from 'vitest';
import { savedSearchDate, stampSavedSearch } from '@domain/saved-search';
import {
  DEFAULT_SAVED_SEARCH_SORT,
  findByName,
  fromSavedSearch,
  parseSavedSearchSort,
  sortSavedSearches,
  toSavedSearch,
  type SearchSnapshot,
} from './saved-search-state';

const snapshot: SearchSnapshot = {
  searchModule: 4,
  criteria: { BrandId: 2, SeasonId: null, DivisionKey: '01', quickSearchText: '', IncludePatternLevel: true },
  hidden: ['ColorDesc'],
  order: ['PatternName', 'StockNum', 'SeasonName'],
  sort: { field: 'StockNum', direction: 'DESC' },
  pageSize: 25,
};

describe('saved search value', () => {
  it('SEARCH-022: dates are M/dd/yyyy', () => {
    expect(savedSearchDate('2026-03-05')).toBe('3/05/2026');
    expect(savedSearchDate('2026-12-25')).toBe('12/25/2026');
  });

  it('SEARCH-016/017: a search becomes the saved shape and comes back the same', () => {
    const v = toSavedSearch('  Mine ', 1, snapshot, '2026-01-09');
    expect(v).toMatchObject({
      Id: 0,
      name: 'Mine',
      searchModule: 4,
      searchType: 1,
      changedOn: '1/09/2026',
      createdOn: '1/09/2026',
      columnsHidden: ['ColorDesc'],
      columnsOrder: [
        { column: 'PatternName', index: 0 },
        { column: 'StockNum', index: 1 },
        { column: 'SeasonName', index: 2 },
      ],
    });
    expect(v.searchTerms).toEqual({
      BrandId: 2,
      DivisionKey: '01',
      IncludePatternLevel: true,
      pageNumber: 1,
      pageSize: 25,
      sortColumn: 'StockNum',
      sortDirection: 'DESC',
    });
    const back = fromSavedSearch(JSON.parse(JSON.stringify(v)));
    expect(back).toEqual({ ...snapshot, criteria: { BrandId: 2, DivisionKey: '01', IncludePatternLevel: true } });
  });

  it('SEARCH-016: an order given out of sequence is restored by index; no sort stays none', () => {
    const v = toSavedSearch('x', 1, { ...snapshot, sort: null });
    v.columnsOrder.reverse();
    expect(fromSavedSearch(v).order).toEqual(snapshot.order);
    expect(fromSavedSearch(v).sort).toBeNull();
  });

  it('SEARCH-018: the server stamp keeps the created date of the search it overwrites', () => {
    const old = { ...toSavedSearch('a', 1, snapshot), createdOn: '1/02/2025' };
    const stamped = stampSavedSearch(toSavedSearch(' a ', 1, snapshot), 7, old, '2026-05-01');
    expect(stamped).toMatchObject({ Id: 7, name: 'a', createdOn: '1/02/2025', changedOn: '5/01/2026' });
    expect(findByName([old], ' A')).toBe(old);
  });

  it('SEARCH-021: the list sorts by the kept column; default changedOn ascending', () => {
    const list = [
      { ...toSavedSearch('b', 1, snapshot), Id: 1, changedOn: '12/01/2025' },
      { ...toSavedSearch('A', 1, snapshot), Id: 2, changedOn: '2/03/2026' },
      { ...toSavedSearch('c', 1, snapshot), Id: 3, changedOn: '1/15/2026' },
    ];
    expect(parseSavedSearchSort('nonsense')).toEqual(DEFAULT_SAVED_SEARCH_SORT);
    expect(sortSavedSearches(list, DEFAULT_SAVED_SEARCH_SORT).map((v) => v.Id)).toEqual([1, 3, 2]);
    expect(sortSavedSearches(list, parseSavedSearchSort('{"column":"name","descending":true}')).map((v) => v.Id)).toEqual([3, 1, 2]);
  });
});
