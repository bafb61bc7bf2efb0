/**
 * The lean .xlsx reader (issue 28, import speed) gives exactly the cells exceljs's streaming reader
 * gives, on files exceljs writes (every kind of cell) and on files LibreOffice writes; a part it does
 * not read (shared formulas) sends the file to exceljs; its shared-strings collector takes bytes cut
 * anywhere (mid-tag, mid-character).
 */
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { convertWithOffice, removeOfficeFiles } from '../../../tests/support/office';
import type { SheetCell } from './cells';
import { openXlsx } from './workbook-xlsx';
import { removeTempFiles, repackXlsx, tempFile, zipEntries } from './workbook-test-files';
import { dateStyles, leanScanner, sharedStringsCollector, xmlText } from './xlsx-lean';

afterAll(() => {
  removeOfficeFiles();
  removeTempFiles();
});

/** A cell to compare: dates as ISO text; exceljs's rich text as the text it reads as (the lean reader joins the runs). */
const shown = (v: SheetCell) =>
  v instanceof Date ? `date:${v.toISOString()}` : v && typeof v === 'object' && 'richText' in v ? v.richText.map((r) => r.text).join('') : v;

/** Every sheet of the file as the reader gives it: name, state, merges and rows (dates as ISO text, to compare). */
async function sheetsOf(file: string, lean: boolean) {
  const source = await openXlsx(file, undefined, lean);
  const out: unknown[] = [];
  try {
    for (;;) {
      const s = await source.sheets.next();
      if (s.done) break;
      const rows: [number, [number, unknown][]][] = [];
      for (;;) {
        const r = await s.value.rows.next();
        if (r.done) break;
        rows.push([r.value.row, [...r.value.cells].map(([c, v]: [number, SheetCell]) => [c, shown(v)])]);
      }
      out.push({ name: s.value.name, hidden: s.value.hidden, date1904: s.value.date1904, merges: s.value.merges, rows });
    }
  } finally {
    source.close();
  }
  return out;
}

