/**
 * The admin lists shown through the shared grid (errors, roles, system messages, user access
 * report, library entries): each grid document is served to the list's readers, and every column
 * it names is a field of the rows the list's own endpoint answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).access_token;
  await t.ctx.db.query(`INSERT INTO error_log (username, message, allxml, timeutc) VALUES ('admin@example.com', 'Boom', '<error />', now())`);
});
afterAll(async () => {
  await t?.close();
});

const json = async (path: string, token = admin) => {
  const res = await t.request('GET', path, { token });
  expect(res.status, path).toBe(200);
  return res.json();
};
const columnsOf = async (grid: string) => ((await json(`/schemas/grids/${grid}.grid.json`)).columns as { field: string }[]).map((c) => c.field);

describe('admin list grids name fields of their endpoint rows', () => {
  it('ADMIN-037/038: errors grid ⊆ GET /api/User/GetErrors rows', async () => {
    const [row] = await json('/api/User/GetErrors');
    expect(Object.keys(row)).toEqual(expect.arrayContaining(await columnsOf('errors')));
  });
  it('ADMIN-018: roles grid ⊆ GET /api/Role rows', async () => {
    const [row] = await json('/api/Role');
    expect(Object.keys(row)).toEqual(expect.arrayContaining(await columnsOf('roles')));
  });
  it('SYSMSG-009: system-messages grid ⊆ GET /api/SystemMessage/GetMessages rows', async () => {
    const [row] = await json('/api/SystemMessage/GetMessages');
    expect(Object.keys(row)).toEqual(expect.arrayContaining(await columnsOf('system-messages')));
  });
  it('ADMIN-005: user-access-report grid: the report rows give every column (the screen derives FullName and Brands)', async () => {
    const report = await json('/api/User/UserAccessReport?pageNumber=1&pageSize=5');
    const derived = new Set(['FullName', 'Brands']);
    expect(Object.keys(report.Users.Results[0])).toEqual(expect.arrayContaining((await columnsOf('user-access-report')).filter((f) => !derived.has(f))));
  });
  it('ADMIN-024/025: each library grid ⊆ GET /api/Library/GetEntries rows of its type', async () => {
    const [brand] = await t.ctx.db.query('SELECT brandid FROM brands ORDER BY brandid LIMIT 1');
    const [season] = await t.ctx.db.query('SELECT seasonid FROM outsoles WHERE brandid = $1 LIMIT 1', [brand.brandid]);
    const types: [grid: string, query: string][] = [
      ['library-outsole', `type=Outsole&brandId=${brand.brandid}&seasonId=${season?.seasonid ?? 0}`],
      ['library-last', `type=Last&brandId=${brand.brandid}`],
      ['library-pattern-description', 'type=PatternDescription'],
      ['library-pattern-name', 'type=PatternName'],
      ['library-color', 'type=Color'],
      ['library-cutting-pattern', 'type=CuttingPattern'],
      ['library-development-center', 'type=DevelopmentCenter'],
    ];
    for (const [grid, query] of types) {
      const page = await json(`/api/Library/GetEntries?${query}&pageSize=5`);
      expect(page.Results.length, grid).toBeGreaterThan(0);
      expect(Object.keys(page.Results[0]), grid).toEqual(expect.arrayContaining(await columnsOf(grid)));
    }
  });
  it('SHELL-019: the errors grid document opens to users read or system messages read only', async () => {
    const viewer = (await t.login('viewer')).access_token;
    expect((await t.request('GET', '/schemas/grids/errors.grid.json', { token: viewer })).status).toBe(200);
    const doc = await json('/schemas/grids/errors.grid.json');
    expect(doc.read).toEqual([
      ['users', 'read'],
      ['systemMessages', 'read'],
    ]);
  });
});

describe('grids over rows of another call', () => {
  it('have no generic search: 404, never a server error', async () => {
    for (const grid of ['errors', 'roles', 'user-access-report']) {
      const res = await t.request('POST', `/api/Grid/${grid}/Search`, { token: admin, json: { pageNumber: 1, pageSize: 15 } });
      expect(res.status, grid).toBe(404);
    }
  });

  it('ADR 029 grids of rows a screen owns have no search, export or save, even over a stored entity; their document loads', async () => {
    for (const grid of [
      'corporate-template',
      'carryover-volumes',
      'project-create',
      'margin-calculator',
      'fob-calculator',
      'line-plan-planning',
      'line-plan-calendar',
      'line-plan-launch-dates',
      'size-ranges',
      'size-range-presets',
    ]) {
      for (const call of ['Search', 'Export', 'Save']) {
        const res = await t.request('POST', `/api/Grid/${grid}/${call}`, {
          token: admin,
          json: call === 'Save' ? { rows: [{ Key: 1, RowVersion: 1, Changes: { Name: 'x' } }] } : { pageNumber: 1, pageSize: 15 },
        });
        expect(res.status, `${grid} ${call}`).toBe(404);
      }
      expect((await json(`/schemas/grids/${grid}.grid.json`)).owned, grid).toBe(true);
    }
    expect(await columnsOf('carryover-volumes')).toEqual(expect.arrayContaining(['StockNum', 'USVolume', 'TotalVolume']));
    for (const grid of ['size-ranges', 'size-range-presets']) expect(await columnsOf(grid), grid).toEqual(['RegionId', 'WidthId', 'SizeRange']);
  });
});

describe('library grids (ADMIN-024/025, issue 10)', () => {
  const LIBRARY_GRIDS = [
    'library-outsole',
    'library-midsole',
    'library-last',
    'library-color',
    'library-cutting-pattern',
    'library-developer',
    'library-development-center',
    'library-pattern-description',
    'library-pattern-name',
  ];

  it("ADMIN-024: all nine search through /api/Grid with their columns, and the user's brands only", async () => {
    const brands = new Set(
      (await t.ctx.db.query(`SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'designer@example.com'`)).map((r) => r.brandid),
    );
    await t.ctx.db.query(`INSERT INTO role_permissions (roleid, moduleid, actionid)
      SELECT roleid, 9, 1 FROM users WHERE username = 'designer@example.com' ON CONFLICT DO NOTHING`);
    const designer = (await t.login('designer')).access_token;
    for (const grid of LIBRARY_GRIDS) {
      const res = await t.request('POST', `/api/Grid/${grid}/Search`, { token: designer, json: { pageNumber: 1, pageSize: 5 } });
      expect(res.status, grid).toBe(200);
      const page = await res.json();
      expect(page.Results.length, grid).toBeGreaterThan(0);
      expect(Object.keys(page.Results[0]), grid).toEqual(expect.arrayContaining(await columnsOf(grid)));
    }
    const soles = await (await t.request('POST', '/api/Grid/library-outsole/Search', { token: designer, json: { pageSize: 9999 } })).json();
    const ids = soles.Results.map((r: any) => r.OutsoleId);
    for (const r of await t.ctx.db.query('SELECT brandid FROM outsoles WHERE outsoleid = ANY($1)', [ids])) expect(brands).toContain(r.brandid);
  });

  it('ADR 008: they are read-only lists (entries change through the Library calls): Save answers a clean 404, never a server error', async () => {
    for (const grid of LIBRARY_GRIDS) {
      const res = await t.request('POST', `/api/Grid/${grid}/Save`, { token: admin, json: { rows: [{ Key: 1, RowVersion: 1, Changes: { Price: 1 } }] } });
      expect(res.status, grid).toBe(404);
      expect((await res.json()).Message, grid).toBe('This grid is read-only; it has no save.');
    }
  });

  it('a user without any libraries permission cannot search them', async () => {
    const viewer = (await t.login('viewer')).access_token;
    expect((await t.request('POST', '/api/Grid/library-outsole/Search', { token: viewer, json: {} })).status).toBe(403);
  });
});
