/** ADR 044: background upkeep of the embedded database waits until no request is under way or came lately. */
import { describe, expect, it } from 'vitest';
import { Activity } from './activity';

describe('ADR 044: requests under way', () => {
  it('is not quiet while a request is handled, nor for the quiet time after it; then it is', async () => {
    const activity = new Activity();
    let release = () => {};
    const handling = activity.during(() => new Promise<void>((r) => (release = r)));
    const later = Date.now() + 60_000;
    expect(activity.quietFor(5000, later)).toBe(false);
    release();
    await handling;
    const ended = Date.now();
    expect(activity.quietFor(5000, ended + 4000)).toBe(false);
    expect(activity.quietFor(5000, ended + 5000)).toBe(true);
  });

  it('a request that fails still ends', async () => {
    const activity = new Activity();
    await expect(activity.during(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(activity.quietFor(0, Date.now() + 1)).toBe(true);
  });
});
