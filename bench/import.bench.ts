/**
 * Excel import end to end (issue 13), against the real server over HTTP, on the large fixture
 * (100,000 colorways: 2 brands × 5 seasons, so 50,000 per brand and 10,000 per brand and season):
 * - the costing grid's export of one brand (50,000 rows, every grid column), changed as a user would in
 *   Excel on every row the colorway rules let change (statuses 1 and 2, a factory in status 2: CW-020/022)
 *   in five editable columns, uploaded by the admin: upload → dry run done ('Previewed'), then
 *   Commit → job 'Completed', then its undo (issue 28, ADR 033): Undo → 'Previewed' → Commit → 'Completed';
 *   server RSS growth (VmRSS every 100 ms, peak against before the upload) and `GET /api/health` probed
 *   every 25 ms through each (longest wait);
 * - the export of one brand and season (10,000 rows) saved as legacy .xls by LibreOffice and uploaded:
 *   upload → 'Previewed' (the .xls read and previewed);
 * on the embedded database, then the 50,000-row import on a PostgreSQL server started here.
 * BENCH_IMPORT_COLORWAYS=2000 runs it small (printed, not recorded) to prove it works on a loaded machine.
 * BENCH_IMPORT_DATA: a data folder to keep (and reuse) between runs instead of generating the fixture
 * each time (embedded database only; every run changes values anew, so a reused folder still changes
 * every row it writes).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { openDb } from '../server/core/db/client';
import { COMMIT_BATCH } from '../server/core/imports/commit';
import { PREVIEW_BATCH } from '../server/core/imports/preview';
import { startPostgres } from './lib/postgres';
import { loadavg, writeSection } from './lib/results';
import { rssMiB, startServer, type RunningServer } from './lib/server';

/** BENCH_IMPORT_COLORWAYS: a smaller fixture to prove the bench runs (its results are printed, not recorded). */
const COLORWAYS = Number(process.env.BENCH_IMPORT_COLORWAYS ?? 100_000);
const SMALL = COLORWAYS !== 100_000;
const PASSWORD = 'Demo!2026pass';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const fmt = (ms: number) => `${Math.round(ms).toLocaleString('en-US')} ms`;
const num = (n: number) => n.toLocaleString('en-US');

interface Pick {
  brandid: number;
  seasonid: number;
  brandRows: number;
  seasonRows: number;
  editable: string[];
}

/** The large fixture in the database of `env` (unless there already); admin on every brand; the brand and season to export. */
async function prepare(env: Record<string, string>): Promise<Pick> {
  const kept = !env.DATABASE_URL && fs.existsSync(path.join(env.DATA_DIR, 'db'));
  if (!kept) {
    const gen = spawnSync(process.execPath, ['--import', 'tsx', 'fixtures/large.ts', '--colorways', String(COLORWAYS), '--brands', '2', '--seasons', '5'], {
      env: { ...process.env, DATABASE_URL: '', ...env },
      stdio: 'inherit',
    });
    if (gen.status !== 0) throw new Error('fixtures:large failed');
  }
  const db = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : path.join(env.DATA_DIR, 'db') });
  try {
    await db.query(`INSERT INTO user_brands (userid, brandid) SELECT u.userid, b.brandid FROM users u CROSS JOIN brands b
      WHERE u.username = 'admin@example.com' ON CONFLICT DO NOTHING`);
    const [brand] = await db.query<{ brandid: number; n: number }>(
      `SELECT p.brandid, count(*)::int AS n FROM prototype_seasonals ps JOIN prototypes p ON p.prototypeid = ps.prototypeid
        WHERE NOT ps.isdeleted GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
    );
    const [season] = await db.query<{ seasonid: number; n: number }>(
      `SELECT ps.seasonid, count(*)::int AS n FROM prototype_seasonals ps JOIN prototypes p ON p.prototypeid = ps.prototypeid
        WHERE NOT ps.isdeleted AND p.brandid = $1 GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
      [brand.brandid],
    );
    // The statuses in which the colorway's costing may change (CW rules: 3..7 are read-only).
    const editable = (await db.query<{ statusname: string }>('SELECT statusname FROM statuses WHERE statusid IN (1, 2) ORDER BY statusid')).map(
      (s) => s.statusname,
    );
    return { brandid: brand.brandid, seasonid: season.seasonid, brandRows: brand.n, seasonRows: season.n, editable };
  } finally {
    await db.close();
  }
}

async function token(server: RunningServer) {
  const form = new URLSearchParams({ grant_type: 'password', username: 'admin@example.com', password: PASSWORD });
  return (await (await fetch(`${server.url}/api/token`, { method: 'POST', body: form })).json()).access_token as string;
}

