/**
 * The import reader over what analysts bring (issue 28, ADR 033): workbooks written by programs
 * (formulas with and without cached results, the 1904 date system), LibreOffice's own .ods, and
 * CSV variants, all typed by the one cell reader.
 */
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { convertWithOffice, removeOfficeFiles } from '../../../tests/support/office';
import { openWorkbook, type ImportColumn, type ReadOptions, type ReadRow } from './workbook';
import { removeTempFiles, tempFile } from './workbook-test-files';

const COLUMNS: ImportColumn[] = [
  { field: 'StockNumber', headers: ['Stock Number'], type: 'text' },
  { field: 'Description', headers: ['Description'], type: 'text' },
  { field: 'EstFFC', headers: ['Est FFC'], type: 'number' },
  { field: 'Quantity', headers: ['Quantity'], type: 'integer' },
  { field: 'LaunchDate', headers: ['Launch Date'], type: 'date' },
  { field: 'Approved', headers: ['Approved'], type: 'boolean' },
];
const OPTIONS: ReadOptions = { columns: COLUMNS, keyFields: ['StockNumber'] };
afterAll(() => {
  removeOfficeFiles();
  removeTempFiles();
});

async function read(file: string, name: string) {
  const wb = await openWorkbook(file, name, OPTIONS);
  const rows: ReadRow[] = [];
  for await (const r of wb.rows) rows.push(r);
  return { ...wb, rows };
}

