/**
 * The write floor of a 1,000-row costing save (issue 31, ADR 036), measured on two databases side by
 * side (before and after a change), alternating, so a loaded machine slows both alike. The statement
 * is the shared comparison's raw floor (../shared/peers/compare/compare.mjs `rawBulk`, verbatim): one
 * UPDATE of 1,000 colorway seasonals (FFC, the derived ActPurPrice, the version, the change stamps)
 * and one INSERT of two audit rows per colorway, in one transaction.
 *
 *   npx tsx bench/write-floor.measure.ts floor <before> <after> [reps]   time per transaction, alternating, and of the
 *       search stamps' catch-up the server runs just after it (colorway_search_catch_up, migration 040)
 *   npx tsx bench/write-floor.measure.ts explain <target>               EXPLAIN (ANALYZE, BUFFERS) of one, committed
 *   npx tsx bench/write-floor.measure.ts parts <target> [rounds]        what each part costs: the floor as is and without the
 *       change stamps check, the audit index, the search trigger, the feed trigger in turn (dropped and put back each round;
 *       warm pages, a stamp user rotating so the foreign key is checked). Changes the target's rows: use a copy.
 *   npx tsx bench/write-floor.measure.ts editable <target> > rows.json       the costing grid's editable colorways
 *   npx tsx bench/write-floor.measure.ts save <before-url> <after-url> rows.json [reps]   POST /api/Grid/costing/Save
 *       of 1,000 rows (the comparison's bulk request) against two running servers on copies of one data set, alternating
 *
 *   npx tsx bench/write-floor.measure.ts migrate <target>             this checkout's pending migrations (the "after" copy)
 *
 * A target is a postgres:// URL or a PGlite data folder (a copy: a data folder belongs to one process).
 * Data: `npm run fixtures:large -- --colorways 100000 --brands 10 --seasons 20` (the comparison's).
 */
import fs from 'node:fs';
import { openDb, type Db } from '../server/core/db/client';
import { runMigrations } from '../server/core/db/migrate';
import { signIn } from './lib/server';
import { median } from './lib/stats';

const FLOOR = `WITH old AS (SELECT prototypeseasonalid, ffc, actpurprice FROM prototype_seasonals WHERE prototypeseasonalid = ANY($2::int[]) FOR UPDATE),
    upd AS (UPDATE prototype_seasonals ps SET ffc = $1, actpurprice = round($1 * (1 + coalesce(ps.servfee, 0) / 100.0), 2), rowversion = ps.rowversion + 1,
            changedon = now(), changedby = $3
            FROM old WHERE ps.prototypeseasonalid = old.prototypeseasonalid RETURNING ps.prototypeseasonalid, ps.ffc, ps.actpurprice, old.ffc AS oldffc, old.actpurprice AS oldapp)
  INSERT INTO audit_log (userid, entity, entityid, field, oldvalue, newvalue)
  SELECT $3, 'colorway', prototypeseasonalid::text, f, o, n FROM upd,
    LATERAL (VALUES ('FFC', oldffc::text, ffc::text), ('ActPurPrice', oldapp::text, actpurprice::text)) v(f, o, n)`;

const open = (target: string) => openDb(target.startsWith('postgres') ? { databaseUrl: target } : { dataDir: target });
let round = 0;

/** The generated colorways the comparison writes (statuses 1 and 2, newest first) and the admin's id. */
async function subjects(db: Db, n: number, offset = 0) {
  const ids = (
    await db.query<{ id: number }>(`SELECT prototypeseasonalid AS id FROM prototype_seasonals WHERE statusid IN (1, 2) ORDER BY 1 DESC LIMIT $1 OFFSET $2`, [
      n,
      offset,
    ])
  ).map((r) => r.id);
  const [{ userid }] = await db.query<{ userid: number }>(`SELECT userid FROM users WHERE username = 'admin@example.com'`);
  return { ids, userid };
}

