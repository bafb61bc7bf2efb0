/**
 * Undo an upload (issue 28, ADR 033), and previews in the upload queue (issue 27): a completed
 * upload's undo is an upload of its own (preview, confirm, job, audit) that puts back every cell the
 * upload changed, except a cell changed again since, which its preview lists and leaves alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bytesOf, commitUpload, gridExport, headerIndex, importRowsOf, previewUpload } from '../helpers/uploads';

const ROUTE = '/api/Costing/UploadPrototypeCosting';
let t: TestApp;
let admin: string, costing: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, costing] = await t.tokens('admin', 'costing');
});
afterAll(async () => { await t?.close(); });

/** The costing export with Outsole Tech Code set where `value` gives one (by row number and stock number). */
async function costingFile(token: string, value: (n: number, cell: (header: string) => string) => string | undefined) {
  const wb = await gridExport(t, token, 'costing', { BrandId: 1 });
  const ws = wb.worksheets[0];
  const at = headerIndex(ws);
  ws.eachRow((row, n) => {
    const v = n > 1 ? value(n, (h) => String(row.getCell(at.get(h)!).value ?? '')) : undefined;
    if (v !== undefined) row.getCell(at.get('Outsole Tech Code')!).value = v;
  });
  return { bytes: await bytesOf(wb) };
}

const codes = async (keys: number[]) => new Map((await t.ctx.db.query<{ k: number; c: string | null }>(
  'SELECT prototypeseasonalid AS k, outsoletechcode AS c FROM colorway_view WHERE prototypeseasonalid = ANY($1)', [keys])).map((r) => [r.k, r.c]));

async function startUndo(token: string, importId: number) {
  const res = await t.request('POST', `/api/Upload/${importId}/Undo`, { token });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(202);
  await t.ctx.jobs.drain();
  return (await t.request('GET', `/api/Upload/${body.ImportId}`, { token })).json();
}

describe('undo an upload (issue 28)', () => {
  it('FLASH-005: the undo restores every cell the upload changed, lists and keeps a cell changed since, and can itself be undone', async () => {
    const rows = [2, 3, 4, 5, 6];
    const { bytes } = await costingFile(admin, (n) => (rows.includes(n) ? `UNDO-${n}` : undefined));
    const imp = await previewUpload(t, admin, ROUTE, bytes, 'costing-undo.xlsx');
    const changed = await importRowsOf(t, admin, imp.ImportId, 'changed');
    expect(changed).toHaveLength(5);
    const keys = changed.map((r) => r.Key!);
    const before = new Map(changed.map((r) => [r.Key!, (r.Cells.OutsoleTechCode.Old ?? null) as string | null]));
    const job = await commitUpload(t, admin, imp.ImportId);
    expect(job.Counts.Saved).toBe(5);
    expect([...(await codes(keys)).values()].sort()).toEqual(rows.map((n) => `UNDO-${n}`).sort());
    const done = await (await t.request('GET', `/api/Upload/${imp.ImportId}`, { token: admin })).json();
    expect(done).toMatchObject({ Status: 'Committed', CanUndo: true, Sheet: expect.any(String) });
    // Not the uploader: no undo (the upload is not theirs to take back), and a preview cannot be undone.
    expect((await t.request('POST', `/api/Upload/${imp.ImportId}/Undo`, { token: costing })).status).toBe(404);

    // Someone else changes one of the cells again.
    const other = changed[1];
    const { bytes: theirs } = await costingFile(costing, (_n, cell) => (cell('Stock Number') === other.Label && cell('Season Name') === String(other.Values.SeasonName) ? 'THEIRS' : undefined));
    const their = await previewUpload(t, costing, ROUTE, theirs, 'theirs.xlsx');
    expect(their.Counts.Changed).toBe(1);
    await commitUpload(t, costing, their.ImportId);

    const undo = await startUndo(admin, imp.ImportId);
    expect(undo).toMatchObject({ Status: 'Previewed', UndoOf: imp.ImportId, FileName: 'Undo of costing-undo.xlsx' });
    expect(undo.Counts).toMatchObject({ Changed: 4, Refused: 0, Unknown: 0, Unchanged: 1 });
    expect(undo.Message).toBe('1 cell was changed again since the upload and is left as it is (marked red in the rows).');
    const kept = (await importRowsOf(t, admin, undo.ImportId, 'unchanged'))[0];
    expect(kept).toMatchObject({ Key: other.Key, Values: { OutsoleTechCode: 'THEIRS' } });
    expect(kept.Errors).toEqual([{ Field: 'OutsoleTechCode', Message: 'Changed again since this upload (now THEIRS); left as it is.' }]);
    const restoring = await importRowsOf(t, admin, undo.ImportId, 'changed');
    expect(restoring.map((r) => r.Cells.OutsoleTechCode)).toEqual(changed.filter((r) => r.Key !== other.Key).map((r) => ({ Old: r.Cells.OutsoleTechCode.New, New: r.Cells.OutsoleTechCode.Old })));

    const undoJob = await commitUpload(t, admin, undo.ImportId);
    expect(undoJob).toMatchObject({ JobStatus: 'Completed', QueueName: 'Costing Upload', FileName: 'Undo of costing-undo.xlsx', UndoOf: imp.ImportId });
    const now = await codes(keys);
    for (const k of keys) expect(now.get(k), String(k)).toBe(k === other.Key ? 'THEIRS' : before.get(k));
    // The audit trail (the records' History) has both: the upload's change and the undo's.
    const restored = keys.find((k) => k !== other.Key)!;
    const audit = await t.ctx.db.query<{ oldvalue: string | null; newvalue: string | null }>(
      `SELECT oldvalue, newvalue FROM audit_log WHERE entity = 'colorway' AND entityid = $1 AND field = 'OutsoleTechCode' ORDER BY auditid`, [String(restored)]);
    expect(audit.slice(-2)).toEqual([{ oldvalue: before.get(restored) ?? null, newvalue: expect.stringMatching(/^UNDO-/) }, { oldvalue: expect.stringMatching(/^UNDO-/), newvalue: before.get(restored) ?? null }]);

    // The undo is an upload like any other: it can be undone.
    const redo = await startUndo(admin, undo.ImportId);
    expect(redo.Counts).toMatchObject({ Changed: 4, Refused: 0 });
    await t.request('POST', `/api/Upload/${redo.ImportId}/Discard`, { token: admin });
  });

  it('FLASH-005: only a completed upload can be undone', async () => {
    const { bytes } = await costingFile(admin, (n) => (n === 7 ? 'PENDING' : undefined));
    const imp = await previewUpload(t, admin, ROUTE, bytes, 'pending.xlsx');
    expect(imp.CanUndo).toBe(false);
    const res = await t.request('POST', `/api/Upload/${imp.ImportId}/Undo`, { token: admin });
    expect(res.status).toBe(400);
    expect((await res.json()).Message).toBe('Only a completed upload can be undone.');
    await t.request('POST', `/api/Upload/${imp.ImportId}/Discard`, { token: admin });
  });
});