async function exceljsFile(build: (wb: ExcelJS.Workbook) => void) {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return tempFile('lean.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
}

describe('lean .xlsx reader (issue 28)', () => {
  it('FLASH-005: every kind of cell exceljs writes reads as exceljs reads it: text with markup characters, numbers, dates, booleans, errors, formulas with and without results, rich text, sparse rows, hidden sheets, merges', async () => {
    const file = await exceljsFile((wb) => {
      const hidden = wb.addWorksheet('Hidden', { state: 'hidden' });
      hidden.addRow(['Stock Number', 'secret']);
      const ws = wb.addWorksheet('Costing & <Co>');
      ws.addRow(['Title over the header']);
      ws.mergeCells('A1:D1');
      ws.addRow(['Stock Number', 'Description', 'Est FFC', 'Launch Date', 'Approved', 'Notes']);
      ws.addRow([
        'A-1 "quoted" & <tag>',
        'line\nbreak',
        12.5,
        new Date(Date.UTC(2026, 2, 5)),
        true,
        { richText: [{ text: 'rich ' }, { text: 'text', font: { bold: true } }] },
      ]);
      ws.addRow(['0012', 'ünïcödé 😀', -0.000123, '2026-03-05', false, { error: '#N/A' }]);
      ws.addRow([
        'A-3',
        { formula: 'UPPER("abc")', result: 'ABC' },
        { formula: '2*6', result: 12 },
        { formula: 'DATE(2026,3,5)', result: new Date(Date.UTC(2026, 2, 5)) },
        { formula: 'TRUE()', result: true },
        { formula: 'A5&"-x"' },
      ]);
      ws.getRow(7).getCell(3).value = 99;
      ws.getRow(9).getCell(30).value = 'far right';
      ws.getCell('F3').numFmt = '"$"#,##0.00';
      ws.getCell('C4').numFmt = 'yyyy-mm-dd';
      ws.addRow([]);
      ws.addRow([' spaced ', '', null, 1e21, 'x']);
    });
    const lean = await sheetsOf(file, true);
    expect(lean).toEqual(await sheetsOf(file, false));
    expect(JSON.stringify(lean)).toContain('A-1 \\"quoted\\" & <tag>');
  });

  it('FLASH-005: a workbook in the 1904 date system and files LibreOffice saves read as exceljs reads them', async () => {
    const file = await exceljsFile((wb) => {
      wb.properties.date1904 = true;
      const ws = wb.addWorksheet('S');
      ws.addRow(['Stock Number', 'Launch Date']);
      ws.addRow(['D-1', new Date(Date.UTC(2026, 2, 5))]);
    });
    expect(await sheetsOf(file, true)).toEqual(await sheetsOf(file, false));
    const csv = 'Stock Number,Description,Est FFC,Launch Date,Approved\n"0012","Comma, inside",1234.5,3/5/2026,TRUE\nA-2,"Line\nbreak",12,2026-03-05,FALSE\n';
    const [office] = await convertWithOffice([{ name: 'office.csv', content: csv, to: 'xlsx', columnFormats: '1/2' }]);
    const lean = await sheetsOf(office, true);
    expect(lean).toEqual(await sheetsOf(office, false));
    expect(JSON.stringify(lean)).toContain('Comma, inside');
  }, 120_000);

  it('FLASH-005: shared formulas (one formula filled down) leave the file to exceljs, which translates them', async () => {
    const file = await exceljsFile((wb) => {
      const ws = wb.addWorksheet('S');
      ws.addRow(['Stock Number', 'Quantity', 'Est FFC']);
      ws.addRow(['F-1', 2, { formula: 'B2*2', result: 4 }]);
      ws.addRow(['F-2', 3, { sharedFormula: 'C2', result: 6 }]);
    });
    const flags = { exceljs: false };
    const scan = leanScanner(flags);
    for (const e of await zipEntries(file)) if (e.name.startsWith('xl/worksheets/')) scan(e.data);
    expect(flags.exceljs).toBe(true);
    expect(await sheetsOf(file, true)).toEqual(await sheetsOf(file, false));
  });

  it('FLASH-005: malformed XML in a row the lean reader reads is a file error', async () => {
    const file = await exceljsFile((wb) => {
      const ws = wb.addWorksheet('S');
      ws.addRow(['Stock Number']);
      ws.addRow(['M-1']);
    });
    const xml = (await zipEntries(file)).find((e) => e.name === 'xl/worksheets/sheet1.xml')!.data.toString();
    const broken = tempFile('broken.xlsx', await repackXlsx(file, { 'xl/worksheets/sheet1.xml': xml.replace('<c r="A2"', '<c r="A2" <<oops') }));
    await expect(sheetsOf(broken, true)).rejects.toThrow('malformed sheet XML');
  });

  it('shared strings are collected from bytes cut anywhere; entities and phonetic runs as exceljs reads them; date styles by format', () => {
    const xml =
      '<?xml version="1.0"?><sst count="4"><si><t>plain</t></si><si/><si><r><t xml:space="preserve">a &amp; </t></r><r><rPr><b/></rPr><t>ü&#x1F600;&lt;</t></r>' +
      '<rPh sb="0" eb="1"><t>ignored</t></rPh></si><si><t></t></si></sst>';
    const bytes = Buffer.from(xml);
    const strings: string[] = [];
    const collect = sharedStringsCollector(strings);
    for (let i = 0; i < bytes.length; i++) collect(bytes.subarray(i, i + 1));
    expect(strings).toEqual(['plain', '', 'a & ü😀<', '']);
    expect(xmlText('&quot;&apos;&#65;&#x42;&bogus;')).toBe('"\'AB&bogus;');
    const styles =
      '<styleSheet><numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/><numFmt numFmtId="165" formatCode="&quot;$&quot;#,##0.00"/></numFmts>' +
      '<cellXfs count="5"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="4"/></cellXfs></styleSheet>';
    expect(dateStyles(styles)).toEqual([false, true, true, false, false]);
  });
});
