import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { fitWidth, MAX_SHEET_WIDTH, MIN_SHEET_WIDTH, propertySheetKind, shownText, writeTable } from './sheet-style';

describe('sheet style (CONST-017 exports)', () => {
  it('estimates the shown text of money, whole numbers and dates', () => {
    expect(shownText(1234.5, 'money')).toBe('1,234.50');
    expect(shownText(12500, 'integer')).toBe('12,500');
    expect(shownText(new Date(Date.UTC(2026, 0, 2)), 'date')).toHaveLength(10);
    expect(shownText(null)).toBe('');
  });

  it('reads the kind of an entity property', () => {
    expect(propertySheetKind({ type: ['number', 'null'], 'x-money': true })).toBe('money');
    expect(propertySheetKind({ type: 'integer' })).toBe('integer');
    expect(propertySheetKind({ type: 'integer', 'x-lookup': 'brand' })).toBe('text');
    expect(propertySheetKind({ type: ['string', 'null'], format: 'date' })).toBe('date');
    expect(propertySheetKind({ type: 'string' })).toBe('text');
  });

  it('fits a width to the longest header or value, within bounds', () => {
    expect(fitWidth('Id', [1, 2])).toBe(MIN_SHEET_WIDTH);
    expect(fitWidth('Name', ['Ridgeline Mid WP - Black/Charcoal'])).toBe('Ridgeline Mid WP - Black/Charcoal'.length + 2);
    expect(fitWidth('Notes', ['x'.repeat(500)])).toBe(MAX_SHEET_WIDTH);
    expect(fitWidth('Price', [1234567.5], 'money')).toBe('1,234,567.50'.length + 2);
  });

  it('writes a table with a frozen header, an autofilter over the data, fitted widths and number formats', async () => {
    const wb = new ExcelJS.Workbook();
    writeTable(
      wb.addWorksheet('T'),
      [{ header: 'Stock Number' }, { header: 'Price', kind: 'money' }, { header: 'Volume', kind: 'integer' }, { header: 'Due', kind: 'date' }],
      [
        ['SR1100-001', 12.5, 12000, new Date(Date.UTC(2026, 1, 3))],
        ['SR1100-002', 8, 7, null],
      ],
      { frozenColumns: 1 },
    );
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(await wb.xlsx.writeBuffer());
    const ws = back.worksheets[0];
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, xSplit: 1 });
    expect(ws.autoFilter).toBe('A1:D3');
    expect(ws.getColumn(1).width).toBe('Stock Number'.length + 4);
    expect(ws.getCell('B2').numFmt).toBe('#,##0.00');
    expect(ws.getCell('C2').numFmt).toBe('#,##0');
    expect(ws.getCell('D2').numFmt).toBe('mm/dd/yyyy');
    expect(ws.getCell('D2').value).toBeInstanceOf(Date);
    expect(ws.getRow(1).font?.bold).toBe(true);
  });
});
