import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER, filterFromParams, filterQuery } from './error-filter';

describe('error list filter (ADMIN-039)', () => {
  it('ADMIN-039: list size 50/100/150/200, default 100', () => {
    expect(filterFromParams(new URLSearchParams('ErrorListAmount=150')).ErrorListAmount).toBe(150);
    expect(filterFromParams(new URLSearchParams('ErrorListAmount=7')).ErrorListAmount).toBe(100);
    expect(EMPTY_FILTER.ErrorListAmount).toBe(100);
  });
  it('ADMIN-039: blank fields are left out and dates go as YYYY-MM-DD', () => {
    expect(filterQuery({ ...EMPTY_FILTER, ErrorId: ' 12 ', StartDate: '11/02/2026', User: 'ann' })).toEqual({
      ErrorListAmount: 100,
      ErrorId: 12,
      StartDate: '2026-11-02',
      User: 'ann',
    });
  });
});
