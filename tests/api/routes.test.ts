/**
 * PERM-001..024: every registered API route has a permission rule, and each route answers each
 * demo account with the expected 200/401/403.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionCode, permissionIds, type Permission, type SessionUser } from '../../server/core/auth/permissions';
import { buildApi } from '../../server/app';
import { GUARD, type GuardedMiddleware } from '../../server/core/http/router';
import { createTestApp, DEMO_USERS, type DemoUser, type TestApp } from '../helpers/test-app';

describe('route coverage', () => {
  it('PERM-024: every registered route has a guard with a permission rule', () => {
    const routes = buildApi().app.routes;
    const handlerRoutes = routes.filter((r) => r.method !== 'ALL');
    expect(handlerRoutes.length).toBeGreaterThan(20);
    const unguarded = handlerRoutes.filter((r) => !routes.some((g) => g.method === r.method && g.path === r.path && GUARD in (g.handler as object)));
    expect(unguarded.map((r) => `${r.method} ${r.path}`)).toEqual([]);
    for (const r of routes.filter((x) => GUARD in (x.handler as object))) {
      expect((r.handler as GuardedMiddleware)[GUARD].kind).toMatch(/^(public|signedIn|anyOf|custom)$/);
    }
  });
});

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/demo');
let t: TestApp;
const tokens = {} as Record<DemoUser, string>;
let brandOf: Record<DemoUser, number[]>;
let allBrands: number[];

beforeAll(async () => {
  t = await createTestApp();
  for (const u of DEMO_USERS) tokens[u] = (await t.login(u)).access_token;
  const rows = await t.ctx.db.query(`SELECT u.username, array_agg(ub.brandid ORDER BY ub.brandid) AS brands
    FROM users u JOIN user_brands ub ON ub.userid = u.userid GROUP BY u.username`);
  brandOf = Object.fromEntries(rows.map((r) => [r.username.split('@')[0], r.brands])) as typeof brandOf;
  allBrands = (await t.ctx.db.query('SELECT brandid FROM brands ORDER BY 1')).map((r) => r.brandid);
});
afterAll(async () => {
  await t?.close();
});

type Expect = Record<DemoUser, 200 | 403>;
const all200: Expect = { admin: 200, designer: 200, costing: 200, forecast: 200, factory: 200, viewer: 200 };
const adminOnly: Expect = { admin: 200, designer: 403, costing: 403, forecast: 403, factory: 403, viewer: 403 };

const MATRIX: [method: string, path: string, expected: Expect][] = [
  ['GET', '/api/Brand/GetBrands', all200],
  ['GET', '/api/Brand/GetBrandsByUser', all200],
  ['GET', '/api/Season/GetSeasons', all200],
  ['GET', '/api/Status/GetStatusList', all200],
  ['GET', '/api/Status/GetAvailableStatusList?currentStatusId=1', all200],
  ['GET', '/schemas/entities/colorway.schema.json', all200],
  ['GET', '/schemas/permissions.json', all200],
  ['GET', '/api/migrations/Completed', adminOnly],
  ['POST', '/api/migrations/Run', adminOnly],
  ['GET', '/api/Account/UserExists?userName=someone@example.com', adminOnly],
  // Administration (PERM-008/009/019/021, DECISIONS SHELL-019) and one's own preferences.
  ['GET', '/api/User/UserAccessReport', adminOnly],
  ['GET', '/api/User/GetUsers', adminOnly],
  ['GET', '/api/User/GetUserBrandAssignment', adminOnly],
  ['GET', '/api/User/GetUserFactories', adminOnly],
  ['GET', '/api/Role', adminOnly],
  ['GET', '/api/Role/GetRole?roleId=1', adminOnly],
  ['GET', '/api/Role/GetRolePermissions', adminOnly],
  ['GET', '/api/SystemMessage/GetMessages', adminOnly],
  ['GET', '/api/SystemMessage/GetMessage?id=1', adminOnly],
  ['GET', '/api/User/GetErrors', adminOnly],
  ['GET', '/api/QuarterlyForecast/SalesForecastSettings?BrandId=1&SeasonId=1', { ...adminOnly, forecast: 200 }],
  ['GET', '/api/QuarterlyForecast/GetSalesRegions?BrandId=1&SeasonId=1', { ...adminOnly, forecast: 200 }],
  ['GET', '/api/User/GetUser', all200],
  ['GET', '/api/User/ShouldShowStartupHelp', all200],
  ['GET', '/api/User/GetWFEventAssignment', all200],
  ['GET', '/api/User/GetLastViewedProjects', all200],
  ['GET', '/api/Dashboard/AvailableWidgets', all200],
  ['GET', '/api/UserPreference/GetDashboardPreferences', all200],
  ['GET', '/api/UserPreference/GetUserPreferences', all200],
  ['GET', '/api/UserPreference/fields/getFieldConfiguration?moduleId=4', all200],
  ['GET', '/api/Workflow/WFEventLogs', all200],
];

describe('permission matrix', () => {
  it.each(MATRIX)('PERM-024: %s %s answers each demo account as expected', async (method, path, expected) => {
    const got = {} as Record<DemoUser, number>;
    for (const u of DEMO_USERS) got[u] = (await t.request(method, path, { token: tokens[u] })).status;
    expect(got).toEqual(expected);
    expect((await t.request(method, path)).status).toBe(401);
  });

  it('PERM-022: calls under a brand answer 200 for assigned brands and 403 for the others', async () => {
    for (const u of DEMO_USERS) {
      for (const b of allBrands) {
        const expected = brandOf[u].includes(b) ? 200 : 403;
        for (const path of [
          `/api/Season/GetSeasonsByBrand?BrandId=${b}`,
          `/api/Brand/GetSAPBrandId?BrandId=${b}`,
          `/api/Workflow/WFGroups?BrandId=${b}&ObjectLevel=1`,
        ]) {
          expect((await t.request('GET', path, { token: tokens[u] })).status, `${u} ${path}`).toBe(expected);
        }
      }
    }
  });
});

describe('OpenAPI document', () => {
  it('DECISIONS "Paths not shown": every declared endpoint is published with its permission rule', async () => {
    const doc = await (await t.request('GET', '/api/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    const api = buildApi();
    for (const r of api.declared) {
      const op = doc.paths[r.path.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${r.path}`).toBeDefined();
      expect(op.description.length).toBeGreaterThan(5);
    }
    expect(doc.paths['/api/Account/Register'].post.requestBody.content['application/json'].schema.required).toContain('Email');
  });
});

/** Each demo user's permissions, read from the fixtures (not from the server under test). */
function fixturePermissions(): Record<DemoUser, Set<number>> {
  const roles = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'role.json'), 'utf8')) as { RoleId: number; Permissions: [string, string][] }[];
  const users = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'user.json'), 'utf8')) as { UserName: string; RoleId: number }[];
  const out = {} as Record<DemoUser, Set<number>>;
  for (const u of DEMO_USERS) {
    const role = roles.find((r) => r.RoleId === users.find((x) => x.UserName === `${u}@example.com`)!.RoleId)!;
    out[u] = new Set(role.Permissions.map(([m, a]) => permissionCode(...permissionIds([m, a] as Permission))));
  }
  return out;
}

