/**
 * The embedded database's engine in a worker thread of its own (pglite-in-worker.ts is the main
 * thread's side): PGlite runs PostgreSQL compiled to WebAssembly on the thread that calls it, so in
 * the server's thread every statement stopped the HTTP work of every other request. Here the
 * statements of one request run while the main thread parses, checks and answers the others.
 *
 * It serves the `Db` of `openPglite` over messages: statements, transactions (begun, then ended by a
 * commit or a rollback from the main thread), the data directory's dump, and the change
 * notifications, each posted before the answer of the statement that committed it.
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { openPglite, type Db, type Queryable } from './client';
import { traceLine } from './sql-trace';
import { withWritePath, type WritePath } from './write-path';

type Run = { sql: string; tx?: number };
export type Call =
  | ({ op: 'query'; params: unknown[]; prepare?: boolean } & Run)
  | ({ op: 'exec' } & Run)
  | { op: 'begin'; via?: WritePath }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump' }
  | { op: 'close' };
export type ToWorker = { id: number } & Call;
export type ToMain = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, unknown> } | { notify: string };

const port = parentPort!;
const post = (m: ToMain) => port.postMessage(m);

/** An error as plain fields (message, and the database's code, detail, constraint…), rebuilt on the other side. */
function plain(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields = Object.entries(err).filter(([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v));
  return { ...Object.fromEntries(fields), message: err.message };
}

/** Open transactions by the id of the message that began them. */
const open = new Map<number, { q: Queryable; end: (commit: boolean) => void; done: Promise<unknown> }>();
const ROLLBACK = new Error('rolled back by the caller');

function begin(db: Db, id: number, via: WritePath | undefined): Promise<void> {
  return new Promise<void>((started, failed) => {
    let end!: (commit: boolean) => void;
    const done = withWritePath(via ?? 'screen', () =>
      db.tx(
        (q) =>
          new Promise<void>((resolve, reject) => {
            end = (commit) => (commit ? resolve() : reject(ROLLBACK));
            open.set(id, { q, end, done });
            started();
          }),
      ),
    );
    done.catch((err) => {
      if (!open.has(id)) failed(err);
    });
  });
}

/** The transaction a statement belongs to, or the database for one outside any. */
function runner(db: Db, tx: number | undefined): Queryable {
  if (tx === undefined) return db;
  const t = open.get(tx);
  if (!t) throw new Error(`No open transaction ${tx}.`);
  return t.q;
}

async function handle(db: Db, m: ToWorker): Promise<unknown> {
  switch (m.op) {
    case 'query':
      return runner(db, m.tx).query(m.sql, m.params, { prepare: m.prepare });
    case 'exec':
      return runner(db, m.tx).exec(m.sql);
    case 'begin':
      return begin(db, m.id, m.via);
    case 'end': {
      const t = open.get(m.tx);
      if (!t) throw new Error(`No open transaction ${m.tx}.`);
      open.delete(m.tx);
      t.end(m.commit);
      return t.done.catch((err) => {
        if (err !== ROLLBACK) throw err;
      });
    }
    case 'dump':
      return (await db.dumpDataDir!()).arrayBuffer();
    case 'close':
      return db.close();
  }
}

/**
 * PGLITE_TRACE=<file>: each call's start, answer and statement appended to the file (sql-trace.ts),
 * written at once (tens of microseconds a call, after its answer is timed) so a stopped server loses none.
 */
const traceFd = process.env.PGLITE_TRACE ? fs.openSync(process.env.PGLITE_TRACE, 'a') : undefined;
function traced(m: ToWorker, run: () => Promise<unknown>): Promise<unknown> {
  if (traceFd === undefined) return run();
  const start = performance.now();
  const write = () => fs.writeSync(traceFd, traceLine({ start, end: performance.now(), op: m.op, sql: 'sql' in m ? m.sql : '' }));
  return run().finally(write);
}

const { dataDir, load } = workerData as { dataDir?: string; load?: ArrayBuffer };
const ready = openPglite(dataDir, load && new Blob([load])).then(async (db) => {
  await db.listen(
    (notify) => post({ notify }),
    () => {},
  );
  return db;
});
port.on('message', (m: ToWorker) => {
  ready
    .then((db) => traced(m, () => handle(db, m)))
    .then(
      (value) => post({ id: m.id, ok: true, value: m.op === 'begin' ? m.id : value }),
      (err) => post({ id: m.id, ok: false, error: plain(err) }),
    );
});
