/**
 * Reference fields (`x-ref`, issue 11): records carry the names of their references, resolved with
 * one statement for many rows; GET /api/Reference/{source} answers the choices within the user's
 * brands and factories; out-of-scope ids get no name; seeded records carry real creators. A grid
 * page carries the names of its reference columns, named with a fixed number of statements.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authenticate } from '../../server/core/auth/authenticate';
import type { Queryable } from '../../server/core/db/client';
import { withReferenceNames } from '../../server/core/records/references';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let designer: string, viewer: string, factory: string;
beforeAll(async () => {
  t = await createTestApp();
  [designer, viewer, factory] = await Promise.all(['designer', 'viewer', 'factory'].map(async (u) => (await t.login(u)).access_token));
});
afterAll(async () => {
  await t?.close();
});
const get = async (url: string, token = designer) => t.request('GET', url, { token });

/** A Queryable that counts the statements it runs. */
function counting(q: Queryable) {
  const counter = {
    n: 0,
    q: {
      query: (...args: Parameters<Queryable['query']>) => {
        counter.n++;
        return q.query(...args);
      },
    } as Queryable,
  };
  return counter;
}

describe('names of references in records', () => {
  it('a line plan answers its brand, season, responsible and real creator and changer by name', async () => {
    const lp = await (await get('/api/LinePlan/GetLinePlan?LinePlanId=1')).json();
    expect(lp).toMatchObject({ BrandName: 'Summit Ridge', SeasonName: 'Spring/Summer 2026' });
    expect(typeof lp.CreatedBy).toBe('number');
    expect(lp.CreatedBy).toBeGreaterThan(1);
    expect(lp.CreatedByName).toMatch(/^\S+ \S+/);
    expect(lp.ChangedByName).toMatch(/^\S+ \S+/);
  });

  it('the seeded hierarchy records and users carry real creators and changers, never none or the System User', async () => {
    for (const view of ['line_plan_view', 'brief_view', 'pattern_view', 'colorway_view']) {
      const [row] = await t.ctx.db.query(`SELECT count(*)::int AS n, count(*) FILTER (WHERE createdby > 1 AND changedby > 1)::int AS stamped FROM ${view}`);
      expect(row.n).toBeGreaterThan(0);
      expect(row.stamped, view).toBe(row.n);
    }
    const [users] = await t.ctx.db.query(`SELECT count(*) FILTER (WHERE createdby IS NULL OR lastchangedby IS NULL)::int AS unstamped FROM users`);
    expect(users.unstamped).toBe(0);
  });

  it('many colorways are named with one statement, every reference source at once', async () => {
    const user = await authenticate(t.ctx, `Bearer ${designer}`);
    const schema = t.ctx.schemas.entities.get('colorway')!;
    const rows = await t.ctx.db.query(
      `SELECT prototypeseasonalid AS "PrototypeSeasonalId", lineplanlaunchdateid AS "LinePlanLaunchDateId",
        copyseasonalid AS "CopySeasonalId", createdby AS "CreatedBy", lthrapprvby AS "LthrApprvBy"
      FROM colorway_view WHERE brandid = ANY($1) AND lineplanlaunchdateid IS NOT NULL ORDER BY 1 LIMIT 60`,
      [[...user.brandIds]],
    );
    expect(rows.length).toBe(60);
    const c = counting(t.ctx.db);
    const named = await withReferenceNames(t.ctx, c.q, user, schema, rows);
    expect(c.n).toBe(1);
    const [{ name }] = await t.ctx.db.query(
      `SELECT coalesce(launchdesc, 'Launch ' || launchnumber) AS name FROM line_plan_launch_dates WHERE lineplanlaunchdateid = $1`,
      [rows[0].LinePlanLaunchDateId],
    );
    expect(named[0].LinePlanLaunchDateName).toBe(name);
    expect(named.every((r) => typeof r.CreatedByName === 'string' && r.CreatedByName !== '')).toBe(true);
    expect(named.filter((r) => r.CopySeasonalId).every((r) => typeof r.CopySeasonalName === 'string')).toBe(true);
  });

  it('PERM-022 an id of another brand gets no name', async () => {
    const user = await authenticate(t.ctx, `Bearer ${viewer}`);
    const [other] = await t.ctx.db.query(
      `SELECT lineplanlaunchdateid AS id FROM line_plan_launch_dates d JOIN line_plans lp USING (lineplanid) WHERE NOT lp.brandid = ANY($1) LIMIT 1`,
      [[...user.brandIds]],
    );
    const [row] = await withReferenceNames(t.ctx, t.ctx.db, user, t.ctx.schemas.entities.get('colorway')!, [{ LinePlanLaunchDateId: other.id, CreatedBy: 1 }]);
    expect(row).toMatchObject({ LinePlanLaunchDateName: null, CreatedByName: 'System User' });
  });
});

