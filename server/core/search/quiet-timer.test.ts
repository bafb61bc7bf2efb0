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
