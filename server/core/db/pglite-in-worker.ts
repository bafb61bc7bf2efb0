/**
 * The embedded database as the server opens it: PGlite in a worker thread (pglite-worker.ts), behind
 * the same `Db` as `openPglite`. The main thread only posts statements and takes their rows, so the
 * engine's work on one request overlaps the HTTP, JSON and rules work on others (issue 31: on the
 * HTTP thread the engine kept it 100 % busy).
 *
 * Same guarantees as in process: one session, statements in the order sent, a transaction's
 * statements inside it and others after it, and every change notification handed to the `listen`
 * subscribers before the statement or transaction that committed it resolves (the worker posts it
 * first). The worker holds the process open only while a call waits for it.
 *
 * An engine that stops (the worker ends: a WebAssembly abort, out of memory) does not leave the
 * server answering 500s until someone restarts it. Its waiting statements and open transactions
 * fail as an unreachable database does (SQLSTATE 08006: a 503 with Retry-After, nothing half
 * written: PostgreSQL's own crash recovery runs as the data directory opens again), the
 * subscribers hear that notifications may have been missed (the read cache empties, the feed's
 * streams reload), and the engine starts again on its data directory, after a pause that grows
 * while it keeps stopping. An in-memory database has nothing to open again: it stays unavailable.
 */
import type { Worker } from 'node:worker_threads';
import type { Db, Queryable } from './client';
import type { Call, ToMain } from './pglite-worker';
import { typescriptWorker } from '../threads/typescript-worker';
import { writePath } from './write-path';

interface Waiting {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

/** The message of a statement the stopped engine could not answer. */
export const ENGINE_STOPPED = 'The embedded database stopped; it is starting again.';

/** Pauses before starting a stopped engine again: the first at once, then longer while it keeps stopping. */
const RESTART_DELAYS_MS = [0, 1000, 5000, 30_000];

/** As `openPglite`: a data directory, or in memory when undefined, optionally loaded from a dump. `onWorker` sees each worker started (tests). */
export async function openPgliteInWorker(dataDir?: string, loadDataDir?: Blob, opts: { onWorker?: (w: Worker) => void } = {}): Promise<Db> {
  const waiting = new Map<number, Waiting>();
  const subscribers: ((payload: string) => void)[] = [];
  const listening: ((ok: boolean) => void)[] = [];
  let nextId = 1;
  let worker: Worker;
  /** Set while no engine answers: calls are refused with it. */
  let down: Error | undefined;
  /** Moves with each engine started: a transaction begun on an earlier one is gone. */
  let generation = 0;
  let stops = 0;
  let startedAt = 0;
  let opened = false;
  let closing = false;
  const hold = () => (waiting.size ? worker.ref() : worker.unref());
  const stopped = (detail: string) => Object.assign(new Error(ENGINE_STOPPED), { code: '08006', detail });

  const start = async (load?: ArrayBuffer) => {
    const w = typescriptWorker(new URL('./pglite-worker.ts', import.meta.url), { workerData: { dataDir, load }, transferList: load ? [load] : [] });
    worker = w;
    generation++;
    opts.onWorker?.(w);
    w.on('message', (m: ToMain) => {
      if ('notify' in m) {
        for (const s of subscribers) s(m.notify);
        return;
      }
      const pending = waiting.get(m.id);
      if (!pending) return;
      waiting.delete(m.id);
      hold();
      if (m.ok) pending.resolve(m.value);
      else pending.reject(Object.assign(new Error(String(m.error.message)), m.error));
    });
    let ended = false;
    const end = (detail: string) => {
      if (ended) return;
      ended = true;
      if (!closing) lost(detail);
    };
    w.on('error', (err) => end(err.message));
    w.on('exit', (code) => end(`exit code ${code}`));
    // Opened (and migrated data directories found) before the first caller goes on.
    await call({ op: 'query', sql: 'SELECT 1', params: [] });
    startedAt = Date.now();
  };

  const lost = (detail: string) => {
    down = stopped(detail);
    for (const w of waiting.values()) w.reject(down);
    waiting.clear();
    for (const l of listening) l(false);
    // Not opened yet: the caller of openPgliteInWorker has the error. In memory: nothing to open again.
    if (!opened || dataDir === undefined) return;
    // An engine that ran a while before it stopped starts again at once.
    if (Date.now() - startedAt > 60_000) stops = 0;
    const delay = RESTART_DELAYS_MS[Math.min(stops++, RESTART_DELAYS_MS.length - 1)];
    console.error(`The embedded database stopped (${detail}); starting it again${delay ? ` in ${delay / 1000} s` : ''}.`);
    setTimeout(() => {
      if (closing) return;
      down = undefined;
      start().then(
        () => {
          for (const l of listening) l(true);
        },
        () => {
          /* it stopped again: lost() runs for that worker */
        },
      );
    }, delay).unref();
  };

  function call<T>(m: Call, tx?: { generation: number }): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (down) return reject(down);
      if (tx && tx.generation !== generation) return reject(stopped('the transaction was on the engine that stopped'));
      const id = nextId++;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      hold();
      worker.postMessage({ ...m, id });
    });
  }
  const queryable = (tx?: { id: number; generation: number }): Queryable => ({
    query: (sql, params = [], o) => call({ op: 'query', sql, params, prepare: o?.prepare, tx: tx?.id }, tx),
    exec: (sql) => call({ op: 'exec', sql, tx: tx?.id }, tx),
  });
  await start(loadDataDir && (await loadDataDir.arrayBuffer()));
  opened = true;
  return {
    kind: 'pglite',
    get closed() {
      return closing;
    },
    ...queryable(),
    dumpDataDir: async () => new Blob([await call<ArrayBuffer>({ op: 'dump' })]),
    async tx(fn) {
      const at = generation;
      const tx = { id: await call<number>({ op: 'begin', via: writePath() }), generation: at };
      const result = await fn(queryable(tx)).catch(async (err) => {
        await call({ op: 'end', tx: tx.id, commit: false }, tx).catch(() => {});
        throw err;
      });
      await call({ op: 'end', tx: tx.id, commit: true }, tx);
      return result;
    },
    // One process owns the database: its own notifications are all there are, handed over in order.
    async listen(onNotify, onListening) {
      subscribers.push(onNotify);
      listening.push(onListening);
    },
    settle: async () => {},
    exclusive: (_name, fn) => fn(),
    async close() {
      closing = true;
      await call({ op: 'close' }).catch(() => {});
      await worker.terminate();
    },
  };
}