describe('GET /api/Reference/{source}', () => {
  it("the responsible choices are the brand's active users, as GetUsersByBrand lists them", async () => {
    const options = await (await get('/api/Reference/users?BrandId=1')).json();
    const users = await (await get('/api/User/GetUsersByBrand?BrandId=1')).json();
    expect(options).toEqual(
      users.map((u: { UserId: number; FirstName: string; LastName: string }) => ({ value: u.UserId, label: `${u.FirstName} ${u.LastName}` })),
    );
  });

  it('workflow groups by brand and level; seasons by brand; launch dates by line plan', async () => {
    const groups = await (await get('/api/Reference/workflowGroups?BrandId=1&ObjectLevel=1')).json();
    const existing = await (await get('/api/Workflow/WFGroups?BrandId=1&ObjectLevel=1')).json();
    expect(groups).toEqual(existing.map((g: { WFGroupId: number; WFGroupName: string }) => ({ value: g.WFGroupId, label: g.WFGroupName })));
    const seasons = await (await get('/api/Reference/seasons?BrandId=1')).json();
    expect(seasons[0]).toEqual({ value: 1, label: 'Spring/Summer 2026' });
    const launches = await (await get('/api/Reference/launchDates?LinePlanId=1')).json();
    expect(launches.length).toBeGreaterThan(0);
    expect(launches.every((o: { label: string }) => !/^\d+$/.test(o.label))).toBe(true);
  });

  it('PERM-022 a user sees only their brands: another brand is refused, its ids answer nothing', async () => {
    expect((await get('/api/Reference/seasons?BrandId=1', viewer)).status).toBe(403);
    expect(await (await get('/api/Reference/seasons?Ids=1', viewer)).json()).toEqual([]);
    expect((await (await get('/api/Reference/brands', viewer)).json()).map((b: { value: number }) => b.value)).toEqual([3]);
    expect(await (await get('/api/Reference/linePlans?Ids=1', viewer)).json()).toEqual([]);
    expect(await (await get('/api/Reference/linePlans?Ids=1')).json()).toEqual([{ value: 1, label: expect.stringContaining('Summit Ridge') }]);
  });

  it('PERM-023 a factory user is offered only the colorways of their factories', async () => {
    const offered = await (await get('/api/Reference/colorways?BrandId=1', factory)).json();
    const [{ n }] = await t.ctx.db.query(`SELECT count(*)::int AS n FROM colorway_view WHERE brandid = 1 AND factnameky = '310101' AND NOT isdeleted`);
    expect(offered.length).toBe(n);
    const [other] = await t.ctx.db.query(
      `SELECT prototypeseasonalid AS id FROM colorway_view WHERE brandid = 1 AND factnameky IS DISTINCT FROM '310101' LIMIT 1`,
    );
    expect(await (await get(`/api/Reference/colorways?Ids=${other.id}`, factory)).json()).toEqual([]);
  });

  it('an unknown source is 404; a bad scope parameter is 400; signed out is 401', async () => {
    expect((await get('/api/Reference/nothing')).status).toBe(404);
    expect((await get('/api/Reference/constructor')).status).toBe(404);
    expect((await get('/api/Reference/seasons?BrandId=x')).status).toBe(400);
    expect((await t.request('GET', '/api/Reference/brands')).status).toBe(401);
  });
});

