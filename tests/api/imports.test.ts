/**
 * The import pipeline and the upload queue (issue 13): an upload is previewed (a dry run through
 * the records pipeline), confirmed, and committed by a job in batches; the upload queue shows and
 * controls its jobs. Files are the grids' own exports changed with exceljs, as a user would in Excel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bytesOf, commitUpload, gridExport, headerIndex, importRowsOf, previewUpload, uploadFile } from '../helpers/uploads';

let t: TestApp;
let admin: string, costing: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, costing] = await t.tokens('admin', 'costing');
});
afterAll(async () => {
  await t?.close();
});

describe('costing upload: preview, commit, queue', () => {
  it('FLASH-005: an export re-uploaded unchanged previews as no changes', async () => {
    const wb = await gridExport(t, costing, 'costing', { BrandId: 1 });
    const imp = await previewUpload(t, costing, '/api/Costing/UploadPrototypeCosting', await bytesOf(wb));
    expect(imp.Status, JSON.stringify(imp)).toBe('Previewed');
    expect(imp.Counts.Changed).toBe(0);
    expect(imp.Counts.Unchanged).toBe(wb.worksheets[0].actualRowCount - 1);
  });

  it('FLASH-005: changed cells preview old → new, a bad cell refuses its row, the commit writes the changed rows once', async () => {
    const wb = await gridExport(t, admin, 'costing', { BrandId: 1 });
    const ws = wb.worksheets[0];
    const at = headerIndex(ws);
    const col = at.get('Outsole Tech Code')!;
    const changed: string[] = [];
    for (let n = 2; n <= 6; n++) {
      ws.getRow(n).getCell(col).value = `OT-${n}`;
      changed.push(String(ws.getRow(n).getCell(at.get('Stock Number')!).value));
    }
    ws.getRow(7).getCell(at.get('Est. Factory First Cost')!).value = 'abc';
    const imp = await previewUpload(t, admin, '/api/Costing/UploadPrototypeCosting', await bytesOf(wb));
    expect(imp.Status, JSON.stringify(imp)).toBe('Previewed');
    const rows = await importRowsOf(t, admin, imp.ImportId, 'changed');
    expect(rows.map((r: any) => r.Label).sort()).toEqual(changed.sort());
    expect(rows[0].Cells.OutsoleTechCode.New).toBe('OT-2');
    const refused = await importRowsOf(t, admin, imp.ImportId, 'refused');
    expect(refused.map((r: any) => r.RowNumber)).toContain(7);

    const job = await commitUpload(t, admin, imp.ImportId);
    expect(job.JobStatus, JSON.stringify(job)).toBe('Completed');
    expect(job.Counts.Saved).toBe(changed.length);
    const keys = rows.map((r: any) => r.Key);
    const saved = await t.ctx.db.query(`SELECT prototypeseasonalid AS k, outsoletechcode FROM colorway_view WHERE prototypeseasonalid = ANY($1)`, [keys]);
    expect(saved.map((s) => s.outsoletechcode).sort()).toEqual(rows.map((r: any) => r.Cells.OutsoleTechCode.New).sort());
    const audits = await t.ctx.db.query(
      `SELECT entityid, count(*)::int AS n FROM audit_log WHERE entity = 'colorway' AND field = 'OutsoleTechCode' AND newvalue LIKE 'OT-%' GROUP BY entityid`,
    );
    expect(audits.map((a) => Number(a.entityid)).sort()).toEqual([...keys].sort());
    expect(audits.every((a) => a.n === 1)).toBe(true);
    const again = await t.request('POST', `/api/Upload/${imp.ImportId}/Commit`, { token: admin });
    expect(again.status).toBe(400);
  });
});

describe('bad input: a clear answer, never a 500, nothing written', () => {
  it('FLASH-005: a file that is no spreadsheet (.xls, .xlsx, .ods, .csv, .tsv: ADR 033) is refused with the upload text, by name and by content', async () => {
    const csv = await uploadFile(t, costing, '/api/Costing/UploadPrototypeCosting', new TextEncoder().encode('a,b\n1,2\n'), 'costing.pdf');
    expect(csv.status).toBe(400);
    expect((await csv.json()).Message).toBe('Please upload an Excel file (.xls or .xlsx)');
    // A Windows program renamed to .xlsx: the bytes decide.
    const exe = new Uint8Array(4096);
    exe.set([0x4d, 0x5a, 0x90, 0x00]);
    const renamed = await uploadFile(t, costing, '/api/Costing/UploadPrototypeCosting', exe, 'costing.xlsx');
    expect(renamed.status).toBe(400);
    expect((await renamed.json()).Message).toBe('Please upload an Excel file (.xls or .xlsx)');
    const none = await t.request('POST', '/api/Costing/UploadPrototypeCosting', { token: costing, body: new FormData() });
    expect(none.status).toBe(400);
  });

  it("CONST-029: each upload answers a wrong file in its own screen's words; a zip that is not a workbook is refused by the dry run", async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);
    const res = await uploadFile(t, costing, '/api/Costing/UploadPrototypeCosting', zip, 'empty.xlsx');
    expect(res.status).toBe(400);
    const fake = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new Array(200).fill(1)]);
    const imp = await previewUpload(t, costing, '/api/Costing/UploadPrototypeCosting', fake, 'broken.xlsx');
    expect(imp.Status).toBe('Refused');
    expect(imp.Message).toBe(t.ctx.schemas.imports.get('costing')!.messages!.notExcel);
  });

  it('FLASH-005: unknown stock numbers and colorways of brands the user may not see are the same "not found" row; nothing is written', async () => {
    // A second user with the costing role and brand 1 only: the colorways of the other brands are not theirs to see.
    await t.ctx.db.query(`INSERT INTO users (username, firstname, lastname, passwordhash, roleid, isactive, emailconfirmed, changepasswordrequired)
      SELECT 'costing1@example.com', 'Cora', 'One', passwordhash, roleid, true, true, false FROM users WHERE username = 'costing@example.com'`);
    await t.ctx.db.query(`INSERT INTO user_brands (userid, brandid) SELECT userid, 1 FROM users WHERE username = 'costing1@example.com'`);
    const [costing1] = await t.tokens('costing1');
    const [hidden] = await t.ctx.db.query(
      `SELECT stocknum, seasonname FROM colorway_view v WHERE NOT isdeleted AND stocknum IS NOT NULL AND brandid <> 1 LIMIT 1`,
    );
    expect(hidden, 'the demo data has a colorway of another brand').toBeTruthy();
    const wb = await gridExport(t, costing1, 'costing', { BrandId: 1 });
    const ws = wb.worksheets[0];
    const at = headerIndex(ws);
    const last = ws.actualRowCount + 1;
    ws.getRow(last).getCell(at.get('Stock Number')!).value = hidden.stocknum;
    ws.getRow(last).getCell(at.get('Season Name')!).value = hidden.seasonname;
    ws.getRow(last).getCell(at.get('Est. Factory First Cost')!).value = 12.5;
    ws.getRow(last + 1).getCell(at.get('Stock Number')!).value = 'NO-SUCH-1';
    ws.getRow(last + 1).getCell(at.get('Season Name')!).value = hidden.seasonname;
    ws.getRow(last + 1).getCell(at.get('Est. Factory First Cost')!).value = 12.5;
    const imp = await previewUpload(t, costing1, '/api/Costing/UploadPrototypeCosting', await bytesOf(wb));
    const unknown = await importRowsOf(t, costing1, imp.ImportId, 'unknown');
    expect(unknown.map((r) => r.RowNumber)).toEqual([last, last + 1]);
    const [a, b] = unknown.map((r) => r.Errors[0].Message.replace(r.Label, '…'));
    expect(a).toBe(b);
    expect(unknown[0].Key).toBeNull();
  });

  it('PERM-029: a factory user uploading costing columns they may not see gets those rows refused and never sees their values', async () => {
    // The factory role is given costing edit in this test database (DECISIONS PERM-029: they still never get prices).
    await t.ctx.db.query(`INSERT INTO role_permissions (roleid, moduleid, actionid)
      SELECT roleid, 15, 2 FROM users WHERE username = 'factory@example.com' ON CONFLICT DO NOTHING`);
    const [factory] = await t.tokens('factory');
    const wb = await gridExport(t, factory, 'costing');
    const ws = wb.worksheets[0];
    const at = headerIndex(ws);
    expect(at.has('Wholesale Price')).toBe(false);
    const col = ws.actualColumnCount + 1;
    ws.getRow(1).getCell(col).value = 'Wholesale Price';
    ws.getRow(2).getCell(col).value = 1;
    const imp = await previewUpload(t, factory, '/api/Costing/UploadPrototypeCosting', await bytesOf(wb));
    expect(imp.Status).toBe('Previewed');
    const rows = await importRowsOf(t, factory, imp.ImportId);
    const row2 = rows.find((r) => r.RowNumber === 2)!;
    expect(row2.Outcome).toBe('refused');
    expect(JSON.stringify(rows)).not.toMatch(/WsPrice|RetailPrice/);
    expect(imp.Columns.map((c: { Field: string }) => c.Field)).not.toContain('WsPrice');
  });
});

describe('every mass upload goes through the pipeline', () => {
  // Each kind: its spec route, the grid whose export a user starts from, and a column to change there.
  const KINDS: { id: string; route: string; grid: string; column: string; value: unknown }[] = [
    { id: 'forecast', route: '/api/Forecast/UploadPrototypeForecast', grid: 'forecast', column: 'US Volume', value: 4321 },
    { id: 'pattern-forecast', route: '/api/Forecast/UploadPatternForecast', grid: 'pattern-forecast', column: 'US Volume', value: 4321 },
    { id: 'hts', route: '/api/import/hts-flash-edit', grid: 'hts', column: 'HTS Notes', value: 'checked by import' },
    { id: 'briefs', route: '/api/Brief/UploadBriefs', grid: 'brief-search', column: 'Target # Patterns', value: 7 },
    { id: 'patterns', route: '/api/Pattern/UploadPatterns', grid: 'pattern-search', column: 'Development Type', value: 'Import test' },
    { id: 'colorways', route: '/api/Prototype/UploadPrototypes', grid: 'colorway-search', column: 'Color Description', value: 'Import Blue' },
    { id: 'prototype', route: '/api/Upload/prototype', grid: 'prototype', column: 'Color Description', value: 'Import Green' },
  ];
  for (const k of KINDS) {
    it(`FLASH-005/FLASH-024/FLASH-035/SEARCH-013/BRIEF-021: ${k.id}: its export previews unchanged; one changed cell is one changed row, committed`, async () => {
      const wb = await gridExport(t, admin, k.grid, { BrandId: 1 });
      const ws = wb.worksheets[0];
      const unchanged = await previewUpload(t, admin, k.route, await bytesOf(wb), `${k.id}.xlsx`);
      expect(unchanged.Status, JSON.stringify(unchanged)).toBe('Previewed');
      expect(unchanged.Counts.Changed, JSON.stringify(await importRowsOf(t, admin, unchanged.ImportId, 'changed,refused'))).toBe(0);
      const col = headerIndex(ws).get(k.column);
      expect(col, `${k.grid} export has a '${k.column}' column`).toBeTruthy();
      ws.getRow(2).getCell(col!).value = k.value as never;
      const imp = await previewUpload(t, admin, k.route, await bytesOf(wb), `${k.id}.xlsx`);
      const changed = await importRowsOf(t, admin, imp.ImportId, 'changed');
      expect(changed.length, JSON.stringify(await importRowsOf(t, admin, imp.ImportId, 'refused'))).toBe(1);
      const job = await commitUpload(t, admin, imp.ImportId);
      expect(job).toMatchObject({ JobStatus: 'Completed', QueueName: t.ctx.schemas.imports.get(k.id)!.queueName });
      expect(job.Counts.Saved).toBe(1);
    });
  }
});

describe('references are written by name', () => {
  it('FLASH-005: a reference column takes a name the record may have (the responsible of its brand), previews old → new names, refuses an unknown one', async () => {
    const wb = await gridExport(t, admin, 'prototype', { BrandId: 1 });
    const ws = wb.worksheets[0];
    const at = headerIndex(ws);
    const col = at.get('Responsible')!;
    const current = String(ws.getRow(2).getCell(col).value);
    const [other] = await t.ctx.db.query(
      `SELECT u.firstname || ' ' || u.lastname AS name FROM users u JOIN user_brands ub ON ub.userid = u.userid AND ub.brandid = 1
      WHERE u.isactive AND u.firstname || ' ' || u.lastname <> $1 ORDER BY u.userid LIMIT 1`,
      [current],
    );
    ws.getRow(2).getCell(col).value = other.name.toUpperCase();
    ws.getRow(3).getCell(col).value = 'Nobody Atall';
    const imp = await previewUpload(t, admin, '/api/Upload/prototype', await bytesOf(wb));
    const rows = await importRowsOf(t, admin, imp.ImportId, 'changed,refused');
    const changed = rows.find((r) => r.RowNumber === 2)!;
    expect(changed.Outcome, JSON.stringify(changed)).toBe('changed');
    expect(changed.Cells.ResponsibleId).toEqual({ Old: current, New: other.name.toUpperCase() });
    const refused = rows.find((r) => r.RowNumber === 3)!;
    expect(refused.Errors.map((e) => e.Message)).toContain("'Nobody Atall' is not a choice of Responsible.");
    const job = await commitUpload(t, admin, imp.ImportId);
    expect(job.Counts.Saved).toBe(1);
    const [saved] = await t.ctx.db.query('SELECT responsiblename FROM colorway_view WHERE prototypeseasonalid = $1', [changed.Key]);
    expect(saved.responsiblename).toBe(other.name);
  });
});

describe('cells a spreadsheet would run', () => {
  it('FLASH-005: text that looks like a formula is stored as its text and neutralised again in the export; a formula without a cached result is computed (issue 28), never fetched', async () => {
    const wb = await gridExport(t, admin, 'hts', { BrandId: 1 });
    const ws = wb.worksheets[0];
    const col = headerIndex(ws).get('HTS Notes')!;
    ws.getRow(2).getCell(col).value = '=HYPERLINK("http://evil.example/x","click")';
    ws.getRow(3).getCell(col).value = { formula: 'HYPERLINK("http://evil.example/y","here")' } as never;
    const imp = await previewUpload(t, admin, '/api/import/hts-flash-edit', await bytesOf(wb));
    const rows = await importRowsOf(t, admin, imp.ImportId, 'changed');
    expect(rows.map((r) => [r.RowNumber, r.Cells.HTSNotes.New])).toEqual([
      [2, '=HYPERLINK("http://evil.example/x","click")'],
      [3, 'here'],
    ]);
    await commitUpload(t, admin, imp.ImportId);
    const again = (await gridExport(t, admin, 'hts', { BrandId: 1 })).worksheets[0];
    const cell = again.getRow(2).getCell(headerIndex(again).get('HTS Notes')!);
    expect(cell.formula).toBeUndefined();
    expect(cell.value).toBe(`'=HYPERLINK("http://evil.example/x","click")`);
  });

  it('FLASH-005: a file with a column twice is refused by name and columns, nothing previewed', async () => {
    const wb = await gridExport(t, admin, 'costing', { BrandId: 1 });
    const ws = wb.worksheets[0];
    ws.getRow(1).getCell(ws.actualColumnCount + 1).value = 'est. factory first cost';
    const imp = await previewUpload(t, admin, '/api/Costing/UploadPrototypeCosting', await bytesOf(wb));
    expect(imp.Status).toBe('Refused');
    expect(imp.Message).toMatch(/^The column "Est\. Factory First Cost" appears twice \(columns [A-Z]+ and [A-Z]+\)\.$/);
    expect(await importRowsOf(t, admin, imp.ImportId)).toEqual([]);
  });
});

describe('large files', () => {
  it('FLASH-005: an upload past the size limit is refused while it streams (413), nothing is stored, the server goes on', async () => {
    const { MAX_UPLOAD_BYTES } = await import('../../server/core/api/uploads');
    const boundary = 'xBOUNDARYx';
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const chunk = new Uint8Array(1024 * 1024).fill(0x50);
    let sent = 0;
    // 100 MB offered without a content length: only the bytes read decide.
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(head);
      },
      pull(c) {
        if (sent >= 100 * 1024 * 1024) c.close();
        else {
          sent += chunk.length;
          c.enqueue(chunk);
        }
      },
    });
    const before = (await t.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM imports'))[0].n;
    const res = await t.fetch(
      new Request('http://localhost/api/Costing/UploadPrototypeCosting', {
        method: 'POST',
        body,
        duplex: 'half',
        headers: { authorization: `Bearer ${costing}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect((await res.json()).Message).toBe(`The file is larger than the maximum of ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
    expect(sent).toBeLessThan(100 * 1024 * 1024);
    expect((await t.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM imports'))[0].n).toBe(before);
    expect((await t.request('GET', '/api/health')).status).toBe(200);
  });
});
