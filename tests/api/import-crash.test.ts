/**
 * Issue 13 crash test (UQ-005, ADR 004/018): the real server process (`node --import tsx server/main.ts`,
 * one process, so SIGKILL reaches the server itself) on the embedded database from the seeded test
 * template plus 8,000 generated colorways (fixtures/large.ts into this test's own data folder). The
 * admin uploads the costing grid's export with a unique Outsole Tech Code on 5,000 rows (those a first
 * dry run shows the rules accept: the other generated statuses are read-only), previews and commits it, and the server is killed (SIGKILL) while the commit job is between its first and last
 * batch. Before the restart the data folder's database is opened here: the records written are
 * exactly the rows marked 'saved', whole batches only, and the job's progress names the last saved
 * row. After the restart on the same DATA_DIR the job is back in the queue (the embedded database
 * belongs to one process, so the queue gives its Running jobs back at start), finishes on its own
 * (or through Resume when it had failed), and every row is written exactly once (one audit entry per
 * record for the new value).
 *
 * With DATABASE_URL set (CI's PostgreSQL pass) the same runs on a fresh PostgreSQL database (demo data
 * seeded by fixtures/large.ts), where the restart differs by design: on a shared PostgreSQL a Running job
 * is left to the process that may still own it until its lockedat is 10 minutes old (server/core/jobs/queue.ts
 * start()), so after the restart the job stays Running and does not move; the user's way back is Cancel
 * then Resume (DECISIONS UQ-005), which goes on after the last committed row.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Db } from '../../server/core/db/client';
import { COMMIT_BATCH } from '../../server/core/imports/commit';
import { freshPostgres, DEMO_PASSWORD } from '../helpers/test-app';
import { unpackTemplate } from '../helpers/real-server';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ROWS = 5000;
/** Colorways generated: enough for 5,000 in statuses the costing grid may change. */
const GENERATED = 8000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MARK = 'UQ5-';

let child: ChildProcess | undefined;
let port: number;
let dataDir: string;
let log = '';
let brandId: number;
/** CI's PostgreSQL pass: a fresh database there instead of the embedded one. */
const PG_URL = process.env.DATABASE_URL || undefined;
let pg: Awaited<ReturnType<typeof freshPostgres>> | undefined;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net
      .createServer()
      .listen(0, '127.0.0.1', () => {
        const { port: p } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(p));
      })
      .on('error', reject);
  });

const url = (route: string) => `http://127.0.0.1:${port}${route}`;

async function startServer() {
  log = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SKIP_WEB_BUILD: 'true', DATABASE_URL: pg?.url ?? '', VITEST: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  proc.stdout!.on('data', (d) => (log += d));
  proc.stderr!.on('data', (d) => (log += d));
  const until = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(url('/api/health'), { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      /* not up yet */
    }
    if (proc.exitCode !== null || Date.now() > until) throw new Error(`the server did not start (exit ${proc.exitCode}): ${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stopServer(signal: NodeJS.Signals) {
  const proc = child;
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill(signal);
  await exited;
}

/** The test's database, opened here (the embedded one only while the server is down). */
async function withDb<T>(work: (db: Db) => Promise<T>): Promise<T> {
  if (pg) return work(pg.db);
  const db = await openPglite(path.join(dataDir, 'db'));
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plm-import-crash-'));
  if (PG_URL) {
    pg = await freshPostgres(PG_URL);
  } else {
    await unpackTemplate(dataDir);
  }
  // 8,000 more colorways in a brand and season of their own, in this test's own database only (demo data seeded first on PostgreSQL).
  const gen = spawnSync(process.execPath, ['--import', 'tsx', 'fixtures/large.ts', '--colorways', String(GENERATED), '--brands', '1', '--seasons', '1'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: pg?.url ?? '' },
    encoding: 'utf8',
  });
  if (gen.status !== 0) throw new Error(`fixtures/large.ts failed: ${gen.stdout}${gen.stderr}`);
  await withDb(async (db) => {
    [{ brandId }] = await db.query<{ brandId: number }>('SELECT max(brandid) AS "brandId" FROM brands');
    await db.query(`INSERT INTO user_brands (userid, brandid) SELECT userid, $1 FROM users WHERE username = 'admin@example.com' ON CONFLICT DO NOTHING`, [
      brandId,
    ]);
  });
  port = await freePort();
  await startServer();
}, 150_000);

afterAll(async () => {
  await stopServer('SIGTERM');
  await pg?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function call(token: string, method: string, route: string, body?: BodyInit | object) {
  const json = body !== undefined && !(body instanceof FormData);
  const res = await fetch(url(route), {
    method,
    headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(body) : (body as BodyInit | undefined),
  });
  return res;
}

async function signIn() {
  const res = await fetch(url('/api/token'), {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', username: 'admin@example.com', password: DEMO_PASSWORD }),
  });
  return (await res.json()).access_token as string;
}

/** Polls `read` until `done` holds for its answer (every `everyMs`), at most `timeoutMs`. */
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs: number, everyMs = 100): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(v)}\n${log.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** What the database holds: the saved rows of the import, the records carrying the new values, the job's progress, the audit. */
async function written(importId: number, jobId: number) {
  return withDb(async (db) => {
    const saved = await db.query<{ rownumber: number; recordkey: number; value: string }>(
      `SELECT rownumber, recordkey, changes->>'OutsoleTechCode' AS value FROM import_rows WHERE importid = $1 AND outcome = 'saved' ORDER BY rownumber`,
      [importId],
    );
    const changed = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM import_rows WHERE importid = $1 AND outcome = 'changed'`, [importId]);
    const records = await db.query<{ id: number; value: string }>(
      `SELECT prototypeseasonalid AS id, outsoletechcode AS value FROM colorway_view WHERE outsoletechcode LIKE $1 ORDER BY 1`,
      [`${MARK}%`],
    );
    const [job] = await db.query<{ status: string; attempts: number; progress: { LastRow?: number; Done?: number; Total?: number } }>(
      'SELECT status, attempts, progress FROM jobs WHERE jobid = $1',
      [jobId],
    );
    const audits = await db.query<{ id: number; n: number }>(
      `SELECT entityid::int AS id, count(*)::int AS n FROM audit_log WHERE entity = 'colorway' AND field = 'OutsoleTechCode' AND newvalue LIKE $1 GROUP BY 1`,
      [`${MARK}%`],
    );
    return { saved, changed: changed[0].n, records, job, audits };
  });
}

