/**
 * Background work done in turns on a timer (the job queue's worker, the embedded database's upkeep,
 * scheduled backups): each turn says how long until the next, and `wake()` brings the next turn
 * forward (a job was enqueued). The timers never keep the process alive; stop() cancels the next
 * turn and waits for a running one, so a shutdown does not cut it off halfway.
 */

/** Node's timers run at most about 24.8 days ahead: a longer wait is taken in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Background work that a shutdown ends (and waits for). */
export interface Stoppable {
  stop(): Promise<void>;
}

export interface TimerChain extends Stoppable {
  /** Runs the next turn as soon as possible: now if none is running, else right after the running one. */
  wake(): void;
}

/**
 * Runs `turn` after `first` milliseconds, then again after the delay each turn answers. A turn that
 * throws goes to `failed`, which reports it and answers the delay until the next turn.
 */
export function timerChain(first: number | Promise<number>, turn: () => Promise<number>, failed: (err: unknown) => number): TimerChain {
  let timer: NodeJS.Timeout | undefined;
  let turning: Promise<unknown> = Promise.resolve();
  let running = false;
  let woken = false;
  let stopped = false;
  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(run, Math.min(Math.max(ms, 0), LONGEST_TIMER_MS));
    timer.unref();
  };
  const next = (ms: number) => {
    running = false;
    if (stopped) return;
    schedule(woken ? 0 : ms);
    woken = false;
  };
  function run() {
    running = true;
    turning = turn().then(next, (err) => next(failed(err)));
  }
  turning = Promise.resolve(first).then(next, (err) => next(failed(err)));
  return {
    wake() {
      if (stopped) return;
      // Waiting on a timer: take the turn now. Running, or `first` not yet known: the next turn follows at once.
      if (timer && !running) schedule(0);
      else woken = true;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await turning;
    },
  };
}
