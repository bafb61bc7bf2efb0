import { describe, expect, it } from 'vitest';
import {
  changeText,
  changesNothing,
  columnsOfRows,
  fileErrorLines,
  markedColumns,
  diffCell,
  diffColumns,
  diffDecoration,
  diffRow,
  rowErrorsText,
  valueText,
} from './diff-cells';
import type { ImportColumn, ImportRow } from './upload-api';

const COLUMNS: ImportColumn[] = [
  { Field: 'EstFFC', Title: 'Est. Factory First Cost', Type: 'number' },
  { Field: 'EstFfcCurr', Title: 'Est. FFC Currency', Type: 'text' },
];
const row = (r: Partial<ImportRow>): ImportRow => ({
  RowNumber: 2,
  Key: 7,
  Label: 'A100-001',
  Outcome: 'unchanged',
  Cells: null,
  Values: null,
  Errors: null,
  ...r,
});

describe('import preview diff grid (issue 13)', () => {
  it('FLASH-005: a changed cell reads "old → new" and is marked changed', () => {
    const c = diffCell(row({ Outcome: 'changed', Cells: { EstFFC: { Old: 12.5, New: 13 } } }), 'EstFFC');
    expect(c).toEqual({ text: '12.5 → 13', mark: 'changed', title: '12.5 → 13' });
    expect(changeText(null, 'EUR')).toBe('(blank) → EUR');
    expect(changeText('USD', '')).toBe('USD → (blank)');
  });

  it('FLASH-005: a cell with an error is flagged with its message as title; the Errors column names the column', () => {
    const r = row({
      Outcome: 'refused',
      Values: { EstFFC: 'abc' },
      Errors: [
        { Field: 'EstFFC', Message: 'Enter a number.' },
        { Field: null, Message: 'Row refused.' },
      ],
    });
    expect(diffCell(r, 'EstFFC')).toEqual({ text: 'abc', mark: 'error', title: 'Enter a number.' });
    expect(rowErrorsText(r, COLUMNS)).toBe('Est. Factory First Cost: Enter a number.; Row refused.');
    const cells = diffRow(r, COLUMNS);
    expect(cells.map((c) => c.text)).toEqual(['2', 'A100-001', 'Refused', 'abc', '', 'Est. Factory First Cost: Enter a number.; Row refused.']);
    expect(cells[2].mark).toBe('error');
    expect(cells.at(-1)?.mark).toBe('error');
    expect(diffDecoration(cells[3])).toEqual({ className: 'cell--error', title: 'Enter a number.' });
    expect(diffDecoration({ text: '1 → 2', mark: 'changed', title: '1 → 2' })).toEqual({ className: 'cell--changed', title: '1 → 2' });
  });

  it('FLASH-005: an unchanged cell shows the file value plainly; headers follow the matched columns', () => {
    expect(diffCell(row({ Values: { EstFfcCurr: 'USD' } }), 'EstFfcCurr')).toEqual({ text: 'USD', title: 'USD' });
    expect(diffCell(row({}), 'EstFFC')).toEqual({ text: '' });
    expect(diffColumns(COLUMNS).map((c) => [c.field, c.title, c.width, c.readOnly])).toEqual([
      ['0', 'Row', 56, true],
      ['1', 'Stock no.', 120, true],
      ['2', 'Outcome', 90, true],
      ['3', 'Est. Factory First Cost', 208, true],
      ['4', 'Est. FFC Currency', 160, true],
      ['5', 'Errors', 320, true],
    ]);
    expect([valueText(true), valueText(false), valueText(0), valueText(undefined)]).toEqual(['Yes', 'No', '0', '']);
  });

  it('issue 13: an export re-uploaded unchanged previews as "no changes" (Confirm disabled)', () => {
    expect(changesNothing({ Changed: 0 })).toBe(true);
    expect(changesNothing(null)).toBe(true);
    expect(changesNothing({ Changed: 1 })).toBe(false);
  });
});

describe('import rows columns (issue 13)', () => {
  it('FLASH-005: the columns worth a look are those the rows change or flag, in file order', () => {
    const rows = [row({ Cells: { EstFfcCurr: { Old: 'USD', New: 'EUR' } } }), row({ Errors: [{ Field: 'EstFFC', Message: 'x' }, { Message: 'whole row' }] })];
    expect(markedColumns(COLUMNS, rows).map((c) => c.Field)).toEqual(['EstFFC', 'EstFfcCurr']);
    expect(markedColumns(COLUMNS, [row({})])).toEqual([]);
    expect(columnsOfRows([row({ Values: { StockNum: 'A', EstFFC: 1 }, Cells: { EstFfcCurr: { Old: null, New: 'EUR' } } })]).map((c) => c.Field)).toEqual([
      'StockNum',
      'EstFFC',
      'EstFfcCurr',
    ]);
  });
});

describe('refused files (issue 13)', () => {
  it('UQ-010 CONST-029: a refused file lists its errors by row and column, never repeating its message', () => {
    const msg = 'Please upload an Excel file (.xls or .xlsx)';
    expect(fileErrorLines(msg, [{ Field: '/file', Message: msg }])).toEqual([]);
    expect(
      fileErrorLines('The file has errors.', [
        { Row: 7, Column: 'D (EstFFC)', Message: 'Must be a number.' },
        { Column: 'F', Message: 'Duplicate header.' },
        { Message: 'No sheet.' },
      ]),
    ).toEqual(['Row 7, D (EstFFC): Must be a number.', 'F: Duplicate header.', 'No sheet.']);
  });
});
