/**
 * The import pipeline and the upload queue (issue 13): an upload is previewed (a dry run through
 * the records pipeline), confirmed, and committed by a job in batches; the upload queue shows and
 * controls its jobs. Files are the grids' own exports changed with exceljs, as a user would in Excel.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: string, costing: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, costing] = await t.tokens('admin', 'costing');
});
afterAll(async () => { await t?.close(); });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function exportOf(token: string, grid: string, body: object) {
  const res = await t.request('POST', `/api/Grid/${grid}/Export`, { token, json: body });
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
  return wb;
}

async function upload(token: string, route: string, data: Buffer | Uint8Array, name = 'costing.xlsx', fields: Record<string, string> = {}) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('file', new Blob([new Uint8Array(data)], { type: XLSX }), name);
  return t.request('POST', route, { token, body: fd });
}

/** Uploads, runs the dry run, answers the import. */
async function preview(token: string, route: string, data: Buffer | Uint8Array, name?: string) {
  const res = await upload(token, route, data, name);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(202);
  await t.ctx.jobs.drain();
  const imp = await (await t.request('GET', `/api/Upload/${body.ImportId}`, { token })).json();
  return imp;
}

const rowsOf = async (token: string, importId: number, outcome = '') =>
  (await (await t.request('GET', `/api/Upload/${importId}/Rows?outcome=${outcome}&pageSize=1000`, { token })).json()).Results;

const headerIndex = (ws: ExcelJS.Worksheet) => new Map((ws.getRow(1).values as string[]).map((h, i) => [h, i] as [string, number]).filter(([h]) => h));

describe('costing upload: preview, commit, queue', () => {
  it('FLASH-005: an export re-uploaded unchanged previews as no changes', async () => {
    const wb = await exportOf(costing, 'costing', { BrandId: 1 });
    const imp = await preview(costing, '/api/Costing/UploadPrototypeCosting', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(imp.Status, JSON.stringify(imp)).toBe('Previewed');
    expect(imp.Counts.Changed).toBe(0);
    expect(imp.Counts.Unchanged).toBe(wb.worksheets[0].actualRowCount - 1);
  });

  it('FLASH-005: changed cells preview old → new, a bad cell refuses its row, the commit writes the changed rows once', async () => {
    const wb = await exportOf(admin, 'costing', { BrandId: 1 });
    const ws = wb.worksheets[0];
    const at = headerIndex(ws);
    const col = at.get('Outsole Tech Code')!;
    const changed: string[] = [];
    for (let n = 2; n <= 6; n++) {
      ws.getRow(n).getCell(col).value = `OT-${n}`;
      changed.push(String(ws.getRow(n).getCell(at.get('Stock Number')!).value));
    }
    ws.getRow(7).getCell(at.get('Est. Factory First Cost')!).value = 'abc';
    const imp = await preview(admin, '/api/Costing/UploadPrototypeCosting', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(imp.Status, JSON.stringify(imp)).toBe('Previewed');
    const rows = await rowsOf(admin, imp.ImportId, 'changed');
    expect(rows.map((r: any) => r.Label).sort()).toEqual(changed.sort());
    expect(rows[0].Cells.OutsoleTechCode.New).toBe('OT-2');
    const refused = await rowsOf(admin, imp.ImportId, 'refused');
    expect(refused.map((r: any) => r.RowNumber)).toContain(7);

    const commit = await t.request('POST', `/api/Upload/${imp.ImportId}/Commit`, { token: admin });
    expect(commit.status).toBe(200);
    const { JobId } = await commit.json();
    await t.ctx.jobs.drain();
    await t.ctx.jobs.drain();
    const job = await (await t.request('GET', `/api/UploadQueue/Details?jobGuid=${JobId}`, { token: admin })).json();
    expect(job.JobStatus, JSON.stringify(job)).toBe('Completed');
    const keys = rows.map((r: any) => r.Key);
    const saved = await t.ctx.db.query(`SELECT prototypeseasonalid AS k, outsoletechcode FROM colorway_view WHERE prototypeseasonalid = ANY($1)`, [keys]);
    expect(saved.map((s) => s.outsoletechcode).sort()).toEqual(rows.map((r: any) => r.Cells.OutsoleTechCode.New).sort());
    const audits = await t.ctx.db.query(`SELECT entityid, count(*)::int AS n FROM audit_log WHERE entity = 'colorway' AND field = 'OutsoleTechCode' AND newvalue LIKE 'OT-%' GROUP BY entityid`);
    expect(audits.map((a) => Number(a.entityid)).sort()).toEqual([...keys].sort());
    expect(audits.every((a) => a.n === 1)).toBe(true);
    const again = await t.request('POST', `/api/Upload/${imp.ImportId}/Commit`, { token: admin });
    expect(again.status).toBe(400);
  });
});
