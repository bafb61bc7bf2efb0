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
 */
import type { Db, Queryable } from './client';
import type { Call, ToMain } from './pglite-worker';
import { typescriptWorker } from '../threads/typescript-worker';
import { writePath } from './write-path';

interface Waiting { resolve: (value: unknown) => void; reject: (err: Error) => void }

/** As `openPglite`: a data directory, or in memory when undefined, optionally loaded from a dump. */
export async function openPgliteInWorker(dataDir?: string, loadDataDir?: Blob): Promise<Db> {
  const load = loadDataDir && await loadDataDir.arrayBuffer();
  const worker = typescriptWorker(new URL('./pglite-worker.ts', import.meta.url), { workerData: { dataDir, load }, transferList: load ? [load] : [] });
  const waiting = new Map<number, Waiting>();
  const subscribers: ((payload: string) => void)[] = [];
  let nextId = 1;
  let failure: Error | undefined;
  const hold = () => (waiting.size ? worker.ref() : worker.unref());
  const fail = (err: Error) => {
    failure ??= err;
    for (const w of waiting.values()) w.reject(failure);
    waiting.clear();
    hold();
  };
  worker.on('message', (m: ToMain) => {
    if ('notify' in m) {
      for (const s of subscribers) s(m.notify);
      return;
    }
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    hold();
    if (m.ok) w.resolve(m.value);
    else w.reject(Object.assign(new Error(String(m.error.message)), m.error));
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The embedded database stopped (exit code ${code}).`)));
  const call = <T>(m: Call): Promise<T> => new Promise<T>((resolve, reject) => {
    if (failure) return reject(failure);
    const id = nextId++;
    waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
    hold();
    worker.postMessage({ ...m, id });
  });
  const queryable = (tx?: number): Queryable => ({
    query: (sql, params = [], opts) => call({ op: 'query', sql, params, prepare: opts?.prepare, tx }),
    exec: (sql) => call({ op: 'exec', sql, tx }),
  });
  // Opened (and migrated data directories found) before the first caller goes on.
  await call({ op: 'query', sql: 'SELECT 1', params: [] });
  return {
    kind: 'pglite',
    ...queryable(),
    dumpDataDir: async () => new Blob([await call<ArrayBuffer>({ op: 'dump' })]),
    async tx(fn) {
      const tx = await call<number>({ op: 'begin', via: writePath() });
      const result = await fn(queryable(tx)).catch(async (err) => {
        await call({ op: 'end', tx, commit: false }).catch(() => {});
        throw err;
      });
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    // One process owns the database: its own notifications are all there are, handed over in order.
    async listen(onNotify) { subscribers.push(onNotify); },
    settle: async () => {},
    exclusive: (_name, fn) => fn(),
    async close() {
      await call({ op: 'close' }).catch(() => {});
      await worker.terminate();
    },
  };
}
