/**
 * Reference fields (`x-ref`, issue 11): records carry the names of their references, resolved with
 * one statement for many rows; GET /api/Reference/{source} answers the choices within the user's
 * brands and factories; out-of-scope ids get no name; seeded records carry real creators.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from '../../server/auth/authenticate';
import type { Queryable } from '../../server/db/client';
import { withReferenceNames } from '../../server/records/references';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let designer: string, viewer: string, factory: string;
beforeAll(async () => {
  t = await createTestApp();
  [designer, viewer, factory] = await Promise.all(['designer', 'viewer', 'factory'].map(async (u) => (await t.login(u)).access_token));
});
afterAll(async () => { await t?.close(); });
const get = async (url: string, token = designer) => t.request('GET', url, { token });

/** A Queryable that counts the statements it runs. */
function counting(q: Queryable) {
  const counter = { n: 0, q: { query: (...args: Parameters<Queryable['query']>) => { counter.n++; return q.query(...args); } } as Queryable };
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
    const rows = await t.ctx.db.query(`SELECT prototypeseasonalid AS "PrototypeSeasonalId", lineplanlaunchdateid AS "LinePlanLaunchDateId",
        copyseasonalid AS "CopySeasonalId", createdby AS "CreatedBy", lthrapprvby AS "LthrApprvBy"
      FROM colorway_view WHERE brandid = ANY($1) AND lineplanlaunchdateid IS NOT NULL ORDER BY 1 LIMIT 60`, [[...user.brandIds]]);
    expect(rows.length).toBe(60);
    const c = counting(t.ctx.db);
    const named = await withReferenceNames(t.ctx, c.q, user, schema, rows);
    expect(c.n).toBe(1);
    const [{ name }] = await t.ctx.db.query(`SELECT coalesce(launchdesc, 'Launch ' || launchnumber) AS name FROM line_plan_launch_dates WHERE lineplanlaunchdateid = $1`, [rows[0].LinePlanLaunchDateId]);
    expect(named[0].LinePlanLaunchDateName).toBe(name);
    expect(named.every((r) => typeof r.CreatedByName === 'string' && r.CreatedByName !== '')).toBe(true);
    expect(named.filter((r) => r.CopySeasonalId).every((r) => typeof r.CopySeasonalName === 'string')).toBe(true);
  });

  it('PERM-022 an id of another brand gets no name', async () => {
    const user = await authenticate(t.ctx, `Bearer ${viewer}`);
    const [other] = await t.ctx.db.query(`SELECT lineplanlaunchdateid AS id FROM line_plan_launch_dates d JOIN line_plans lp USING (lineplanid) WHERE NOT lp.brandid = ANY($1) LIMIT 1`, [[...user.brandIds]]);
    const [row] = await withReferenceNames(t.ctx, t.ctx.db, user, t.ctx.schemas.entities.get('colorway')!, [{ LinePlanLaunchDateId: other.id, CreatedBy: 1 }]);
    expect(row).toMatchObject({ LinePlanLaunchDateName: null, CreatedByName: 'System User' });
  });
});

describe('GET /api/Reference/{source}', () => {
  it('the responsible choices are the brand\'s active users, as GetUsersByBrand lists them', async () => {
    const options = await (await get('/api/Reference/users?BrandId=1')).json();
    const users = await (await get('/api/User/GetUsersByBrand?BrandId=1')).json();
    expect(options).toEqual(users.map((u: { UserId: number; FirstName: string; LastName: string }) => ({ value: u.UserId, label: `${u.FirstName} ${u.LastName}` })));
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
    const [other] = await t.ctx.db.query(`SELECT prototypeseasonalid AS id FROM colorway_view WHERE brandid = 1 AND factnameky IS DISTINCT FROM '310101' LIMIT 1`);
    expect(await (await get(`/api/Reference/colorways?Ids=${other.id}`, factory)).json()).toEqual([]);
  });

  it('an unknown source is 404; a bad scope parameter is 400; signed out is 401', async () => {
    expect((await get('/api/Reference/nothing')).status).toBe(404);
    expect((await get('/api/Reference/constructor')).status).toBe(404);
    expect((await get('/api/Reference/seasons?BrandId=x')).status).toBe(400);
    expect((await t.request('GET', '/api/Reference/brands')).status).toBe(401);
  });
});
