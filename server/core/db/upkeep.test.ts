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

/** A PGlite with the table of carried counts (migration 047). */
async function open(dataDir?: string) {
  const opened = await openPglite(dataDir);
  await opened.exec(fs.readFileSync(path.join(import.meta.dirname, 'migrations/047_embedded_upkeep_counts.sql'), 'utf8'));
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
  n_mod_since_analyze: number;
  vacuumed: boolean;
  analysed: boolean;
}
const stats = async (table: string) =>
  (
    await db.query<TableStats>(
      `SELECT relname, n_dead_tup, n_mod_since_analyze, last_vacuum IS NOT NULL AS vacuumed, last_analyze IS NOT NULL AS analysed
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

  it('counts changes across restarts: 40 changed rows before a stop and 40 after are 80, past the threshold of 50', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plm-upkeep-'));
    try {
      let local = await open(path.join(dir, 'db'));
      await local.exec('CREATE TABLE w (id int PRIMARY KEY); INSERT INTO w SELECT generate_series(1, 40)');
      const count = async (d: Db) => (await d.query<{ n: number }>(`SELECT n_mod_since_analyze AS n FROM pg_stat_user_tables WHERE relname = 'w'`))[0].n;
      await vi.waitFor(async () => expect(await count(local)).toBe(40), { timeout: 10_000, interval: 200 });
      const first = startEmbeddedUpkeep(local, () => true);
      await first.stop(); // writes the counts down
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
