import { describe, expect, it } from 'vitest';
import { pagingOf, PICKER_PAGE_SIZE, pickerQuery } from './parent-picker';

describe('parent picker', () => {
  it('BRIEF-003 asks for nothing until a brand and a season are chosen', () => {
    expect(pickerQuery(null, 1, '', 1)).toBeNull();
    expect(pickerQuery(1, null, '', 1)).toBeNull();
  });

  it('BRIEF-003 BRIEF-023 a page of 50 for the brand, season and trimmed name filter', () => {
    expect(PICKER_PAGE_SIZE).toBe(50);
    expect(pickerQuery(1, 3, '  Trail ', 2)).toEqual({ BrandId: 1, SeasonId: 3, name: 'Trail', pageNumber: 2, pageSize: 50 });
    expect(pickerQuery(1, 3, '   ', 1)?.name).toBeUndefined();
  });

  it('BRIEF-003 paging shows only with several pages; Previous and Next stop at the ends', () => {
    expect(pagingOf({ CurrentPageNumber: 1, TotalPageCount: 1, TotalRecords: 3 }).shown).toBe(false);
    expect(pagingOf({ CurrentPageNumber: 1, TotalPageCount: 3, TotalRecords: 120 })).toEqual({
      shown: true,
      previous: false,
      next: true,
      text: 'Page 1 of 3 (120)',
    });
    expect(pagingOf({ CurrentPageNumber: 3, TotalPageCount: 3, TotalRecords: 120 })).toMatchObject({ previous: true, next: false });
  });
});
