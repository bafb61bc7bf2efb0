import { describe, expect, it } from 'vitest';
import { countOf } from './count';

describe('a count with its noun', () => {
  it('says one thing in the singular and every other count in the plural, grouped by thousands', () => {
    expect(countOf(1, 'record')).toBe('1 record');
    expect(countOf(0, 'record')).toBe('0 records');
    expect(countOf(12000, 'record')).toBe('12,000 records');
    expect(countOf(2, 'saved search', 'saved searches')).toBe('2 saved searches');
    expect(countOf(1, 'saved search', 'saved searches')).toBe('1 saved search');
  });
});
