import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/test-app';
import { signAccessToken } from '../../server/core/auth/tokens';
import { MAX_FAILURES } from '../../server/core/auth/throttle';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const token = (body: Record<string, string>, asJson = false) => t.request('POST', '/api/token', asJson ? { json: body } : { form: body });

describe('POST /api/token', () => {
  it('AUTH-007 AUTH-009: a password grant (form-encoded) answers tokens, brands and permissions as JSON text', async () => {
    const res = await token({ grant_type: 'password', username: 'designer@example.com', password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    const a = await res.json();
    expect(a).toMatchObject({ token_type: 'bearer', userName: 'designer@example.com', isFactoryUser: false });
    expect(typeof a.access_token).toBe('string');
    expect(typeof a.refresh_token).toBe('string');
    expect(a.expires_in).toBeGreaterThan(60);
    expect(a.refreshInterval).toBeGreaterThan(0);
    expect(a.refreshInterval * 60).toBeLessThan(a.expires_in);
    const brands = JSON.parse(a.brands);
    expect(brands).toHaveLength(2);
    expect(brands[0]).toHaveProperty('BrandName');
    const perms = JSON.parse(a.permissions);
    expect(perms).toContainEqual({ ModuleId: 5, ActionId: 2 });
    expect(perms).not.toContainEqual({ ModuleId: 6, ActionId: 1 });
    // AUTH-012: the session ends 3 hours after sign-in.
    const hours = (Date.parse(a.validUntil) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(2.9);
    expect(hours).toBeLessThanOrEqual(3);
  });

  it('the token answer carries the business time zone the browser dates with (DECISIONS "Dates")', async () => {
    const a = await (await token({ grant_type: 'password', username: 'designer@example.com', password: DEMO_PASSWORD })).json();
    expect(a.businessTimeZone).toBe(t.ctx.config.businessTimeZone);
    const other = await createTestApp({ businessTimeZone: 'Asia/Ho_Chi_Minh' });
    try {
      expect((await other.login('designer')).businessTimeZone).toBe('Asia/Ho_Chi_Minh');
    } finally {
      await other.close();
    }
  });

  it('AUTH-007: accepts JSON bodies and user names in any case', async () => {
    const res = await token({ grant_type: 'password', username: 'VIEWER@Example.com', password: DEMO_PASSWORD }, true);
    expect(res.status).toBe(200);
  });

  it('AUTH-022: a wrong password is invalid_grant', async () => {
    const res = await token({ grant_type: 'password', username: 'viewer@example.com', password: 'wrong-password' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('invalid_grant');
    const unknown = await token({ grant_type: 'password', username: 'nobody@example.com', password: 'whatever1!' });
    expect((await unknown.json()).error).toBe('invalid_grant');
  });

  it('AUTH-019 AUTH-020 AUTH-021: role_not_assigned, confirm_email and change_password_required', async () => {
    const { db } = t.ctx;
    const hash = (await db.query(`SELECT passwordhash FROM users WHERE username = 'viewer@example.com'`))[0].passwordhash;
    const add = (name: string, confirmed: boolean, mustChange: boolean, role: boolean) =>
      db.query(
        `INSERT INTO users (username, passwordhash, firstname, lastname, emailconfirmed, changepasswordrequired, roleid)
       VALUES ($1, $2, 'T', 'User', $3, $4, ${role ? "(SELECT roleid FROM users WHERE username = 'viewer@example.com')" : 'NULL'})`,
        [name, hash, confirmed, mustChange],
      );
    await add('norole@example.com', true, false, false);
    await add('unconfirmed@example.com', false, false, true);
    const err = async (u: string) => (await (await token({ grant_type: 'password', username: u, password: DEMO_PASSWORD })).json()).error;
    expect(await err('norole@example.com')).toBe('role_not_assigned');
    expect(await err('unconfirmed@example.com')).toBe('confirm_email');
    // The demo data has a new hire who must change the password first.
    expect(await err('newhire@example.com')).toBe('change_password_required');
  });

  it('AUTH-008: refresh tokens rotate; the new pair works and the access token reaches the API', async () => {
    const first = await t.login('designer');
    const res = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(res.status).toBe(200);
    const second = await res.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await t.request('GET', '/api/Brand/GetBrandsByUser', { token: second.access_token })).status).toBe(200);
  });

  it('AUTH-008: a token presented again within the grace period, its answer lost, gets a fresh pair; the lost one dies', async () => {
    const first = await t.login('designer');
    const lost = await (await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token })).json();
    const again = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(again.status).toBe(200);
    const fresh = await again.json();
    expect((await t.request('GET', '/api/Brand/GetBrandsByUser', { token: fresh.access_token })).status).toBe(200);
    expect((await token({ grant_type: 'refresh_token', refresh_token: fresh.refresh_token })).status).toBe(200);
    // The lost token was never delivered; presenting it now is a replay and ends the session.
    expect((await token({ grant_type: 'refresh_token', refresh_token: lost.refresh_token })).status).toBe(400);
    expect((await t.request('GET', '/api/Brand/GetBrandsByUser', { token: fresh.access_token })).status).toBe(401);
  });

  it('AUTH-008: reusing a refresh token whose successor was used revokes its whole family', async () => {
    const first = await t.login('designer');
    const second = await (await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token })).json();
    expect((await token({ grant_type: 'refresh_token', refresh_token: second.refresh_token })).status).toBe(200);
    const reuse = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(reuse.status).toBe(400);
    expect((await reuse.json()).error).toBe('invalid_grant');
    // The thief's and the owner's later tokens are dead too.
    expect((await t.request('GET', '/api/Brand/GetBrandsByUser', { token: second.access_token })).status).toBe(401);
  });

  it('AUTH-012: an expired access token and a forged one are rejected', async () => {
    const a = await t.login('viewer');
    const claims = JSON.parse(Buffer.from(a.access_token.split('.')[1], 'base64url').toString());
    const expired = await signAccessToken({ ...claims, exp: Math.floor(Date.now() / 1000) - 5 }, t.ctx.tokenSecret);
    expect((await t.request('GET', '/api/Brand/GetBrandsByUser', { token: expired })).status).toBe(401);
    const forged = await signAccessToken({ ...claims }, 'not-the-secret');
    expect((await t.request('GET', '/api/Brand/GetBrandsByUser', { token: forged })).status).toBe(401);
    expect((await t.request('GET', '/api/Brand/GetBrandsByUser')).status).toBe(401);
  });

  it('AUTH-012: a session past its 3 hours refuses access and refresh', async () => {
    const a = await t.login('viewer');
    await t.ctx.db.query(`UPDATE sessions SET expiresat = now() - interval '1 second' WHERE userid = $1`, [a.userId]);
    expect((await t.request('GET', '/api/Brand/GetBrandsByUser', { token: a.access_token })).status).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: a.refresh_token })).status).toBe(400);
  });

  it('AUTH-018: log out ends the session at once', async () => {
    const a = await t.login('costing');
    const out = await t.request('POST', '/api/Account/Logout', { token: a.access_token });
    expect(out.status).toBe(200);
    expect((await t.request('GET', '/api/Brand/GetBrandsByUser', { token: a.access_token })).status).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: a.refresh_token })).status).toBe(400);
  });

  it('deactivating a user or changing their role ends their sessions at once', async () => {
    const a = await t.login('forecast');
    await t.ctx.db.query(`UPDATE users SET roleid = (SELECT roleid FROM users WHERE username = 'viewer@example.com') WHERE userid = $1`, [a.userId]);
    expect((await t.request('GET', '/api/Brand/GetBrandsByUser', { token: a.access_token })).status).toBe(401);
    const b = await t.login('forecast');
    await t.ctx.db.query('UPDATE users SET isactive = false WHERE userid = $1', [b.userId]);
    expect((await t.request('GET', '/api/Brand/GetBrandsByUser', { token: b.access_token })).status).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: b.refresh_token })).status).toBe(400);
    expect((await token({ grant_type: 'password', username: 'forecast@example.com', password: DEMO_PASSWORD })).status).toBe(400);
  });

  it('repeated failed sign-ins for one user name are slowed down with 429', async () => {
    const name = 'admin@example.com';
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect((await token({ grant_type: 'password', username: name, password: `wrong-${i}` })).status).toBe(400);
    }
    const blocked = await token({ grant_type: 'password', username: name, password: DEMO_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await blocked.json()).error).toBe('too_many_attempts');
    // Another user name is not affected.
    expect((await token({ grant_type: 'password', username: 'viewer@example.com', password: DEMO_PASSWORD })).status).toBe(200);
  });

  it('issue 10: 20 wrong passwords sent at once have at most MAX_FAILURES checked; the rest, and then the right one, get 429', async () => {
    const name = 'costing@example.com';
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => token({ grant_type: 'password', username: name, password: `wrong-${i}` }).then((r) => r.status)),
    );
    expect(answers.filter((s) => s === 400).length).toBe(MAX_FAILURES);
    expect(answers.filter((s) => s === 429).length).toBe(20 - MAX_FAILURES);
    expect((await token({ grant_type: 'password', username: name, password: DEMO_PASSWORD })).status).toBe(429);
  });

  it('a malformed token request gets 400 with field paths', async () => {
    const res = await token({ grant_type: 'password', username: 'x@example.com' });
    expect(res.status).toBe(400);
    const a = await res.json();
    expect(a.error).toBe('invalid_request');
    expect(a.Errors).toContainEqual({ Field: '/password', Message: 'Required.' });
    const bad = await t.request('POST', '/api/token', { body: '{not json', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
  });
});
