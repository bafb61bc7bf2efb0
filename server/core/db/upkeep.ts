/**
 * The embedded database's upkeep (ADR 044). PGlite runs PostgreSQL in single-user mode, where
 * autovacuum never runs: without this nothing refreshes the planner's statistics as tables grow and
 * change (plans chosen for another size of data), and the dead rows of deletes and of updates that
 * could not stay on their page keep their space. So, when no request has come for a while, the table
 * furthest past PostgreSQL's own autovacuum thresholds is vacuumed (dead rows over 50 + 20 % of the
 * table, or rows inserted since its last VACUUM over 1,000 + 20 %: a table that only grows, like the
 * audit log, gets its pages marked all-visible and frozen) and/or analysed (rows changed since its
 * last ANALYZE over 50 + 10 %). One table a turn, so
 * the one connection is held for one table's work (100,000 colorways: VACUUM 8–300 ms, ANALYZE of the
 * colorway table ~2 s); while it stays quiet the next turn follows, else the next minute looks again.
 * The engine's counters start from zero at each start: the counts of earlier runs are carried in
 * db_upkeep_counts (migrations 047, 048). On PostgreSQL the server's own autovacuum does this; nothing runs.
 */
import { type Stoppable, timerChain } from '../jobs/timer-chain';
import { BACKGROUND, type Db } from './client';

/** How often the tables are looked at; after a turn that did something, the next comes sooner. */
const EVERY_MS = 60_000;
const NEXT_MS = 1_000;
/** A quiet turn with nothing due writes the counts down this often (a crash loses at most this much counting). */
const SAVE_EVERY_MS = 10 * 60_000;
/** How long no request must have come before a turn. */
export const QUIET_MS = 5_000;

interface Carried {
  name: string;
  dead: number;
  inserted: number;
  modified: number;
}

/**
 * Each table's counts: the engine's since its start plus those carried from earlier runs ($1, JSON). Not the
 * carried counts' own table: writing them would make it due after every turn (its rows only change in place, and
 * only rows whose counts moved are written, so its pages are pruned as they go).
 */
const COUNTS = `SELECT s.name, greatest(c.reltuples, 0) AS tuples,
    s.n_dead_tup + coalesce(k.dead, 0) AS dead, s.n_ins_since_vacuum + coalesce(k.inserted, 0) AS inserted,
    s.n_mod_since_analyze + coalesce(k.modified, 0) AS modified
  FROM (SELECT *, quote_ident(schemaname) || '.' || quote_ident(relname) AS name FROM pg_stat_user_tables WHERE relname <> 'db_upkeep_counts') s
    JOIN pg_class c ON c.oid = s.relid
    LEFT JOIN jsonb_to_recordset($1::jsonb) k(name text, dead bigint, inserted bigint, modified bigint) ON k.name = s.name`;

/**
 * The table most past its thresholds, if any is (PostgreSQL's defaults: autovacuum_vacuum_threshold 50 and
 * _scale_factor 0.2, autovacuum_vacuum_insert_threshold 1000 and _scale_factor 0.2, autovacuum_analyze_threshold 50
 * and _scale_factor 0.1).
 */
const DUE = `${BACKGROUND} SELECT name, vac > 1 AS vacuum, ana > 1 AS analyze
  FROM (SELECT name, greatest(dead / (50 + 0.2 * tuples), inserted / (1000 + 0.2 * tuples)) AS vac, modified / (50 + 0.1 * tuples) AS ana
          FROM (${COUNTS}) t) d
  WHERE vac > 1 OR ana > 1
  ORDER BY greatest(vac, ana) DESC
  LIMIT 1`;

const SAVE = `${BACKGROUND} INSERT INTO db_upkeep_counts (name, dead, inserted, modified) SELECT name, dead, inserted, modified FROM (${COUNTS}) t
  ON CONFLICT (name) DO UPDATE SET dead = excluded.dead, inserted = excluded.inserted, modified = excluded.modified
  WHERE (db_upkeep_counts.dead, db_upkeep_counts.inserted, db_upkeep_counts.modified)
    IS DISTINCT FROM (excluded.dead, excluded.inserted, excluded.modified)`;

export class EmbeddedUpkeep {
  /** The counts of earlier runs, read at the first turn; a table's go to zero when it is vacuumed or analysed. */
  private carried?: Map<string, Carried>;
  private savedAt = Date.now();

  constructor(
    private db: Db,
    private quiet: () => boolean,
  ) {}

  private async counts(): Promise<string> {
    this.carried ??= new Map(
      (await this.db.query<Carried>(`${BACKGROUND} SELECT name, dead, inserted, modified FROM db_upkeep_counts`)).map((k) => [k.name, k]),
    );
    return JSON.stringify([...this.carried.values()]);
  }

  /** One turn: the table most due vacuumed and/or analysed when the server is quiet; answers the statement run, if any. */
  async turn(): Promise<string | undefined> {
    if (this.db.kind !== 'pglite' || this.db.closed || !this.quiet()) return undefined;
    const [due] = await this.db.query<{ name: string; vacuum: boolean; analyze: boolean }>(DUE, [await this.counts()]);
    if (!due) {
      if (Date.now() - this.savedAt >= SAVE_EVERY_MS) await this.save();
      return undefined;
    }
    if (!this.quiet()) return undefined;
    const sql = due.vacuum ? `VACUUM${due.analyze ? ' (ANALYZE)' : ''} ${due.name}` : `ANALYZE ${due.name}`;
    await this.db.exec(`${BACKGROUND} ${sql}`);
    const carried = this.carried?.get(due.name);
    if (carried) {
      if (due.vacuum) {
        carried.dead = 0;
        carried.inserted = 0;
      }
      if (due.analyze) carried.modified = 0;
    }
    await this.save();
    return sql;
  }

  /** The counts so far written down for the next run (after a table's upkeep, every 10 minutes when quiet, at the stop). */
  async save() {
    if (this.db.kind !== 'pglite' || this.db.closed) return;
    await this.db.query(SAVE, [await this.counts()]);
    this.savedAt = Date.now();
  }
}

/** Starts the turns (embedded database only); `stop` ends them (a turn under way finishes) and writes the counts down. */
export function startEmbeddedUpkeep(db: Db, quiet: () => boolean): Stoppable {
  if (db.kind !== 'pglite') return { async stop() {} };
  const upkeep = new EmbeddedUpkeep(db, quiet);
  const failed = (err: unknown) => {
    if (!db.closed) console.error(`Database upkeep failed: ${(err as Error)?.message ?? String(err)}`);
  };
  const turns = timerChain(
    EVERY_MS,
    async () => {
      const t0 = performance.now();
      const ran = await upkeep.turn();
      if (ran) console.log(`Database upkeep: ${ran} (${Math.round(performance.now() - t0)} ms)`);
      return ran ? NEXT_MS : EVERY_MS;
    },
    (err) => {
      failed(err);
      return EVERY_MS;
    },
  );
  return {
    async stop() {
      await turns.stop();
      await upkeep.save().catch(failed);
    },
  };
}
