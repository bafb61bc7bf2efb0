import { describe, expect, it } from 'vitest';
import { clampPage, PAGE_SIZES } from './page-input';

describe('pager', () => {
  it('CONST-009 offers 15, 25, 50 and 100 rows a page', () => expect([...PAGE_SIZES]).toEqual([15, 25, 50, 100]));
  it('CONST-010 clamps a typed page to the total pages', () => {
    expect(clampPage('7', 5)).toBe(5);
    expect(clampPage('0', 5)).toBe(1);
    expect(clampPage('3', 5)).toBe(3);
    expect(clampPage('', 5)).toBeNull();
    expect(clampPage('2', 0)).toBe(1);
  });
});
