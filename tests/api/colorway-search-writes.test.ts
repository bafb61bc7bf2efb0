/**
 * Issue 31, the write floor (migration 034, ADR 036): an update of colorways keeps the colorway search
 * tables from the rows it wrote. Only colorways whose searched values other than the change stamps and
 * the volume changed are recomputed from colorway_search_source; the others get their narrow row's
 * stamps and volume from the statement; a statement that changes no searched value writes nothing.
 * These tests hold the tables to the view after a change of every single column of both colorway
 * tables (so a column the view reads and the triggers forget is caught), after statements that mix
 * both kinds of rows, and after grid saves through the API; and they check that a costing save leaves
 * the wide search row alone.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { Queryable } from '../../server/core/db/client';
import { searchDrift } from '../helpers/search-drift';

let t: TestApp;
let costing: string;
beforeAll(async () => {
  t = await createTestApp();
  [costing] = await t.tokens('costing');
});
afterAll(async () => {
  await t?.close();
});

const drift = (q: Queryable, keys: number[]) => searchDrift(q, keys);

/** A value of the column's type other than the row's current one: another row's first (FK-valid), else one made from the type. */
const FALLBACK: Record<string, string> = {
  text: `'changed'`,
  'character varying': `'chg'`,
  character: `'c'`,
  integer: '7',
  bigint: '7',
  smallint: '7',
  numeric: '7.5',
  'double precision': '7.5',
  real: '7.5',
  boolean: 'NOT coalesce(%c, false)',
  date: `date '2031-03-04'`,
  'timestamp with time zone': `timestamptz '2031-03-04 05:06:07+00'`,
  'timestamp without time zone': `timestamp '2031-03-04 05:06:07'`,
};

/**
 * Changes each column of `table` (but its key) on row `id` alone, one statement each, and after each
 * checks the search rows of `keys`; answers the columns it could change (a value refused by a
 * constraint is rolled back and the next candidate tried).
 */
async function changeEveryColumn(q: Queryable, table: string, keyCol: string, id: number, keys: number[]) {
  const cols = await q.query<{ c: string; type: string; base: string }>(
    `SELECT attname AS c, format_type(atttypid, atttypmod) AS type, atttypid::regtype::text AS base FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attname <> $2 ORDER BY attnum`,
    [table, keyCol],
  );
  const refs = await q.query<{ c: string; t: string; k: string }>(
    `SELECT (SELECT attname FROM pg_attribute WHERE attrelid = conrelid AND attnum = conkey[1]) AS c, confrelid::regclass::text AS t,
            (SELECT attname FROM pg_attribute WHERE attrelid = confrelid AND attnum = confkey[1]) AS k
       FROM pg_constraint WHERE contype = 'f' AND conrelid = $1::regclass AND cardinality(conkey) = 1`,
    [table],
  );
  const changed: string[] = [];
  for (const { c, type, base } of cols) {
    const others = (
      await q.query<{ v: string }>(
        `SELECT DISTINCT ${c}::text AS v FROM ${table} WHERE ${c} IS NOT NULL AND ${c} IS DISTINCT FROM (SELECT ${c} FROM ${table} WHERE ${keyCol} = $1) LIMIT 4`,
        [id],
      )
    ).map((r) => r.v);
    // A reference every row shares (one division in the demo data): the referenced table's other keys.
    const ref = refs.find((r) => r.c === c);
    if (ref) {
      others.push(
        ...(
          await q.query<{ v: string }>(
            `SELECT ${ref.k}::text AS v FROM ${ref.t} WHERE ${ref.k} IS DISTINCT FROM (SELECT ${c} FROM ${table} WHERE ${keyCol} = $1) LIMIT 4`,
            [id],
          )
        ).map((r) => r.v),
      );
    }
    const candidates = [
      ...others.map((v) => ({ sql: `$2::text::${type}`, param: v as unknown })),
      ...(FALLBACK[base] ? [{ sql: FALLBACK[base].replace('%c', c), param: undefined }] : []),
    ];
    for (const cand of candidates) {
      await q.query('SAVEPOINT one_column');
      try {
        await q.query(`UPDATE ${table} SET ${c} = ${cand.sql} WHERE ${keyCol} = $1`, cand.param === undefined ? [id] : [id, cand.param]);
        await q.query('RELEASE SAVEPOINT one_column');
        changed.push(c);
        break;
      } catch {
        await q.query('ROLLBACK TO SAVEPOINT one_column');
      }
    }
    expect(await drift(q, keys), `after a change of ${table}.${c}`).toBe(0);
  }
  return changed;
}

