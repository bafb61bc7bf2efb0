/**
 * ADR 004: the job queue on the embedded database. This process enqueues every job there and wakes its
 * worker; between jobs the worker waits for the next retry's time instead of asking the database every
 * second (an idle server's CPU).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKGROUND, openPglite, type Db } from '../db/client';
import { runMigrations } from '../db/migrate';
import { JobQueue } from './queue';

let db: Db;
let queue: JobQueue | undefined;
beforeAll(async () => {
  db = await openPglite();
  await runMigrations(db);
}, 60_000);
afterEach(async () => {
  await queue?.stop();
  queue = undefined;
  vi.restoreAllMocks();
});
afterAll(async () => {
  await db?.close();
});

/** A started queue whose one queue's handler records each attempt's time and fails the first `failing` attempts. */
async function started(failing = 0) {
  const attempts: number[] = [];
  queue = new JobQueue(db);
  queue.register('work', async () => {
    attempts.push(Date.now());
    if (attempts.length <= failing) throw new Error('not yet');
  });
  await queue.start();
  await queue.drain();
  return { queue, attempts };
}

describe('ADR 004: the job queue on the embedded database', () => {
  it('idle, the worker does not ask the database for jobs every second', async () => {
    await started();
    await new Promise((r) => setTimeout(r, 300)); // the look after the start's drain
    const asked = vi.spyOn(db, 'query');
    await new Promise((r) => setTimeout(r, 2_300));
    expect(asked).not.toHaveBeenCalled();
  });

  it('a job enqueued while the worker waits runs at once', async () => {
    const { queue, attempts } = await started();
    const t0 = Date.now();
    await queue.enqueue(db, 'work', {});
    await vi.waitFor(() => expect(attempts).toHaveLength(1), { timeout: 2_000, interval: 20 });
    expect(attempts[0] - t0).toBeLessThan(500);
  });

  it('a failed job is tried again when its back-off (2 s after the first attempt) is over, without a wake', async () => {
    const { queue, attempts } = await started(1);
    await queue.enqueue(db, 'work', {});
    await vi.waitFor(() => expect(attempts).toHaveLength(2), { timeout: 5_000, interval: 50 });
    const gap = attempts[1] - attempts[0];
    expect(gap).toBeGreaterThanOrEqual(1_900);
    expect(gap).toBeLessThan(2_800);
    const [job] = await db.query<{ status: string; attempts: number }>(`SELECT status, attempts FROM jobs ORDER BY jobid DESC LIMIT 1`);
    expect(job).toEqual({ status: 'Completed', attempts: 2 });
  });

  it('busy while a job runs, not before nor after', async () => {
    let release!: () => void;
    queue = new JobQueue(db);
    queue.register('held', () => new Promise<void>((r) => (release = r)));
    await queue.start();
    expect(queue.busy).toBe(false);
    await queue.enqueue(db, 'held', {});
    await vi.waitFor(() => expect(release).toBeTypeOf('function'), { timeout: 2_000, interval: 20 });
    expect(queue.busy).toBe(true);
    release();
    await queue.drain();
    expect(queue.busy).toBe(false);
  });

  it("the queue's own statements (claim, done, failed, the look for the next retry) are marked background; the job's are not", async () => {
    const { queue } = await started(1);
    const asked = vi.spyOn(db, 'query');
    queue.register('counted', async (_job, q) => {
      await q.query('SELECT 1 AS from_the_job');
    });
    await queue.enqueue(db, 'counted', {});
    await queue.enqueue(db, 'work', {});
    await vi.waitFor(() => expect(asked.mock.calls.some(([sql]) => /status = \$2, lasterror/.test(sql))).toBe(true), { timeout: 2_000, interval: 20 });
    await queue.drain();
    const statements = asked.mock.calls.map(([sql]) => sql.trim());
    const own = statements.filter((sql) => /\bjobs\b/.test(sql) && !/^INSERT INTO jobs/.test(sql));
    expect(own.length).toBeGreaterThanOrEqual(4);
    expect(own.filter((sql) => !sql.startsWith(BACKGROUND))).toEqual([]);
    expect(statements).toContain('SELECT 1 AS from_the_job');
  });

  it('a database that stops answering is reported at once, not at every look, and its return is reported', async () => {
    const { queue } = await started();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const logs = vi.spyOn(console, 'log').mockImplementation(() => {});
    const query = vi.spyOn(db, 'query').mockRejectedValue(new Error('connection refused'));
    queue.wake();
    await vi.waitFor(() => expect(query.mock.calls.length).toBeGreaterThanOrEqual(3), { timeout: 5_000, interval: 50 });
    expect(errors.mock.calls).toEqual([['The job queue could not look for jobs: connection refused']]);
    query.mockRestore();
    await vi.waitFor(() => expect(logs).toHaveBeenCalledWith(expect.stringMatching(/^The job queue reaches its database again \(\d+ failed looks since /)), {
      timeout: 3_000,
      interval: 50,
    });
    expect(errors).toHaveBeenCalledTimes(1);
  });
});
