/**
 * /Search over the large data set (issue 14): the colorway search grid (`POST /api/Grid/colorway-search/Search`),
 * a page of 50 sorted by every offered column, ascending and descending, under typical criteria (none: the
 * user's brands; a brand; a brand + season; a status; two texts, one matching 15 % of the colorways), through the real server over HTTP, one request
 * at a time: warm-up, then SEARCH_BENCH_RUNS runs per shape, p50/p95 per shape, the slowest shapes listed
 * with the plans (EXPLAIN ANALYZE, BUFFERS) of their statements, which the shared cores disturb less.
 *
 * Data: `DATA_DIR=$SEARCH_BENCH_DATA_DIR npm run fixtures:large -- --colorways 1000000` (embedded) and
 * `DATABASE_URL=$SEARCH_BENCH_DATABASE_URL npm run fixtures:large -- --colorways 1000000` (PostgreSQL);
 * a database whose variable is unset is left out. SEARCH_BENCH_SORTS (comma-separated fields) narrows the sorts.
 * A data set not made by fixtures:large at the current migrations is refused (fixtures/large-stamp.ts), with the command that makes one.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppContext } from '../server/core/context';
import { openPglite, openPostgres, type Db } from '../server/core/db/client';
import { loadSchemas } from '../server/core/schemas/registry';
import { loadSession } from '../server/core/auth/sessions';
import { plannedSearch } from '../server/core/records/search';
import type { ExtraFilters, SearchRequest } from '../server/core/records/search-criteria';
import { withNameFields } from '../server/core/records/references';
import { quickMatchCondition } from '../server/core/search/quick-match';
import { staleLargeFixture } from '../fixtures/large-stamp';
import { startServer } from './lib/server';
import { loadavg, writeSection } from './lib/results';

const ADMIN = 'admin@example.com';
const GRID = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../schemas/grids/colorway-search.grid.json'), 'utf8'));
const KEY = 'PrototypeSeasonalId';
const GRID_FIELDS: string[] = [KEY, 'RowVersion', ...GRID.columns.map((c: { field: string }) => c.field)];
const RUNS = Number(process.env.SEARCH_BENCH_RUNS ?? 20);
const SORTS: string[] = process.env.SEARCH_BENCH_SORTS?.split(',') ?? GRID.columns.map((c: { field: string }) => c.field);
/**
 * The /Search texts: a pattern name's first word (2.5 % of the colorways: clusters in a sort by pattern
 * or colorway name) and a word of pattern names and of a brand's name (15 %: a common word, issue 31).
 */
const TEXTS = ['Summit', 'Boot'];
/** The share of the rows the commonest text must match (issue 31): the bench refuses a data set where it does not. */
const COMMON_SHARE = 0.05;

type Body = Record<string, unknown>;
interface Criteria {
  name: string;
  body: Body;
}
interface Shape {
  criteria: string;
  sort: string;
  dir: 'ASC' | 'DESC';
  body: Body;
}
interface Figure extends Shape {
  p50: number;
  p95: number;
  total: number;
  estimate: boolean;
}

/** The command that makes a fresh data set where `target` (a data folder or a database URL) is. */
const refreshOf = (target: string) =>
  target.startsWith('postgres')
    ? `an empty database, then DATABASE_URL=${target} npm run fixtures:large -- --colorways 1000000`
    : `rm -rf ${target} && DATA_DIR=${target} npm run fixtures:large -- --colorways 1000000`;

/**
 * Refuses a data set fixtures:large did not make at the code's migrations (fixtures/large-stamp.ts); gives
 * the admin every brand (the generator adds brands nobody holds) and picks the busiest brand, season and status.
 */
async function criteriaOf(db: Db, target: string): Promise<Criteria[]> {
  const stale = await staleLargeFixture(db, refreshOf(target));
  if (stale) throw new Error(`The /Search bench runs on a data set made at the current migrations; ${target}: ${stale}`);
  await db.query(
    `INSERT INTO user_brands (userid, brandid) SELECT u.userid, b.brandid FROM users u, brands b
                   WHERE u.username = $1 ON CONFLICT DO NOTHING`,
    [ADMIN],
  );
  const [top] = await db.query(`SELECT p.brandid, ps.seasonid FROM prototype_seasonals ps JOIN prototypes p USING (prototypeid)
                                 WHERE NOT ps.isdeleted GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1`);
  const [status] = await db.query(`SELECT statusid FROM prototype_seasonals WHERE NOT isdeleted GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`);
  // The /Search criteria form's text (SEARCH-001 quickSearchText: the quick-search matcher), with the share of
  // the colorways each matches (the fields it matches: stock number, name, colour, pattern name).
  const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM colorway_search WHERE NOT isdeleted');
  const texts: Criteria[] = [];
  for (const text of TEXTS) {
    const [{ m }] = await db.query<{ m: number }>(
      `SELECT count(*)::int AS m FROM colorway_search WHERE NOT isdeleted
      AND (stocknum ILIKE $1 OR prototypename ILIKE $1 OR colordesc ILIKE $1 OR patternname ILIKE $1)`,
      [`%${text}%`],
    );
    texts.push({ name: `text "${text}" (${((100 * m) / n).toFixed(1)} %)`, body: { quickSearchText: text } });
    if (text === TEXTS[TEXTS.length - 1] && m < COMMON_SHARE * n) throw new Error(`"${text}" matches ${m} of ${n} colorways, under ${100 * COMMON_SHARE} %`);
  }
  return [
    { name: "none (the user's brands)", body: {} },
    { name: 'brand', body: { BrandId: top.brandid } },
    { name: 'brand + season', body: { BrandId: top.brandid, SeasonId: top.seasonid } },
    { name: 'status', body: { StatusId: status.statusid } },
    ...texts,
  ];
}

