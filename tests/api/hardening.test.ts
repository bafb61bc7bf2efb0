/** Security headers, body limits, malformed input, the error log and case-insensitive paths. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createApp } from '../../server/app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).access_token;
});
afterAll(async () => { await t?.close(); });

describe('responses', () => {
  it('carry a real Content-Security-Policy, nosniff, frame-ancestors none and no X-Powered-By', async () => {
    for (const res of [await t.request('GET', '/api/health'), await t.request('GET', '/api/Brand/GetBrands')]) {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('CONST-005: API paths and parameter names match case-insensitively', async () => {
    const a = await t.request('GET', '/API/brand/GETBRANDS', { token: admin });
    expect(a.status).toBe(200);
    const brandId = (await a.json())[0].BrandId;
    const b = await t.request('GET', `/api/season/getseasonsbybrand?brandid=${brandId}`, { token: admin });
    expect(b.status).toBe(200);
    expect((await b.json()).length).toBeGreaterThan(0);
  });
});

describe('bad input', () => {
  it('a malformed body gets 400 with field paths, never 500', async () => {
    const cases: [string, unknown][] = [
      ['/api/Account/Register', { FirstName: 'A', Email: 'not-an-email', Password: 1, AgreedToPolicy: 'maybe' }],
      ['/api/Account/ResetPassword', { userId: 'abc', code: '' }],
      ['/api/Prototype/SearchPrototypes', { pageNumber: 0, pageSize: 'lots', sortDirection: 'sideways' }],
    ];
    for (const [path, json] of cases) {
      const res = await t.request('POST', path, { token: admin, json });
      expect(res.status, path).toBe(400);
      const body = await res.json();
      expect(body.IsSuccessful).toBe(false);
      expect(body.Errors.length, path).toBeGreaterThan(0);
      for (const e of body.Errors) expect(e.Field).toMatch(/^\//);
    }
    const reg = await (await t.request('POST', '/api/Account/Register', { json: cases[0][1] })).json();
    expect(reg.Errors.map((e: { Field: string }) => e.Field)).toEqual(expect.arrayContaining(['/Email', '/LastName', '/AgreedToPolicy']));
  });

  it('broken JSON, wrong content types and wrong parameter types are 400', async () => {
    const broken = await t.request('POST', '/api/Account/ForgotPassword', { body: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    const xml = await t.request('POST', '/api/Account/ForgotPassword', { body: '<x/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.status).toBe(400);
    const notInt = await t.request('GET', '/api/Season/GetSeasonsByBrand?BrandId=abc', { token: admin });
    expect(notInt.status).toBe(400);
    const missing = await t.request('GET', '/api/Status/GetAvailableStatusList', { token: admin });
    expect(missing.status).toBe(400);
    expect((await missing.json()).Errors[0].Field).toBe('currentStatusId');
  });

  it('a body over the route limit is refused with 413', async () => {
    const res = await t.request('POST', '/api/Account/ForgotPassword', { json: { email: 'x'.repeat(2 * 1024 * 1024) } });
    expect(res.status).toBe(413);
  });
});

describe('error log', () => {
  it('an unhandled error is logged with its details and answered with a generic message, no stack trace', async () => {
    // A database that fails on one query, as a broken connection or a bad migration would.
    const db = { ...t.ctx.db, query: (sql: string, params?: unknown[]) =>
      (/FROM brands ORDER BY brandname/.test(sql) ? Promise.reject(new Error('kaboom: secret detail')) : t.ctx.db.query(sql, params)) } as typeof t.ctx.db;
    const app = createApp({ ...t.ctx, db });
    const res = await app.fetch(new Request('http://localhost/api/Brand/GetBrands', {
      headers: { 'user-agent': 'vitest', referer: 'http://localhost/home', authorization: `Bearer ${admin}` },
    }));
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.Message).toBe('Please contact your System Administrator.');
    expect(JSON.stringify(body)).not.toContain('kaboom');
    const [row] = await t.ctx.db.query('SELECT * FROM error_log WHERE sequence = $1', [body.ErrorId]);
    expect(row.message).toBe('kaboom: secret detail');
    expect(row.allxml).toContain('HTTP_USER_AGENT');
    expect(row.allxml).toContain('vitest');
    expect(row.allxml).toContain('GET /api/Brand/GetBrands');
    expect(row.username).toBe('admin@example.com');
    expect(row.allxml).toContain('DETAIL');
  });
});

describe('audit log', () => {
  it('a change writes who, when, entity, id, field, old and new', async () => {
    const me = await t.login('designer');
    const res = await t.request('POST', `/api/User/UpdateUserTheme?UserId=${me.userId}&ThemeID=7`, { token: me.access_token });
    expect(res.status).toBe(200);
    const rows = await t.ctx.db.query(`SELECT * FROM audit_log WHERE entity = 'user' AND entityid = $1 AND field = 'Theme'`, [String(me.userId)]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userid: me.userId, oldvalue: String(me.theme), newvalue: '7' });
    expect(Date.now() - Date.parse(rows[0].changedat)).toBeLessThan(60_000);
    const other = await t.request('POST', `/api/User/UpdateUserTheme?UserId=1&ThemeID=3`, { token: me.access_token });
    expect(other.status).toBe(403);
    const bad = await t.request('POST', `/api/User/UpdateUserTheme?UserId=${me.userId}&ThemeID=11`, { token: me.access_token });
    expect(bad.status).toBe(400);
  });
});

describe('database types', () => {
  it('int8, numeric, dates and timestamps parse the same way on PGlite and PostgreSQL', async () => {
    const [row] = await t.ctx.db.query(`SELECT 9007199254740::int8 AS big, 12.50::numeric AS money, '2026-03-01'::date AS day,
      '2026-03-01 23:30:00+00'::timestamptz AS at, '2026-03-01 23:30:00'::timestamp AS local, NULL::date AS none`);
    expect(row).toEqual({ big: 9007199254740, money: 12.5, day: '2026-03-01', at: '2026-03-01T23:30:00.000Z', local: '2026-03-01T23:30:00.000Z', none: null });
  });
});
