/**
 * Background work done in turns on a timer (the embedded database's upkeep, scheduled backups): each
 * turn says how long until the next. The timers never keep the process alive; stop() cancels the
 * next turn and waits for a running one, so a shutdown does not cut it off halfway.
 */

/** Node's timers run at most about 24.8 days ahead: a longer wait is taken in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export interface TimerChain {
  stop(): Promise<void>;
}

/**
 * Runs `turn` after `first` milliseconds, then again after the delay each turn answers. A turn that
 * throws goes to `failed`, which reports it and answers the delay until the next turn.
 */
export function timerChain(first: number | Promise<number>, turn: () => Promise<number>, failed: (err: unknown) => number): TimerChain {
  let timer: NodeJS.Timeout | undefined;
  let turning: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const next = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        turning = turn().then(next, (err) => next(failed(err)));
      },
      Math.min(Math.max(ms, 0), LONGEST_TIMER_MS),
    );
    timer.unref();
  };
  turning = Promise.resolve(first).then(next, (err) => next(failed(err)));
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await turning;
    },
  };
}
