/**
 * A timer that waits for a pause in a run of events (the search catch-up after a bulk save's commits, ADR 036).
 * Calls `fire` once the pokes pause for `wait()` ms, and no later than `atMost` ms (or `wait()`,
 * if longer) after the first poke it has not yet answered, while they keep coming.
 *
 * While it is held (a bulk save of this process under way, between its batches' commits), a pause
 * does not fire: the wait starts again when the last hold is released. The `atMost` bound holds
 * either way, so a long save is still answered that often.
 */
export class QuietTimer {
  private timer: NodeJS.Timeout | undefined;
  private first: number | undefined;
  private holds = 0;

  constructor(
    private fire: () => void,
    private wait: () => number,
    private atMost: number,
  ) {}

  poke() {
    this.first ??= Date.now();
    this.arm();
  }

  /** Holds back the quiet-moment firing until the returned release is called (once; later calls do nothing). */
  hold(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.holds === 0 && this.first !== undefined) this.arm();
    };
  }

  /** The timer for the pokes not yet answered: the quiet wait (unless held), never past the `atMost` bound. */
  private arm() {
    const wait = this.wait();
    const untilBound = this.first! + Math.max(this.atMost, wait) - Date.now();
    clearTimeout(this.timer);
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.first = undefined;
        this.fire();
      },
      Math.max(0, this.holds ? untilBound : Math.min(wait, untilBound)),
    );
    this.timer.unref?.();
  }
}
