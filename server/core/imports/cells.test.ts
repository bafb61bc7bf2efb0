import { describe, expect, it } from 'vitest';
import { cleanText, columnLetter, MESSAGES, normaliseHeader, parseDateText, rawValue, serialToDate, typeCell, isoDay } from './cells';

const value = (cell: Parameters<typeof typeCell>[0], type: Parameters<typeof typeCell>[1]) => typeCell(cell, type);

describe('import cells (FLASH-005 mass upload values)', () => {
  it('FLASH-005: headers match case- and space-insensitively', () => {
    expect(normaliseHeader(' Est  FFC ')).toBe(normaliseHeader('estffc'));
    expect(normaliseHeader('STOCK\tNumber')).toBe('stocknumber');
  });

  it('FLASH-005: column letters as Excel shows them', () => {
    expect([1, 26, 27, 52, 703].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AZ', 'AAA']);
  });

  it('FLASH-005: real dates, serials, MM/DD/YYYY and ISO text become calendar days without a time-zone shift', () => {
    expect(value(new Date(Date.UTC(2027, 2, 15)), 'date')).toEqual({ value: '2027-03-15' });
    expect(value(46461, 'date')).toEqual({ value: '2027-03-15' });
    expect(value('3/15/2027', 'date')).toEqual({ value: '2027-03-15' });
    expect(value('2027-03-15', 'date')).toEqual({ value: '2027-03-15' });
    expect(value('2027-03-15T00:00:00Z', 'date')).toEqual({ value: '2027-03-15' });
    expect(value('02/29/2028', 'date')).toEqual({ value: '2028-02-29' });
    expect(isoDay(serialToDate(1)!)).toBe('1900-01-01');
    expect(isoDay(serialToDate(61)!)).toBe('1900-03-01');
    expect(isoDay(serialToDate(0 + 45000, true)!)).toBe(isoDay(serialToDate(46462)!));
  });

  it('FLASH-005: impossible or malformed dates are cell errors', () => {
    for (const bad of ['31/02/2027', '02/31/2027', '02/29/2027', '13/01/2027', 'soon', '2027-02-30']) {
      expect(value(bad, 'date')).toEqual({ error: MESSAGES.date });
    }
    expect(parseDateText('02/31/2027')).toBeNull();
    expect(value(true, 'date')).toEqual({ error: 'Must be a date (MM/DD/YYYY).' });
  });

  it('FLASH-005: numbers with thousands separators and text numbers; text in a number cell is refused', () => {
    expect(value('1,234.50', 'number')).toEqual({ value: 1234.5 });
    expect(value(' -12 ', 'number')).toEqual({ value: -12 });
    expect(value('$1,000', 'number')).toEqual({ value: 1000 });
    expect(value('.5', 'number')).toEqual({ value: 0.5 });
    expect(value(1234.5, 'number')).toEqual({ value: 1234.5 });
    expect(value('abc', 'number')).toEqual({ error: 'Must be a number.' });
    expect(value('1,23', 'number')).toEqual({ error: 'Must be a number.' });
    expect(value(true, 'number')).toEqual({ error: 'Must be a number.' });
  });

  it('FLASH-005: whole-number columns refuse fractions and text alike', () => {
    expect(value('2,500', 'integer')).toEqual({ value: 2500 });
    expect(value(1.5, 'integer')).toEqual({ error: 'Must be a whole number.' });
    expect(value('x', 'integer')).toEqual({ error: 'Must be a whole number.' });
  });

  it('FLASH-005: booleans TRUE/FALSE/1/0/yes/no/x', () => {
    for (const t of [true, 'TRUE', 'yes', 'Y', 'x', 1, '1']) expect(value(t, 'boolean')).toEqual({ value: true });
    for (const f of [false, 'false', 'No', 0, '0']) expect(value(f, 'boolean')).toEqual({ value: false });
    expect(value('maybe', 'boolean')).toEqual({ error: MESSAGES.boolean });
  });

  it('FLASH-005: text keeps leading zeros, numbers become text without a trailing .0, strings are trimmed and cleaned', () => {
    expect(value('00123', 'text')).toEqual({ value: '00123' });
    expect(value(12, 'text')).toEqual({ value: '12' });
    expect(value(0.1 + 0.2, 'text')).toEqual({ value: '0.3' });
    expect(value('  a\u0000b\u0007c \n', 'text')).toEqual({ value: 'abc' });
    expect(value('   ', 'text')).toEqual({ value: null });
    expect(value(null, 'number')).toEqual({ value: null });
    expect(cleanText("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(cleanText("'plain")).toBe("'plain");
  });

  it('FLASH-005: formulas read as their cached value; without one a text column keeps the formula text', () => {
    expect(value({ formula: 'A1*2', result: 24 }, 'number')).toEqual({ value: 24 });
    expect(value({ formula: 'TODAY()', result: new Date(Date.UTC(2027, 0, 2)) }, 'date')).toEqual({ value: '2027-01-02' });
    expect(value({ formula: 'HYPERLINK("http://x","y")' }, 'text')).toEqual({ value: '=HYPERLINK("http://x","y")' });
    expect(value({ formula: 'HYPERLINK("http://x","y")' }, 'number')).toEqual({ error: MESSAGES.number });
    expect(value({ error: '#N/A' }, 'text')).toEqual({ error: 'The cell holds the Excel error #N/A.' });
    expect(value({ richText: [{ text: 'Red ' }, { text: 'shoe' }] }, 'text')).toEqual({ value: 'Red shoe' });
  });

  it('FLASH-005: raw keeps what the user typed', () => {
    expect(rawValue('abc')).toBe('abc');
    expect(rawValue(1.5)).toBe(1.5);
    expect(rawValue(new Date(Date.UTC(2027, 2, 15)))).toBe('2027-03-15');
    expect(rawValue({ formula: 'A1', result: 3 })).toBe(3);
    expect(rawValue(undefined)).toBeNull();
  });
});
