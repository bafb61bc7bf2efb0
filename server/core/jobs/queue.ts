/**
 * A job queue in PostgreSQL (ADR 004). Jobs are rows; a worker claims the next ready one with
 * FOR UPDATE SKIP LOCKED (so several server processes can share a PostgreSQL queue), runs its
 * handler and records the outcome; failures are retried with back-off up to maxattempts.
 * The same SQL runs on PGlite, where one process owns the database.
 */
import { BACKGROUND, type Db, type Queryable } from '../db/client';
import { type TimerChain, timerChain } from './timer-chain';

export interface Job {
  jobid: number;
  queue: string;
  payload: any;
  attempts: number;
  maxattempts: number;
}
export type JobHandler = (job: Job, db: Db) => Promise<void>;

/** On PostgreSQL other processes enqueue too: the worker looks every second. */
const POLL_MS = 1000;
/**
 * On the embedded database this process enqueues every job and wakes the worker itself, so between jobs
 * it only waits for the next retry's time (a failed job's back-off), looking at least this often.
 */
const EMBEDDED_LOOK_MS = 60_000;
/** While the database stays unreachable, the failed looks are reported once a minute, not every second. */
const REPORT_EVERY_MS = 60_000;
/** A Running job whose process has not touched `lockedat` for this long is taken to be a dead process's (issue 29). */
const STALE = `interval '10 minutes'`;

/**
 * Fault tests' seam (issue 29, tests/api/fault-jobs.test.ts): PLM_FAULT_HOLD=`queue:claimed` or
 * `queue:done` stops a job of that queue on its first attempt right after its claim, or after its
 * handler's work but before it is marked Completed, so the test can SIGKILL the process there.
 * Unset outside those tests: the check is one comparison per job.
 */
async function faultHold(job: Job, point: 'claimed' | 'done') {
  if (!process.env.PLM_FAULT_HOLD || job.attempts !== 1 || process.env.PLM_FAULT_HOLD !== `${job.queue}:${point}`) return;
  console.log(`fault hold: job ${job.jobid} (${job.queue}) ${point}`);
  await new Promise(() => {});
}

export class JobQueue {
  private handlers = new Map<string, JobHandler>();
  /** The worker: a drain, then a wait (the next look), in turns; absent until start() and after stop(). */
  private worker?: TimerChain;
  private running?: Promise<void>;
  private runningJob = false;
  /** The failed looks since the last one that worked (the database unreachable), for the report. */
  private failing?: { since: number; count: number; reported: number };

  constructor(private db: Db) {}

  register(queue: string, handler: JobHandler) {
    this.handlers.set(queue, handler);
  }

  /** Adds a job (inside the caller's transaction when `q` is one) and wakes the worker. */
  async enqueue(q: Queryable, queue: string, payload: unknown, opts: { createdBy?: number; maxAttempts?: number } = {}) {
    const [row] = await q.query<{ jobid: number }>('INSERT INTO jobs (queue, payload, createdby, maxattempts) VALUES ($1, $2, $3, $4) RETURNING jobid', [
      queue,
      JSON.stringify(payload),
      opts.createdBy ?? null,
      opts.maxAttempts ?? 3,
    ]);
    this.worker?.wake();
    return row.jobid;
  }

  /** Looks for ready jobs now (after a job was put back in the queue). */
  wake() {
    this.worker?.wake();
  }

  async start() {
    // Jobs left Running by a process that died are given back to the queue. The embedded database
    // belongs to this one process, so every Running job there is such a job; on a shared PostgreSQL
    // a job is another process's while it keeps touching `lockedat` (an import does per batch).
    await this.requeueDead(this.db.kind === 'pglite');
    this.worker = timerChain(
      0,
      () => this.turn(),
      (err) => this.lookFailed(err),
    );
  }

  /**
   * Gives Running jobs back to the queue: all of them, or those whose `lockedat` is stale (their process died).
   * Run at start and, on PostgreSQL, whenever the queue is idle (issue 29: on a shared PostgreSQL a job killed with its process
   * is taken up again by any live process, not left Running until some process restarts); the partial index
   * jobs_running keeps the idle check to the few Running rows.
   */
  private requeueDead(all: boolean) {
    return this.db.query(
      `${BACKGROUND} UPDATE jobs SET status = 'Queued', lockedat = NULL, runat = now()
                           WHERE status = 'Running' AND ($1 OR lockedat < now() - ${STALE})`,
      [all],
    );
  }