describe('previews in the upload queue (issue 27)', () => {
  const listed = async () => ((await (await t.request('GET', '/api/UploadQueue', { token: admin })).json()).Results as { JobId: number }[]).map((j) => j.JobId);
  const history = async () => ((await (await t.request('GET', '/api/UploadQueue/History?pageSize=250', { token: admin })).json()).Results as { JobId: number }[]).map((j) => j.JobId);

  it('UQ-006: a preview is listed only while it waits for confirmation; confirmed, discarded or expired it is no job of the queue', async () => {
    const { bytes } = await costingFile(admin, (n) => (n === 8 ? 'QUEUE-1' : undefined));
    const waiting = await previewUpload(t, admin, ROUTE, bytes, 'waiting.xlsx');
    expect(await listed()).toContain(waiting.PreviewJobId);
    expect(waiting.ExpiresOn).toBeTruthy();
    const discarded = await previewUpload(t, admin, ROUTE, bytes, 'discarded.xlsx');
    await t.request('POST', `/api/Upload/${discarded.ImportId}/Discard`, { token: admin });
    const confirmed = await previewUpload(t, admin, ROUTE, bytes, 'confirmed.xlsx');
    const job = await commitUpload(t, admin, confirmed.ImportId);
    const [now, past] = [await listed(), await history()];
    for (const ids of [now, past]) {
      expect(ids).toContain(job.JobId);
      expect(ids).not.toContain(discarded.PreviewJobId);
      expect(ids).not.toContain(confirmed.PreviewJobId);
    }
    // The dry run's page stays reachable by its id.
    expect((await t.request('GET', `/api/UploadQueue/Details?jobGuid=${confirmed.PreviewJobId}`, { token: admin })).status).toBe(200);

    await t.ctx.db.query(`UPDATE imports SET createdat = now() - interval '25 hours' WHERE importid = $1`, [waiting.ImportId]);
    expect(await listed()).not.toContain(waiting.PreviewJobId);
    const late = await t.request('POST', `/api/Upload/${waiting.ImportId}/Commit`, { token: admin });
    expect(late.status).toBe(400);
    expect((await late.json()).Message).toBe('This preview has expired (a preview waits 24 hours for confirmation). Upload the file again.');
  });
});
