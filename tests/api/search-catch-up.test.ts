/**
 * Issue 31, the write floor's second step (migration 040, ADR 036 "After commit"): a save's change
 * stamps and volume reach colorway_search_changes just after its commit, not inside its statement;
 * the server applies them by itself, and a search applies what is left before it reads, so a sort by
 * ChangedOn never misses a commit the search can see (SEARCH-008).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKGROUND } from '../../server/core/db/client';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: string;
let costing: string;
let ids: number[];
beforeAll(async () => {
  t = await createTestApp();
  [admin, costing] = await t.tokens('admin', 'costing');
  ids = (
    await t.ctx.db.query<{ id: number }>(`SELECT prototypeseasonalid AS id FROM colorway_view WHERE NOT isdeleted
    AND brandid IN (SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'admin@example.com') ORDER BY 1 LIMIT 3`)
  ).map((r) => r.id);
});
afterEach(() => {
  delete process.env.SEARCH_CATCH_UP_MS;
});
afterAll(async () => {
  await t?.close();
});

const stampOf = async (id: number) =>
  (await t.ctx.db.query<{ on: string }>('SELECT changedon::text AS on FROM colorway_search_changes WHERE prototypeseasonalid = $1', [id]))[0].on;
const pending = async () =>
  (await t.ctx.db.query<{ id: number }>('SELECT DISTINCT prototypeseasonalid AS id FROM colorway_search_pending ORDER BY 1')).map((r) => r.id);

describe('issue 31: search stamps just after the commit', () => {
  it('SEARCH-008: a save notes its colorways in its statement and the server applies their stamps after the commit, with nothing asked', async () => {
    const before = await stampOf(ids[0]);
    await t.ctx.db.tx(async (q) => {
      await q.query(`UPDATE prototype_seasonals SET changedon = now() + interval '2 days', changedby = 1 WHERE prototypeseasonalid = $1`, [ids[0]]);
      // Inside the save's transaction: noted, the sort table not written.
      expect((await q.query('SELECT 1 FROM colorway_search_pending WHERE prototypeseasonalid = $1', [ids[0]])).length).toBeGreaterThan(0);
      expect((await q.query<{ on: string }>('SELECT changedon::text AS on FROM colorway_search_changes WHERE prototypeseasonalid = $1', [ids[0]]))[0].on).toBe(
        before,
      );
    });
    await vi.waitFor(async () => expect(await pending()).toEqual([]), { timeout: 2000 });
    const [view] = await t.ctx.db.query<{ on: string }>('SELECT changedon::text AS on FROM colorway_search_source WHERE prototypeseasonalid = $1', [ids[0]]);
    expect(await stampOf(ids[0])).toBe(view.on);
    expect(view.on).not.toBe(before);
  });

  it('SEARCH-008: a search by ChangedOn right after a write, before the server got to it, applies the notes first and sorts by the new stamp', async () => {
    process.env.SEARCH_CATCH_UP_MS = '60000';
    await t.ctx.db.query(`UPDATE prototype_seasonals SET changedon = now() + interval '3 days', changedby = 1 WHERE prototypeseasonalid = $1`, [ids[1]]);
    expect(await pending()).toEqual([ids[1]]);
    const res = await t.request('POST', '/api/Grid/colorway-search/Search', {
      token: admin,
      json: { pageNumber: 1, pageSize: 2, sortColumn: 'ChangedOn', sortDirection: 'DESC' },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).Results[0].PrototypeSeasonalId).toBe(ids[1]);
    expect(await pending()).toEqual([]);
  });

  it("SEARCH-008: a colorway's own stamp (the prototypes row) is noted for each of its seasons and applied the same way", async () => {
    const [{ pid }] = await t.ctx.db.query<{ pid: number }>('SELECT prototypeid AS pid FROM prototype_seasonals WHERE prototypeseasonalid = $1', [ids[2]]);
    const seasons = (
      await t.ctx.db.query<{ id: number }>('SELECT prototypeseasonalid AS id FROM prototype_seasonals WHERE prototypeid = $1 ORDER BY 1', [pid])
    ).map((r) => r.id);
    process.env.SEARCH_CATCH_UP_MS = '60000';
    await t.ctx.db.query(`UPDATE prototypes SET changedon = now() + interval '4 days', changedby = 2 WHERE prototypeid = $1`, [pid]);
    expect(await pending()).toEqual(seasons);
    expect((await t.ctx.db.query<{ n: number }>('SELECT colorway_search_catch_up() AS n'))[0].n).toBe(seasons.length);
    const [{ n }] = await t.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM colorway_search_changes c JOIN colorway_search_source s USING (prototypeseasonalid)
      WHERE prototypeseasonalid = ANY($1) AND c.changedon = s.changedon AND c.changedby = 2`,
      [seasons],
    );
    expect(n).toBe(seasons.length);
  });

  it("SEARCH-008: a bulk save's batches are caught up after its last one, not between them, even when they are further apart than the wait", async () => {
    const rows = await t.ctx.db.query<{ id: number; v: number }>(`SELECT prototypeseasonalid AS id, rowversion AS v FROM colorway_view
      WHERE NOT isdeleted AND brandid IN (SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'costing@example.com')
        AND (statusid = 1 OR (statusid = 2 AND factnameky IS NOT NULL)) ORDER BY 1 LIMIT 6`);
    expect(rows).toHaveLength(6);
    // Batches of 2 rows (3 transactions); the catch-up due at once after a commit: nothing but the hold keeps it out.
    process.env.SEARCH_CATCH_UP_MS = '0';
    // The earlier tests left a poke unanswered (their wait was a minute): one write now, and its catch-up, answer it, or
    // the 1 s ceiling counted from that poke would fire in the middle of the save below.
    await t.ctx.db.query(`UPDATE prototype_seasonals SET changedon = now() WHERE prototypeseasonalid = $1`, [rows[0].id]);
    await vi.waitFor(async () => expect(await pending()).toEqual([]), { timeout: 2000 });
    const { bulkBatchRows } = t.ctx.config;
    t.ctx.config.bulkBatchRows = 2;
    const events: string[] = [];
    const { query, tx } = t.ctx.db;
    t.ctx.db.query = ((sql: string, ...rest: unknown[]) => {
      if (sql.startsWith(BACKGROUND) && sql.includes('colorway_search_catch_up')) events.push('catch-up');
      return (query as (...a: unknown[]) => unknown).call(t.ctx.db, sql, ...rest);
    }) as typeof query;
    t.ctx.db.tx = ((f: Parameters<typeof tx>[0]) =>
      tx.call(t.ctx.db, f).then((v) => {
        events.push('commit');
        return v;
      })) as typeof tx;
    try {
      const res = await t.request('POST', '/api/Grid/costing/Save', {
        token: costing,
        json: { rows: rows.map((r) => ({ Key: r.id, RowVersion: r.v, Changes: { FFC: 41.5 } })) },
      });
      expect(res.status).toBe(200);
      expect((await res.json()).Saved).toHaveLength(6);
      await vi.waitFor(() => expect(events).toContain('catch-up'), { timeout: 2000 });
    } finally {
      t.ctx.db.query = query;
      t.ctx.db.tx = tx;
      t.ctx.config.bulkBatchRows = bulkBatchRows;
    }
    expect(events.slice(0, 4)).toEqual(['commit', 'commit', 'commit', 'catch-up']);
    expect(await pending()).toEqual([]);
  });
});
