/**
 * Reads on the large data set (issue 10): the colorway search page (50 of a brand + season + status,
 * sorted by name) and a colorway by id, 10 concurrent clients, on the embedded database and on
 * PostgreSQL; each beside its own SQL (the statements the API runs, prepared, without HTTP), and on
 * PostgreSQL one server process vs two behind a round-robin client.
 *
 * Data: `DATA_DIR=$READ_BENCH_DATA_DIR npm run fixtures:large -- --colorways 100000` (embedded) and
 * `DATABASE_URL=$READ_BENCH_DATABASE_URL npm run fixtures:large -- --colorways 100000` (PostgreSQL);
 * a database whose variable is unset is left out.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppContext } from '../server/core/context';
import { openPglite, openPostgres, type Db } from '../server/core/db/client';
import { runMigrations } from '../server/core/db/migrate';
import { loadSchemas } from '../server/core/schemas/registry';
import { loadSession } from '../server/core/auth/sessions';
import { recordStatement } from '../server/core/records/read';
import { searchStatements } from '../server/core/records/search-statements';
import type { SearchRequest } from '../server/core/records/search-criteria';
import { withReferenceNames } from '../server/core/records/references';
import { load, type LoadResult } from './lib/load';
import { startServer, type RunningServer } from './lib/server';
import { loadavg, writeSection } from './lib/results';

const ADMIN = 'admin@example.com';
const GRID = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../schemas/grids/colorway-search.grid.json'), 'utf8'));
const GRID_FIELDS = ['PrototypeSeasonalId', 'RowVersion', ...GRID.columns.map((c: { field: string }) => c.field)];
const SECONDS = Number(process.env.READ_BENCH_SECONDS ?? 5);

interface Shape {
  search: SearchRequest & { BrandId: number; SeasonId: number; StatusId: number };
  ids: number[];
}

/** Gives the admin every brand (the generator adds brands nobody holds) and picks the busiest brand + season + status and 2,000 ids. */
async function prepare(db: Db): Promise<Shape> {
  await runMigrations(db);
  await db.query(
    `INSERT INTO user_brands (userid, brandid) SELECT u.userid, b.brandid FROM users u, brands b
                   WHERE u.username = $1 ON CONFLICT DO NOTHING`,
    [ADMIN],
  );
  const [top] = await db.query(`SELECT p.brandid, ps.seasonid, ps.statusid FROM prototype_seasonals ps JOIN prototypes p USING (prototypeid)
                                 WHERE NOT ps.isdeleted GROUP BY 1, 2, 3 ORDER BY count(*) DESC LIMIT 1`);
  const ids = (
    await db.query(`SELECT prototypeseasonalid AS id FROM prototype_seasonals WHERE NOT isdeleted ORDER BY md5(prototypeseasonalid::text) LIMIT 2000`)
  ).map((r) => r.id);
  return {
    search: {
      pageNumber: 1,
      pageSize: 50,
      sortColumn: 'PrototypeName',
      sortDirection: 'ASC',
      BrandId: top.brandid,
      SeasonId: top.seasonid,
      StatusId: top.statusid,
    },
    ids,
  };
}

/** The API's own statements, prepared, one request's worth per call: the floor the API is held to. */
async function rawSql(db: Db, shape: Shape, concurrency: number) {
  const [{ userid }] = await db.query('SELECT userid FROM users WHERE username = $1', [ADMIN]);
  const sid = crypto.randomUUID();
  await db.query(`INSERT INTO sessions (sessionid, userid, expiresat) VALUES ($1, $2, now() + interval '1 hour')`, [sid, userid]);
  const { user } = (await loadSession(db, sid, userid))!;
  const ctx = { db, schemas: loadSchemas() } as AppContext;
  const done = async () => new Response(null, { status: 200 });
  let i = 0;
  const search = async () => {
    const { count, rows } = searchStatements(ctx, user, 'colorway', 'PrototypeSeasonalId', shape.search, GRID_FIELDS);
    if (!(await db.query(rows.sql, rows.params, { prepare: true })).length) await db.query(count.sql, count.params, { prepare: true });
    return done();
  };
  const byId = async () => {
    const { schema, sql, params } = recordStatement(ctx, user, 'colorway', 'PrototypeSeasonalId', shape.ids[i++ % shape.ids.length]);
    const rows = await db.query(sql, params, { prepare: true });
    await withReferenceNames(ctx, db, user, schema, rows);
    return done();
  };
  return {
    search: await timed(search, concurrency),
    byId: await timed(byId, concurrency),
  };
}

