import { describe, expect, it } from 'vitest';
import { pageRows, sortRows } from './client-rows';

const rows = [
  { Id: 1, Name: 'beta', N: 10, B: true },
  { Id: 2, Name: 'Alpha', N: 2, B: false },
  { Id: 3, Name: null, N: 33, B: true },
  { Id: 4, Name: 'item 10', N: null, B: false },
  { Id: 5, Name: 'item 9', N: 2, B: true },
];
const ids = (r: Record<string, unknown>[]) => r.map((x) => x.Id);

describe('client-side sort of endpoint rows', () => {
  it('sorts text ignoring case and with numbers in text in numeric order; blanks last', () => {
    expect(ids(sortRows(rows, 'Name', 'ASC'))).toEqual([2, 1, 5, 4, 3]);
    expect(ids(sortRows(rows, 'Name', 'DESC'))).toEqual([4, 5, 1, 2, 3]);
  });
  it('sorts numbers and booleans by value, stable for ties', () => {
    expect(ids(sortRows(rows, 'N', 'ASC'))).toEqual([2, 5, 1, 3, 4]);
    expect(ids(sortRows(rows, 'B', 'DESC'))).toEqual([1, 3, 5, 2, 4]);
  });
  it('keeps the given order without a sort field and never changes the input', () => {
    const copy = rows.slice();
    expect(ids(sortRows(rows))).toEqual([1, 2, 3, 4, 5]);
    sortRows(rows, 'Name', 'DESC');
    expect(rows).toEqual(copy);
  });
});

describe('client-side paging', () => {
  it('gives the page, the page count and the total', () => {
    expect(pageRows(rows, 2, 2)).toEqual({ rows: [rows[2], rows[3]], totalPages: 3, total: 5 });
    expect(pageRows(rows, 9, 2).rows).toEqual([rows[4]]);
    expect(pageRows([], 1, 15)).toEqual({ rows: [], totalPages: 1, total: 0 });
  });
});
