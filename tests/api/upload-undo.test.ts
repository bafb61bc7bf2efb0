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
afterAll(async () => {
  await t?.close();
});

/** The costing export with Est. Factory First Cost set where `value` gives one (by row number and the row's cells). */
async function costingFile(token: string, value: (n: number, cell: (header: string) => string) => number | string | undefined) {
  const wb = await gridExport(t, token, 'costing', { BrandId: 1 });
  const ws = wb.worksheets[0];
  const at = headerIndex(ws);
  ws.eachRow((row, n) => {
    const v = n > 1 ? value(n, (h) => String(row.getCell(at.get(h)!).value ?? '')) : undefined;
    if (v !== undefined) row.getCell(at.get('Est. Factory First Cost')!).value = v;
  });
  return { bytes: await bytesOf(wb) };
}

const costs = async (keys: number[]) =>
  new Map(
    (
      await t.ctx.db.query<{ k: number; c: number | null }>(
        'SELECT prototypeseasonalid AS k, estffc AS c FROM colorway_view WHERE prototypeseasonalid = ANY($1)',
        [keys],
      )
    ).map((r) => [r.k, r.c === null ? null : Number(r.c)]),
  );

async function startUndo(token: string, importId: number) {
  const res = await t.request('POST', `/api/Upload/${importId}/Undo`, { token });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(202);
  await t.ctx.jobs.drain();
  return (await t.request('GET', `/api/Upload/${body.ImportId}`, { token })).json();
}

describe('undo an upload (issue 28)', () => {
  it('FLASH-005: the undo restores every cell the upload changed, lists and keeps a cell changed since, and can itself be undone', async () => {
    // The costing user changes the rows their rules let change (a Costing Complete row is refused to them).
    const { bytes } = await costingFile(costing, (n) => (n >= 2 && n <= 40 ? 700 + n : undefined));
    const imp = await previewUpload(t, costing, ROUTE, bytes, 'costing-undo.xlsx');
    const changed = await importRowsOf(t, costing, imp.ImportId, 'changed');
    expect(changed.length).toBeGreaterThanOrEqual(3);
    const keys = changed.map((r) => r.Key!);
    const before = new Map(changed.map((r) => [r.Key!, (r.Cells.EstFFC.Old ?? null) as number | null]));
    const job = await commitUpload(t, costing, imp.ImportId);
    expect(job.Counts.Saved).toBe(changed.length);
    const written = await costs(keys);
    expect(changed.map((r) => written.get(r.Key!))).toEqual(changed.map((r) => 700 + r.RowNumber));
    const done = await (await t.request('GET', `/api/Upload/${imp.ImportId}`, { token: costing })).json();
    expect(done).toMatchObject({ Status: 'Committed', CanUndo: true, Sheet: expect.any(String) });
    // Not the uploader (the admin sees every upload, PERM-026): not theirs to take back.
    expect((await t.request('POST', `/api/Upload/${imp.ImportId}/Undo`, { token: admin })).status).toBe(404);

    // Someone else (the admin) changes one of the cells again.
    const other = changed[1];
    const { bytes: theirs } = await costingFile(admin, (_n, cell) =>
      cell('Stock Number') === other.Label && cell('Season Name') === String(other.Values.SeasonName) ? 555.55 : undefined,
    );
    const their = await previewUpload(t, admin, ROUTE, theirs, 'theirs.xlsx');
    expect(their.Counts.Changed).toBe(1);
    await commitUpload(t, admin, their.ImportId);

    const undo = await startUndo(costing, imp.ImportId);
    expect(undo).toMatchObject({ Status: 'Previewed', UndoOf: imp.ImportId, FileName: 'Undo of costing-undo.xlsx' });
    expect(undo.Counts).toMatchObject({ Changed: changed.length - 1, Refused: 0, Unknown: 0, Unchanged: 1 });
    expect(undo.Message).toBe('1 cell was changed again since the upload and is left as it is (marked red in the rows).');
    const kept = (await importRowsOf(t, costing, undo.ImportId, 'unchanged'))[0];
    expect(kept).toMatchObject({ Key: other.Key, Values: { EstFFC: 555.55 } });
    expect(kept.Errors).toEqual([{ Field: 'EstFFC', Message: 'Changed again since this upload (now 555.55); left as it is.' }]);
    const restoring = await importRowsOf(t, costing, undo.ImportId, 'changed');
    expect(restoring.map((r) => r.Cells.EstFFC)).toEqual(
      changed.filter((r) => r.Key !== other.Key).map((r) => ({ Old: r.Cells.EstFFC.New, New: r.Cells.EstFFC.Old })),
    );

    const undoJob = await commitUpload(t, costing, undo.ImportId);
    expect(undoJob).toMatchObject({ JobStatus: 'Completed', QueueName: 'Costing Upload', FileName: 'Undo of costing-undo.xlsx', UndoOf: imp.ImportId });
    const now = await costs(keys);
    for (const k of keys) expect(now.get(k), String(k)).toBe(k === other.Key ? 555.55 : before.get(k));
    // The audit trail (the records' History) has both: the upload's change and the undo's.
    const restored = keys.find((k) => k !== other.Key)!;
    const audit = await t.ctx.db.query<{ oldvalue: string | null; newvalue: string | null }>(
      `SELECT oldvalue, newvalue FROM audit_log WHERE entity = 'colorway' AND entityid = $1 AND field = 'EstFFC' ORDER BY auditid`,
      [String(restored)],
    );
    const was = before.get(restored) === null ? null : String(before.get(restored));
    expect(audit.slice(-2)).toEqual([
      { oldvalue: was, newvalue: expect.stringMatching(/^7\d\d$/) },
      { oldvalue: expect.stringMatching(/^7\d\d$/), newvalue: was },
    ]);

    // The undo is an upload like any other: it can be undone.
    const redo = await startUndo(costing, undo.ImportId);
    expect(redo.Counts).toMatchObject({ Changed: changed.length - 1, Refused: 0 });
    await t.request('POST', `/api/Upload/${redo.ImportId}/Discard`, { token: costing });
  });

  it('FLASH-005: only a completed upload can be undone', async () => {
    const { bytes } = await costingFile(admin, (n) => (n === 7 ? 777.5 : undefined));
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
  const history = async () =>
    ((await (await t.request('GET', '/api/UploadQueue/History?pageSize=250', { token: admin })).json()).Results as { JobId: number }[]).map((j) => j.JobId);

  it('UQ-006: a preview is listed only while it waits for confirmation; confirmed, discarded or expired it is no job of the queue', async () => {
    const { bytes } = await costingFile(admin, (n) => (n === 8 ? 888.5 : undefined));
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
