import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { convertWithOffice, removeOfficeFiles } from '../../../tests/support/office';
import { openWorkbook, tooManyRowsMessage, UNREADABLE, type ImportColumn, type ReadOptions, type ReadRow } from './workbook';
import { buildZip, removeTempFiles, repackXlsx, tempFile, zipEntries } from './workbook-test-files';

const COLUMNS: ImportColumn[] = [
  { field: 'StockNumber', headers: ['Stock Number', 'StockNo'], type: 'text' },
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

const OFFICE_CSV = readFileSync(path.resolve(import.meta.dirname, '../../../fixtures/excel/office-costing.csv'));

async function read(file: string, name = path.basename(file), opts: ReadOptions = OPTIONS) {
  const wb = await openWorkbook(file, name, opts);
  const rows: ReadRow[] = [];
  for await (const r of wb.rows) rows.push(r);
  return { ...wb, rows };
}

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('not refused');
}

async function exceljsFile(build: (wb: ExcelJS.Workbook) => void, name = 'made-by-exceljs.xlsx'): Promise<string> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return tempFile(name, Buffer.from(await wb.xlsx.writeBuffer()));
}

describe('import reader: files made by LibreOffice', () => {
  it('FLASH-005: .xls and .xlsx saved by LibreOffice read alike: dates, thousands separators, leading zeros, empty rows, cell errors', async () => {
    const [xls, xlsx] = await convertWithOffice([
      { name: 'costing.csv', content: OFFICE_CSV, to: 'xls', columnFormats: '1/2' },
      { name: 'costing.csv', content: OFFICE_CSV, to: 'xlsx', columnFormats: '1/2' },
    ]);
    expect(readFileSync(xls).subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    for (const file of [xls, xlsx]) {
      const wb = await read(file);
      expect(wb.columns.map((c) => `${c.column}:${c.field}:${c.header}`)).toEqual([
        'A:StockNumber:Stock Number',
        'B:Description:Description',
        'C:EstFFC:Est FFC',
        'D:Quantity:Quantity',
        'E:LaunchDate:Launch Date',
        'F:Approved:Approved',
      ]);
      expect(wb.ignored).toEqual(['Notes']);
      expect(wb.rows.map((r) => r.row)).toEqual([2, 3, 5, 6]); // row 4 is empty; numbers as Excel shows them
      expect(wb.rows[0].values).toEqual({
        StockNumber: '00123',
        Description: 'Runner, red',
        EstFFC: 1234.5,
        Quantity: 1200,
        LaunchDate: '2027-03-15',
        Approved: true,
      });
      expect(wb.rows[1].values).toMatchObject({ StockNumber: '00456', Quantity: 2500, LaunchDate: '2026-12-31', Approved: false });
      expect(wb.rows[2].values).toMatchObject({ StockNumber: '07890', EstFFC: 0.5, LaunchDate: '2028-02-29', Approved: true });
      expect(wb.rows.slice(0, 3).every((r) => r.errors.length === 0)).toBe(true);
      expect(wb.rows[3].errors).toEqual([
        { Field: 'EstFFC', Column: 'C (Est FFC)', Message: 'Must be a number.' },
        { Field: 'Quantity', Column: 'D (Quantity)', Message: 'Must be a whole number.' },
        { Field: 'LaunchDate', Column: 'E (Launch Date)', Message: 'Must be a date (MM/DD/YYYY).' },
        { Field: 'Approved', Column: 'F (Approved)', Message: 'Must be true or false.' },
      ]);
      expect(wb.rows[3].raw).toMatchObject({ StockNumber: '00999', EstFFC: 'abc', Quantity: 1.5, LaunchDate: '31/02/2027', Approved: 'maybe' });
    }
  }, 60_000);

  it('FLASH-005: an .xls saved by LibreOffice keeps hidden sheets hidden, merged headers and cached formula values', async () => {
    const source = await exceljsFile((wb) => {
      const hidden = wb.addWorksheet('Old', { state: 'hidden' });
      hidden.addRow(['Stock Number']);
      hidden.addRow(['HIDDEN-1']);
      wb.views = [{ activeTab: 1, x: 0, y: 0, width: 10000, height: 20000, firstSheet: 0, visibility: 'visible' }]; // LibreOffice unhides an active sheet
      const ws = wb.addWorksheet('Costing');
      ws.getCell('A1').value = 'Stock Number';
      ws.mergeCells('A1:A2');
      ws.getCell('B1').value = 'Costs';
      ws.mergeCells('B1:C1');
      ws.getCell('B2').value = 'Est FFC';
      ws.getCell('C2').value = 'Quantity';
      ws.addRow(['X-1', 2.5, { formula: 'B3*4', result: 10 }]);
    }, 'legacy.xlsx');
    const [xls] = await convertWithOffice([{ name: 'legacy.xlsx', content: readFileSync(source), to: 'xls' }]);
    const wb = await read(xls);
    expect(wb.sheet).toBe('Costing');
    expect(wb.columns.map((c) => `${c.column}:${c.field}`)).toEqual(['A:StockNumber', 'B:EstFFC', 'C:Quantity']);
    expect(wb.rows).toMatchObject([{ row: 3, values: { StockNumber: 'X-1', EstFFC: 2.5, Quantity: 10 }, errors: [] }]);
  }, 60_000);

  it('FLASH-005: a 2,000 × 20 .xls made by LibreOffice is read whole: every row typed, the other columns ignored (its speed is measured in bench/)', async () => {
    const header = ['Stock Number', 'Est FFC', 'Launch Date', ...Array.from({ length: 17 }, (_, i) => `Extra ${i + 1}`)];
    const lines = [header.join(',')];
    for (let i = 1; i <= 2_000; i++)
      lines.push(
        [`S${String(i).padStart(6, '0')}`, (i * 1.25).toFixed(2), `0${1 + (i % 9)}/15/2027`, ...Array.from({ length: 17 }, (_, j) => `v${i}-${j}`)].join(','),
      );
    const [xls] = await convertWithOffice([{ name: 'two-thousand.csv', content: lines.join('\n'), to: 'xls' }]);
    const wb = await openWorkbook(xls, 'two-thousand.xls', OPTIONS);
    let count = 0;
    let last: ReadRow | undefined;
    for await (const r of wb.rows) {
      count++;
      last = r;
    }
    expect(count).toBe(2_000);
    expect(last).toMatchObject({ row: 2_001, values: { StockNumber: 'S002000', EstFFC: 2500, LaunchDate: '2027-03-15' }, errors: [] });
    expect(wb.ignored).toHaveLength(17);
  }, 120_000);
});

describe('import reader: workbooks made by exceljs', () => {
  it('FLASH-005: hidden and very hidden sheets are ignored; the first visible sheet with the header row is read', async () => {
    const file = await exceljsFile((wb) => {
      const hidden = wb.addWorksheet('Hidden', { state: 'hidden' });
      hidden.addRow(['Stock Number']);
      hidden.addRow(['HIDDEN-1']);
      const veryHidden = wb.addWorksheet('Secret', { state: 'veryHidden' });
      veryHidden.addRow(['Stock Number']);
      veryHidden.addRow(['SECRET-1']);
      wb.addWorksheet('Notes').addRow(['Read me first']);
      const data = wb.addWorksheet('Costing');
      data.addRow(['stock number']);
      data.addRow(['V-1']);
    });
    const wb = await read(file);
    expect(wb.sheet).toBe('Costing');
    expect(wb.rows.map((r) => r.values.StockNumber)).toEqual(['V-1']);
  });

  it('FLASH-005: merged header cells: a group title row above, a header merged down over two rows', async () => {
    const file = await exceljsFile((wb) => {
      const ws = wb.addWorksheet('Costing');
      ws.getCell('A1').value = 'Costing export';
      ws.getCell('A2').value = 'Stock Number';
      ws.mergeCells('A2:A3');
      ws.getCell('B2').value = 'Costs';
      ws.mergeCells('B2:C2');
      ws.getCell('B3').value = 'EST FFC';
      ws.getCell('C3').value = 'Quantity';
      ws.getCell('D2').value = 'Launch  date';
      ws.mergeCells('D2:D3');
      ws.addRow(['P-1', 3.5, 10, new Date(Date.UTC(2027, 5, 1))]);
    });
    const wb = await read(file);
    expect(wb.columns.map((c) => `${c.column}:${c.field}`)).toEqual(['A:StockNumber', 'B:EstFFC', 'C:Quantity', 'D:LaunchDate']);
    expect(wb.ignored).toEqual([]);
    expect(wb.rows).toEqual([
      {
        row: 4,
        values: { StockNumber: 'P-1', EstFFC: 3.5, Quantity: 10, LaunchDate: '2027-06-01' },
        raw: { StockNumber: 'P-1', EstFFC: 3.5, Quantity: 10, LaunchDate: '2027-06-01' },
        errors: [],
      },
    ]);
  });

  it('FLASH-005: formulas read as cached values; =HYPERLINK without a value is computed (issue 28); neutralised text reads back; control characters go', async () => {
    const file = await exceljsFile((wb) => {
      const ws = wb.addWorksheet('Costing');
      ws.addRow(['Stock Number', 'Description', 'Est FFC', 'Launch Date', 'Quantity']);
      ws.addRow(['F-1', { formula: 'HYPERLINK("http://x","y")' }, { formula: 'B9*2', result: 24.5 }, { formula: 'DATE(2027,1,2)', result: 46389 }, 7]);
      ws.addRow(["'=SUM(A1:A2)", 'tab\u0000bed\u0007  ', '  1,234.50 ', '2027-03-04', '12']);
      ws.addRow([1234, 46462, 1, 46461, { formula: 'C4*3', result: 3 }]);
      ws.getCell('D4').numFmt = 'mm/dd/yyyy';
      ws.getCell('B4').numFmt = 'mm/dd/yyyy'; // a real date in a text column: the style must be known before the row
    });
    const { rows } = await read(file);
    expect(rows.map((r) => r.values)).toEqual([
      { StockNumber: 'F-1', Description: 'y', EstFFC: 24.5, LaunchDate: '2027-01-02', Quantity: 7 },
      { StockNumber: '=SUM(A1:A2)', Description: 'tabbed', EstFFC: 1234.5, LaunchDate: '2027-03-04', Quantity: 12 },
      { StockNumber: '1234', Description: '2027-03-16', EstFFC: 1, LaunchDate: '2027-03-15', Quantity: 3 },
    ]);
    expect(rows.every((r) => r.errors.length === 0)).toBe(true);
  });

  it('FLASH-005: duplicate headers of one field are a file error naming both columns', async () => {
    const file = await exceljsFile((wb) => {
      wb.addWorksheet('Costing').addRow(['Stock Number', 'x', 'y', 'Est FFC', 'z', 'a', 'b', 'EstFFC']);
    });
    const err = await refusal(read(file));
    expect(err.status).toBe(400);
    expect(err.message).toBe('The column "Est FFC" appears twice (columns D and H).');
    expect(err.errors).toEqual([{ Field: 'EstFFC', Message: 'The column "Est FFC" appears twice (columns D and H).' }]);
  });

  it('FLASH-005: a missing key header is a file error naming it; the header row is looked for in the first 10 rows only', async () => {
    const noKey = await exceljsFile((wb) => {
      wb.addWorksheet('Costing').addRow(['Description', 'Est FFC']);
    });
    const err = await refusal(read(noKey));
    expect(err.message).toContain('"Stock Number"');
    expect(err.errors).toEqual([{ Field: 'StockNumber', Message: 'Missing column "Stock Number".' }]);
    const late = await exceljsFile((wb) => {
      const ws = wb.addWorksheet('Costing');
      for (let i = 1; i <= 10; i++) ws.addRow([`title ${i}`]);
      ws.addRow(['Stock Number']);
      ws.addRow(['L-1']);
    });
    expect((await refusal(read(late))).errors[0].Field).toBe('StockNumber');
    const ninth = await exceljsFile((wb) => {
      const ws = wb.addWorksheet('Costing');
      for (let i = 1; i <= 9; i++) ws.addRow([`title ${i}`]);
      ws.addRow(['StockNo', 'Unknown column']);
      ws.addRow(['N-1']);
    });
    const wb = await read(ninth);
    expect(wb.rows).toMatchObject([{ row: 11, values: { StockNumber: 'N-1' } }]);
    expect(wb.ignored).toEqual(['Unknown column']);
  });

  it('FLASH-005: real Excel dates land on their calendar day; empty rows are skipped', async () => {
    const file = await exceljsFile((wb) => {
      const ws = wb.addWorksheet('Costing');
      ws.addRow(['Stock Number', 'Launch Date', 'Description']);
      ws.addRow(['D-1', new Date(Date.UTC(2027, 11, 31)), '']);
      ws.addRow([]);
      ws.addRow([null, null, null]);
      ws.addRow(['', '  ', null]);
      ws.addRow(['D-2', '12/01/2027', 'ok']);
      ws.addRow(['D-3', '31/02/2027', null]);
    });
    const { rows } = await read(file);
    expect(rows.map((r) => [r.row, r.values.LaunchDate, r.errors.map((e) => e.Message)])).toEqual([
      [2, '2027-12-31', []],
      [6, '2027-12-01', []],
      [7, null, ['Must be a date (MM/DD/YYYY).']],
    ]);
    expect(rows[2].raw.LaunchDate).toBe('31/02/2027');
  });
});

describe('import reader: files refused', () => {
  it('CONST-029: a renamed .exe, text, a pdf, a zip that is no workbook and a wrong extension are not Excel files', async () => {
    const xlsx = await exceljsFile((wb) => {
      wb.addWorksheet('S').addRow(['Stock Number']);
    });
    const cases: [string, Buffer | string][] = [
      ['setup.xlsx', Buffer.concat([Buffer.from('MZ\u0090\u0000'), Buffer.alloc(200)])],
      ['notes.xls', 'Stock Number,Description\n1,2\n'],
      ['report.xlsx', '%PDF-1.7\n%âãÏÓ\n'],
      ['empty.xls', ''],
      ['book.csv', readFileSync(xlsx)],
      ['book.xlsx.exe', readFileSync(xlsx)],
    ];
    for (const [name, content] of cases) {
      const err = await refusal(openWorkbook(tempFile(name, content), name, OPTIONS));
      expect([name, err.status, err.message]).toEqual([name, 400, 'Please upload an Excel file (.xls or .xlsx)']);
    }
    const notWorkbook = tempFile('photos.xlsx', await buildZip([{ name: 'photo.txt', data: 'hello' }]));
    expect((await refusal(openWorkbook(notWorkbook, 'photos.xlsx', OPTIONS))).message).toBe('Please upload an Excel file (.xls or .xlsx)');
    const own = await refusal(openWorkbook(tempFile('x.xlsx', 'text'), 'x.xlsx', { ...OPTIONS, notExcel: 'Please upload an Excel file (.xls, .xlsx)' }));
    expect(own.message).toBe('Please upload an Excel file (.xls, .xlsx)');
    const ole2 = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024)]);
    expect((await refusal(openWorkbook(tempFile('broken.xls', ole2), 'broken.xls', OPTIONS))).message).toBe('Please upload an Excel file (.xls or .xlsx)');
    const bigOle2 = Buffer.concat([ole2, Buffer.alloc(1024 * 1024)]);
    const tooBig = await refusal(openWorkbook(tempFile('big.xls', bigOle2), 'big.xls', { ...OPTIONS, maxXlsBytes: 1024 * 1024 }));
    expect([tooBig.status, tooBig.message]).toEqual([400, 'The .xls file is too large (more than 1 MB). Save it as .xlsx and upload it again.']);
  });

  it('FLASH-005: malformed sheet XML inside a valid zip is a file error, never a crash', async () => {
    const xlsx = await exceljsFile((wb) => {
      const ws = wb.addWorksheet('S');
      ws.addRow(['Stock Number']);
      for (let i = 0; i < 20; i++) ws.addRow([`M-${i}`]);
    });
    const xml = (await zipEntries(xlsx)).find((e) => e.name === 'xl/worksheets/sheet1.xml')!.data.toString();
    const broken = tempFile('broken.xlsx', await repackXlsx(xlsx, { 'xl/worksheets/sheet1.xml': xml.replace('<row r="12"', '<row r="12" <<oops') }));
    const err = await refusal(read(broken));
    expect([err.status, err.message]).toEqual([400, UNREADABLE]);
  });

  it('FLASH-005: a zip bomb is refused with a clear message', async () => {
    const xlsx = await exceljsFile((wb) => {
      const ws = wb.addWorksheet('S');
      ws.addRow(['Stock Number']);
      ws.addRow(['B-1']);
    });
    const xml = (await zipEntries(xlsx)).find((e) => e.name === 'xl/worksheets/sheet1.xml')!.data.toString();
    const padded = function* () {
      const at = xml.indexOf('<sheetData>');
      yield xml.slice(0, at);
      for (let i = 0; i < 120; i++) yield `<!--${randomBytes(5_000).toString('hex')}-->`; // 1.2 MB that does not compress much
      yield xml.slice(at);
    };
    const bomb = tempFile('bomb.xlsx', await repackXlsx(xlsx, { 'xl/worksheets/sheet1.xml': padded() }));
    const err = await refusal(openWorkbook(bomb, 'bomb.xlsx', { ...OPTIONS, maxUnpacked: 1024 * 1024 }));
    expect([err.status, err.message]).toEqual([400, 'The file is too large once unpacked (more than 1 MB).']);
    // The same file, lying about its sizes, is caught while inflating.
    const liar = tempFile('liar.xlsx', await repackXlsx(xlsx, { 'xl/worksheets/sheet1.xml': padded() }, { 'xl/worksheets/sheet1.xml': 1000 }));
    expect((await refusal(openWorkbook(liar, 'liar.xlsx', { ...OPTIONS, maxUnpacked: 1024 * 1024 }))).message).toBe(
      'The file is too large once unpacked (more than 1 MB).',
    );
    // A classic bomb (megabytes of one repeated byte) is refused by its compression ratio under the default limit.
    const spaces = function* () {
      const at = xml.indexOf('<sheetData>');
      yield xml.slice(0, at);
      for (let i = 0; i < 40; i++) yield `<!--${' '.repeat(1024 * 1024)}-->`;
      yield xml.slice(at);
    };
    const classic = tempFile('classic.xlsx', await repackXlsx(xlsx, { 'xl/worksheets/sheet1.xml': spaces() }));
    expect((await refusal(openWorkbook(classic, 'classic.xlsx', OPTIONS))).message).toBe('The file is too large once unpacked (more than 512 MB).');
    // Under the default limit (512 MB) the padded file is fine.
    expect((await read(bomb)).rows.map((r) => r.values.StockNumber)).toEqual(['B-1']);
  });

  it('FLASH-005: a workbook with inline strings only (no shared strings part) reads without temp copies of its sheets', async () => {
    const xlsx = await exceljsFile((wb) => {
      const ws = wb.addWorksheet('S');
      ws.addRow(['Stock Number']);
      ws.addRow(['I-1']);
    });
    const entries = (await zipEntries(xlsx)).filter((e) => e.name !== 'xl/sharedStrings.xml');
    const sheet =
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
      '<row r="1"><c r="A1" t="inlineStr"><is><t>Stock Number</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>I-1</t></is></c></row>' +
      '</sheetData></worksheet>';
    const file = tempFile('inline.xlsx', await buildZip(entries.map((e) => ({ name: e.name, data: e.name === 'xl/worksheets/sheet1.xml' ? sheet : e.data }))));
    const before = new Set(readdirSync(tmpdir()));
    const wb = await read(file);
    expect(wb.rows).toMatchObject([{ row: 2, values: { StockNumber: 'I-1' } }]);
    expect(readdirSync(tmpdir()).filter((f) => !before.has(f) && f.startsWith(`tmp-${process.pid}-`))).toEqual([]); // exceljs's temp copies are tmp-<pid>-…
  });

  it('FLASH-005: a sheet of 1,048,576 rows is refused as soon as it passes the row limit', async () => {
    const xlsx = await exceljsFile((wb) => {
      const ws = wb.addWorksheet('S');
      ws.addRow(['Stock Number']);
      ws.addRow(['R-2']);
    });
    const xml = (await zipEntries(xlsx)).find((e) => e.name === 'xl/worksheets/sheet1.xml')!.data.toString();
    const huge = function* () {
      const start = xml.indexOf('<sheetData>') + '<sheetData>'.length;
      yield xml.slice(0, start).replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:A1048576"/>');
      yield '<row r="1"><c r="A1" t="inlineStr"><is><t>Stock Number</t></is></c></row>';
      for (let r = 2; r <= 1_048_576; r += 4096) {
        let chunk = '';
        for (let i = r; i < r + 4096 && i <= 1_048_576; i++) chunk += `<row r="${i}"><c r="A${i}"><v>${i}</v></c></row>`;
        yield chunk;
      }
      yield xml.slice(xml.indexOf('</sheetData>'));
    };
    const file = tempFile('million.xlsx', await repackXlsx(xlsx, { 'xl/worksheets/sheet1.xml': huge() }));
    const started = Date.now();
    const wb = await openWorkbook(file, 'million.xlsx', OPTIONS);
    let count = 0;
    let last = 0;
    const err = await refusal(
      (async () => {
        for await (const r of wb.rows) {
          count++;
          last = r.row;
        }
      })(),
    );
    console.log(`1,048,576-row sheet refused after ${count} rows in ${Date.now() - started} ms`);
    expect([err.status, err.message]).toEqual([400, 'The file has more than 100,000 rows. Split it into smaller files.']);
    expect(tooManyRowsMessage(5000)).toBe('The file has more than 5,000 rows. Split it into smaller files.');
    expect([count, last]).toEqual([100_000, 100_001]); // stopped at the first row past the limit
  }, 30_000);
});
