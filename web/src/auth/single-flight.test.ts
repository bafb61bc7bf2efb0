import { describe, expect, it, vi } from 'vitest';
import { once, singleFlight } from './single-flight';

describe('singleFlight', () => {
  it('AUTH-011 a refresh started twice at once runs once', async () => {
    const fn = vi.fn(async () => 'token-2');
    const [a, b] = await Promise.all([singleFlight('k', fn), singleFlight('k', fn)]);
    expect(a).toBe('token-2');
    expect(b).toBe('token-2');
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs again once the first call has settled', async () => {
    const fn = vi.fn(async () => 1);
    await singleFlight('k2', fn);
    await singleFlight('k2', fn);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});

describe('once', () => {
  it('AUTH-026 a single-use confirmation code is sent once even when asked twice', async () => {
    const fn = vi.fn(async () => 'ok');
    await once('confirm:1:abc', fn);
    await once('confirm:1:abc', fn);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
