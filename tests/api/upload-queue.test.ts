/**
 * The upload queue (UQ-001..011, DECISIONS UQ-005, PERM-026): who sees which jobs, the history
 * search and its date rule, cancel and resume by status, the failed-rows file, the finish mail.
 * The test app's queue runs only when a test drains it, so a job can be seen Queued.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bytesOf, commitUpload, gridExport, headerIndex, importRowsOf, previewUpload, readWorkbook } from '../helpers/uploads';

let t: TestApp;
let admin: string, costing: string, forecast: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, costing, forecast] = await t.tokens('admin', 'costing', 'forecast');
});
afterAll(async () => {
  await t?.close();
});

const get = async (token: string, url: string) => {
  const res = await t.request('GET', url, { token });
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.json() : undefined };
};
const post = (token: string, url: string) => t.request('POST', url, { token });

/** A previewed costing upload of the user changing `n` rows' Outsole Tech Code (admin may change it). */
async function costingPreview(token: string, n: number, tag: string) {
  const wb = await gridExport(t, token, 'costing', { BrandId: 1 });
  const ws = wb.worksheets[0];
  const col = headerIndex(ws).get('Outsole Tech Code')!;
  for (let r = 2; r < 2 + n; r++) ws.getRow(r).getCell(col).value = `${tag}-${r}`;
  return previewUpload(t, token, '/api/Costing/UploadPrototypeCosting', await bytesOf(wb), `${tag}.xlsx`);
}

describe('who sees which jobs', () => {
  it("UQ-001/UQ-003/UQ-006/PERM-026: a user lists their own jobs; module 18 read lists everyone's; another user's job answers like a missing one", async () => {
    const mine = await costingPreview(admin, 1, 'A');
    const theirs = await previewUpload(
      t,
      forecast,
      '/api/Forecast/UploadPrototypeForecast',
      await bytesOf(await gridExport(t, forecast, 'forecast', { BrandId: 1 })),
      'forecast.xlsx',
    );
    const forecastList = (await get(forecast, '/api/UploadQueue')).body.Results;
    expect(forecastList.map((j: any) => j.JobId)).toContain(theirs.PreviewJobId);
    expect(forecastList.map((j: any) => j.JobId)).not.toContain(mine.PreviewJobId);
    expect(forecastList.every((j: any) => j.CreatedBy === forecastList[0].CreatedBy)).toBe(true);
    const item = forecastList.find((j: any) => j.JobId === theirs.PreviewJobId);
    expect(item).toMatchObject({
      QueueName: 'Upload Preview',
      JobStatus: 'Completed',
      FileName: 'forecast.xlsx',
      CreatedByName: expect.stringMatching(/\S+ \S+/),
    });
    expect(Date.parse(item.CreatedOn)).toBeGreaterThan(0);
    const adminList = (await get(admin, '/api/UploadQueue')).body.Results.map((j: any) => j.JobId);
    expect(adminList).toEqual(expect.arrayContaining([mine.PreviewJobId, theirs.PreviewJobId]));
    const other = await get(forecast, `/api/UploadQueue/Details?jobGuid=${mine.PreviewJobId}`);
    const missing = await get(forecast, '/api/UploadQueue/Details?jobGuid=999999');
    expect(other.status).toBe(404);
    expect(other.body).toEqual(missing.body);
    expect((await get(forecast, `/api/Upload/${mine.ImportId}`)).status).toBe(404);
    expect((await get(forecast, `/api/UploadQueue/Items?jobGuid=${mine.PreviewJobId}`)).status).toBe(404);
    expect((await post(forecast, `/api/Upload/${mine.ImportId}/Commit`)).status).toBe(404);
  });

  it("PERM-026: uploading needs the kind's permission (costing needs 15/2)", async () => {
    const wb = await gridExport(t, forecast, 'forecast', { BrandId: 1 });
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(await bytesOf(wb))]), 'x.xlsx');
    expect((await t.request('POST', '/api/Costing/UploadPrototypeCosting', { token: forecast, body: fd })).status).toBe(403);
  });
});