  /** Whether a job is being run now (the embedded database's upkeep waits for a quiet moment). */
  get busy(): boolean {
    return this.runningJob;
  }

  async stop() {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.stop();
    await this.running;
  }

  /** Runs ready jobs until none is left; resolves when idle (tests await it). */
  drain(): Promise<void> {
    if (!this.running) {
      this.running = (async () => {
        while (await this.runOne()) {
          /* keep going */
        }
      })().finally(() => {
        this.running = undefined;
      });
    }
    return this.running;
  }

  /** One turn of the worker: the ready jobs, then how long until the next look. */
  private async turn(): Promise<number> {
    await this.drain();
    if (this.failing) {
      console.log(`The job queue reaches its database again (${this.failing.count} failed looks since ${new Date(this.failing.since).toISOString()}).`);
      this.failing = undefined;
    }
    // The embedded database has one process: its start gave back every Running job, none can go stale after.
    if (this.db.kind === 'pglite') return this.untilNextRetry();
    await this.requeueDead(false);
    return POLL_MS;
  }

  /** A look that failed (the database unreachable): reported at once, then once a minute while it lasts; the next look in a second. */
  private lookFailed(err: unknown): number {
    if (this.db.closed) return POLL_MS;
    const now = Date.now();
    const failing = (this.failing ??= { since: now, count: 0, reported: 0 });
    failing.count++;
    if (now - failing.reported >= REPORT_EVERY_MS) {
      failing.reported = now;
      const times = failing.count > 1 ? ` (${failing.count} failed looks since ${new Date(failing.since).toISOString()})` : '';
      console.error(`The job queue could not look for jobs${times}: ${(err as Error)?.message ?? String(err)}`);
    }
    return POLL_MS;
  }

  /** Embedded database: how long until the earliest queued job is due (a retry's back-off), at most EMBEDDED_LOOK_MS. */
  private async untilNextRetry(): Promise<number> {
    const [{ ms }] = await this.db.query<{ ms: number | null }>(
      `${BACKGROUND} SELECT ceil(extract(epoch FROM min(runat) - now()) * 1000)::int AS ms FROM jobs WHERE status = 'Queued' AND queue = ANY($1)`,
      [[...this.handlers.keys()]],
    );
    return ms === null ? EMBEDDED_LOOK_MS : Math.min(Math.max(ms, 0), EMBEDDED_LOOK_MS);
  }

  private async runOne(): Promise<boolean> {
    const queues = [...this.handlers.keys()];
    if (!queues.length) return false;
    const [job] = await this.db.query<Job>(
      `${BACKGROUND} UPDATE jobs SET status = 'Running', lockedat = now(), startedat = now(), attempts = attempts + 1
        WHERE jobid = (SELECT jobid FROM jobs WHERE status = 'Queued' AND runat <= now() AND queue = ANY($1)
                        ORDER BY runat, jobid LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING jobid, queue, payload, attempts, maxattempts`,
      [queues],
    );
    if (!job) return false;
    this.runningJob = true;
    try {
      await faultHold(job, 'claimed');
      await this.handlers.get(job.queue)!(job, this.db);
      await faultHold(job, 'done');
      // A job canceled while it ran (UQ-005) stays Canceled.
      await this.db.query(`${BACKGROUND} UPDATE jobs SET status = 'Completed', completedat = now(), lockedat = NULL WHERE jobid = $1 AND status = 'Running'`, [
        job.jobid,
      ]);
    } catch (err) {
      const message = (err as Error).message ?? String(err);
      const final = job.attempts >= job.maxattempts;
      await this.db.query(
        `${BACKGROUND} UPDATE jobs SET status = $2, lasterror = $3, lockedat = NULL, completedat = CASE WHEN $2 = 'Failed' THEN now() END,
                runat = now() + make_interval(secs => $4) WHERE jobid = $1 AND status = 'Running'`,
        [job.jobid, final ? 'Failed' : 'Queued', message, 2 ** job.attempts],
      );
    } finally {
      this.runningJob = false;
    }
    return true;
  }
}