describe('every route as every demo account', () => {
  it('PERM-024: 401 without a token, 403 exactly when the fixture role lacks the rule, never 401/403 otherwise', async () => {
    const perms = fixturePermissions();
    // Logging out ends the token the loop uses, so it goes last.
    const declared = [...buildApi().declared].sort((a, b) => Number(/logout/i.test(a.path)) - Number(/logout/i.test(b.path)));
    const mismatches: string[] = [];
    for (const u of DEMO_USERS) {
      const token = (await t.login(u)).access_token;
      const user = { permissions: perms[u] } as SessionUser;
      for (const r of declared) {
        const query = r.opts.brandParam ? `?${r.opts.brandParam}=${brandOf[u][0]}` : '';
        const url = r.path.replace(/:(\w+)/g, (_, name) => (name === 'gridId' ? 'costing' : '1')) + query;
        if (r.rule.kind === 'public') continue;
        const allowed =
          r.rule.kind === 'signedIn'
            ? true
            : r.rule.kind === 'custom'
              ? r.rule.test(user)
              : r.rule.perms.some((p) => perms[u].has(permissionCode(...permissionIds(p))));
        const res = await t.request(r.method, url, { token, json: r.method === 'GET' ? undefined : {} });
        const body = res.status === 403 ? await res.json() : undefined;
        const denied = res.status === 403 && body.Code === 'permission_denied';
        if (res.status === 401 || denied !== !allowed)
          mismatches.push(`${u} ${r.method} ${r.path}: ${res.status} ${body?.Code ?? ''}, expected ${allowed ? 'allowed' : 'permission_denied'}`);
        if (u === 'admin') {
          const anon = await t.request(r.method, url, { json: r.method === 'GET' ? undefined : {} });
          if (anon.status !== 401) mismatches.push(`anonymous ${r.method} ${r.path}: ${anon.status}, expected 401`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 180_000);
});
