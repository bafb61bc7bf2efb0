import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuietTimer } from './quiet-timer';

describe('the search catch-up waits for a quiet moment (issue 31)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a bulk save's commits 80 ms apart are caught up once, 100 ms after the last, not between them", () => {
    const fire = vi.fn();
    const timer = new QuietTimer(fire, () => 100, 1000);
    for (let i = 0; i < 5; i++) {
      timer.poke();
      vi.advanceTimersByTime(80);
    }
    expect(fire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(19);
    expect(fire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('commits that never pause are still caught up every second', () => {
    const fire = vi.fn();
    const timer = new QuietTimer(fire, () => 100, 1000);
    const firedAt: number[] = [];
    fire.mockImplementation(() => firedAt.push(Date.now()));
    const start = Date.now();
    for (let t = 0; t < 2500; t += 50) {
      timer.poke();
      vi.advanceTimersByTime(50);
    }
    expect(firedAt.map((t) => t - start)).toEqual([1000, 2000]);
  });

  it('a wait longer than the ceiling (a test holding the catch-up back) is kept', () => {
    const fire = vi.fn();
    const timer = new QuietTimer(fire, () => 60_000, 1000);
    timer.poke();
    vi.advanceTimersByTime(59_999);
    expect(fire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fire).toHaveBeenCalledTimes(1);
  });
});

describe('the search catch-up waits for the end of a bulk save of this process (issue 31)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('commits 150 ms apart inside a held save are caught up once, a wait after the save ends, not between them', () => {
    const fire = vi.fn();
    const timer = new QuietTimer(fire, () => 100, 1000);
    const release = timer.hold();
    for (let i = 0; i < 5; i++) {
      timer.poke();
      vi.advanceTimersByTime(150);
    }
    expect(fire).not.toHaveBeenCalled();
    release();
    vi.advanceTimersByTime(99);
    expect(fire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('a save held longer than the ceiling is still caught up every second, and once more after it ends', () => {
    const fire = vi.fn();
    const firedAt: number[] = [];
    fire.mockImplementation(() => firedAt.push(Date.now()));
    const timer = new QuietTimer(fire, () => 100, 1000);
    const start = Date.now();
    const release = timer.hold();
    for (let t = 0; t < 2400; t += 200) {
      timer.poke();
      vi.advanceTimersByTime(200);
    }
    expect(firedAt.map((t) => t - start)).toEqual([1000, 2000]);
    release();
    vi.advanceTimersByTime(100);
    expect(firedAt.map((t) => t - start)).toEqual([1000, 2000, 2500]);
  });

  it('two saves at once: the catch-up waits for both; a release with nothing poked fires nothing', () => {
    const fire = vi.fn();
    const timer = new QuietTimer(fire, () => 100, 1000);
    const a = timer.hold();
    const b = timer.hold();
    timer.poke();
    a();
    a(); // a second call is a no-op: b's hold still counts
    vi.advanceTimersByTime(500);
    expect(fire).not.toHaveBeenCalled();
    b();
    vi.advanceTimersByTime(100);
    expect(fire).toHaveBeenCalledTimes(1);
    const c = timer.hold();
    c();
    vi.advanceTimersByTime(2000);
    expect(fire).toHaveBeenCalledTimes(1);
  });
});
