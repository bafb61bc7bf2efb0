/**
 * A timer that waits for a pause in a run of events (the search catch-up after a bulk save's commits, ADR 036).
 * Calls `fire` once the pokes pause for `wait()` ms, and no later than `atMost` ms (or `wait()`,
 * if longer) after the first poke it has not yet answered, while they keep coming.
 */
export class QuietTimer {
  private timer: NodeJS.Timeout | undefined;
  private first: number | undefined;

  constructor(
    private fire: () => void,
    private wait: () => number,
    private atMost: number,
  ) {}

  poke() {
    const now = Date.now();
    const wait = this.wait();
    this.first ??= now;
    clearTimeout(this.timer);
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.first = undefined;
        this.fire();
      },
      Math.max(0, Math.min(wait, this.first + Math.max(this.atMost, wait) - now)),
    );
    this.timer.unref?.();
  }
}