/** Uploads the workbook as the costing upload and waits for its dry run. */
async function preview(token: string, wb: ExcelJS.Workbook) {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(await wb.xlsx.writeBuffer())], { type: XLSX }), 'costing-crash.xlsx');
  const up = await call(token, 'POST', '/api/Costing/UploadPrototypeCosting', fd);
  const { ImportId } = await up.json();
  expect(up.status).toBe(202);
  const imp = await until(
    async () => (await call(token, 'GET', `/api/Upload/${ImportId}`)).json(),
    (i) => i.Status !== 'Previewing',
    60_000,
  );
  expect(imp.Status, JSON.stringify(imp)).toBe('Previewed');
  return imp;
}

describe('issue 13: an import commit and a server crash', () => {
  it('UQ-005: a commit killed mid-way resumes after its last committed row: every row written once, no batch half-written', async () => {
    let token = await signIn();
    // The costing grid's export of the generated brand, the Outsole Tech Code changed as a user would in Excel.
    const exported = await call(token, 'POST', '/api/Grid/costing/Export', { BrandId: brandId });
    expect(exported.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await exported.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0];
    const heads = new Map((ws.getRow(1).values as string[]).map((h, i) => [h, i] as [string, number]).filter(([h]) => h));
    const col = heads.get('Outsole Tech Code')!;
    const original = new Map<number, ExcelJS.CellValue>();
    for (let n = 2; n <= ws.rowCount; n++) original.set(n, ws.getRow(n).getCell(col).value);
    const mark = (rows: Iterable<number>) => {
      for (const [n, v] of original) ws.getRow(n).getCell(col).value = v;
      for (const n of rows) ws.getRow(n).getCell(col).value = `${MARK}${n}`;
    };
    // Some generated colorways are in statuses the costing grid may not change: a first dry run with every row
    // changed tells which rows the rules accept; the file committed changes the first 5,000 of them only.
    mark(original.keys());
    const first = await preview(token, wb);
    expect(first.Counts.Changed).toBeGreaterThanOrEqual(ROWS);
    const accepted: number[] = [];
    for (let page = 1; accepted.length < ROWS; page++) {
      const rows = (await (await call(token, 'GET', `/api/Upload/${first.ImportId}/Rows?outcome=changed&pageNumber=${page}&pageSize=1000`)).json()).Results;
      expect(rows.length).toBeGreaterThan(0);
      accepted.push(...rows.map((r: { RowNumber: number }) => r.RowNumber));
    }
    expect((await call(token, 'POST', `/api/Upload/${first.ImportId}/Discard`)).status).toBe(200);
    mark(accepted.slice(0, ROWS));
    const imp = await preview(token, wb);
    expect(imp.Counts.Changed).toBe(ROWS);
    const { ImportId } = imp;

    const commit = await call(token, 'POST', `/api/Upload/${ImportId}/Commit`);
    expect(commit.status).toBe(200);
    const { JobId } = await commit.json();
    // Killed while the job is past its first batch and short of its last.
    const mid = await until(
      async () => (await call(token, 'GET', `/api/UploadQueue/Details?jobGuid=${JobId}`)).json(),
      (j) => ['Completed', 'Failed', 'Canceled'].includes(j.JobStatus) || (j.Progress?.Done > 0 && j.Progress.Done < j.Progress.Total),
      60_000,
      10,
    );
    expect(mid.JobStatus, JSON.stringify(mid)).toBe('Running');
    await stopServer('SIGKILL');

    // The database as the crash left it: whole batches only, each with its outcomes and the job's progress.
    const after = await written(ImportId, JobId);
    expect(after.job.status).toBe('Running');
    expect(after.saved.length).toBeGreaterThan(0);
    expect(after.saved.length).toBeLessThan(ROWS);
    expect(after.saved.length % COMMIT_BATCH).toBe(0);
    expect(after.saved.length + after.changed).toBe(ROWS);
    expect(after.records.map((r) => [r.id, r.value])).toEqual(after.saved.map((s) => [s.recordkey, s.value]).sort((a, b) => Number(a[0]) - Number(b[0])));
    expect(after.job.progress.LastRow).toBe(after.saved[after.saved.length - 1].rownumber);
    expect(after.job.progress.Done).toBe(after.saved.length);
    expect(after.audits.length).toBe(after.saved.length);

    // Restarted on the same data folder and database.
    await startServer();
    token = await signIn();
    const details = async () => (await call(token, 'GET', `/api/UploadQueue/Details?jobGuid=${JobId}`)).json();
    const ended = (j: any) => ['Completed', 'Failed', 'Canceled'].includes(j.JobStatus);
    let job: any;
    if (pg) {
      // PostgreSQL: the job may be another live process's, so it stays Running untouched until the user cancels and resumes it.
      await new Promise((r) => setTimeout(r, 2500));
      const left = await details();
      expect(left.JobStatus).toBe('Running');
      expect(left.Progress.Done).toBe(after.saved.length);
      expect(left.CanCancel).toBe(true);
      const canceled = await call(token, 'POST', `/api/UploadQueue/Cancel?jobGuid=${JobId}&currentStatus=Running`);
      expect(canceled.status).toBe(200);
      const resumed = await call(token, 'POST', `/api/UploadQueue/Resume?jobGuid=${JobId}&currentStatus=Canceled`);
      expect((await resumed.json()).JobStatus).toBe('Queued');
      job = await until(details, ended, 90_000);
    } else {
      // Embedded: the job is back in the queue at start and goes on by itself after its last committed row.
      const back = await details();
      expect(['Queued', 'Running', 'Completed', 'Failed']).toContain(back.JobStatus);
      job = await until(details, ended, 90_000);
      if (job.JobStatus !== 'Completed') {
        const resumed = await call(token, 'POST', `/api/UploadQueue/Resume?jobGuid=${JobId}&currentStatus=${job.JobStatus}`);
        expect(resumed.status, job.LastError).toBe(200);
        job = await until(details, (j) => j.JobStatus === 'Completed' || j.JobStatus === 'Failed', 90_000);
      }
    }
    expect(job.JobStatus, JSON.stringify(job)).toBe('Completed');
    expect(job.Counts.Saved).toBe(ROWS);
    expect(job.Progress.Done).toBe(ROWS);

    await stopServer('SIGTERM');
    const end = await written(ImportId, JobId);
    expect(end.saved.length).toBe(ROWS);
    expect(end.changed).toBe(0);
    expect(end.records.length).toBe(ROWS);
    expect(end.records.map((r) => [r.id, r.value])).toEqual(end.saved.map((s) => [s.recordkey, s.value]).sort((a, b) => Number(a[0]) - Number(b[0])));
    // Every row written exactly once: one audit entry per record for its new value.
    expect(end.audits.length).toBe(ROWS);
    expect(end.audits.every((a) => a.n === 1)).toBe(true);
    // Embedded: taken up again after the restart (a Resume starts the count anew, as on PostgreSQL).
    if (!pg) expect(end.job.attempts).toBeGreaterThan(after.job.attempts);
  }, 170_000);
});
