import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverStateError } from '../http/database-errors';
import { CHANGES_CHANNEL, openPglite, type Db, type Queryable } from './client';
import { ENGINE_STOPPED, openPgliteInWorker } from './pglite-in-worker';
import { parseTrace } from './sql-trace';
import { withWritePath } from './write-path';

let db: Db;
const heard: string[] = [];
beforeAll(async () => {
  db = await openPgliteInWorker();
  await db.listen(
    (p) => heard.push(p),
    () => {},
  );
  await db.exec(`CREATE TABLE t (id int PRIMARY KEY, n numeric, d date, at timestamptz, via text DEFAULT current_setting('plm.via', true))`);
  // Starting the engine (and its extensions) in a worker takes seconds on a loaded machine: over the 10 s default there.
}, 60_000);
afterAll(() => db.close());

describe('the embedded database in a worker thread', () => {
  it('answers rows in the shapes the in-process engine gives (numbers, dates, ISO timestamps), prepared or not', async () => {
    await db.query(`INSERT INTO t (id, n, d, at) VALUES (1, 12.50, '2026-11-28', '2026-11-28 10:00:00.5+00')`);
    const local = await openPglite();
    try {
      const sql = `SELECT 1::int8 AS id, 12.50::numeric AS n, '2026-11-28'::date AS d, '2026-11-28 10:00:00.5+00'::timestamptz AS at, $1::text AS s`;
      const expected = await local.query(sql, ['x']);
      expect(await db.query(sql, ['x'])).toEqual(expected);
      expect(await db.query(sql, ['x'], { prepare: true })).toEqual(expected);
      expect(await db.query('SELECT id, n, d, at FROM t')).toEqual([{ id: 1, n: 12.5, d: '2026-11-28', at: '2026-11-28T10:00:00.500Z' }]);
    } finally {
      await local.close();
    }
  });

  it('commits a transaction, rolls back one whose work throws, and keeps the database error code', async () => {
    await db.tx(async (q) => {
      await q.query('INSERT INTO t (id) VALUES (2)');
    });
    const err = await db
      .tx(async (q) => {
        await q.query('INSERT INTO t (id) VALUES (3)');
        await q.query('INSERT INTO t (id) VALUES (1)');
      })
      .catch((e) => e);
    expect(err).toMatchObject({ code: '23505', message: expect.stringContaining('duplicate key') });
    await expect(
      db.tx(async (q) => {
        await q.query('INSERT INTO t (id) VALUES (4)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await db.query('SELECT id FROM t ORDER BY id')).map((r) => r.id)).toEqual([1, 2]);
  });

  it('runs a statement sent while a transaction is open after that transaction', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const tx = db.tx(async (q) => {
      await q.query('INSERT INTO t (id) VALUES (5)');
      await held;
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM t WHERE id = 5');
    release();
    await tx;
    expect(await outside).toEqual([{ n: 1 }]);
  });

  it('hands a committed change notification to the subscribers before the statement resolves', async () => {
    heard.length = 0;
    await db.query(`SELECT pg_notify('${CHANGES_CHANNEL}', 'records one')`);
    expect(heard).toEqual(['records one']);
    await db.tx(async (q) => {
      await q.query(`SELECT pg_notify('${CHANGES_CHANNEL}', 'records two')`);
    });
    expect(heard).toEqual(['records one', 'records two']);
  });

  it('names the write path of the transaction (audit rows) as the caller set it', async () => {
    await withWritePath('grid', () => db.tx((q) => q.query('INSERT INTO t (id) VALUES (6)')));
    expect(await db.query('SELECT via FROM t WHERE id = 6')).toEqual([{ via: 'grid' }]);
  });

  it('dumps the data directory as a tar the in-process engine loads', async () => {
    const copy = await openPglite(undefined, await db.dumpDataDir!());
    try {
      expect((await copy.query('SELECT id FROM t ORDER BY id')).map((r) => r.id)).toEqual([1, 2, 5, 6]);
    } finally {
      await copy.close();
    }
  });

  it('an engine that stops: its statements and open transaction fail as an unreachable database (503), the subscribers hear it, and it starts again on its data directory with what was committed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plm-engine-'));
    const workers: Worker[] = [];
    const disk = await openPgliteInWorker(dir, undefined, { onWorker: (w) => workers.push(w) });
    try {
      const told: boolean[] = [];
      await disk.listen(
        () => {},
        (ok) => told.push(ok),
      );
      await disk.exec('CREATE TABLE kept (id int PRIMARY KEY)');
      await disk.query('INSERT INTO kept VALUES (1)');
      let inside!: (q: Queryable) => void;
      const open = new Promise<Queryable>((r) => {
        inside = r;
      });
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      const tx = disk.tx(async (q) => {
        await q.query('INSERT INTO kept VALUES (2)');
        inside(q);
        await held;
        await q.query('INSERT INTO kept VALUES (3)');
      });
      const q = await open;
      const waiting = disk.query('SELECT count(*) FROM kept');
      await workers[0].terminate();
      const err = await waiting.catch((e) => e);
      expect(err).toMatchObject({ message: ENGINE_STOPPED, code: '08006' });
      expect(serverStateError(err)?.status).toBe(503);
      release();
      await expect(tx).rejects.toMatchObject({ code: '08006' });
      await expect(q.query('SELECT 1')).rejects.toMatchObject({ code: '08006' });
      await expect.poll(() => told, { timeout: 20_000 }).toEqual([false, true]);
      expect(workers).toHaveLength(2);
      expect((await disk.query('SELECT id FROM kept ORDER BY id')).map((r) => r.id)).toEqual([1]);
      await disk.tx(async (t) => {
        await t.query('INSERT INTO kept VALUES (4)');
      });
      expect((await disk.query('SELECT id FROM kept ORDER BY id')).map((r) => r.id)).toEqual([1, 4]);
    } finally {
      await disk.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('PGLITE_TRACE (issue 31)', () => {
  it('the worker appends each call it served, timed, with its statement on one line', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'plm-trace-')), 'trace.txt');
    process.env.PGLITE_TRACE = file;
    const traced = await openPgliteInWorker().finally(() => delete process.env.PGLITE_TRACE);
    try {
      await traced.tx(async (q) => {
        await q.query('SELECT $1::int\n  + 1 AS two', [1]);
      });
    } finally {
      await traced.close();
    }
    const calls = parseTrace(fs.readFileSync(file, 'utf8'));
    const select = calls.find((c) => c.sql === 'SELECT $1::int + 1 AS two');
    expect(select).toMatchObject({ op: 'query' });
    expect(select!.end).toBeGreaterThanOrEqual(select!.start);
    expect(calls.map((c) => c.op)).toEqual(expect.arrayContaining(['begin', 'query', 'end']));
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }, 60_000);
});
