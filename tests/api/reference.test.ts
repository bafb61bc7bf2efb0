/** Reference-data calls: statuses and transitions (LOOKUP-028..033), seasons (LOOKUP-027), deleted-record checks. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let designer: string, viewer: string;
beforeAll(async () => {
  t = await createTestApp();
  designer = (await t.login('designer')).access_token;
  viewer = (await t.login('viewer')).access_token;
});
afterAll(async () => {
  await t?.close();
});
const get = async (url: string, token = designer) => t.request('GET', url, { token });

describe('statuses', () => {
  it('LOOKUP-030 LOOKUP-032 DECISIONS LOOKUP-033: the status list with the synthetic groups; Canceled, Archive and Locked inactive', async () => {
    const list = await (await get('/api/Status/GetStatusList')).json();
    const byId = Object.fromEntries(list.map((s: any) => [s.StatusId, s]));
    expect(byId[9999].StatusName).toBe('All Active (Created/Released/Completed)');
    expect(byId[9998].StatusName).toBe('All Active (Created/Released)');
    expect([1, 2, 3, 4, 5, 6, 7].map((id) => byId[id].StatusName)).toEqual(['Created', 'Released', 'Completed', 'Canceled', 'Archive', 'Locked', 'Dropped']);
    expect([4, 5, 6].map((id) => byId[id].IsActive)).toEqual([false, false, false]);
  });

  it('LOOKUP-031 DECISIONS LOOKUP-033: next statuses come from the transition table', async () => {
    const next = async (id: number) => (await (await get(`/api/Status/GetAvailableStatusList?currentStatusId=${id}`)).json()).map((s: any) => s.StatusId);
    expect(await next(1)).toEqual([2, 4, 7]);
    expect(await next(2)).toEqual([1, 3, 4, 6, 7]);
    expect(await next(3)).toEqual([2, 5, 6]);
    expect(await next(4)).toEqual([1]);
    expect(await next(5)).toEqual([]);
    expect(await next(6)).toEqual([2, 3]);
    expect(await next(7)).toEqual([1]);
  });
});

describe('seasons and projects', () => {
  it('LOOKUP-027: seasons by brand, after a season, and the same list for carryover/shift', async () => {
    const brand = (await (await get('/api/Brand/GetBrandsByUser')).json())[0].BrandId;
    const all = await (await get(`/api/Season/GetSeasonsByBrand?BrandId=${brand}`)).json();
    expect(all.length).toBe(4);
    const after = await (await get(`/api/Season/GetSeasonsByBrand?BrandId=${brand}&seasonsAfterThisSeasonId=${all[1].SeasonId}`)).json();
    expect(after.map((s: any) => s.SeasonId)).toEqual(all.slice(2).map((s: any) => s.SeasonId));
    const shift = await (await get(`/api/Season/GetShiftCarryoverSeasonsByBrand?BrandId=${brand}&seasonsAfterThisSeasonId=${all[1].SeasonId}`)).json();
    expect(shift).toEqual(after);
  });

  it('LOOKUP-027: the seasons a colorway lives in', async () => {
    const [multi] = await t.ctx.db.query(`SELECT prototypeid, array_agg(seasonid ORDER BY seasonid) AS seasons FROM colorway_view
      WHERE brandid IN (SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'designer@example.com')
      GROUP BY prototypeid HAVING count(*) > 1 LIMIT 1`);
    const seasons = await (await get(`/api/Season/GetProjectsSeasons?projId=${multi.prototypeid}&projLevel=4`)).json();
    expect(seasons.map((s: any) => s.SeasonId).sort()).toEqual([...multi.seasons].sort());
  });

  it('LOOKUP-028: IsRecordDeleted answers true for a deleted record, false otherwise, outside the brand like a missing record (404)', async () => {
    const [cw] = await t.ctx.db.query(`SELECT prototypeseasonalid AS id FROM colorway_view
      WHERE brandid IN (SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'designer@example.com') LIMIT 1`);
    expect(await (await get(`/api/Status/IsRecordDeleted?ProjectLevelId=4&ProjectId=${cw.id}`)).json()).toBe(false);
    await t.ctx.db.query('UPDATE prototype_seasonals SET isdeleted = true WHERE prototypeseasonalid = $1', [cw.id]);
    expect(await (await get(`/api/Status/IsRecordDeleted?ProjectLevelId=4&ProjectId=${cw.id}`)).json()).toBe(true);
    const detail = await get(`/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${cw.id}`);
    expect(detail.status).toBe(404);
    expect((await detail.json()).Code).toBe('record_deleted');
    expect((await get(`/api/Status/IsRecordDeleted?ProjectLevelId=4&ProjectId=${cw.id}`, viewer)).status).toBe(404);
    expect((await get('/api/Status/IsRecordDeleted?ProjectLevelId=9&ProjectId=1')).status).toBe(400);
  });
});
