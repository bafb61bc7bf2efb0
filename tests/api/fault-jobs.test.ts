/**
 * Issue 29 fault test: kill -9 of the server during each kind of job of the queue: an upload's dry
 * run ('Upload Preview', also an undo's), an upload's commit (the kind's queue, here 'Costing
 * Upload'; an undo's commit too) and the mail. The real server (a child process) holds a job where
 * the seam PLM_FAULT_HOLD says (server/core/jobs/queue.ts: right after its claim, or after its work
 * but before it is marked Completed, the worst moment for a job that must not run twice) and is
 * killed there with SIGKILL; the next start finds each job and takes it up again: it completes,
 * nothing is written twice (one audit entry per record and value, one "finished" mail per commit),
 * nothing is left Running. Mid-batch kills of a commit are issue 13's import-crash.test.ts.
 *
 * Embedded database (a data folder from the test template): a start gives back every Running job.
 * With DATABASE_URL (CI's PostgreSQL pass) on a fresh database there: a Running job is taken to be
 * a live process's until its lockedat is 10 minutes old, so the test sets lockedat 11 minutes back
 * after the restart (standing for those minutes) and the live server's idle check takes it up.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Db } from '../../server/core/db/client';
import { freshPostgres } from '../helpers/test-app';
import { startRealServer, unpackTemplate, type RealServer } from '../helpers/real-server';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MARK = 'KILL9-';
const PG_URL = process.env.DATABASE_URL || undefined;

let dataDir: string;
let pg: Awaited<ReturnType<typeof freshPostgres>> | undefined;
let server: RealServer | undefined;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plm-fault-jobs-'));
  if (PG_URL) {
    pg = await freshPostgres(PG_URL);
  } else {
    await unpackTemplate(dataDir);
  }
}, 120_000);

afterAll(async () => {
  await server?.stop('SIGTERM');
  await pg?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The database, opened here (the embedded one only while no server runs). */
