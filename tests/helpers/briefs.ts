/**
 * Steps the brief API suites share (tests/api/briefs*.test.ts): a released line plan and a brief
 * workflow group of a brand, a valid create payload, create/get/update calls, and a pattern (with
 * an optional colorway) put under a brief straight in the database.
 */
import { expect } from 'vitest';
import type { TestApp } from './test-app';

/** `t` and `designer` are read when a step runs (the suites set them in beforeAll). */
export function briefSteps(t: () => TestApp, designer: () => string) {
  const linePlan = async (brandId: number, status: number) => {
    const [lp] = await t().ctx.db.query('SELECT lineplanid, seasonid FROM line_plans WHERE brandid = $1 AND statusid = $2 ORDER BY lineplanid LIMIT 1', [
      brandId,
      status,
    ]);
    return { LinePlanId: lp.lineplanid as number, SeasonId: lp.seasonid as number };
  };
  const wfGroup = async (brandId: number, level = 2) =>
    (await t().ctx.db.query('SELECT wfgroupid FROM workflow_groups WHERE brandid = $1 AND objectlevel = $2 LIMIT 1', [brandId, level]))[0].wfgroupid as number;

  let n = 0;
  const payload = async (over: Record<string, unknown> = {}) => ({
    BriefName: `API Brief ${++n}`,
    BrandId: 1,
    ...(await linePlan(1, 2)),
    ResponsibleId: 3,
    WFGroupId: await wfGroup(1),
    ...over,
  });
  const create = (json: object, token = designer()) => t().request('POST', '/api/Brief/CreateBriefSeasonal', { token, json });
  const newBrief = async (over: Record<string, unknown> = {}) => {
    const res = await create(await payload(over));
    expect(res.status).toBe(200);
    return (await res.json()).briefSeasonalId as number;
  };
  const get = async (id: number, token = designer()) => (await t().request('GET', `/api/Brief/GetBriefSeasonal?BriefSeasonalId=${id}`, { token })).json();
  const update = async (id: number, changes: object, token = designer()) => {
    const { RowVersion } = await get(id);
    return t().request('POST', '/api/Brief/UpdateBrief', { token, json: { Id: id, RowVersion, Changes: changes } });
  };
  /** A new pattern under the brief (status given), with an optional colorway in that status, straight in the database. */
  const addPattern = async (briefSeasonalId: number, status: number, colorwayStatus?: number) => {
    const [b] = await t().ctx.db.query('SELECT b.brandid, bs.seasonid FROM brief_seasonals bs JOIN briefs b USING (briefid) WHERE briefseasonalid = $1', [
      briefSeasonalId,
    ]);
    const [pa] = await t().ctx.db.query(
      `INSERT INTO patterns (patternname, brandid, genderkey) SELECT 'Child of ' || $1, $2, min(genderkey) FROM genders RETURNING patternid`,
      [briefSeasonalId, b.brandid],
    );
    const [p] = await t().ctx.db.query(
      'INSERT INTO pattern_seasonals (patternid, seasonid, briefseasonalid, statusid, responsibleid) VALUES ($1, $2, $3, $4, 3) RETURNING patternseasonalid',
      [pa.patternid, b.seasonid, briefSeasonalId, status],
    );
    if (colorwayStatus !== undefined) {
      const [pr] = await t().ctx.db.query(
        `INSERT INTO prototypes (patternid, brandid, prototypename, divisionkey) SELECT $1, $2, 'Colorway of ' || $1::int, min(divisionkey) FROM divisions RETURNING prototypeid`,
        [pa.patternid, b.brandid],
      );
      await t().ctx.db.query(
        `INSERT INTO prototype_seasonals (prototypeid, patternseasonalid, seasonid, statusid, responsibleid, wfgroupid, producttypeid)
         SELECT $1, $2, $3, $4, 3, (SELECT min(wfgroupid) FROM workflow_groups WHERE brandid = $5 AND objectlevel = 4), (SELECT min(producttypeid) FROM product_types)`,
        [pr.prototypeid, p.patternseasonalid, b.seasonid, colorwayStatus, b.brandid],
      );
    }
    return p.patternseasonalid as number;
  };
  return { linePlan, wfGroup, payload, create, newBrief, get, update, addPattern };
}
