/**
 * Search table rows brought up to date just after the commit (ADR 036 "After commit", migration 040).
 * An entity's `x-searchCatchUp` names a search table whose sort columns a save does not write in its
 * own statement: the statement notes the keys in a pending table and NOTIFYs `search_pending`, and
 * the catch-up function applies the notes. This module calls it:
 *  - before a search reads that table (`beforeSearch`), so no search sorts or filters by a value older
 *    than the commits it can see;
 *  - shortly after a `search_pending` notification (every process hears it; batches of one save's
 *    transactions go together, and a bulk save of this process holds it until its last batch), so the
 *    notes stay few;
 *  - once at start, for notes of writes made while no server listened.
 */
import type { AppContext } from '../context';
import { BACKGROUND, type Db } from '../db/client';
import type { EntitySchema, SearchCatchUp } from '../schemas/documents';
import { QuietTimer } from './quiet-timer';

/**
 * After a notification, the catch-up waits this long for the same save's next transactions (a bulk
 * save commits a batch a transaction, 200 rows embedded or 500 on PostgreSQL, one every ~50–80 ms); each one waits again, so the catch-up
 * runs after the save's last batch, not between its batches (where, on the embedded database, it
 * held the engine 30–100 ms in the middle of the request). SEARCH_CATCH_UP_MS changes it (tests);
 * read per notification.
 */
const afterCommitMs = () => {
  const n = Number(process.env.SEARCH_CATCH_UP_MS);
  return Number.isInteger(n) && n >= 0 ? n : 100;
};

/** A long run of commits (a 10,000-row paste) is caught up at least this often. */
const AT_MOST_MS = 1000;

/** On PGlite the pending table is vacuumed after this many rows were caught up (a few pages of notes). */
const VACUUM_AFTER = 1000;

class CatchUps {
  readonly quiet = new QuietTimer(() => void this.runAll().catch((err) => this.failed(err)), afterCommitMs, AT_MOST_MS);
  private running: Promise<void> = Promise.resolve();
  /** Rows caught up since the pending table was last vacuumed (PGlite). */
  private sinceVacuum = 0;
  readonly ready: Promise<void>;

  constructor(
    private db: Db,
    private specs: SearchCatchUp[],
  ) {
    this.ready = db
      .listen(
        (payload) => {
          if (payload === 'search_pending') this.quiet.poke();
        },
        (ok) => {
          if (ok) this.quiet.poke();
        },
      )
      .then(
        () => {
          void this.runAll().catch((err) => this.failed(err));
        },
        (err) => {
          console.error(`Search catch-up after commit off, cannot LISTEN: ${(err as Error).message}`);
        },
      );
  }

  /** A catch-up that failed, said unless the database was closed under it (nothing left to catch up). */
  private failed(err: unknown) {
    if (!this.db.closed) console.error(`Search catch-up failed: ${(err as Error)?.message ?? String(err)}`);
  }

  /** Every catch-up in turn, after the one running (one at a time per process). */
  runAll(): Promise<void> {
    this.running = this.running
      .catch(() => {})
      .then(async () => {
        for (const spec of this.specs) await this.run(spec);
      });
    return this.running;
  }

  async run(spec: SearchCatchUp) {
    const [row] = await this.db.query<{ n: number }>(`${BACKGROUND} SELECT ${ident(spec.function)}() AS n`);
    // The embedded database has no autovacuum: without it the pending table keeps every deleted note's page.
    this.sinceVacuum += row.n;
    if (this.db.kind === 'pglite' && this.sinceVacuum >= VACUUM_AFTER) {
      this.sinceVacuum = 0;
      await this.db.exec(`${BACKGROUND} VACUUM ${ident(spec.pending)}`);
    }
  }
}

/** A name from a schema document as SQL: a plain lower-case identifier, never anything else. */
function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`x-searchCatchUp: "${name}" is not a table or function name.`);
  return name;
}

const catchUps = new WeakMap<Db, CatchUps>();

/**
 * Starts listening for `search_pending` and applies the notes left from before in the background
 * (server start does not wait for them: every search applies what is left before it reads).
 */
export async function startSearchCatchUps(ctx: AppContext): Promise<void> {
  let c = catchUps.get(ctx.db);
  if (!c) {
    const specs = [...ctx.schemas.entities.values()].flatMap((s) => (s['x-searchCatchUp'] ? [s['x-searchCatchUp']] : []));
    catchUps.set(ctx.db, (c = new CatchUps(ctx.db, specs)));
  }
  await c.ready;
}

/**
 * Every pending note applied now, after the catch-up this process may be running: when it resolves,
 * the notifications of every catch-up this process started have been heard (its read caches cleared).
 */
export async function catchUpNow(ctx: AppContext): Promise<void> {
  await startSearchCatchUps(ctx);
  await catchUps.get(ctx.db)!.runAll();
}

/**
 * Holds this process's catch-up back until the returned release is called (a bulk save's batches,
 * records/bulk.ts): a slow host's gap between two batches can outlast the quiet wait, and on the
 * embedded database the catch-up would then hold the engine in the middle of the request. The
 * ceiling (AT_MOST_MS) still applies, and a search applies what is pending before it reads.
 */
export function holdSearchCatchUps(db: Db): () => void {
  return catchUps.get(db)?.quiet.hold() ?? (() => {});
}

/** Before a search reads `table` of this entity: its pending notes applied first. */
export async function beforeSearch(ctx: AppContext, schema: EntitySchema, table: string): Promise<void> {
  const spec = schema['x-searchCatchUp'];
  if (spec?.table !== table) return;
  await ctx.db.query(`SELECT ${ident(spec.function)}()`, [], { prepare: true });
}