/** One floor transaction on block `b` of the subjects; its time in ms (BEGIN to COMMIT answered). */
async function floorOnce(db: Db, s: { ids: number[]; userid: number }, b: number) {
  const value = 31 + (round++ % 5000) / 100;
  const t0 = performance.now();
  await db.tx((q) => q.query(FLOOR, [value, s.ids.slice(b * 1000, b * 1000 + 1000), s.userid]));
  return performance.now() - t0;
}

async function floor(before: string, after: string, reps: number) {
  const dbs = [await open(before), await open(after)];
  // Blocks after the first 5,000 (explain's; FLOOR_OFFSET moves them), so a floor writes colorways no earlier run wrote.
  const subj = await Promise.all(dbs.map((d) => subjects(d, (reps + 1) * 1000, Number(process.env.FLOOR_OFFSET ?? 5000))));
  const times: number[][] = [[], []];
  const catchUps: number[][] = [[], []];
  for (let r = 0; r <= reps; r++) {
    for (const k of r % 2 ? [1, 0] : [0, 1]) {
      const ms = await floorOnce(dbs[k], subj[k], r);
      // What the server runs just after the commit (migration 040): the saved colorways' search stamps.
      const c0 = performance.now();
      await dbs[k].query('SELECT colorway_search_catch_up()');
      if (r) times[k].push(ms); // round 0 warms caches and plans
      if (r) catchUps[k].push(performance.now() - c0);
    }
  }
  for (const [k, label] of ['before', 'after'].entries()) {
    console.log(`${label}: median ${median(times[k]).toFixed(1)} ms (${times[k].map((t) => t.toFixed(1)).join(', ')})`);
    console.log(`${label}, its catch-up: median ${median(catchUps[k]).toFixed(1)} ms (${catchUps[k].map((t) => t.toFixed(1)).join(', ')})`);
  }
  await Promise.all(dbs.map((d) => d.close()));
}

/** The floor with one part of the schema taken away at a time; medians per variant. */
async function parts(target: string, rounds: number) {
  const db = await open(target);
  const s = await subjects(db, 40_000, 0);
  const users = (await db.query<{ userid: number }>('SELECT userid FROM users ORDER BY 1 LIMIT 7')).map((r) => r.userid);
  const [idx] = await db.query<{ def: string }>(`SELECT indexdef AS def FROM pg_indexes WHERE indexname = 'audit_log_entity'`);
  const trigger = (table: string, name: string) => [`ALTER TABLE ${table} DISABLE TRIGGER ${name}`, `ALTER TABLE ${table} ENABLE TRIGGER ${name}`];
  const variants: [string, string[]][] = [
    ['as is', []],
    ['without the change stamps check (migration 049)', trigger('prototype_seasonals', 'change_stamps_updated')],
    ['without the audit index', ['DROP INDEX audit_log_entity', idx.def]],
    ['without the search trigger', trigger('prototype_seasonals', 'colorway_search_seasonal')],
    ['without the feed trigger', trigger('audit_log', 'audit_log_feed')],
  ];
  const blocks = Math.floor(s.ids.length / 1000);
  let b = 0;
  const once = () => floorOnce(db, { ids: s.ids, userid: users[b % users.length] }, b++ % blocks);
  for (let i = 0; i < blocks; i++) await once(); // every block's pages read once
  const times = variants.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++)
    for (const [k, [, [drop, restore]]] of variants.entries()) {
      if (drop) await db.exec(drop);
      for (let i = 0; i < 3; i++) times[k].push(await once());
      if (restore) await db.exec(restore);
    }
  for (const [k, [name]] of variants.entries())
    console.log(`${name}: median ${median(times[k]).toFixed(1)} ms (${times[k].map((t) => t.toFixed(0)).join(', ')})`);
  await db.close();
}

