import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDelimited, recordParser, sniffSeparator } from './delimited';

const dir = mkdtempSync(path.join(tmpdir(), 'delimited-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The rows of a file as [row number, cells by column]. */
async function rowsOf(name: string, content: string | Buffer) {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  const source = await openDelimited(file, name);
  const sheet = (await source.sheets.next()).value!;
  const out: [number, Record<number, unknown>][] = [];
  for (let r = await sheet.rows.next(); !r.done; r = await sheet.rows.next()) out.push([r.value.row, Object.fromEntries(r.value.cells)]);
  return { name: sheet.name, rows: out };
}

describe('.csv and .tsv uploads (issue 28, ADR 033)', () => {
  it('FLASH-005: quoted fields with separators, doubled quotes and line breaks, in any chunking', () => {
    const text = 'a,"b,1","say ""hi""","two\r\nlines"\r\nc,,d,\n';
    const whole = recordParser(',');
    const expected = [...whole.push(text), ...whole.end()];
    expect(expected).toEqual([
      ['a', 'b,1', 'say "hi"', 'two\r\nlines'],
      ['c', '', 'd', ''],
    ]);
    for (let cut = 1; cut < text.length; cut++) {
      const p = recordParser(',');
      expect([...p.push(text.slice(0, cut)), ...p.push(text.slice(cut)), ...p.end()], `cut at ${cut}`).toEqual(expected);
    }
  });

  it('FLASH-005: the separator is the most frequent of comma, semicolon and tab outside quotes', () => {
    expect(sniffSeparator('Stock Number;Season;"Cost, est."\nA;B;1,5')).toBe(';');
    expect(sniffSeparator('a,b,"x;y;z"')).toBe(',');
    expect(sniffSeparator('a\tb\tc')).toBe('\t');
    expect(sniffSeparator('title only')).toBe(',');
  });

  it("FLASH-005: UTF-8 with a BOM, semicolons, Excel's sep= line and a title row; rows numbered as a spreadsheet shows them", async () => {
    const csv = await rowsOf('costing.csv', '\uFEFFsep=;\r\nCosting export\r\nStock Number;Season;Notes\r\n0012;SS26;"a; b\r\nc"\r\n;;\r\nX1;SS26;é\r\n');
    expect(csv.name).toBe('costing');
    expect(csv.rows).toEqual([
      [1, { 1: 'Costing export' }],
      [2, { 1: 'Stock Number', 2: 'Season', 3: 'Notes' }],
      [3, { 1: '0012', 2: 'SS26', 3: 'a; b\r\nc' }],
      [5, { 1: 'X1', 2: 'SS26', 3: 'é' }],
    ]);
    const tsv = await rowsOf('f.tsv', 'A\tB\n1,5\t2;3\n');
    expect(tsv.rows).toEqual([
      [1, { 1: 'A', 2: 'B' }],
      [2, { 1: '1,5', 2: '2;3' }],
    ]);
  });

  it('FLASH-005: a file that is not UTF-8 is refused with how to save it', async () => {
    await expect(rowsOf('latin1.csv', Buffer.from('Name,Note\nA,caf\xe9\n', 'latin1'))).rejects.toThrow(/not UTF-8 text/);
  });
});