/** The columns colorway_search_source reads from each colorway table (migration 034's lists): each must be changed by the walk. */
const SEARCHED = {
  prototype_seasonals: [
    'prototypeid',
    'patternseasonalid',
    'isdeleted',
    'seasonid',
    'statusid',
    'responsibleid',
    'producttypeid',
    'factnameky',
    'factname',
    'ctryoforig',
    'totalvolume',
    'changedon',
    'changedby',
  ],
  prototypes: ['brandid', 'divisionkey', 'patternid', 'stocknum', 'prototypename', 'imagename', 'colordesc', 'changedon', 'changedby'],
};

describe('issue 31: the search tables kept from the write (migration 034)', () => {
  it('SEARCH-008: a change of any single column of a colorway seasonal or a colorway leaves both search tables equal to the view', async () => {
    const db = t.ctx.db;
    const [cw] = await db.query<{ id: number; pid: number }>(`SELECT prototypeseasonalid AS id, prototypeid AS pid FROM prototype_seasonals ps
      WHERE (SELECT count(*) FROM prototype_seasonals o WHERE o.prototypeid = ps.prototypeid) > 1 ORDER BY 1 LIMIT 1`);
    const keys = (await db.query<{ id: number }>('SELECT prototypeseasonalid AS id FROM prototype_seasonals WHERE prototypeid = $1', [cw.pid])).map(
      (r) => r.id,
    );
    await db.tx(async (q) => {
      expect(await drift(q, keys)).toBe(0);
      const seasonal = await changeEveryColumn(q, 'prototype_seasonals', 'prototypeseasonalid', cw.id, keys);
      expect(
        SEARCHED.prototype_seasonals.filter((c) => !seasonal.includes(c)),
        'searched columns the walk could not change',
      ).toEqual([]);
      const pid = (await q.query<{ p: number }>('SELECT prototypeid AS p FROM prototype_seasonals WHERE prototypeseasonalid = $1', [cw.id]))[0].p;
      const all = (await q.query<{ id: number }>('SELECT prototypeseasonalid AS id FROM prototype_seasonals WHERE prototypeid = ANY($1)', [[pid, cw.pid]])).map(
        (r) => r.id,
      );
      const colorway = await changeEveryColumn(q, 'prototypes', 'prototypeid', pid, all);
      expect(
        SEARCHED.prototypes.filter((c) => !colorway.includes(c)),
        'searched columns the walk could not change',
      ).toEqual([]);
    });
  });

  it('SEARCH-008: one statement over many colorways, some changing a searched name or status and others only their stamps, keeps every row current', async () => {
    const db = t.ctx.db;
    const rows = (await db.query<{ id: number }>('SELECT prototypeseasonalid AS id FROM prototype_seasonals ORDER BY 1 LIMIT 40')).map((r) => r.id);
    const [other] = await db.query<{ s: number }>('SELECT statusid AS s FROM statuses ORDER BY statusid DESC LIMIT 1');
    await db.query(
      `UPDATE prototype_seasonals SET changedon = now() + (prototypeseasonalid % 7) * interval '1 minute', changedby = 1,
        totalvolume = coalesce(totalvolume, 0) + 3, statusid = CASE WHEN prototypeseasonalid % 3 = 0 THEN $2 ELSE statusid END,
        factname = CASE WHEN prototypeseasonalid % 4 = 0 THEN 'Mixed Works' ELSE factname END
      WHERE prototypeseasonalid = ANY($1)`,
      [rows, other.s],
    );
    expect(await drift(db, rows)).toBe(0);
    // The colorways' own stamps, later than their seasonals': the view takes the greater.
    await db.query(
      `UPDATE prototypes SET changedon = now() + interval '1 day', changedby = 2
      WHERE prototypeid IN (SELECT prototypeid FROM prototype_seasonals WHERE prototypeseasonalid = ANY($1) AND prototypeseasonalid % 2 = 0)`,
      [rows],
    );
    expect(await drift(db, rows)).toBe(0);
    // The seasonals written again, older than their colorways: the colorway's stamp stays the search's.
    await db.query(`UPDATE prototype_seasonals SET changedon = now(), changedby = 3 WHERE prototypeseasonalid = ANY($1)`, [rows]);
    expect(await drift(db, rows)).toBe(0);
    const [{ n }] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM colorway_search_changes WHERE prototypeseasonalid = ANY($1) AND changedby = 2`,
      [rows],
    );
    expect(n).toBeGreaterThan(0);
  });

  it('SEARCH-008: a costing grid save moves the change stamps the search sorts by and leaves the wide search row untouched', async () => {
    const db = t.ctx.db;
    const rows = await db.query<{ id: number; v: number }>(`SELECT prototypeseasonalid AS id, rowversion AS v FROM colorway_view
      WHERE NOT isdeleted AND brandid IN (SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'costing@example.com')
        AND (statusid = 1 OR (statusid = 2 AND factnameky IS NOT NULL)) ORDER BY 1 DESC LIMIT 5`);
    expect(rows.length).toBe(5);
    const ids = rows.map((r) => r.id);
    const wide = () =>
      db.query('SELECT prototypeseasonalid, xmin::text, xmax::text FROM colorway_search WHERE prototypeseasonalid = ANY($1) ORDER BY 1', [ids]);
    const before = await wide();
    const res = await t.request('POST', '/api/Grid/costing/Save', {
      token: costing,
      json: { rows: rows.map((r, i) => ({ Key: r.id, RowVersion: r.v, Changes: { FFC: 41 + i } })) },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).Saved).toHaveLength(5);
    // The stamps come just after the commit: the server applies the save's notes by itself (no search asked).
    await vi.waitFor(async () => expect(await db.query('SELECT 1 FROM colorway_search_pending WHERE prototypeseasonalid = ANY($1)', [ids])).toEqual([]), {
      timeout: 2000,
    });
    expect(await drift(db, ids)).toBe(0);
    expect(await wide(), 'the wide row is neither rewritten nor locked').toEqual(before);
    const [{ userid }] = await db.query<{ userid: number }>(`SELECT userid FROM users WHERE username = 'costing@example.com'`);
    const stamps = await db.query<{ changedby: number; recent: boolean }>(
      `SELECT changedby, changedon > now() - interval '1 minute' AS recent FROM colorway_search_changes WHERE prototypeseasonalid = ANY($1)`,
      [ids],
    );
    expect(stamps).toEqual(ids.map(() => ({ changedby: userid, recent: true })));
  });

  it('SEARCH-008: a statement that changes no searched value writes no search row', async () => {
    const db = t.ctx.db;
    const ids = (await db.query<{ id: number }>('SELECT prototypeseasonalid AS id FROM prototype_seasonals ORDER BY 1 DESC LIMIT 5')).map((r) => r.id);
    const rowsOf = async () => [
      ...(await db.query('SELECT xmin::text, xmax::text FROM colorway_search WHERE prototypeseasonalid = ANY($1) ORDER BY prototypeseasonalid', [ids])),
      ...(await db.query('SELECT xmin::text, xmax::text FROM colorway_search_changes WHERE prototypeseasonalid = ANY($1) ORDER BY prototypeseasonalid', [ids])),
    ];
    const before = await rowsOf();
    await db.query('UPDATE prototype_seasonals SET rowversion = rowversion + 1, ffc = coalesce(ffc, 0) + 1 WHERE prototypeseasonalid = ANY($1)', [ids]);
    await db.query(
      "UPDATE prototypes SET gennotes = coalesce(gennotes, '') || '.' WHERE prototypeid IN (SELECT prototypeid FROM prototype_seasonals WHERE prototypeseasonalid = ANY($1))",
      [ids],
    );
    expect(await rowsOf()).toEqual(before);
    expect(await drift(db, ids)).toBe(0);
  });

  it('the change feed hears each run of audit ids a statement wrote: one for one entity, one per run when entities interleave', async () => {
    // On PostgreSQL each listening connection of the process hears a notification: counted once.
    const heard = new Set<string>();
    await t.ctx.db.listen(
      (p) => {
        if (/^records zz-/.test(p)) heard.add(p);
      },
      () => {},
    );
    await t.ctx.db.query(`INSERT INTO audit_log (userid, entity, entityid, field) SELECT 1, e, '1', 'X' FROM unnest(ARRAY['zz-a', 'zz-a', 'zz-b', 'zz-a']) e`);
    await t.ctx.db.query(`INSERT INTO audit_log (userid, entity, entityid, field) SELECT 1, 'zz-c', g::text, 'X' FROM generate_series(1, 300) g`);
    await vi.waitFor(() => expect(heard.size).toBe(4), { timeout: 10_000 }); // vitest waits 1 s by default: too little on a busy CI machine
    const runs = [...heard]
      .map((h) => h.split(' '))
      .sort((x, y) => Number(x[2]) - Number(y[2]))
      .map(([, e, a, b]) => [e, Number(b) - Number(a) + 1]);
    expect(runs).toEqual([
      ['zz-a', 2],
      ['zz-b', 1],
      ['zz-a', 1],
      ['zz-c', 300],
    ]);
  });
});
