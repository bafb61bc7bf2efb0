/**
 * One database interface over two engines: embedded PGlite (default, in DATA_DIR/db)
 * and a PostgreSQL server (DATABASE_URL). Both parse int8 and numeric as JS numbers,
 * dates as 'YYYY-MM-DD' strings and timestamps as ISO strings, so results are identical.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { openPgliteInWorker } from './pglite-in-worker';
import { writePath, writePathStatement } from './write-path';
import { sqlLiteral } from './sql-literal';

export type Row = Record<string, any>;

export interface QueryOptions {
  /**
   * Keep the statement prepared (named) on the connection and reuse it: PostgreSQL plans a
   * prepared statement once (a generic plan) instead of per call, which is most of the cost of a
   * read through a many-join view. For statements whose text repeats; the text is the key.
   */
  prepare?: boolean;
}

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<T[]>;
  /** Runs several statements separated by semicolons, without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** PGlite only: the whole data directory as a tar (tests start from a migrated, seeded copy). */
  dumpDataDir?(): Promise<Blob>;
  /** Runs fn inside one transaction; rolls back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` with the payload of each NOTIFY on CHANGES_CHANNEL, from any process on a
   * PostgreSQL server, from this one on PGlite. A change committed by this process is reported
   * before its query or transaction resolves. `onListening(false)` says notifications from other
   * processes may be missed from now on (the listening connection was lost), `onListening(true)`
   * that they arrive again. Resolves once listening.
   */
  listen(onNotify: (payload: string) => void, onListening: (ok: boolean) => void): Promise<void>;
  /**
   * Resolves once every notification of a change committed before the call has been handed to the
   * `listen` subscribers (the read cache's check before it serves an answer, ADR 037): at once on
   * PGlite (they are handed over as the committing query completes), after a round trip on the
   * listening connection on PostgreSQL (the server sends a session its pending notifications before
   * the answer). Rejects when that connection is lost.
   */
  settle(): Promise<void>;
  /**
   * Runs fn while holding a lock named `name` across every process on the database (a PostgreSQL
   * advisory lock; on PGlite one process owns the database): e.g. migrations and the first seed,
   * when several server processes start at once.
   */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** True once close() was called: work still running then fails for that reason, and need not say so. */
  readonly closed: boolean;
}

/** The one channel of change notifications (`pg_notify('db_changes', topic)`); the payload names what changed. */
export const CHANGES_CHANNEL = 'db_changes';

