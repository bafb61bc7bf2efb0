/** Security headers, body limits, malformed input, the error log and case-insensitive paths. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { Hono } from 'hono';
import { createApp } from '../../server/app';
import { ApiRouter, PUBLIC } from '../../server/core/http/router';
import { queryParam } from '../../server/core/http/request';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).access_token;
});
afterAll(async () => {
  await t?.close();
});

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
    const db = {
      ...t.ctx.db,
      query: (sql: string, params?: unknown[]) =>
        /FROM brands ORDER BY brandname/.test(sql) ? Promise.reject(new Error('kaboom: secret detail')) : t.ctx.db.query(sql, params),
    } as typeof t.ctx.db;
    const app = createApp({ ...t.ctx, db });
    const res = await app.fetch(
      new Request('http://localhost/api/Brand/GetBrands', {
        headers: { 'user-agent': 'vitest', referer: 'http://localhost/home', authorization: `Bearer ${admin}` },
      }),
    );
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

describe('issue 10: bad input is a 4xx before any query, never a 500', () => {
  const errorLogSize = async () => Number((await t.ctx.db.query('SELECT count(*) AS n FROM error_log'))[0].n);
  const colorway = async () =>
    (await t.ctx.db.query('SELECT prototypeseasonalid AS id FROM colorway_view WHERE NOT isdeleted ORDER BY 1 LIMIT 1'))[0].id as number;

  it('ids above int4, 1e308, negative and non-numeric ids in the query are 400 naming the parameter', async () => {
    for (const value of ['2147483648', '1e308', '-1', 'NaN', 'Infinity', 'abc', '99999999999999999999']) {
      const res = await t.request('GET', `/api/LinePlan/GetLinePlan?LinePlanId=${value}`, { token: admin });
      expect(res.status, value).toBe(400);
      const body = await res.json();
      expect(body.IsSuccessful).toBe(false);
      expect(body.Errors[0].Field, value).toBe('LinePlanId');
    }
    expect((await t.request('GET', '/api/LinePlan/GetLinePlan?lineplanid=2147483647', { token: admin })).status).toBe(404);
  });

  it('a non-numeric path id is a 400', async () => {
    const res = await t.request('GET', '/api/brief/view/abc', { token: admin });
    expect(res.status).toBe(400);
    expect((await res.json()).Errors).toEqual([{ Field: 'id', Message: 'Must be integer.' }]);
    expect((await t.request('GET', '/api/brief/view/2147483648', { token: admin })).status).toBe(400);
  });

  it('a NUL character in a body or query text is a 400', async () => {
    const id = await colorway();
    const spec = await t.request('POST', '/api/Prototype/SaveSpecLogEntry', { token: admin, json: { PrototypeSeasonalId: id, Description: 'toe\u0000cap' } });
    expect(spec.status).toBe(400);
    expect((await spec.json()).Errors).toEqual([{ Field: '/Description', Message: 'Must not contain a NUL character.' }]);
    const forgot = await t.request('POST', '/api/Account/ForgotPassword', { json: { email: 'admin@example.com\u0000' } });
    expect(forgot.status).toBe(400);
    const form = await t.request('POST', '/api/Account/ForgotPassword', { form: { email: 'a\u0000@example.com' } });
    expect(form.status).toBe(400);
    // Half a surrogate pair is no more storable than NUL (found by the fuzz suite: 22P02 from a jsonb column).
    const half = await t.request('POST', '/api/User/SaveProjectCreateDefaults', { token: admin, json: { BrandId: 1, Defaults: { PrototypeName: 'a\ud800' } } });
    expect(half.status).toBe(400);
    expect((await half.json()).Errors).toEqual([{ Field: '/Defaults/PrototypeName', Message: 'Must be valid Unicode text.' }]);
    const query = await t.request('GET', '/api/Account/UserExists?userName=a%00b', { token: admin });
    expect(query.status).toBe(400);
    expect((await query.json()).Errors).toEqual([{ Field: 'userName', Message: 'Must not contain a NUL character.' }]);
  });

  it('a missing id in a body is a 400 (ApplyEcn {})', async () => {
    const res = await t.request('POST', '/api/Prototype/ApplyEcn', { token: admin, json: {} });
    expect(res.status).toBe(400);
    expect((await res.json()).Errors).toEqual([{ Field: '/PrototypeSeasonalId', Message: 'Required.' }]);
    expect((await t.request('POST', '/api/Prototype/SaveSpecLogEntry', { token: admin, json: { Description: 'x' } })).status).toBe(400);
  });

  it('body integers are int4 and numbers in range, also in entity changes', async () => {
    const [lp] = await t.ctx.db.query('SELECT lineplanid AS id, rowversion AS v FROM line_plan_view WHERE NOT isdeleted AND statusid = 1 ORDER BY 1 LIMIT 1');
    for (const Changes of [{ ResponsibleId: 2147483648 }, { ResponsibleId: 1e308 }, { LinePlanName: 'x\u0000' }]) {
      const res = await t.request('POST', '/api/LinePlan/UpdateLinePlan', { token: admin, json: { Id: lp.id, RowVersion: lp.v, Changes } });
      expect(res.status, JSON.stringify(Changes)).toBe(400);
    }
    // The same checks hold for changes that do not come through a request (imports).
    expect(t.ctx.schemas.validate('entity', 'line-plan', { ResponsibleId: 2147483648 })).toContainEqual({
      Field: '/ResponsibleId',
      Message: 'Must be <= 2147483647.',
    });
    const valid = { BrandId: 1, SeasonId: 1, StatusId: 1, ResponsibleId: 1, LinePlanName: 'x' };
    expect(t.ctx.schemas.validate('entity', 'line-plan', valid)).toEqual([]);
    expect(t.ctx.schemas.validate('entity', 'line-plan', { ...valid, LinePlanName: 'a\u0000' })).toEqual([
      { Field: '/LinePlanName', Message: 'Must not contain a NUL character.' },
    ]);
    const [cw] = await t.ctx.db.query(
      'SELECT prototypeseasonalid AS id, rowversion AS v FROM colorway_view WHERE NOT isdeleted AND statusid = 1 ORDER BY 1 LIMIT 1',
    );
    const weight = await t.request('POST', '/api/Prototype/UpdatePrototype', {
      token: admin,
      json: { Id: cw.id, RowVersion: cw.v, Changes: { SampWght: 1e308 } },
    });
    expect(weight.status).toBe(400);
    for (const pageNumber of [2147483648, 'Infinity', '-Infinity']) {
      const search = await t.request('POST', '/api/Prototype/SearchPrototypes', { token: admin, json: { pageNumber, pageSize: 10 } });
      expect(search.status, String(pageNumber)).toBe(400);
    }
    const lookup = await t.request('POST', '/api/SearchHelp/SearchActivityTypes', { token: admin, form: { pageNumber: 'Infinity' } });
    expect(lookup.status).toBe(400);
  });

  it('anonymous account calls with huge ids are 4xx and write no error-log row', async () => {
    const before = await errorLogSize();
    for (const [path, json] of [
      ['/api/Account/ConfirmEmail', { userIdentification: 99999999999, code: 'x' }],
      ['/api/Account/ConfirmResetPasswordEmail', { userIdentification: 2147483648, code: 'x' }],
      ['/api/Account/ResetPassword', { userId: 1e308, code: 'x', Password: 'Demo!2026passX', ConfirmPassword: 'Demo!2026passX' }],
    ] as const) {
      const res = await t.request('POST', path, { json });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
    expect(await errorLogSize()).toBe(before);
  });

  it('an overlong UTF-8 escape in the path is answered with the security headers (404, or the web app when built)', async () => {
    const res = await t.fetch(new Request('http://localhost/%c0%ae%c0%ae/x'));
    expect([200, 404]).toContain(res.status);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await t.fetch(new Request('http://localhost/api/%c0%ae%c0%ae/x'))).status).toBe(404);
  });

  it('4xx answers are never error-log events, signed in or not', async () => {
    const before = await errorLogSize();
    await t.request('GET', '/api/LinePlan/GetLinePlan?LinePlanId=abc', { token: admin });
    await t.request('GET', '/api/brief/view/abc', { token: admin });
    await t.request('GET', '/api/LinePlan/GetLinePlan?LinePlanId=2147483648', { token: admin });
    await t.request('GET', '/api/LinePlan/GetLinePlan?LinePlanId=999999', { token: admin });
    await t.request('GET', '/api/LinePlan/GetLinePlan?LinePlanId=1');
    await t.request('POST', '/api/Account/ForgotPassword', { body: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(await errorLogSize()).toBe(before);
  });

  it('a PostgreSQL data exception that slips through is a 400, an integrity violation a 409, neither logged', async () => {
    const failing = (code: string) => {
      const db = {
        ...t.ctx.db,
        query: (sql: string, params?: unknown[]) =>
          /FROM brands ORDER BY brandname/.test(sql) ? Promise.reject(Object.assign(new Error('value out of range'), { code })) : t.ctx.db.query(sql, params),
      } as typeof t.ctx.db;
      return createApp({ ...t.ctx, db });
    };
    const before = await errorLogSize();
    for (const [code, status] of [
      ['22003', 400],
      ['22P02', 400],
      ['22021', 400],
      ['22008', 400],
      ['23505', 409],
    ] as const) {
      const res = await failing(code).fetch(new Request('http://localhost/api/Brand/GetBrands', { headers: { authorization: `Bearer ${admin}` } }));
      expect(res.status, code).toBe(status);
    }
    expect(await errorLogSize()).toBe(before);
    const other = await failing('57014').fetch(new Request('http://localhost/api/Brand/GetBrands', { headers: { authorization: `Bearer ${admin}` } }));
    expect(other.status).toBe(500);
  });

  it("the OpenAPI document lists each route's declared query and path parameters", async () => {
    const doc = await (await t.request('GET', '/api/openapi.json')).json();
    expect(doc.paths['/api/LinePlan/GetLinePlan'].get.parameters).toEqual([
      { name: 'LinePlanId', in: 'query', required: false, schema: { type: 'integer', minimum: 0, maximum: 2147483647 } },
    ]);
    expect(doc.paths['/api/brief/view/{id}'].get.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true });
  });
});

describe('issue 10: parameter declarations', () => {
  it('a handler reading an undeclared query parameter fails (in tests), a declared one is read', async () => {
    const r = new ApiRouter();
    r.get('/x', PUBLIC, { query: { a: 'id' } }, (c) => c.json({ a: queryParam(c, 'A'), b: queryParam(c, 'b') ?? null }));
    const app = new Hono().route('/', r.app);
    let thrown: Error | undefined;
    app.onError((err, c) => {
      thrown = err;
      return c.text('', 500);
    });
    expect((await app.fetch(new Request('http://localhost/x?a=1&b=2'))).status).toBe(500);
    expect(thrown?.message).toBe("GET /x reads the undeclared query parameter 'b'");
  });

  it('a route whose path parameter or GET brand parameter is undeclared is refused at registration', () => {
    const r = new ApiRouter();
    expect(() => r.get('/y/:id', PUBLIC, (c) => c.json({}))).toThrow("does not declare its path parameter 'id'");
    expect(() => r.get('/z', PUBLIC, { brandParam: 'BrandId' }, (c) => c.json({}))).toThrow("does not declare its brand parameter 'BrandId'");
  });
});

describe('issue 10: paging parameters', () => {
  it('page 0 is read as the first page (a negative OFFSET fails on PostgreSQL)', async () => {
    const [b] = await t.ctx.db.query('SELECT briefseasonalid AS id FROM brief_view WHERE NOT isdeleted ORDER BY 1 LIMIT 1');
    const [lp] = await t.ctx.db.query('SELECT lineplanid AS id FROM line_plan_view WHERE NOT isdeleted ORDER BY 1 LIMIT 1');
    for (const url of [
      `/api/Brief/BriefPatternsCount?BriefSeasonalId=${b.id}&pageNumber=0&pageSize=1`,
      `/api/LinePlan/GetLinePlanBriefs?LinePlanId=${lp.id}&pageNumber=0&pageSize=1`,
    ]) {
      expect((await t.request('GET', url, { token: admin })).status, url).toBe(200);
    }
  });
});
