import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuietTimer } from './quiet-timer';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A timer whose firings are recorded, in ms from its creation. */
function recorded(wait: number, atMost = 1000) {
  const start = Date.now();
  const firedAt: number[] = [];
  const timer = new QuietTimer(
    () => firedAt.push(Date.now() - start),
    () => wait,
    atMost,
  );
  return { timer, firedAt };
}

/** `n` commits `apart` ms apart: a poke, then the time to the next. */
function commits(timer: QuietTimer, n: number, apart: number) {
  for (let i = 0; i < n; i++) {
    timer.poke();
    vi.advanceTimersByTime(apart);
  }
}

describe('the search catch-up waits for a quiet moment (issue 31)', () => {
  it("a bulk save's commits 80 ms apart are caught up once, 100 ms after the last, not between them", () => {
    const { timer, firedAt } = recorded(100);
    commits(timer, 5, 80);
    vi.advanceTimersByTime(20);
    expect(firedAt).toEqual([420]);
  });

  it('commits that never pause are still caught up every second', () => {
    const { timer, firedAt } = recorded(100);
    commits(timer, 50, 50);
    expect(firedAt).toEqual([1000, 2000]);
  });

  it('a wait longer than the ceiling (a test holding the catch-up back) is kept', () => {
    const { timer, firedAt } = recorded(60_000);
    commits(timer, 1, 60_000);
    expect(firedAt).toEqual([60_000]);
  });
});

describe('the search catch-up waits for the end of a bulk save of this process (issue 31)', () => {
  it('commits 150 ms apart inside a held save are caught up once, a wait after the save ends, not between them', () => {
    const { timer, firedAt } = recorded(100);
    const release = timer.hold();
    commits(timer, 5, 150);
    expect(firedAt).toEqual([]);
    release();
    vi.advanceTimersByTime(100);
    expect(firedAt).toEqual([850]);
  });

  it('a save held longer than the ceiling is still caught up every second, and once more after it ends', () => {
    const { timer, firedAt } = recorded(100);
    const release = timer.hold();
    commits(timer, 12, 200);
    expect(firedAt).toEqual([1000, 2000]);
    release();
    vi.advanceTimersByTime(100);
    expect(firedAt).toEqual([1000, 2000, 2500]);
  });

  it('two saves at once: the catch-up waits for both; a release with nothing poked fires nothing', () => {
    const { timer, firedAt } = recorded(100);
    const a = timer.hold();
    const b = timer.hold();
    timer.poke();
    a();
    a(); // a second call is a no-op: b's hold still counts
    vi.advanceTimersByTime(500);
    expect(firedAt).toEqual([]);
    b();
    vi.advanceTimersByTime(100);
    expect(firedAt).toEqual([600]);
    const c = timer.hold();
    c();
    vi.advanceTimersByTime(2000);
    expect(firedAt).toEqual([600]);
  });
});
