import { describe, expect, it } from 'vitest';
import { parseDateText, readBoolean, readCell, readDate, readNumber } from './cell-reader';

describe('the one cell reader (issue 28, ADR 033)', () => {
  it('FLASH-005: booleans as TRUE/FALSE in any case, LibreOffice =TRUE()/=FALSE(), 1/0, x, yes/no', () => {
    for (const t of [true, 'TRUE', 'true', 'True', '=TRUE()', 'TRUE()', '=true()', 1, '1', 'x', 'X', 'yes', 'Y']) expect(readBoolean(t), String(t)).toBe(true);
    for (const f of [false, 'FALSE', 'false', '=FALSE()', 'FALSE()', 0, '0', 'no', 'N']) expect(readBoolean(f), String(f)).toBe(false);
    expect(readBoolean('')).toBeNull();
    expect(readBoolean(null)).toBeNull();
    for (const bad of ['maybe', 2, '=NOT(TRUE())', 'TRUE(1)']) expect(readBoolean(bad), String(bad)).toBeUndefined();
  });

  it('FLASH-005: numbers as text with thousands separators, currency signs, percent and brackets', () => {
    expect(readNumber('1,234.50')).toBe(1234.5);
    expect(readNumber('$12.00')).toBe(12);
    expect(readNumber('-$1,000')).toBe(-1000);
    expect(readNumber('€ 12.5')).toBe(12.5);
    expect(readNumber('12.5 €')).toBe(12.5);
    expect(readNumber('£3')).toBe(3);
    expect(readNumber('12.5%')).toBe(12.5);
    expect(readNumber('(12.50)')).toBe(-12.5);
    expect(readNumber('+7')).toBe(7);
    expect(readNumber('1\u00a0234')).toBe(1234);
    expect(readNumber('')).toBeNull();
    for (const bad of ['12a', '1,23', '.', '$', 'TRUE', '1.2.3']) expect(readNumber(bad), bad).toBeNaN();
  });

  it('FLASH-005: dates as date cells, serials in the 1900 and 1904 systems, MM/DD/YYYY and YYYY-MM-DD text', () => {
    expect(readDate(new Date(Date.UTC(2026, 2, 5)))).toBe('2026-03-05');
    expect(readDate(46086)).toBe('2026-03-05');
    expect(readDate(46086 - 1462, true)).toBe('2026-03-05');
    expect(readDate(1)).toBe('1900-01-01');
    expect(readDate(61)).toBe('1900-03-01');
    for (const t of ['3/5/2026', '03/05/2026', '3/5/26', '3.5.2026', '2026-03-05', '2026-3-5', '2026-03-05T00:00:00Z', '2026-03-05 00:00:00', '46086']) {
      expect(parseDateText(t), t).toBe('2026-03-05');
    }
    for (const bad of ['02/31/2026', '13/01/2026', '2026-02-30', 'soon', '5 March']) expect(readDate(bad), bad).toBeUndefined();
    expect(readDate(' ')).toBeNull();
  });

  it('FLASH-005: readCell types a value for its column kind; blank is null; a wrong value names the kind', () => {
    expect(readCell('1,234.50', 'number')).toEqual({ value: 1234.5 });
    expect(readCell('2,500', 'integer')).toEqual({ value: 2500 });
    expect(readCell(1.5, 'integer')).toEqual({ error: 'integer' });
    expect(readCell('abc', 'number')).toEqual({ error: 'number' });
    expect(readCell(true, 'number')).toEqual({ error: 'number' });
    expect(readCell('=FALSE()', 'boolean')).toEqual({ value: false });
    expect(readCell('3/5/2026', 'date')).toEqual({ value: '2026-03-05' });
    expect(readCell(true, 'date')).toEqual({ error: 'date' });
    expect(readCell(12, 'text')).toEqual({ value: '12' });
    expect(readCell(0.1 + 0.2, 'text')).toEqual({ value: '0.3' });
    expect(readCell(false, 'text')).toEqual({ value: 'FALSE' });
    expect(readCell(new Date(Date.UTC(2026, 2, 5)), 'text')).toEqual({ value: '2026-03-05' });
    expect(readCell('  00123 ', 'text')).toEqual({ value: '00123' });
    expect(readCell('   ', 'number')).toEqual({ value: null });
    expect(readCell(undefined, 'boolean')).toEqual({ value: null });
  });
});