async function explain(target: string) {
  const db = await open(target);
  const s = await subjects(db, 3000);
  await floorOnce(db, s, 2); // warm
  const t0 = performance.now();
  let plan: string[] = [];
  let inTx = 0;
  await db.tx(async (q) => {
    const e0 = performance.now();
    plan = (await q.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${FLOOR}`, [31.5 + Math.random(), s.ids.slice(1000, 2000), s.userid])).map(
      (r) => r['QUERY PLAN'],
    );
    inTx = performance.now() - e0;
  });
  const total = performance.now() - t0;
  console.log(plan.join('\n'));
  console.log(
    `\nstatement with EXPLAIN ${inTx.toFixed(1)} ms; BEGIN to COMMIT answered ${total.toFixed(1)} ms (commit and NOTIFY delivery: ${(total - inTx).toFixed(1)} ms)`,
  );
  await db.close();
}

/** The editable colorways of the costing grid with their versions (the comparison's EDITABLE_SQL), oldest first: a JSON file for `save`. */
async function editable(target: string) {
  const db = await open(target);
  // The comparison's setup: admin@example.com holds every brand.
  await db.query(`INSERT INTO user_brands (userid, brandid) SELECT u.userid, b.brandid FROM users u CROSS JOIN brands b
    WHERE u.username = 'admin@example.com' ON CONFLICT DO NOTHING`);
  const rows = await db.query<{ id: number; v: number }>(`SELECT prototypeseasonalid AS id, rowversion AS v FROM prototype_seasonals
    WHERE NOT isdeleted AND (statusid = 1 OR (statusid = 2 AND factname IS NOT NULL AND factnameky IS NOT NULL)) ORDER BY 1 LIMIT 20000`);
  console.log(JSON.stringify(rows));
  await db.close();
}

/** The comparison's bulk request: 1,000 editable colorways, FFC only, current versions; both servers hold copies of one data set. */
async function save(urls: string[], file: string, reps: number) {
  const tokens = await Promise.all(urls.map((u) => signIn(u)));
  const rows = JSON.parse(fs.readFileSync(file, 'utf8')) as { id: number; v: number }[];
  const times: number[][] = [[], []];
  for (let r = 0; r <= reps; r++) {
    const block = rows.slice(r * 1000, r * 1000 + 1000);
    for (const k of r % 2 ? [1, 0] : [0, 1]) {
      const body = JSON.stringify({ rows: block.map((b) => ({ Key: b.id, RowVersion: b.v, Changes: { FFC: 10 + r + k / 10 } })) });
      const t0 = performance.now();
      const res = await fetch(`${urls[k]}/api/Grid/costing/Save`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[k]}`, 'content-type': 'application/json' },
        body,
      });
      const text = await res.text();
      const ms = performance.now() - t0;
      if (!text.startsWith('{"IsSuccessful":true')) throw new Error(`save on ${urls[k]}: ${res.status} ${text.slice(0, 300)}`);
      if (r) times[k].push(ms); // round 0 warms caches and plans
    }
  }
  for (const [k, label] of ['before', 'after'].entries()) {
    console.log(`${label}: median ${median(times[k]).toFixed(0)} ms (${times[k].map((t) => t.toFixed(0)).join(', ')})`);
  }
}

const [mode, a, b, c, d] = process.argv.slice(2);
if (mode === 'floor') await floor(a, b, Number(c ?? 9));
else if (mode === 'explain') await explain(a);
else if (mode === 'parts') await parts(a, Number(b ?? 4));
else if (mode === 'editable') await editable(a);
else if (mode === 'migrate') {
  const db = await open(a);
  console.log(await runMigrations(db));
  await db.close();
} else if (mode === 'save') await save([a, b], c, Number(d ?? 5));
else
  throw new Error(
    'usage: write-floor.measure.ts floor <before> <after> [reps] | explain <target> | parts <target> [rounds] | editable <target> | migrate <target> | save <before-url> <after-url> <editable.json> [reps]',
  );