/** The name of a prepared statement: one per statement text. */
const statementName = (sql: string) => `q_${crypto.createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;

const INT8 = 20,
  NUMERIC = 1700,
  DATE = 1082,
  TIMESTAMP = 1114,
  TIMESTAMPTZ = 1184;

const toNumber = (v: string) => (v === null ? null : Number(v));
/** PostgreSQL text timestamps ('2026-01-02 03:04:05.6+00') to ISO 8601 in UTC; no zone means UTC. */
export function toIso(v: string | null): string | null {
  if (v === null) return null;
  let s = v.replace(' ', 'T');
  if (/[+-]\d\d$/.test(s)) s += ':00';
  else if (!/([+-]\d\d:\d\d|Z)$/.test(s)) s += 'Z';
  return new Date(s).toISOString();
}
const keepDate = (v: string) => v;

/** Marks the statements no request runs: the search catch-up, the embedded upkeep, the job queue's own bookkeeping (tests that count a request's statements leave them out). */
export const BACKGROUND = '/* background */';
/** PGlite's start parameters plus a smaller shared_buffers (the OS page cache still serves the files). */
const pgliteStartParams = () => [
  '--single',
  '-F',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
  '-c',
  `shared_buffers=${process.env.PGLITE_SHARED_BUFFERS ?? '32MB'}`,
];

export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Db> {
  let release = () => {};
  if (dataDir) {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    release = lockDataDir(dataDir);
  }
  let pgl: PGlite;
  try {
    if (dataDir && !fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
      fs.mkdirSync(dataDir, { recursive: true });
      execFileSync(process.execPath, [path.join(import.meta.dirname, 'pglite-init.mjs'), dataDir], { stdio: 'inherit' });
    }
    pgl = await PGlite.create({
      dataDir,
      loadDataDir,
      startParams: pgliteStartParams(),
      // Trigram indexes of the quick search (migration 018, ADR 019); the brand in the /Search text's (044).
      extensions: { pg_trgm, btree_gin },
      parsers: { [INT8]: toNumber, [NUMERIC]: toNumber, [DATE]: keepDate, [TIMESTAMP]: toIso, [TIMESTAMPTZ]: toIso },
    });
  } catch (err) {
    release();
    throw err;
  }
  // Statements prepared in this (single) session, or being prepared: concurrent first uses of one
  // text share one PREPARE. Inside a transaction statements run unprepared: waiting there for a
  // PREPARE queued behind the transaction would never end.
  const prepared = new Map<string, Promise<void>>();
  const q = (runner: Pick<PGlite, 'query' | 'exec'>, inTx: boolean): Queryable => ({
    async query(sql, params = [], opts) {
      if (!opts?.prepare || inTx) return (await runner.query(sql, params as any[])).rows as any[];
      const name = statementName(sql);
      let ready = prepared.get(name);
      if (!ready) {
        prepared.set(name, (ready = runner.query(`PREPARE ${name} AS ${sql}`).then(() => {})));
        ready.catch(() => prepared.delete(name));
      }
      await ready;
      const args = params.length ? `(${params.map(sqlLiteral).join(', ')})` : '';
      return (await runner.query(`EXECUTE ${name}${args}`)).rows as any[];
    },
    async exec(sql) {
      await runner.exec(sql);
    },
  });
  let closed = false;
  return {
    kind: 'pglite',
    get closed() {
      return closed;
    },
    ...q(pgl, false),
    dumpDataDir: () => pgl.dumpDataDir('none') as Promise<Blob>,
    tx: (fn) => {
      // The write's path (write-path.ts) for the audit rows the transaction writes.
      const via = writePathStatement(writePath());
      return pgl.transaction(async (t) => {
        if (via) await t.query(...(via as [string, any[]]));
        return fn(q(t as any, true));
      });
    },
    // One process owns the database, so its own notifications are all there are; PGlite hands
    // them over as the committing query completes.
    async listen(onNotify) {
      await pgl.listen(CHANGES_CHANNEL, onNotify);
    },
    settle: async () => {},
    exclusive: (_name, fn) => fn(),
    close: async () => {
      closed = true;
      await pgl.close();
      release();
    },
  };
}

export async function openPostgres(url: string): Promise<Db> {
  const parsers: Record<number, (v: string) => unknown> = {
    [INT8]: toNumber,
    [NUMERIC]: toNumber,
    [DATE]: keepDate,
    [TIMESTAMP]: toIso,
    [TIMESTAMPTZ]: toIso,
  };
  const changes = pgChanges(url);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // No JIT: it compiles any statement the planner costs high (a page sorting 25,000 matches, a
    // bulk save) for 50–100 ms, more than such statements take to run (bench/RESULTS.md, issue 14).
    options: '-c jit=off',
    onConnect: changes.onConnect,
    types: { getTypeParser: ((oid: number, format?: any) => parsers[oid] ?? pg.types.getTypeParser(oid, format)) as any },
  });
  // An idle pooled connection that the server ends (restart, admin command) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
  const q = (runner: pg.Pool | pg.PoolClient): Queryable => ({
    async query(sql, params = [], opts) {
      // pg prepares a named statement once per pooled connection and reuses it after.
      const res = await runner.query(opts?.prepare ? { name: statementName(sql), text: sql, values: params as any[] } : { text: sql, values: params as any[] });
      return res.rows;
    },
    async exec(sql) {
      await runner.query(sql);
    },
  });
  let closed = false;
  return {
    kind: 'postgres',
    ...q(pool),
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const via = writePathStatement(writePath());
        if (via) await client.query(...(via as [string, any[]]));
        const out = await fn(q(client));
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    listen: (onNotify, onListening) => changes.listen(onNotify, onListening),
    settle: () => changes.settle(),
    async exclusive(name, fn) {
      // A session lock on a connection of its own: fn's queries use the pool meanwhile.
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
        return await fn();
      } finally {
        await c.end().catch(() => {});
      }
    },
    get closed() {
      return closed;
    },
    async close() {
      closed = true;
      await changes.close();
      await pool.end();
    },
  };
}

/**
 * Change notifications on PostgreSQL. Other processes' changes arrive on a connection of its own
 * (a pooled one may be idle-closed or busy): one client per process, reconnected after a loss,
 * which is reported because notifications sent meanwhile are gone. Every pooled connection
 * listens too, so a change this process commits is reported before its COMMIT resolves
 * (PostgreSQL delivers a session's own notifications ahead of ReadyForQuery): the next request
 * never sees the state before it.
 *
 * Each notification is reported once: a pooled connection reports only its own session's (a
 * notification goes to every listening session, and an idle one may deliver its copy tens of
 * milliseconds later, emptying the read caches again after a reader had filled them), and the
 * listening connection only those of sessions outside this pool (other processes, backups).
 */
function pgChanges(url: string) {
  const subscribers: { onNotify: (payload: string) => void; onListening: (ok: boolean) => void }[] = [];
  /** The server process ids of this pool's connections. */
  const pooled = new Set<number>();
  const dispatch = (m: pg.Notification) => {
    if (m.channel === CHANGES_CHANNEL) for (const s of subscribers) s.onNotify(m.payload ?? '');
  };
  const fromOutside = (m: pg.Notification) => {
    if (!pooled.has(m.processId)) dispatch(m);
  };
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let closed = false;
  const tell = (ok: boolean) => {
    for (const s of subscribers) s.onListening(ok);
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', fromOutside);
    c.on('error', (err) => {
      console.error(`PostgreSQL LISTEN connection lost: ${err.message}`);
      lost(c);
    });
    c.on('end', () => lost(c));
    await c.connect();
    await c.query(`LISTEN ${CHANGES_CHANNEL}`);
    client = c;
  };
  const ensure = () =>
    (connecting ??= connect().finally(() => {
      connecting = undefined;
    }));
  // One round trip serves every caller that came before it was sent: the next one is shared until it goes.
  let last: Promise<void> = Promise.resolve();
  let next: Promise<void> | undefined;
  const settle = () =>
    (next ??= last
      .catch(() => {})
      .then(() => {
        next = undefined;
        const c = client;
        return (last = c ? c.query('SELECT 1').then(() => {}) : Promise.reject(new Error('Not listening for changes.')));
      }));
  const reconnect = () => {
    if (closed) return;
    setTimeout(() => {
      ensure().then(() => tell(true), reconnect);
    }, 1000).unref();
  };
  const lost = (c: pg.Client) => {
    if (client !== c || closed) return;
    client = undefined;
    tell(false);
    reconnect();
  };
  return {
    /** The pool's hook for each new connection, before its first use. */
    async onConnect(c: pg.ClientBase) {
      const pid = (c as pg.Client & { processID: number }).processID;
      pooled.add(pid);
      c.on('end', () => pooled.delete(pid));
      c.on('notification', (m) => {
        if (m.processId === pid) dispatch(m);
      });
      await c.query(`LISTEN ${CHANGES_CHANNEL}`);
    },
    async listen(onNotify: (payload: string) => void, onListening: (ok: boolean) => void) {
      subscribers.push({ onNotify, onListening });
      // A first connection that fails is retried like a lost one; onListening(true) tells when it works.
      if (!client)
        await ensure().catch((err) => {
          reconnect();
          throw err;
        });
    },
    settle,
    async close() {
      closed = true;
      await connecting?.catch(() => {});
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}

/**
 * Opens the configured database: PostgreSQL when a URL is given, else PGlite (in memory when dataDir
 * is undefined) in a worker thread (pglite-in-worker.ts; PGLITE_WORKER=0: on this thread).
 */
export function openDb(opts: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return process.env.PGLITE_WORKER === '0' ? openPglite(opts.dataDir) : openPgliteInWorker(opts.dataDir);
}
