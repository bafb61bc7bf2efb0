/**
 * ADR 044: the embedded database's upkeep. PGlite has no autovacuum; the server vacuums and analyses,
 * when quiet, the table most past PostgreSQL's autovacuum thresholds, one table a turn.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPglite, type Db } from './client';
import { EmbeddedUpkeep, startEmbeddedUpkeep } from './upkeep';

/** A PGlite with the table of carried counts (migrations 047, 048). */
async function open(dataDir?: string) {
  const opened = await openPglite(dataDir);
  for (const m of ['047_embedded_upkeep_counts.sql', '048_upkeep_counts_inserted.sql'])
    await opened.exec(fs.readFileSync(path.join(import.meta.dirname, 'migrations', m), 'utf8'));
  return opened;
}

let db: Db;
beforeAll(async () => {
  db = await open();
  // t: 5,000 rows in, 2,000 deleted (far past both thresholds); u: 60 rows in (just past the analyze threshold of 50).
  await db.exec(`CREATE TABLE t (id int PRIMARY KEY, v int); INSERT INTO t SELECT g, g FROM generate_series(1, 5000) g;
                 DELETE FROM t WHERE id > 3000;
                 CREATE TABLE u (id int PRIMARY KEY); INSERT INTO u SELECT generate_series(1, 60);`);
}, 60_000);
afterAll(async () => {
  await db?.close();
});

interface TableStats {
  relname: string;
  n_dead_tup: number;
  n_ins_since_vacuum: number;
  n_mod_since_analyze: number;
  vacuumed: boolean;
  analysed: boolean;
}
const stats = async (table: string) =>
  (
    await db.query<TableStats>(
      `SELECT relname, n_dead_tup, n_ins_since_vacuum, n_mod_since_analyze, last_vacuum IS NOT NULL AS vacuumed, last_analyze IS NOT NULL AS analysed
         FROM pg_stat_user_tables WHERE relname = $1`,
      [table],
    )
  )[0];
// The engine hands its counters over at most once a second, at the end of a statement: poll until it has.
const settled = (table: string, check: (s: TableStats) => boolean) =>
  vi.waitFor(async () => expect(check(await stats(table))).toBe(true), { timeout: 10_000, interval: 200 });

describe('ADR 044: upkeep of the embedded database', () => {
  it('does nothing while requests come, however due a table is', async () => {
    await settled('t', (s) => s.n_dead_tup === 2000 && s.n_mod_since_analyze === 7000);
    expect(await new EmbeddedUpkeep(db, () => false).turn()).toBeUndefined();
    await new Promise((r) => setTimeout(r, 1100));
    expect(await stats('t')).toMatchObject({ vacuumed: false, analysed: false });
  });

  it('when quiet, vacuums and analyses the table most past its thresholds first, one table a turn, then the next, then nothing', async () => {
    await settled('u', (s) => s.n_mod_since_analyze === 60);
    const upkeep = new EmbeddedUpkeep(db, () => true);
    expect(await upkeep.turn()).toBe('VACUUM (ANALYZE) public.t');
    await settled('t', (s) => s.vacuumed && s.analysed && s.n_dead_tup === 0 && s.n_mod_since_analyze === 0);
    expect(await stats('u')).toMatchObject({ analysed: false });
    // u has no dead rows: analysed only.
    expect(await upkeep.turn()).toBe('ANALYZE public.u');
    await settled('u', (s) => s.analysed && s.n_mod_since_analyze === 0);
    expect(await stats('u')).toMatchObject({ vacuumed: false });
    // Writing the carried counts after each turn does not make their own table due: nothing is left.
    expect(await upkeep.turn()).toBeUndefined();
    await new Promise((r) => setTimeout(r, 1100));
    expect(await upkeep.turn()).toBeUndefined();
  });

  it('vacuums a table that only grows once its rows inserted since the last VACUUM pass 1,000 + 20 %, as PostgreSQL 13+ does', async () => {
    const upkeep = new EmbeddedUpkeep(db, () => true);
    // 10,000 rows in, then analysed: neither dead rows nor changes since ANALYZE; inserts 10,000 > 1,000 + 20 % of 10,000.
    await db.exec('CREATE TABLE grows (id int PRIMARY KEY); INSERT INTO grows SELECT generate_series(1, 10000)');
    await settled('grows', (s) => s.n_ins_since_vacuum === 10000);
    await db.exec('ANALYZE grows');
    await settled('grows', (s) => s.analysed && s.n_mod_since_analyze === 0);
    expect(await upkeep.turn()).toBe('VACUUM public.grows');
    await settled('grows', (s) => s.vacuumed && s.n_ins_since_vacuum === 0);
    // 2,500 more: 2,500 < 1,000 + 20 % of 10,000 = 3,000 since that VACUUM (but past the ANALYZE threshold of 50 + 10 %).
    await db.exec('INSERT INTO grows SELECT generate_series(10001, 12500)');
    await settled('grows', (s) => s.n_mod_since_analyze === 2500 && s.n_ins_since_vacuum === 2500);
    expect(await upkeep.turn()).toBe('ANALYZE public.grows');
    expect(await upkeep.turn()).toBeUndefined();
    await db.exec('DROP TABLE grows');
  });

  it('counts changes across restarts: 40 changed rows before a stop and 40 after are 80, past the threshold of 50', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plm-upkeep-'));
    try {
      let local = await open(path.join(dir, 'db'));
      await local.exec('CREATE TABLE w (id int PRIMARY KEY); INSERT INTO w SELECT generate_series(1, 40)');
      const count = async (d: Db) => (await d.query<{ n: number }>(`SELECT n_mod_since_analyze AS n FROM pg_stat_user_tables WHERE relname = 'w'`))[0].n;
      await vi.waitFor(async () => expect(await count(local)).toBe(40), { timeout: 10_000, interval: 200 });
      const first = startEmbeddedUpkeep(local, () => true);
      await first.stop(); // writes the counts down
      expect(await local.query(`SELECT dead, inserted, modified FROM db_upkeep_counts WHERE name = 'public.w'`)).toEqual([
        { dead: 0, inserted: 40, modified: 40 },
      ]);
      await local.close();

      local = await openPglite(path.join(dir, 'db'));
      expect(await count(local)).toBe(0); // the engine's own counter starts again
      await local.exec('INSERT INTO w SELECT generate_series(41, 80)');
      await vi.waitFor(async () => expect(await count(local)).toBe(40), { timeout: 10_000, interval: 200 });
      expect(await new EmbeddedUpkeep(local, () => true).turn()).toBe('ANALYZE public.w');
      await local.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('never runs on PostgreSQL, which has its own autovacuum', async () => {
    const query = vi.fn();
    const pg = { kind: 'postgres', closed: false, query, exec: query } as unknown as Db;
    expect(await new EmbeddedUpkeep(pg, () => true).turn()).toBeUndefined();
    await startEmbeddedUpkeep(pg, () => true).stop();
    expect(query).not.toHaveBeenCalled();
  });
});