async function timed(send: () => Promise<Response>, concurrency: number) {
  await load(send, { concurrency, count: 50 });
  return load(send, { concurrency, seconds: SECONDS });
}

/** The two API requests over one or more servers (round robin), signed in once. */
async function apiRequests(servers: RunningServer[], shape: Shape) {
  const form = new URLSearchParams({ grant_type: 'password', username: ADMIN, password: 'Demo!2026pass' });
  const { access_token } = await (await fetch(`${servers[0].url}/api/token`, { method: 'POST', body: form })).json();
  const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
  let n = 0,
    i = 0;
  const next = () => servers[n++ % servers.length].url;
  const search = () => fetch(`${next()}/api/Grid/colorway-search/Search`, { method: 'POST', headers, body: JSON.stringify(shape.search) });
  const byId = () => fetch(`${next()}/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${shape.ids[i++ % shape.ids.length]}`, { headers });
  const check = await search();
  if (!check.ok) throw new Error(`search answered ${check.status}: ${await check.text()}`);
  const page = await check.json();
  return { search, byId, page };
}

const ms = (r: LoadResult) => 1000 / r.perSecond;
const row = (name: string, r: LoadResult, target = '') =>
  `| ${name} | ${r.requests} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.errors} | ${target} |`;
const floor = (api: LoadResult, raw: LoadResult) => {
  const limit = 1.3 * ms(raw) + 3;
  return `${ms(api).toFixed(1)} ms vs its SQL ${ms(raw).toFixed(1)} ms: limit 1.3 × SQL + 3 = ${limit.toFixed(1)} ms ${ms(api) <= limit ? '✔' : '✘'}`;
};

async function benchDatabase(
  kind: 'embedded' | 'PostgreSQL',
  open: () => Promise<Db>,
  serve: () => Promise<RunningServer>,
  targets: { search: number; byId: number },
) {
  const db = await open();
  const shape = await prepare(db);
  // Both sides at concurrency 1 for the time per request; PostgreSQL's SQL also at 10 (its pool).
  const raw1 = await rawSql(db, shape, 1);
  const raw10 = kind === 'PostgreSQL' ? await rawSql(db, shape, 10) : undefined;
  await db.close();
  const server = await serve();
  const lines: string[] = [];
  let api1: Record<'search' | 'byId', LoadResult>, api10: Record<'search' | 'byId', LoadResult>, total: number;
  try {
    const api = await apiRequests([server], shape);
    total = api.page.TotalRecords;
    api1 = { search: await timed(api.search, 1), byId: await timed(api.byId, 1) };
    api10 = { search: await timed(api.search, 10), byId: await timed(api.byId, 10) };
  } finally {
    await server.stop();
  }
  const ok = (r: LoadResult, t: number) => `≥ ${t} ${r.perSecond >= t ? '✔' : '✘'}`;
  lines.push(
    `### ${kind}`,
    '',
    `Search: brand ${shape.search.BrandId}, season ${shape.search.SeasonId}, status ${shape.search.StatusId} (${total} matches), page 1 of 50 by name; by id: 2,000 random colorways.`,
    '',
    '| request | count | req/s | p50 ms | p95 ms | errors | target req/s |',
    '|---|---:|---:|---:|---:|---:|---|',
    row('search page, API, concurrency 10', api10.search, ok(api10.search, targets.search)),
    row('colorway by id, API, concurrency 10', api10.byId, ok(api10.byId, targets.byId)),
    ...(raw10 ? [row('search page, its SQL only, concurrency 10', raw10.search), row('colorway by id, its SQL only, concurrency 10', raw10.byId)] : []),
    row('search page, API, concurrency 1', api1.search),
    row('search page, its SQL only, concurrency 1', raw1.search),
    row('colorway by id, API, concurrency 1', api1.byId),
    row('colorway by id, its SQL only, concurrency 1', raw1.byId),
    '',
    `Time per request at concurrency 1: search page ${floor(api1.search, raw1.search)}; colorway by id ${floor(api1.byId, raw1.byId)}.`,
    '',
  );
  return lines;
}