/** SEARCH_BENCH_CRITERIA (comma-separated indexes 0-6) narrows the criteria. */
const WANTED = process.env.SEARCH_BENCH_CRITERIA?.split(',').map(Number);
const shapesOf = (criteria: Criteria[]): Shape[] =>
  criteria
    .filter((_, i) => !WANTED || WANTED.includes(i))
    .flatMap((c) =>
      SORTS.flatMap((sort) =>
        (['ASC', 'DESC'] as const).map((dir) => ({
          criteria: c.name,
          sort,
          dir,
          body: { pageNumber: 1, pageSize: 50, sortColumn: sort, sortDirection: dir, ...c.body },
        })),
      ),
    );

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/** Every shape over HTTP, one request at a time: one warm-up, then RUNS timed runs. */
/** The admin's access token, signed in again once it is older than 5 minutes (a run outlasts a token). */
function adminToken(url: string) {
  let token = '',
    at = 0;
  return async () => {
    if (Date.now() - at > 300_000) {
      const form = new URLSearchParams({ grant_type: 'password', username: ADMIN, password: 'Demo!2026pass' });
      token = (await (await fetch(`${url}/api/token`, { method: 'POST', body: form })).json()).access_token;
      at = Date.now();
    }
    return token;
  };
}

async function timeShapes(url: string, shapes: Shape[]): Promise<Figure[]> {
  const token = adminToken(url);
  const out: Figure[] = [];
  for (const shape of shapes) {
    const headers = { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' };
    const send = async () => {
      const res = await fetch(`${url}/api/Grid/colorway-search/Search`, { method: 'POST', headers, body: JSON.stringify(shape.body) });
      const text = await res.text();
      if (!res.ok) throw new Error(`${shape.criteria} by ${shape.sort} ${shape.dir}: ${res.status} ${text}`);
      return JSON.parse(text);
    };
    const w = performance.now();
    const first = await send();
    // A slow shape gets fewer runs (at least 2): the whole matrix must fit in a session.
    const runs = Math.max(2, Math.min(RUNS, Math.floor(6_000 / (performance.now() - w))));
    if (first.Results.length !== Math.min(50, first.TotalRecords))
      throw new Error(`${shape.criteria} by ${shape.sort}: ${first.Results.length} rows of ${first.TotalRecords}`);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const s = performance.now();
      await send();
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    out.push({ ...shape, p50: pct(times, 0.5), p95: pct(times, 0.95), total: first.TotalRecords, estimate: first.TotalIsEstimate === true });
    process.stdout.write(`${shape.criteria} | ${shape.sort} ${shape.dir} | p50 ${pct(times, 0.5).toFixed(0)} p95 ${pct(times, 0.95).toFixed(0)} ms\n`);
  }
  return out;
}

/** EXPLAIN (ANALYZE, BUFFERS) of the statements the API runs for a shape, as the admin. */
async function explain(db: Db, shape: Shape): Promise<string> {
  const [{ userid }] = await db.query('SELECT userid FROM users WHERE username = $1', [ADMIN]);
  const sid = crypto.randomUUID();
  await db.query(`INSERT INTO sessions (sessionid, userid, expiresat) VALUES ($1, $2, now() + interval '1 hour')`, [sid, userid]);
  const { user } = (await loadSession(db, sid, userid))!;
  const ctx = { db, schemas: loadSchemas() } as AppContext;
  const schema = ctx.schemas.entities.get('colorway')!;
  const text = shape.body.quickSearchText as string | undefined;
  const extra: ExtraFilters = text ? { conditions: [quickMatchCondition(ctx, user, 'colorway', text)] } : {};
  const req = shape.body as unknown as SearchRequest;
  const out: string[] = [];
  // As searchRecordsJson: the source and plan chosen from the planner's estimate when they depend on one.
  const { st, plan, estimate, source } = await plannedSearch(ctx, user, 'colorway', KEY, req, withNameFields(schema, GRID_FIELDS), extra);
  out.push(`-- ${source?.table ?? 'colorway_view'}, plan: ${plan}${estimate === undefined ? '' : ` (planner's estimate: ${estimate} matches)`}`);
  for (const [name, s] of Object.entries({ page: st.json })) {
    const plan = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${s.sql}`, s.params);
    out.push(`-- ${name}`, ...plan.map((r) => Object.values(r)[0]));
  }
  return out.join('\n');
}

/** Quick search (`GET /api/Search/QuickSearch`, branch qs) over HTTP: a few typical texts, RUNS runs each after a warm-up; undefined when the route is absent. */
async function timeQuickSearch(url: string, texts: string[]) {
  const token = adminToken(url);
  const send = async (text: string) => {
    const res = await fetch(`${url}/api/Search/QuickSearch?useDefaults=false&text=${encodeURIComponent(text)}`, {
      headers: { authorization: `Bearer ${await token()}` },
    });
    const body = await res.text();
    return { status: res.status, body };
  };
  if ((await send(texts[0])).status === 404) return undefined;
  const out: { text: string; p50: number; p95: number; found: number }[] = [];
  for (const text of texts) {
    const first = await send(text);
    if (first.status !== 200) throw new Error(`quick search ${text}: ${first.status} ${first.body}`);
    const answer = JSON.parse(first.body);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      await send(text);
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    out.push({ text, p50: pct(times, 0.5), p95: pct(times, 0.95), found: (answer.Prototypes?.length ?? 0) + (answer.Patterns?.length ?? 0) });
  }
  return out;
}

async function benchDatabase(
  kind: 'embedded' | 'PostgreSQL',
  where: string,
  open: () => Promise<Db>,
  serve: () => ReturnType<typeof startServer>,
  target: number,
) {
  let db = await open();
  const criteria = await criteriaOf(db, where);
  const [{ stocknum }] = await db.query(`SELECT stocknum FROM prototypes WHERE stocknum IS NOT NULL ORDER BY prototypeid DESC LIMIT 1`);
  const texts = [stocknum, stocknum.slice(0, 5), TEXTS[0], 'Navy', 'Ri'];
  await db.close();
  const before = loadavg();
  const server = await serve();
  let figures: Figure[];
  let quick: Awaited<ReturnType<typeof timeQuickSearch>>;
  try {
    figures = await timeShapes(server.url, shapesOf(criteria));
    quick = await timeQuickSearch(server.url, texts);
  } finally {
    await server.stop();
  }
  const after = loadavg();
  const slowest = [...figures].sort((a, b) => b.p95 - a.p95).slice(0, 3);
  db = await open();
  const plans: string[] = [];
  try {
    for (const s of slowest) plans.push(`${s.criteria}, by ${s.sort} ${s.dir}:`, '', '```', await explain(db, s), '```', '');
  } finally {
    await db.close();
  }
  const ok = figures.filter((f) => f.p95 <= target).length;
  const mark = (f: Figure) => (f.p95 <= target ? '✔' : '✘');
  const byCriteria = criteria
    .filter((c) => figures.some((f) => f.criteria === c.name))
    .map((c) => {
      const rows = figures.filter((f) => f.criteria === c.name);
      const worst = rows.reduce((a, b) => (b.p95 > a.p95 ? b : a));
      const p95s = rows.map((f) => f.p95).sort((a, b) => a - b);
      return `| ${c.name} | ${rows[0].total.toLocaleString('en')}${rows[0].estimate ? ' (about)' : ''} | ${pct(p95s, 0.5).toFixed(0)} | ${worst.p95.toFixed(0)} (${worst.sort} ${worst.dir}) | ${rows.filter((f) => f.p95 <= target).length}/${rows.length} |`;
    });
  return [
    `### ${kind}: target p95 ≤ ${target} ms — ${ok}/${figures.length} shapes ${ok === figures.length ? '✔' : '✘'}`,
    '',
    `${RUNS} runs per shape after one warm-up (a shape slower than ${(6_000 / RUNS).toFixed(0)} ms: as many as fit 6 s, at least 2), one request at a time. Load (/proc/loadavg) before ${before}, after ${after}.`,
    '',
    "| criteria | matches (TotalRecords) | median of the shapes' p95 ms | worst p95 ms (sort) | shapes ✔ |",
    '|---|---:|---:|---|---:|',
    ...byCriteria,
    '',
    '<details><summary>Every shape</summary>',
    '',
    '| criteria | sort | p50 ms | p95 ms | |',
    '|---|---|---:|---:|---|',
    ...figures.map((f) => `| ${f.criteria} | ${f.sort} ${f.dir} | ${f.p50.toFixed(0)} | ${f.p95.toFixed(0)} | ${mark(f)} |`),
    '',
    '</details>',
    '',
    `Plans of the slowest shapes (EXPLAIN ANALYZE, BUFFERS; ${kind}):`,
    '',
    ...plans,
    ...(quick
      ? [
          `Quick search (GET /api/Search/QuickSearch?useDefaults=false, admin over every brand)${kind === 'PostgreSQL' ? ': target p95 ≤ 100 ms' : ''}:`,
          '',
          '| text | hits | p50 ms | p95 ms | |',
          '|---|---:|---:|---:|---|',
          ...quick.map(
            (q) => `| ${q.text} | ${q.found} | ${q.p50.toFixed(0)} | ${q.p95.toFixed(0)} | ${kind === 'PostgreSQL' ? (q.p95 <= 100 ? '✔' : '✘') : ''} |`,
          ),
          '',
        ]
      : ['Quick search: the route is not in this build (branch qs not merged).', '']),
  ];
}

/** `tsx bench/search.bench.ts explain <url|dataDir> <criteria index> <sort> <ASC|DESC>`: one shape's plans. */
export async function explainOne(target: string, criteria: number, sort: string, dir: 'ASC' | 'DESC') {
  const db = target.startsWith('postgres') ? await openPostgres(target) : await openPglite(path.join(target, 'db'));
  try {
    const c = (await criteriaOf(db, target))[criteria];
    console.log(await explain(db, { criteria: c.name, sort, dir, body: { pageNumber: 1, pageSize: 50, sortColumn: sort, sortDirection: dir, ...c.body } }));
  } finally {
    await db.close();
  }
}
/**
 * `tsx bench/search.bench.ts sql <url|dataDir>`: every shape's statements timed by the database itself
 * (EXPLAIN ANALYZE's execution time of the page statement), less disturbed by
 * other users of the cores than times over HTTP.
 */
export async function sqlTimes(target: string) {
  const db = target.startsWith('postgres') ? await openPostgres(target) : await openPglite(path.join(target, 'db'));
  try {
    const criteria = await criteriaOf(db, target);
    const lines = ['| criteria | sort | plan | SQL ms (page statement) |', '|---|---|---|---:|'];
    for (const shape of shapesOf(criteria)) {
      const text = await explain(db, shape);
      const ms = [...text.matchAll(/Execution Time: ([\d.]+) ms/g)].reduce((a, m) => a + Number(m[1]), 0);
      const line = `| ${shape.criteria} | ${shape.sort} ${shape.dir} | ${/-- plan: (\w+)/.exec(text)?.[1]} | ${ms.toFixed(1)} |`;
      lines.push(line);
      console.log(line);
    }
    return lines;
  } finally {
    await db.close();
  }
}
if (process.argv[2] === 'sql') await sqlTimes(process.argv[3]);
if (process.argv[2] === 'explain') await explainOne(process.argv[3], Number(process.argv[4]), process.argv[5], process.argv[6] as 'ASC' | 'DESC');

export async function benchSearch() {
  const dataDir = process.env.SEARCH_BENCH_DATA_DIR;
  const url = process.env.SEARCH_BENCH_DATABASE_URL;
  if (!dataDir && !url) {
    console.log('Skipped: set SEARCH_BENCH_DATA_DIR (embedded) and/or SEARCH_BENCH_DATABASE_URL (PostgreSQL) to a large data set (see bench/search.bench.ts).');
    return;
  }
  const lines: string[] = [];
  // Without the read cache (ADR 037): every run of a shape repeats its request, which the cache would
  // answer from memory after the first; what is timed is the search a page costs after any write.
  const uncached = { READ_CACHE_MB: '0' };
  if (url)
    lines.push(
      ...(await benchDatabase(
        'PostgreSQL',
        url,
        () => openPostgres(url),
        () => startServer({ ...uncached, DATABASE_URL: url }),
        150,
      )),
    );
  if (dataDir)
    lines.push(
      ...(await benchDatabase(
        'embedded',
        dataDir,
        () => openPglite(path.join(dataDir, 'db')),
        () => startServer(uncached, dataDir),
        400,
      )),
    );
  const db = url ? await openPostgres(url) : await openPglite(path.join(dataDir!, 'db'));
  const [{ n }] = await db.query('SELECT count(*)::int AS n FROM prototype_seasonals').finally(() => db.close());
  const body = [
    `${n.toLocaleString('en')} colorways (fixtures/large.ts); ${os.cpus().length} shared cores. Grid colorway-search, page 1 of 50,`,
    `${SORTS.length} sort columns × ASC/DESC × ${5 + TEXTS.length - 1} criteria (a data set fixtures:large made at the current migrations).`,
    '',
    ...lines,
  ].join('\n');
  writeSection('API: /Search over 1,000,000 colorways', body);
  console.log(body);
}