describe('names of reference columns in grid pages', () => {
  const search = (grid: string, token: string, body: object = {}) =>
    t.request('POST', `/api/Grid/${grid}/Search`, { token, json: { pageNumber: 1, pageSize: 20, ...body } });
  /** The page and the statements the request ran on the database. */
  async function searched(grid: string, token: string, pageSize: number, body: object = {}) {
    const spy = vi.spyOn(t.ctx.db, 'query');
    try {
      const res = await search(grid, token, { pageSize, ...body });
      expect(res.status, grid).toBe(200);
      return { page: await res.json(), statements: spy.mock.calls.length };
    } finally {
      spy.mockRestore();
    }
  }

  it('the forecast grid names each launch date; 5 or 400 rows take the same statements', async () => {
    const [forecast] = await t.tokens('forecast');
    const dated = { sortColumn: 'LinePlanLaunchDateId', sortDirection: 'ASC' };
    await searched('forecast', forecast, 1, dated); // the session is read once, then cached
    const small = await searched('forecast', forecast, 5, dated);
    const large = await searched('forecast', forecast, 400, dated);
    expect(small.page.Results.every((r: Record<string, unknown>) => r.LinePlanLaunchDateId)).toBe(true);
    expect(large.page.Results.length).toBeGreaterThan(small.page.Results.length * 10);
    // The page (with its count) and the names of every reference of it: one statement each.
    expect(small.statements).toBe(2);
    expect(large.statements).toBe(small.statements);
    const withDate = large.page.Results.filter((r: Record<string, unknown>) => r.LinePlanLaunchDateId);
    const ids = [...new Set(withDate.map((r: Record<string, unknown>) => r.LinePlanLaunchDateId))];
    const names = new Map(
      (
        await t.ctx.db.query(
          `SELECT lineplanlaunchdateid AS id, coalesce(launchdesc, 'Launch ' || launchnumber) AS name
      FROM line_plan_launch_dates WHERE lineplanlaunchdateid = ANY($1)`,
          [ids],
        )
      ).map((r) => [r.id, r.name]),
    );
    expect(ids.length).toBeGreaterThan(1);
    for (const r of withDate) expect(r.LinePlanLaunchDateName).toBe(names.get(r.LinePlanLaunchDateId));
  });

  it('ADMIN-024 the outsole grid names brand and season, so one key of two seasons reads apart', async () => {
    const [admin] = await t.tokens('admin');
    const { page } = await searched('library-outsole', admin, 200);
    const [season] = await t.ctx.db.query(`SELECT seasonname FROM seasons WHERE seasonid = $1`, [page.Results[0].SeasonId]);
    expect(page.Results[0]).toMatchObject({ SeasonName: season.seasonname, BrandName: expect.any(String) });
    expect(page.Results.some((r: Record<string, unknown>) => r.BrandId === 1 && r.BrandName === 'Summit Ridge')).toBe(true);
    // The library list the Library screen shows in the same grid carries the names too.
    const entries = await (await get('/api/Library/GetEntries?type=Outsole&brandId=1&pageSize=5', admin)).json();
    expect(entries.Results[0]).toMatchObject({ BrandName: 'Summit Ridge', SeasonName: expect.any(String) });
  });

  it('PERM-023 a factory user gets no name for a colorway outside their factories, the name of one inside', async () => {
    const [mine, theirs] = await t.ctx.db.query(`SELECT prototypeseasonalid AS id FROM colorway_view WHERE brandid = 1 AND NOT isdeleted
      AND factnameky = '310101' ORDER BY 1 LIMIT 2`);
    const [other] = await t.ctx.db.query(
      `SELECT prototypeseasonalid AS id FROM colorway_view WHERE brandid = 1 AND factnameky IS DISTINCT FROM '310101' LIMIT 1`,
    );
    await t.ctx.db.query(
      `UPDATE prototype_seasonals SET copyseasonalid = CASE prototypeseasonalid WHEN $1 THEN $3::int ELSE $1 END
      WHERE prototypeseasonalid IN ($1, $2)`,
      [mine.id, theirs.id, other.id],
    );
    // A grid with a reference column to hierarchy records (none of the shipped grids has one yet).
    t.ctx.schemas.grids.set('copies', {
      id: 'copies',
      entity: 'colorway',
      title: 'Copies',
      columns: [
        { field: 'PrototypeName', width: 200, readOnly: true },
        { field: 'CopySeasonalId', width: 200, readOnly: true },
      ],
    } as never);
    try {
      const rows = (await (await search('copies', factory, { pageSize: 9999 })).json()).Results as Record<string, unknown>[];
      const byId = new Map(rows.map((r) => [r.PrototypeSeasonalId, r]));
      expect(byId.get(mine.id)).toMatchObject({ CopySeasonalId: other.id, CopySeasonalName: null });
      expect(byId.get(theirs.id)).toMatchObject({
        CopySeasonalId: mine.id,
        CopySeasonalName: expect.stringContaining(String(byId.get(mine.id)!.PrototypeName)),
      });
      // Someone who sees every factory of the brand gets the name.
      const all = (await (await search('copies', designer, { pageSize: 9999 })).json()).Results as Record<string, unknown>[];
      expect(all.find((r) => r.PrototypeSeasonalId === mine.id)?.CopySeasonalName).toEqual(expect.any(String));
      // The colorway screen's single read names it within the factory scope too, not by the view.
      const one = async (token: string) => (await get(`/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${mine.id}`, token)).json();
      expect(await one(factory)).toMatchObject({ CopySeasonalId: other.id, CopySeasonalName: null });
      expect((await one(designer)).CopySeasonalName).toEqual(expect.any(String));
    } finally {
      t.ctx.schemas.grids.delete('copies');
    }
  });
});
