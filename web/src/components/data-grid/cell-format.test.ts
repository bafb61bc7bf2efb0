import { describe, expect, it } from 'vitest';
import { alignRight, displayValue } from './cell-format';

describe('grid cell formats (one per schema format)', () => {
  it('CONST-016 shows money always with 2 decimals and thousands separators', () => {
    expect(displayValue({ kind: 'money' }, 12)).toBe('12.00');
    expect(displayValue({ kind: 'money' }, 1234.5)).toBe('1,234.50');
    expect(displayValue({ kind: 'money' }, null)).toBe('');
    expect(displayValue({ kind: 'money' }, 'abc')).toBe('abc'); // a refused typed value stays as typed
  });
  it('shows whole numbers with thousands separators', () => {
    expect(displayValue({ kind: 'integer' }, 12500)).toBe('12,500');
    expect(displayValue({ kind: 'integer' }, 0)).toBe('0');
  });
  it('CONST-015 shows dates as MM/DD/YYYY', () => {
    expect(displayValue({ kind: 'date' }, '2026-03-04')).toBe('03/04/2026');
    expect(displayValue({ kind: 'text' }, 'SR1100-001')).toBe('SR1100-001');
  });
  it('right-aligns numbers only', () => {
    expect(['money', 'integer', 'numeric', 'text', 'date'].map((kind) => alignRight({ kind: kind as never }))).toEqual([true, true, true, false, false]);
  });
});