async function withDb<T>(work: (db: Db) => Promise<T>): Promise<T> {
  if (pg) return work(pg.db);
  const db = await openPglite(path.join(dataDir, 'db'));
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** Starts the server, holding the first job of `hold` (`queue:point`) when given; on PostgreSQL, ages the Running jobs a killed process left. */
async function start(hold?: string) {
  server = await startRealServer(dataDir, { PLM_FAULT_HOLD: hold ?? '', ...(pg ? { DATABASE_URL: pg.url } : {}) });
  if (pg) await pg.db.query(`UPDATE jobs SET lockedat = now() - interval '11 minutes' WHERE status = 'Running'`);
  return server;
}

/** Waits for the held job's line in the server's output and kills the server there (SIGKILL); answers the job's id. */
async function killWhenHeld(queue: string, point: string) {
  const s = server!;
  const line = new RegExp(`fault hold: job (\\d+) \\(${queue}\\) ${point}`);
  const until = Date.now() + 60_000;
  while (!line.test(s.log())) {
    if (Date.now() > until || s.child.exitCode !== null) throw new Error(`no held ${queue} job: ${s.log().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  await s.stop('SIGKILL');
  return Number(line.exec(s.log())![1]);
}

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(v)}\n${server?.log().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const jobOf = async (db: Db, jobId: number) =>
  (await db.query<{ status: string; attempts: number; queue: string }>('SELECT status, attempts, queue FROM jobs WHERE jobid = $1', [jobId]))[0];

describe('issue 29: kill -9 during each kind of job', () => {
  it('dry run, commit, undo and mail killed mid-job: each taken up again on restart, completed once, nothing left Running', async () => {
    // 1. An upload's dry run, killed right after its claim.
    let s = await start('Upload Preview:claimed');
    let token = await s.signIn('admin');
    const exported = await s.call(token, 'POST', '/api/Grid/costing/Export', { BrandId: 1 });
    expect(exported.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await exported.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0];
    const col = (ws.getRow(1).values as string[]).indexOf('Outsole Tech Code');
    for (let n = 2; n <= ws.rowCount; n++) ws.getRow(n).getCell(col).value = `${MARK}${n}`;
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(await wb.xlsx.writeBuffer())], { type: XLSX }), 'kill9.xlsx');
    const up = await s.call(token, 'POST', '/api/Costing/UploadPrototypeCosting', fd);
    expect(up.status).toBe(202);
    const { ImportId, PreviewJobId } = await up.json();
    expect(await killWhenHeld('Upload Preview', 'claimed')).toBe(PreviewJobId);
    expect(await withDb((db) => jobOf(db, PreviewJobId))).toMatchObject({ status: 'Running', attempts: 1 });

    // 2. Restarted: the dry run is taken up again and finishes. Its commit is killed after its work, before it is marked Completed.
    s = await start('Costing Upload:done');
    token = await s.signIn('admin');
    const upload = () => s.call(token, 'GET', `/api/Upload/${ImportId}`).then((r) => r.json());
    const previewed = await waitFor(upload, (i) => i.Status !== 'Previewing');
    expect(previewed.Status, JSON.stringify(previewed)).toBe('Previewed');
    const changed = previewed.Counts.Changed as number;
    expect(changed).toBeGreaterThan(10);
    const { JobId: commitJob } = await (await s.call(token, 'POST', `/api/Upload/${ImportId}/Commit`)).json();
    expect(await killWhenHeld('Costing Upload', 'done')).toBe(commitJob);
    const written = await withDb(async (db) => ({
      job: await jobOf(db, commitJob),
      records: (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM colorway_view WHERE outsoletechcode LIKE $1`, [`${MARK}%`]))[0].n,
    }));
    // Killed with every row written and the job still Running: the work is done, the job is not.
    expect(written).toEqual({ job: { status: 'Running', attempts: 1, queue: 'Costing Upload' }, records: changed });

    // 3. Restarted: the commit is taken up again and completes without writing (or mailing) again. The undo's commit is killed right after its claim.
    s = await start('Costing Upload:claimed');
    token = await s.signIn('admin');
    const details = (jobId: number) => s.call(token, 'GET', `/api/UploadQueue/Details?jobGuid=${jobId}`).then((r) => r.json());
    const ended = (j: { JobStatus: string; Counts?: { Saved: number }; LastError?: string }) => ['Completed', 'Failed', 'Canceled'].includes(j.JobStatus);
    const committed = await waitFor(() => details(commitJob), ended);
    expect([committed.JobStatus, committed.Counts?.Saved, committed.LastError ?? null], JSON.stringify(committed)).toEqual(['Completed', changed, null]);
    const undo = await (await s.call(token, 'POST', `/api/Upload/${ImportId}/Undo`)).json();
    const undoPreview = await waitFor(
      () => s.call(token, 'GET', `/api/Upload/${undo.ImportId}`).then((r) => r.json()),
      (i) => i.Status !== 'Previewing',
    );
    expect(undoPreview.Counts.Changed).toBe(changed);
    const { JobId: undoJob } = await (await s.call(token, 'POST', `/api/Upload/${undo.ImportId}/Commit`)).json();
    expect(await killWhenHeld('Costing Upload', 'claimed')).toBe(undoJob);

    // 4. Restarted: the undo's commit runs from its start and completes. A mail is killed after it was written, before it is marked Completed.
    s = await start('mail:done');
    token = await s.signIn('admin');
    const undone = await waitFor(() => details(undoJob), ended);
    expect([undone.JobStatus, undone.Counts?.Saved], JSON.stringify(undone)).toEqual(['Completed', changed]);
    const mailJob = await killWhenHeld('mail', 'done');

    // 5. Restarted: the mail job is taken up again and writes its mail again (the outbox holds what a mail server would
    // have received: mail is sent at least once, never lost). Nothing is left Running or Queued, and nothing was written twice.
    const finished = () =>
      (fs.existsSync(path.join(dataDir, 'outbox')) ? fs.readdirSync(path.join(dataDir, 'outbox')) : []).filter((f) =>
        fs.readFileSync(path.join(dataDir, 'outbox', f), 'utf8').includes('Costing Upload finished'),
      ).length;
    const before = finished();
    s = await start();
    await waitFor(
      async () => finished(),
      (n) => n > before,
    );
    await s.stop('SIGTERM');
    expect(finished()).toBe(before + 1);
    await withDb(async (db) => {
      expect(await jobOf(db, mailJob)).toMatchObject({ status: 'Completed', attempts: 2 });
      expect(await db.query(`SELECT jobid, queue, status FROM jobs WHERE status IN ('Running', 'Queued')`)).toEqual([]);
      // One "finished" mail per commit (the upload's and its undo's), though the upload's commit ran twice.
      const mails = await db.query<{ subject: string }>(
        `SELECT payload->>'subject' AS subject FROM jobs WHERE queue = 'mail' AND payload->>'subject' LIKE 'Costing Upload finished:%' ORDER BY 1`,
      );
      expect(mails.map((m) => m.subject)).toEqual(['Costing Upload finished: Undo of kill9.xlsx', 'Costing Upload finished: kill9.xlsx']);
      // Each record written once by the upload and once back by its undo; none keeps the upload's value.
      const audits = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_log WHERE entity = 'colorway' AND field = 'OutsoleTechCode' AND newvalue LIKE $1 GROUP BY entityid`,
        [`${MARK}%`],
      );
      expect([audits.length, audits.every((a) => a.n === 1)]).toEqual([changed, true]);
      expect((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM colorway_view WHERE outsoletechcode LIKE $1`, [`${MARK}%`]))[0].n).toBe(0);
    });
  }, 240_000);
});
