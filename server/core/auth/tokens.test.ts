/** CONST-004 access tokens: a verified token is remembered, yet its expiry, signature and secret still decide every use. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sign } from 'hono/jwt';
import { signAccessToken, verifyAccessToken } from './tokens';

afterEach(() => {
  vi.useRealTimers();
});
const now = () => Math.floor(Date.now() / 1000);

describe('verifyAccessToken', () => {
  it('CONST-004 a valid token answers its claims, again from the remembered check', async () => {
    const token = await signAccessToken({ sid: 's1', sub: 7, exp: now() + 60 }, 'secret-a');
    expect(await verifyAccessToken(token, 'secret-a')).toEqual({ sid: 's1', sub: 7, exp: expect.any(Number) });
    expect(await verifyAccessToken(token, 'secret-a')).toMatchObject({ sid: 's1', sub: 7 });
  });

  it('CONST-004 a remembered token is refused once it expires', async () => {
    const token = await signAccessToken({ sid: 's2', sub: 7, exp: now() + 5 }, 'secret-a');
    expect(await verifyAccessToken(token, 'secret-a')).not.toBeNull();
    vi.useFakeTimers({ now: Date.now() + 6_000 });
    expect(await verifyAccessToken(token, 'secret-a')).toBeNull();
    expect(await verifyAccessToken(token, 'secret-a')).toBeNull();
  });

  it('CONST-004 another secret, a changed payload or signature, or a token without the claims is refused', async () => {
    const token = await signAccessToken({ sid: 's3', sub: 7, exp: now() + 60 }, 'secret-a');
    expect(await verifyAccessToken(token, 'secret-a')).not.toBeNull();
    expect(await verifyAccessToken(token, 'secret-b')).toBeNull();
    const [h, , sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sid: 's3', sub: 1, exp: now() + 60 })).toString('base64url');
    expect(await verifyAccessToken(`${h}.${forged}.${sig}`, 'secret-a')).toBeNull();
    expect(await verifyAccessToken(`${token.slice(0, -2)}AA`, 'secret-a')).toBeNull();
    expect(await verifyAccessToken(await sign({ sid: 's4', sub: 7 }, 'secret-a', 'HS256'), 'secret-a')).toBeNull();
  });
});