/** PostgreSQL: the search page and by id over one server process, then two on the same database. */
async function benchProcesses(url: string) {
  const db = await openPostgres(url);
  const shape = await prepare(db);
  await db.close();
  const env = { DATABASE_URL: url, TOKEN_SECRET: crypto.randomBytes(32).toString('hex') };
  const results: Record<number, { search: LoadResult; byId: LoadResult }> = {};
  for (const count of [1, 2]) {
    const servers = await Promise.all(Array.from({ length: count }, () => startServer(env)));
    try {
      const api = await apiRequests(servers, shape);
      results[count] = { search: await timed(api.search, 10), byId: await timed(api.byId, 10) };
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  }
  return [
    '### PostgreSQL: one vs two server processes',
    '',
    'Same requests at concurrency 10, two processes behind a round-robin client (one token, signed in on the first).',
    '',
    '| request | count | req/s | p50 ms | p95 ms | errors | |',
    '|---|---:|---:|---:|---:|---:|---|',
    row('search page, 1 process', results[1].search),
    row('search page, 2 processes', results[2].search, `${(results[2].search.perSecond / results[1].search.perSecond).toFixed(2)}×`),
    row('colorway by id, 1 process', results[1].byId),
    row('colorway by id, 2 processes', results[2].byId, `${(results[2].byId.perSecond / results[1].byId.perSecond).toFixed(2)}×`),
    '',
    '2 cores run both processes, PostgreSQL and the load generator: the second process adds a Node event loop, not cores.',
    '',
  ];
}

export async function benchRead() {
  const dataDir = process.env.READ_BENCH_DATA_DIR;
  const url = process.env.READ_BENCH_DATABASE_URL;
  if (!dataDir && !url) {
    console.log('Skipped: set READ_BENCH_DATA_DIR (embedded) and/or READ_BENCH_DATABASE_URL (PostgreSQL) to a large data set (see bench/read.bench.ts).');
    return;
  }
  const before = loadavg();
  const lines: string[] = [];
  if (dataDir) {
    lines.push(
      ...(await benchDatabase(
        'embedded',
        () => openPglite(path.join(dataDir, 'db')),
        () => startServer({}, dataDir),
        { search: 100, byId: 150 },
      )),
    );
  }
  if (url) {
    lines.push(
      ...(await benchDatabase(
        'PostgreSQL',
        () => openPostgres(url),
        () => startServer({ DATABASE_URL: url }),
        { search: 300, byId: 400 },
      )),
    );
    lines.push(...(await benchProcesses(url)));
  }
  const [{ n }] = await (async () => {
    const db = url ? await openPostgres(url) : await openPglite(path.join(dataDir!, 'db'));
    try {
      return await db.query('SELECT count(*)::int AS n FROM prototype_seasonals');
    } finally {
      await db.close();
    }
  })();
  const body = [
    `${n.toLocaleString('en')} colorways (fixtures/large.ts). Machine load (/proc/loadavg, shared by other users of the ${os.cpus().length} cores): before ${before}, after ${loadavg()}.`,
    '',
    ...lines,
  ].join('\n');
  writeSection('API: reads on 100,000 colorways', body);
  console.log(body);
}