describe('cancel and resume by status (DECISIONS UQ-005)', () => {
  it('UQ-004/UQ-005: a queued commit is canceled, nothing is written; resumed, it writes every row once; a finished job cannot be canceled', async () => {
    const imp = await costingPreview(admin, 3, 'CR');
    const commit = await (await post(admin, `/api/Upload/${imp.ImportId}/Commit`)).json();
    const queued = (await get(admin, `/api/UploadQueue/Details?jobGuid=${commit.JobId}`)).body;
    expect(queued).toMatchObject({ JobStatus: 'Queued', CanCancel: true, CanResume: false, QueueName: 'Costing Upload' });
    // The status the user saw must still be the job's.
    expect((await post(admin, `/api/UploadQueue/Cancel?jobGuid=${commit.JobId}&currentStatus=Running`)).status).toBe(409);
    const cancel = await post(admin, `/api/UploadQueue/Cancel?jobGuid=${commit.JobId}&currentStatus=Queued`);
    expect(await cancel.json()).toMatchObject({ IsSuccessful: true, JobStatus: 'Canceled' });
    await t.ctx.jobs.drain();
    expect((await get(admin, `/api/UploadQueue/Details?jobGuid=${commit.JobId}`)).body).toMatchObject({
      JobStatus: 'Canceled',
      CanResume: true,
      CanCancel: false,
    });
    const [{ n }] = await t.ctx.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE field = 'OutsoleTechCode' AND newvalue LIKE 'CR-%'`);
    expect(n).toBe(0);
    expect((await post(admin, `/api/UploadQueue/Resume?jobGuid=${commit.JobId}&currentStatus=Canceled`)).status).toBe(200);
    await t.ctx.jobs.drain();
    await t.ctx.jobs.drain();
    const done = (await get(admin, `/api/UploadQueue/Details?jobGuid=${commit.JobId}`)).body;
    expect(done).toMatchObject({ JobStatus: 'Completed', CanCancel: false, CanResume: false });
    expect(done.Progress).toMatchObject({ Done: 3, Total: 3 });
    const audits = await t.ctx.db.query(
      `SELECT entityid, count(*)::int AS n FROM audit_log WHERE field = 'OutsoleTechCode' AND newvalue LIKE 'CR-%' GROUP BY entityid`,
    );
    expect(audits.length).toBe(3);
    expect(audits.every((a) => a.n === 1)).toBe(true);
    const again = await post(admin, `/api/UploadQueue/Cancel?jobGuid=${commit.JobId}&currentStatus=Completed`);
    expect(again.status).toBe(400);
    expect((await post(admin, `/api/UploadQueue/Resume?jobGuid=${commit.JobId}&currentStatus=Completed`)).status).toBe(400);
  });

  it('UQ-004: a record changed by someone else after the preview is a conflict for its row, never overwritten; the other rows are saved', async () => {
    const imp = await costingPreview(admin, 2, 'ST');
    const rows = await importRowsOf(t, admin, imp.ImportId, 'changed');
    const [first] = rows;
    const [rec] = await t.ctx.db.query('SELECT rowversion FROM prototype_seasonals WHERE prototypeseasonalid = $1', [first.Key]);
    const save = await t.request('POST', '/api/Grid/costing/Save', {
      token: admin,
      json: { rows: [{ Key: first.Key, RowVersion: rec.rowversion, Changes: { OutsoleTechCode: 'MEANWHILE' } }] },
    });
    expect((await save.json()).IsSuccessful).toBe(true);
    const job = await commitUpload(t, admin, imp.ImportId);
    expect(job.Counts).toMatchObject({ Saved: 1, Failed: 1 });
    const failed = await importRowsOf(t, admin, imp.ImportId, 'failed');
    expect(failed.map((r) => r.Key)).toEqual([first.Key]);
    expect(failed[0].Errors[0].Message).toMatch(/changed by .* after you opened it/);
    const [now] = await t.ctx.db.query('SELECT outsoletechcode FROM prototype_seasonals WHERE prototypeseasonalid = $1', [first.Key]);
    expect(now.outsoletechcode).toBe('MEANWHILE');
  });
});

describe('history search', () => {
  it('UQ-007/UQ-008: the history filters by job, queue, status and user, in pages of the chosen size', async () => {
    const imp = await costingPreview(admin, 1, 'H');
    const job = await commitUpload(t, admin, imp.ImportId);
    const by = async (q: string) => (await get(admin, `/api/UploadQueue/History?${q}`)).body;
    expect((await by(`jobGuid=${job.JobId}`)).Results.map((j: any) => j.JobId)).toEqual([job.JobId]);
    const queue = await by('queueName=costing%20upload&pageSize=250');
    expect(queue.Results.length).toBeGreaterThan(0);
    expect(queue.Results.every((j: any) => j.QueueName === 'Costing Upload')).toBe(true);
    const failed = await by('jobStatus=Canceled&pageSize=250');
    expect(failed.Results.every((j: any) => j.JobStatus === 'Canceled')).toBe(true);
    const mine = await by(`userId=${job.CreatedBy}&pageSize=25`);
    expect(mine.PageSize).toBe(25);
    expect(mine.Results.every((j: any) => j.CreatedBy === job.CreatedBy)).toBe(true);
    const defaults = await by('');
    expect(defaults.PageSize).toBe(50);
    expect((await get(admin, '/api/UploadQueue/History?pageSize=251')).status).toBe(400);
    expect((await get(admin, '/api/UploadQueue/History?jobStatus=Sleeping')).status).toBe(400);
    // Another user's history never shows the admin's jobs.
    const theirs = (await get(forecast, `/api/UploadQueue/History?jobGuid=${job.JobId}`)).body;
    expect(theirs.Results).toEqual([]);
  });

  it('UQ-009: the date filter runs from 00:00:00 of the start day to 23:59:59 of the end day; a start after the end is refused', async () => {
    const imp = await costingPreview(admin, 1, 'D');
    const [{ today, yesterday, tomorrow }] = await t.ctx.db.query(
      `SELECT to_char(createdat, 'MM/DD/YYYY') AS today, to_char(createdat - interval '1 day', 'MM/DD/YYYY') AS yesterday,
              to_char(createdat + interval '1 day', 'MM/DD/YYYY') AS tomorrow FROM jobs WHERE jobid = $1`,
      [imp.PreviewJobId],
    );
    const ids = async (q: string) => (await get(admin, `/api/UploadQueue/History?pageSize=250&${q}`)).body.Results.map((j: any) => j.JobId);
    expect(await ids(`dateStart=${today}&dateEnd=${today}`)).toContain(imp.PreviewJobId);
    expect(await ids(`dateStart=${tomorrow}`)).not.toContain(imp.PreviewJobId);
    expect(await ids(`dateEnd=${yesterday}`)).not.toContain(imp.PreviewJobId);
    const bad = await get(admin, `/api/UploadQueue/History?dateStart=${tomorrow}&dateEnd=${today}`);
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toBe('Select a Start date that ocurrs before the End date.');
    expect((await get(admin, '/api/UploadQueue/History?dateStart=02/31/2027')).status).toBe(400);
  });
});

describe('results of a finished upload', () => {
  it("UQ-003: the failed rows download as an .xlsx with the file's columns and an Error column, ready to fix and upload again", async () => {
    const wb = await gridExport(t, admin, 'costing', { BrandId: 1 });
    const ws = wb.worksheets[0];
    const at = headerIndex(ws);
    ws.getRow(2).getCell(at.get('Outsole Tech Code')!).value = 'FR-OK';
    ws.getRow(3).getCell(at.get('Est. Factory First Cost')!).value = 'twelve';
    ws.getRow(4).getCell(at.get('Stock Number')!).value = 'NOPE-404';
    const imp = await previewUpload(t, admin, '/api/Costing/UploadPrototypeCosting', await bytesOf(wb), 'fix me.xlsx');
    const job = await commitUpload(t, admin, imp.ImportId);
    const res = await t.request('GET', `/api/UploadQueue/FailedRows?jobGuid=${job.JobId}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('fix_me-FailedRows.xlsx');
    const failed = (await readWorkbook(await res.arrayBuffer())).worksheets[0];
    const heads = [...headerIndex(failed).keys()];
    expect(heads).toEqual(expect.arrayContaining(['Stock Number', 'Est. Factory First Cost', 'Error']));
    expect(failed.actualRowCount).toBe(3);
    const errors = [2, 3].map((n) => String(failed.getRow(n).getCell(headerIndex(failed).get('Error')!).value));
    expect(errors.join('\n')).toMatch(/Must be a number/);
    expect(errors.join('\n')).toMatch(/NOPE-404 was not found/);
    // Uploaded again as it is, the same rows are refused again (the Error column is ignored).
    const again = await previewUpload(
      t,
      admin,
      '/api/Costing/UploadPrototypeCosting',
      new Uint8Array(Buffer.from(await (await t.request('GET', `/api/UploadQueue/FailedRows?jobGuid=${job.JobId}`, { token: admin })).arrayBuffer())),
      'again.xlsx',
    );
    expect(again.Status).toBe('Previewed');
    expect(again.Counts.Refused + again.Counts.Unknown).toBe(2);
    // Only the uploader downloads their failed rows.
    expect((await t.request('GET', `/api/UploadQueue/FailedRows?jobGuid=${job.JobId}`, { token: costing })).status).toBe(404);
  });

  it('UQ-010: the uploader gets a mail with the counts and a link to the job when the commit finishes', async () => {
    const imp = await costingPreview(admin, 2, 'M');
    const job = await commitUpload(t, admin, imp.ImportId);
    const outbox = path.join(t.dataDir, 'outbox');
    const mails = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
    const mail = mails.find((m) => m.includes(`/upload-queue/${job.JobId}`));
    expect(mail, 'a mail links the job').toBeTruthy();
    expect(mail).toMatch(/To: admin@example\.com/i);
    expect(mail).toMatch(/Rows saved: 2/);
  });
});