async function call(server: RunningServer, bearer: string, method: string, route: string, body?: object | FormData) {
  const json = body !== undefined && !(body instanceof FormData);
  const res = await fetch(`${server.url}${route}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(body) : (body as FormData | undefined),
  });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return res;
}

/**
 * The costing export of `criteria`, changed on every row the rules let change: Outsole Tech Code,
 * Est. Factory First Cost, Factory First Cost, Wholesale and Retail price (new values each run).
 */
async function changedExport(server: RunningServer, bearer: string, criteria: object, pick: Pick) {
  const res = await call(server, bearer, 'POST', '/api/Grid/costing/Export', { ...criteria, sortColumn: 'StockNum', sortDirection: 'ASC' });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
  const ws = wb.worksheets[0];
  const at = new Map((ws.getRow(1).values as string[]).map((h, i) => [h, i] as [string, number]).filter(([h]) => h));
  const col = (title: string) => {
    const c = at.get(title);
    if (!c) throw new Error(`no column ${title} in the export`);
    return c;
  };
  const [status, factory, tech, est, ffc, ws$, retail] = [
    'Status Name',
    'Factory',
    'Outsole Tech Code',
    'Est. Factory First Cost',
    'Factory First Cost',
    'Wholesale Price',
    'Retail Price',
  ].map(col);
  const run = Date.now() % 100_000;
  let changed = 0;
  for (let n = 2; n <= ws.rowCount; n++) {
    const row = ws.getRow(n);
    const st = String(row.getCell(status).value ?? '');
    if (!pick.editable.includes(st) || (st === pick.editable[1] && !row.getCell(factory).value)) continue;
    const k = (n * 7 + run) % 900;
    row.getCell(tech).value = `B${run}-${n}`;
    row.getCell(est).value = 11 + k / 10;
    row.getCell(ffc).value = 10 + k / 10;
    row.getCell(ws$).value = 40 + (k % 50);
    row.getCell(retail).value = 80 + (k % 50);
    changed++;
  }
  return { wb, rows: ws.actualRowCount - 1, columns: at.size, changed };
}

/** Samples the server's RSS every 100 ms and probes /api/health every 25 ms until `stop`. */
function watch(server: RunningServer) {
  const rss0 = rssMiB(server.pid);
  let peak = rss0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(server.pid));
  }, 100);
  const probes: number[] = [];
  let on = true;
  const prober = (async () => {
    while (on) {
      const t0 = performance.now();
      await (await fetch(`${server.url}/api/health`)).arrayBuffer();
      probes.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  return {
    async stop() {
      on = false;
      clearInterval(sampler);
      await prober;
      probes.sort((a, b) => a - b);
      return { rss0, growth: peak - rss0, probes: probes.length, p95: probes[Math.floor(probes.length * 0.95)] ?? 0, max: probes[probes.length - 1] ?? 0 };
    },
  };
}

/** Polls `read` every 50 ms until `done`. */
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 600_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(v).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Upload sent → import 'Previewed', watched. */
async function previewFile(server: RunningServer, bearer: string, data: Buffer, name: string) {
  const w = watch(server);
  const t0 = performance.now();
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(data)], { type: XLSX }), name);
  const { ImportId } = await (await call(server, bearer, 'POST', '/api/Costing/UploadPrototypeCosting', fd)).json();
  const imp = await until(
    async () => (await call(server, bearer, 'GET', `/api/Upload/${ImportId}`)).json(),
    (i) => i.Status !== 'Previewing',
  );
  const ms = performance.now() - t0;
  const watched = await w.stop();
  if (imp.Status !== 'Previewed') throw new Error(`${name}: ${imp.Status} ${imp.Message} ${JSON.stringify(imp.Errors).slice(0, 300)}`);
  return { imp, ms, watched };
}

/** Commit sent → job 'Completed', watched. */
async function commitImport(server: RunningServer, bearer: string, importId: number) {
  const w = watch(server);
  const t0 = performance.now();
  const { JobId } = await (await call(server, bearer, 'POST', `/api/Upload/${importId}/Commit`)).json();
  const job = await until(
    async () => (await call(server, bearer, 'GET', `/api/UploadQueue/Details?jobGuid=${JobId}`)).json(),
    (j) => ['Completed', 'Failed', 'Canceled'].includes(j.JobStatus),
  );
  const ms = performance.now() - t0;
  const watched = await w.stop();
  if (job.JobStatus !== 'Completed') throw new Error(`commit ${JobId}: ${job.JobStatus} ${job.LastError}`);
  return { job, ms, watched };
}

/** Undo sent (issue 28, ADR 033) → the undo's import 'Previewed', watched. */
async function previewUndo(server: RunningServer, bearer: string, importId: number) {
  const w = watch(server);
  const t0 = performance.now();
  const { ImportId } = await (await call(server, bearer, 'POST', `/api/Upload/${importId}/Undo`)).json();
  const imp = await until(
    async () => (await call(server, bearer, 'GET', `/api/Upload/${ImportId}`)).json(),
    (i) => i.Status !== 'Previewing',
  );
  const ms = performance.now() - t0;
  const watched = await w.stop();
  if (imp.Status !== 'Previewed') throw new Error(`undo of ${importId}: ${imp.Status} ${imp.Message}`);
  return { imp, ms, watched };
}

/** An .xlsx saved as .xls (BIFF8) by LibreOffice, with a private profile. */
function toXls(xlsx: Buffer): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plm-bench-xls-'));
  try {
    fs.writeFileSync(path.join(dir, 'costing.xlsx'), xlsx);
    execFileSync(
      'soffice',
      [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'xls:MS Excel 97', '--outdir', dir, path.join(dir, 'costing.xlsx')],
      { stdio: 'ignore', timeout: 180_000 },
    );
    return fs.readFileSync(path.join(dir, 'costing.xls'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

async function measure(label: string, env: Record<string, string>, withXls: boolean) {
  const pick = await prepare(env);
  const server = await startServer(env, env.DATA_DIR);
  try {
    const bearer = await token(server);
    const big = await changedExport(server, bearer, { BrandId: pick.brandid }, pick);
    const xlsx = Buffer.from(await big.wb.xlsx.writeBuffer());
    const pre = await previewFile(server, bearer, xlsx, 'costing-50k.xlsx');
    const com = await commitImport(server, bearer, pre.imp.ImportId);
    const undo = await previewUndo(server, bearer, pre.imp.ImportId);
    const undone = await commitImport(server, bearer, undo.imp.ImportId);
    const rss0 = pre.watched.rss0;
    const growth = Math.max(rss0 + pre.watched.growth, com.watched.rss0 + com.watched.growth) - rss0;
    const undoGrowth = Math.max(undo.watched.rss0 + undo.watched.growth, undone.watched.rss0 + undone.watched.growth) - rss0;
    const lines = [
      `| ${label} | .xlsx ${mb(xlsx.length)}, ${num(big.rows)} rows × ${big.columns} columns, ${num(big.changed)} rows changed (5 cells each) | ` +
        `**${fmt(pre.ms)}** | **${fmt(com.ms)}** (${num(com.job.Counts.Saved)} saved, ${num(com.job.Counts.Failed)} failed) | ` +
        `**${growth.toFixed(0)} MB** (from ${rss0.toFixed(0)} MB; preview +${pre.watched.growth.toFixed(0)}, commit +${com.watched.growth.toFixed(0)}) | ` +
        `preview ${pre.watched.max.toFixed(0)} ms (p95 ${pre.watched.p95.toFixed(0)}, ${pre.watched.probes}), commit ${com.watched.max.toFixed(0)} ms (p95 ${com.watched.p95.toFixed(0)}, ${com.watched.probes}) |`,
      `| ${label} | its undo (Undo this upload: ${num(undo.imp.Counts.Changed)} rows to restore) | **${fmt(undo.ms)}** | **${fmt(undone.ms)}** (${num(undone.job.Counts.Saved)} saved, ${num(undone.job.Counts.Failed)} failed) | ` +
        `**${undoGrowth.toFixed(0)} MB** (from ${rss0.toFixed(0)} MB; undo preview +${undo.watched.growth.toFixed(0)}, commit +${undone.watched.growth.toFixed(0)}) | ` +
        `preview ${undo.watched.max.toFixed(0)} ms (p95 ${undo.watched.p95.toFixed(0)}, ${undo.watched.probes}), commit ${undone.watched.max.toFixed(0)} ms (p95 ${undone.watched.p95.toFixed(0)}, ${undone.watched.probes}) |`,
    ];
    const counts = `${label}: preview counts ${JSON.stringify(pre.imp.Counts)}; after the commit ${JSON.stringify(com.job.Counts)}; undo ${JSON.stringify(undo.imp.Counts)}, after it ${JSON.stringify(undone.job.Counts)}.`;
    if (withXls) {
      const small = await changedExport(server, bearer, { BrandId: pick.brandid, SeasonId: pick.seasonid }, pick);
      const t0 = performance.now();
      const xls = toXls(Buffer.from(await small.wb.xlsx.writeBuffer()));
      const convertMs = performance.now() - t0;
      try {
        const x = await previewFile(server, bearer, xls, 'costing-10k.xls');
        lines.push(
          `| ${label} | .xls ${mb(xls.length)} (LibreOffice, ${fmt(convertMs)} to make), ${num(small.rows)} rows × ${small.columns} columns, ${num(small.changed)} rows changed | ` +
            `**${fmt(x.ms)}** (converted + previewed: ${fmt(convertMs + x.ms)}) | – | +${x.watched.growth.toFixed(0)} MB | preview ${x.watched.max.toFixed(0)} ms (p95 ${x.watched.p95.toFixed(0)}, ${x.watched.probes}) |`,
        );
      } catch (err) {
        lines.push(
          `| ${label} | .xls ${mb(xls.length)} (LibreOffice, ${fmt(convertMs)} to make), ${num(small.rows)} rows × ${small.columns} columns | not read: ${(err as Error).message.slice(0, 160)} | – | – | – |`,
        );
      }
    }
    return { lines, counts, pick };
  } finally {
    await server.stop();
  }
}

export async function benchImport() {
  const load0 = loadavg();
  const kept = process.env.BENCH_IMPORT_DATA;
  const dir = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), 'plm-bench-import-'));
  if (kept) fs.mkdirSync(kept, { recursive: true });
  let embedded: Awaited<ReturnType<typeof measure>>;
  try {
    embedded = await measure('embedded (PGlite)', { DATA_DIR: dir }, true);
  } finally {
    if (!kept) fs.rmSync(dir, { recursive: true, force: true });
  }
  // BENCH_IMPORT_PG=false: the embedded database only.
  const skipPg = process.env.BENCH_IMPORT_PG === 'false';
  let pgLines = [`| PostgreSQL | – | – | ${skipPg ? 'skipped (BENCH_IMPORT_PG=false)' : 'not installed'} | – | – |`];
  let pgCounts = '';
  const pg = skipPg ? null : await startPostgres();
  if (pg) {
    const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plm-bench-import-'));
    try {
      const m = await measure('PostgreSQL', { DATA_DIR: pgDir, DATABASE_URL: pg.url }, false);
      pgLines = m.lines;
      pgCounts = m.counts;
    } finally {
      pg.stop();
      fs.rmSync(pgDir, { recursive: true, force: true });
    }
  }
  const body = [
    `Large fixture: ${num(COLORWAYS)} colorways (2 brands × 5 seasons). The admin uploads the costing grid's own export`,
    `(\`POST /api/Grid/costing/Export\`) of brand ${embedded.pick.brandid} (${num(embedded.pick.brandRows)} colorways) and of brand ${embedded.pick.brandid} season ${embedded.pick.seasonid}`,
    `(${num(embedded.pick.seasonRows)}), changed with exceljs on every row the colorway rules let change (statuses ${embedded.pick.editable.join(', ')}; a factory in status 2):`,
    'Outsole Tech Code, Est. Factory First Cost, Factory First Cost, Wholesale and Retail price (price rule, audit). Real server over HTTP;',
    `preview = upload sent → import 'Previewed' (dry run job: read, find, compare, records-pipeline checks, rows stored); commit = Commit sent → job 'Completed'`,
    `(batches of ${COMMIT_BATCH} rows, one transaction each; preview batches of ${PREVIEW_BATCH}); polled every 50 ms. RSS: server VmRSS every 100 ms, peak over preview and commit`,
    'against before the upload. Health: `GET /api/health` every 25 ms, longest answer (p95, probes).',
    '',
    '| database | file | upload → previewed | commit → completed | server RSS growth | health longest |',
    '|---|---|---:|---:|---:|---|',
    ...embedded.lines,
    ...pgLines,
    '',
    `- ${embedded.counts}`,
    ...(pgCounts ? [`- ${pgCounts}`] : []),
    '',
    'Targets: embedded preview ≤ 10 s, commit ≤ 30 s, RSS growth ≤ 300 MB; PostgreSQL commit ≤ 15 s; .xls of 10,000 × 20 converted and previewed ≤ 5 s;',
    'the undo (issue 28) within the same bounds.',
    `Machine load (1, 5, 15 min) before: ${load0}; after: ${loadavg()}.`,
  ].join('\n');
  if (!SMALL) writeSection('API: Excel import (issue 13)', body);
  console.log(body);
}
