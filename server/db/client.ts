/**
 * One database interface over two engines: embedded PGlite (default, in DATA_DIR/db)
 * and a PostgreSQL server (DATABASE_URL). Both parse int8 and numeric as JS numbers,
 * dates as 'YYYY-MM-DD' strings and timestamps as ISO strings, so results are identical.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, any>;

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs several statements separated by semicolons, without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** PGlite only: the whole data directory as a tar (tests start from a migrated, seeded copy). */
  dumpDataDir?(): Promise<Blob>;
  /** Runs fn inside one transaction; rolls back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const INT8 = 20, NUMERIC = 1700, DATE = 1082, TIMESTAMP = 1114, TIMESTAMPTZ = 1184;

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

/** PGlite's start parameters plus a smaller shared_buffers (the OS page cache still serves the files). */
const pgliteStartParams = () => [
  '--single', '-F', '-O', '-j', '-c', 'search_path=public', '-c', 'exit_on_error=false', '-c', 'log_checkpoints=false',
  '-c', 'max_worker_processes=0', '-c', 'max_parallel_workers=0', '-c', 'max_parallel_workers_per_gather=0',
  '-c', 'io_method=sync', '-c', 'max_parallel_maintenance_workers=0',
  '-c', `shared_buffers=${process.env.PGLITE_SHARED_BUFFERS ?? '32MB'}`,
];

export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Db> {
  if (dataDir && !fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    fs.mkdirSync(dataDir, { recursive: true });
    execFileSync(process.execPath, [path.join(import.meta.dirname, 'pglite-init.mjs'), dataDir], { stdio: 'inherit' });
  }
  const pgl = await PGlite.create({
    dataDir,
    loadDataDir,
    startParams: pgliteStartParams(),
    parsers: { [INT8]: toNumber, [NUMERIC]: toNumber, [DATE]: keepDate, [TIMESTAMP]: toIso, [TIMESTAMPTZ]: toIso },
  });
  const q = (runner: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query(sql, params = []) {
      const res = await runner.query(sql, params as any[]);
      return res.rows as any[];
    },
    async exec(sql) { await runner.exec(sql); },
  });
  return {
    kind: 'pglite',
    ...q(pgl),
    dumpDataDir: () => pgl.dumpDataDir('none') as Promise<Blob>,
    tx: (fn) => pgl.transaction((t) => fn(q(t as any))),
    close: () => pgl.close(),
  };
}

export async function openPostgres(url: string): Promise<Db> {
  const parsers: Record<number, (v: string) => unknown> = {
    [INT8]: toNumber, [NUMERIC]: toNumber, [DATE]: keepDate, [TIMESTAMP]: toIso, [TIMESTAMPTZ]: toIso,
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: { getTypeParser: ((oid: number, format?: any) => parsers[oid] ?? pg.types.getTypeParser(oid, format)) as any },
  });
  // An idle pooled connection that the server ends (restart, admin command) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
  const q = (runner: pg.Pool | pg.PoolClient): Queryable => ({
    async query(sql, params = []) {
      const res = await runner.query(sql, params as any[]);
      return res.rows;
    },
    async exec(sql) { await runner.query(sql); },
  });
  return {
    kind: 'postgres',
    ...q(pool),
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
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
    close: () => pool.end(),
  };
}

/** Opens the configured database: PostgreSQL when a URL is given, else PGlite (in memory when dataDir is undefined). */
export function openDb(opts: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
