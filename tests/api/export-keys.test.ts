/**
 * Issue 27 "Round trip": every grid export carries its records' key in a last column, so any exported
 * row uploads back; a row without its business key (a colorway without a stock number) is found by
 * that key. Export, change one cell with exceljs, upload: the preview shows exactly that change; the
 * commit writes it and the API shows it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bytesOf, commitUpload, gridExport, headerIndex, importRowsOf, previewUpload } from '../helpers/uploads';

let t: TestApp;
let admin: string;
/** A Created or Released colorway of brand 1 whose stock number is cleared for these tests. */
let keyless: { id: number; colordesc: string };

beforeAll(async () => {
  t = await createTestApp();
  [admin] = await t.tokens('admin');
  [keyless] = await t.ctx.db.query<{ id: number; colordesc: string }>(
    `SELECT prototypeseasonalid AS id, colordesc FROM colorway_view c WHERE brandid = 1 AND statusid IN (1, 2) AND NOT isdeleted
        AND NOT EXISTS (SELECT 1 FROM colorway_view o WHERE o.prototypeid = c.prototypeid AND o.prototypeseasonalid <> c.prototypeseasonalid)
      ORDER BY 1 LIMIT 1`,
  );
  await t.ctx.db.query(
    'UPDATE prototypes SET stocknum = NULL WHERE prototypeid = (SELECT prototypeid FROM prototype_seasonals WHERE prototypeseasonalid = $1)',
    [keyless.id],
  );
});
afterAll(async () => {
  await t?.close();
});

const KEY = 'Colorway Seasonal Id';

describe('exports carry a key for every row (issue 27)', () => {
  it("FLASH-004 FLASH-005 the export's last column is the record key, on every row, the keyless colorway's included", async () => {
    const ws = (await gridExport(t, admin, 'prototype', { BrandId: 1 })).worksheets[0];
    const at = headerIndex(ws);
    expect(at.get(KEY)).toBe(ws.actualColumnCount);
    const keys: unknown[] = [];
    ws.eachRow((row, n) => {
      if (n > 1) keys.push(row.getCell(at.get(KEY)!).value);
    });
    expect(keys.length).toBeGreaterThan(1);
    for (const k of keys) expect(Number.isInteger(k)).toBe(true);
    expect(keys).toContain(keyless.id);
    // Plain numbers, no thousands separator.
    expect(ws.getRow(2).getCell(at.get(KEY)!).numFmt ?? 'General').not.toContain(',');
  });

  it('FLASH-005 an unchanged export previews no change, refused or unknown row, the keyless row included', async () => {
    const wb = await gridExport(t, admin, 'prototype', { BrandId: 1 });
    const imp = await previewUpload(t, admin, '/api/Upload/prototype', await bytesOf(wb), 'Colorways-Export.xlsx');
    expect(imp.Status, JSON.stringify(imp)).toBe('Previewed');
    expect(imp.Counts, JSON.stringify(await importRowsOf(t, admin, imp.ImportId, 'refused,unknown'))).toMatchObject({ Changed: 0, Refused: 0, Unknown: 0 });
  });

  it("FLASH-005 a colorway without a stock number: one cell changed in the export is exactly the preview's change, committed and read back", async () => {
    const wb = await gridExport(t, admin, 'prototype', { BrandId: 1 });
    const ws = wb.worksheets[0];
    const at = headerIndex(ws);
    let target = 0;
    ws.eachRow((row, n) => {
      if (row.getCell(at.get(KEY)!).value === keyless.id) target = n;
    });
    expect(target).toBeGreaterThan(1);
    expect(ws.getRow(target).getCell(at.get('Stock Number')!).value ?? null).toBeNull();
    ws.getRow(target).getCell(at.get('Color Description')!).value = 'Round Trip Teal';
    const imp = await previewUpload(t, admin, '/api/Upload/prototype', await bytesOf(wb), 'Colorways-Export.xlsx');
    expect(imp.Counts).toMatchObject({ Changed: 1, Refused: 0, Unknown: 0 });
    const [changed] = await importRowsOf(t, admin, imp.ImportId, 'changed');
    expect(changed).toMatchObject({ RowNumber: target, Key: keyless.id, Label: `${KEY} ${keyless.id}` });
    expect(changed.Cells).toEqual({ ColorDesc: { Old: keyless.colordesc, New: 'Round Trip Teal' } });
    const job = await commitUpload(t, admin, imp.ImportId);
    expect(job).toMatchObject({ JobStatus: 'Completed' });
    expect(job.Counts.Saved).toBe(1);
    const res = await t.request('GET', `/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${keyless.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ PrototypeSeasonalId: keyless.id, ColorDesc: 'Round Trip Teal', StockNum: null });
  });

  it('FLASH-005 a row with its stock number is still found by it; a key that names no record the user may see is unknown', async () => {
    const wb = await gridExport(t, admin, 'prototype', { BrandId: 1 });
    const ws = wb.worksheets[0];
    const at = headerIndex(ws);
    // Row 2 keeps its stock number but carries a wrong key: the stock number decides.
    const stock = ws.getRow(2).getCell(at.get('Stock Number')!).value;
    expect(stock).toBeTruthy();
    ws.getRow(2).getCell(at.get(KEY)!).value = 2_000_000;
    ws.getRow(2).getCell(at.get('Color Description')!).value = 'By Stock Number';
    // A row without a stock number whose key is unknown.
    const extra = ws.actualRowCount + 1;
    ws.getRow(extra).getCell(at.get(KEY)!).value = 2_000_001;
    ws.getRow(extra).getCell(at.get('Color Description')!).value = 'Nowhere';
    const imp = await previewUpload(t, admin, '/api/Upload/prototype', await bytesOf(wb), 'Colorways-Export.xlsx');
    const rows = await importRowsOf(t, admin, imp.ImportId, 'changed,unknown');
    expect(rows.map((r) => [r.RowNumber, r.Outcome, r.Label])).toEqual([
      [2, 'changed', String(stock)],
      [extra, 'unknown', `${KEY} 2000001`],
    ]);
    expect(rows[1].Errors).toEqual([{ Field: 'PrototypeSeasonalId', Message: `${KEY} 2000001 was not found.` }]);
  });
});
