import { describe, expect, it } from 'vitest';
import { isoToDisplay, normaliseTypedDate, parseTypedDate } from './dates';

describe('dates', () => {
  it('CONST-012 typed dates are padded to MM/DD/YYYY and a two-digit year becomes 20xx', () => {
    expect(parseTypedDate('1/2/26')).toBe('2026-01-02');
    expect(parseTypedDate('01/02/2026')).toBe('2026-01-02');
    expect(parseTypedDate('12-31-99')).toBe('2099-12-31');
    expect(parseTypedDate('010226')).toBe('2026-01-02');
    expect(parseTypedDate('2026-3-4')).toBe('2026-03-04');
    expect(normaliseTypedDate('3/4/26')).toBe('03/04/2026');
  });
  it('rejects impossible dates and keeps blank as blank', () => {
    expect(parseTypedDate('2/30/2026')).toBeNull();
    expect(parseTypedDate('13/01/2026')).toBeNull();
    expect(parseTypedDate('2/29/2028')).toBe('2028-02-29');
    expect(parseTypedDate('abc')).toBeNull();
    expect(parseTypedDate('  ')).toBe('');
  });
  it('CONST-015 shows calendar dates as MM/DD/YYYY without a time-zone shift', () => {
    expect(isoToDisplay('2026-01-01')).toBe('01/01/2026');
    expect(isoToDisplay('2026-01-01T23:30:00Z')).toBe('01/01/2026');
    expect(isoToDisplay(null)).toBe('');
  });
});