async function exceljsFile(build: (wb: ExcelJS.Workbook) => void) {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return tempFile('made.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
}

describe('formulas (issue 28)', () => {
  it('FLASH-005: a cached result is read whatever its type; =TRUE()/=FALSE() without one are booleans', async () => {
    const file = await exceljsFile((wb) => {
      const ws = wb.addWorksheet('Costing');
      ws.addRow(['Stock Number', 'Description', 'Est FFC', 'Launch Date', 'Approved']);
      ws.addRow([
        'A-1',
        { formula: 'UPPER("abc")', result: 'ABC' },
        { formula: '2*6', result: 12 },
        { formula: 'DATE(2026,3,5)', result: new Date(Date.UTC(2026, 2, 5)) },
        { formula: 'TRUE()', result: true },
      ]);
      ws.addRow(['A-2', 'x', 1, '3/5/2026', { formula: 'FALSE()' }]);
      ws.addRow(['A-3', 'x', 1, '2026-03-05', { formula: 'TRUE()' }]);
    });
    const { rows } = await read(file, 'made.xlsx');
    expect(rows.map((r) => [r.values.Description, r.values.EstFFC, r.values.LaunchDate, r.values.Approved, r.errors])).toEqual([
      ['ABC', 12, '2026-03-05', true, []],
      ['x', 1, '2026-03-05', false, []],
      ['x', 1, '2026-03-05', true, []],
    ]);
  });

  it('FLASH-005: a formula without a cached result is computed from its row, or refused naming the cell and the formula', async () => {
    const file = await exceljsFile((wb) => {
      const ws = wb.addWorksheet('Costing');
      ws.addRow(['Stock Number', 'Quantity', 'Est FFC', 'Launch Date', 'Description']);
      ws.addRow(['B-1', 4, { formula: 'B2*2.5' }, { formula: 'DATE(2026,3,5)' }, { formula: 'A2&"-x"' }]);
      ws.addRow(['B-2', 4, { formula: 'SUM(B1:B3)' }, null, { formula: 'Sheet2!A1' }]);
      ws.addRow(['B-3', 4, { formula: '1/0' }, null, null]);
    });
    const { rows } = await read(file, 'made.xlsx');
    expect(rows[0].values).toMatchObject({ EstFFC: 10, LaunchDate: '2026-03-05', Description: 'B-1-x' });
    expect(rows[0].errors).toEqual([]);
    expect(rows[1].errors.map((e) => e.Message)).toEqual([
      'Cell C3: the formula =SUM(B1:B3) has no saved result and uses cells of other rows or sheets. Open the file in Excel or LibreOffice, save it and upload it again.',
      'Cell E3: the formula =Sheet2!A1 has no saved result and uses cells of other rows or sheets. Open the file in Excel or LibreOffice, save it and upload it again.',
    ]);
    expect(rows[2].errors.map((e) => e.Message)).toEqual(['Cell C4: the formula =1/0 gives #DIV/0!.']);
  });

  it('FLASH-005: a workbook in the 1904 date system: its date cells and serials land on their calendar day', async () => {
    const file = await exceljsFile((wb) => {
      wb.properties.date1904 = true;
      const ws = wb.addWorksheet('Costing');
      ws.addRow(['Stock Number', 'Launch Date']);
      ws.addRow(['C-1', new Date(Date.UTC(2026, 2, 5))]);
      ws.addRow(['C-2', 46086 - 1462]);
      ws.getCell('B2').numFmt = 'mm/dd/yyyy';
    });
    const { rows } = await read(file, 'made.xlsx');
    expect(rows.map((r) => r.values.LaunchDate)).toEqual(['2026-03-05', '2026-03-05']);
  });
});

describe('sheets (issue 28)', () => {
  it('FLASH-005: in a workbook of several sheets the one carrying the headers is read, below its title rows, and named', async () => {
    const file = await exceljsFile((wb) => {
      wb.addWorksheet('Read me').addRow(['How to fill in this file']);
      const ws = wb.addWorksheet('Costing SS26');
      ws.addRow(['Costing of Spring/Summer 2026']);
      ws.addRow([]);
      ws.addRow(['Quantity', 'Stock Number']);
      ws.addRow([3, 'D-1']);
    });
    const { rows, sheet } = await read(file, 'made.xlsx');
    expect(sheet).toBe('Costing SS26');
    expect(rows.map((r) => [r.row, r.values])).toEqual([[4, { Quantity: 3, StockNumber: 'D-1' }]]);
  });
});

describe('.ods and .csv (issue 28)', () => {
  const CSV =
    'Stock Number,Description,Est FFC,Quantity,Launch Date,Approved\n0012,"Red, ""sport""",1234.5,2500,03/05/2026,TRUE\nX-2,"two\nlines",$12.00,7,2026-03-05,FALSE\n';
  const EXPECTED = [
    { StockNumber: '0012', Description: 'Red, "sport"', EstFFC: 1234.5, Quantity: 2500, LaunchDate: '2026-03-05', Approved: true },
    { StockNumber: 'X-2', Description: 'two\nlines', EstFFC: 12, Quantity: 7, LaunchDate: '2026-03-05', Approved: false },
  ];

  it('FLASH-005: an .ods saved by LibreOffice reads like the .xlsx', async () => {
    const [ods] = await convertWithOffice([{ name: 'costing.csv', content: CSV, to: 'ods', columnFormats: '1/2' }]);
    const { rows, sheet } = await read(ods, 'costing.ods');
    expect(sheet).toBeTruthy();
    expect(rows.map((r) => r.values)).toEqual(EXPECTED);
    expect(rows.flatMap((r) => r.errors)).toEqual([]);
  });

  it('FLASH-005: CSV in UTF-8 with or without BOM, comma or semicolon separated, quoted fields with line breaks', async () => {
    // Separators and line ends outside quotes (an even number of quotes follows them).
    const outside = (ch: string) => new RegExp(`${ch}(?=(?:[^"]*"[^"]*")*[^"]*$)`, 'g');
    const semicolon = CSV.replace(outside(','), ';').replace('1234.5', '"1,234.50"');
    const variants: [string, string | Buffer][] = [
      ['plain.csv', CSV],
      ['bom.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(CSV.replace(outside('\n'), '\r\n'))])],
      ['semicolon.csv', semicolon],
      ['tabs.tsv', CSV.replace(outside(','), '\t')],
      ['title.csv', `Costing export,,\nBrand 1 - 03/05/2026\n\n${CSV}`],
    ];
    for (const [name, content] of variants) {
      const { rows } = await read(tempFile(name, content), name);
      expect(
        rows.map((r) => r.values),
        name,
      ).toEqual(EXPECTED);
    }
  });
});
