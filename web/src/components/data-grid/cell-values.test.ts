import { describe, expect, it } from 'vitest';
import { excelDateText, excelNumber, serialToIso, toServerValue, TOO_LONG } from './cell-values';
import type { GridColumn } from './columns';

const col = (kind: GridColumn['kind'], more: Partial<GridColumn> = {}): GridColumn => ({
  field: 'F',
  title: 'F',
  width: 80,
  kind,
  readOnly: false,
  nullable: true,
  ...more,
});

describe('cell values from Excel', () => {
  it('numbers as Excel shows them', () => {
    expect(excelNumber('1,234.50')).toBe(1234.5);
    expect(excelNumber('$12.50')).toBe(12.5);
    expect(excelNumber('-$12.50')).toBe(-12.5);
    expect(excelNumber('(12.50)')).toBe(-12.5);
    expect(excelNumber('12.5%')).toBe(12.5);
    expect(excelNumber(' 7 ')).toBe(7);
    expect(excelNumber('')).toBeNull();
    expect(excelNumber('12a')).toBeNaN();
    expect(excelNumber('1,23')).toBeNaN();
  });

  it('dates as Excel copies them, serials included', () => {
    expect(excelDateText('3/15/2027')).toBe('2027-03-15');
    expect(excelDateText('2027-03-15 00:00:00')).toBe('2027-03-15');
    expect(serialToIso(46461)).toBe('2027-03-15');
    expect(excelDateText('46461')).toBe('2027-03-15');
    expect(excelDateText('2/30/2027')).toBeNull();
    expect(toServerValue(col('date'), '46461')).toEqual({ ok: true, value: '2027-03-15' });
    expect(toServerValue(col('date'), 'soon')).toEqual({ ok: false, message: 'Enter a date as MM/DD/YYYY.' });
  });

  it('CONST-013 FLASH-023: whole-number cells take at most 8 digits', () => {
    const volume = col('integer', { minimum: 0, maximum: 99999999 });
    expect(toServerValue(volume, '12,345,678')).toEqual({ ok: true, value: 12345678 });
    expect(toServerValue(volume, '123456789')).toEqual({ ok: false, message: TOO_LONG });
    expect(toServerValue(volume, '1.5')).toEqual({ ok: false, message: 'Enter a whole number.' });
    expect(toServerValue(volume, 'abc')).toEqual({ ok: false, message: 'Enter a number.' });
    expect(toServerValue(volume, '-1')).toEqual({ ok: false, message: 'Must be 0 or more.' });
  });

  it('money is rounded to cents; blank is null when the field allows it', () => {
    expect(toServerValue(col('money'), '$1,234.567')).toEqual({ ok: true, value: 1234.57 });
    expect(toServerValue(col('money'), '  ')).toEqual({ ok: true, value: null });
    expect(toServerValue(col('money', { nullable: false }), '')).toEqual({ ok: false, message: 'A value is required.' });
  });

  it('Yes/No cells take Excel TRUE/FALSE', () => {
    expect(toServerValue(col('boolean'), 'TRUE')).toEqual({ ok: true, value: true });
    expect(toServerValue(col('boolean'), 'FALSE')).toEqual({ ok: true, value: false });
    expect(toServerValue(col('boolean'), 'maybe')).toEqual({ ok: false, message: 'Enter Yes or No.' });
  });

  it('issue 28: paste reads as upload does (the one cell reader): 1,234.50, $12.00, TRUE, =FALSE(), x, 3/5/2026', () => {
    expect(toServerValue(col('numeric'), '1,234.50')).toEqual({ ok: true, value: 1234.5 });
    expect(toServerValue(col('money'), '$12.00')).toEqual({ ok: true, value: 12 });
    expect(toServerValue(col('money'), '12.00 €')).toEqual({ ok: true, value: 12 });
    expect(toServerValue(col('boolean'), 'true')).toEqual({ ok: true, value: true });
    expect(toServerValue(col('boolean'), '=FALSE()')).toEqual({ ok: true, value: false });
    expect(toServerValue(col('boolean'), 'x')).toEqual({ ok: true, value: true });
    expect(toServerValue(col('boolean'), '')).toEqual({ ok: true, value: false });
    expect(toServerValue(col('date'), '3/5/2026')).toEqual({ ok: true, value: '2026-03-05' });
    expect(toServerValue(col('date'), '2026-03-05')).toEqual({ ok: true, value: '2026-03-05' });
    expect(toServerValue(col('date'), '030526')).toEqual({ ok: true, value: '2026-03-05' });
  });
});
