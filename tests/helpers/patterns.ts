/**
 * Steps the pattern API suites share (tests/api/pattern*.test.ts): a brief of a brand, season and
 * status, a pattern's RowVersion, a valid create form, and the create/update/get/post calls.
 */
import { expect } from 'vitest';
import type { TestApp } from './test-app';

/** `t`, `designer` and `designerId` are read when a step runs (the suites set them in beforeAll). */
export function patternSteps(t: () => TestApp, designer: () => string, designerId: () => number) {
  const briefOf = async (brandId: number, seasonId: number, statusId: number, skip = 0) => {
    const rows = await t().ctx.db.query(
      'SELECT briefseasonalid FROM brief_view WHERE brandid = $1 AND seasonid = $2 AND statusid = $3 AND NOT isdeleted ORDER BY 1',
      [brandId, seasonId, statusId],
    );
    return rows[skip].briefseasonalid as number;
  };
  const versionOf = async (id: number) =>
    (await t().ctx.db.query('SELECT rowversion FROM pattern_seasonals WHERE patternseasonalid = $1', [id]))[0].rowversion as number;

  let n = 0;
  const form = async (over: Record<string, unknown> = {}) => ({
    PatternName: `Test Pattern ${++n}`,
    BrandId: 1,
    SeasonId: 1,
    BriefSeasonalId: await briefOf(1, 1, 2),
    GenderKey: '01',
    PatternNameKey: `TP-${n}`,
    ResponsibleId: designerId(),
    WFGroupId: 5,
    ...over,
  });
  const create = async (json: object, token = designer()) => t().request('POST', '/api/Pattern/CreatePatternSeasonal', { token, json });
  /** A new pattern seasonal of brand 1, season 1, status 1 (or moved to `status`). */
  const newPattern = async (over: Record<string, unknown> = {}, status = 1) => {
    const res = await create(await form(over));
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
    const id = (await res.json()).Data.PatternSeasonalId as number;
    if (status !== 1) expect((await update(designer(), id, { StatusId: status })).status).toBe(200);
    return id;
  };
  const update = async (token: string, id: number, changes: object) =>
    t().request('POST', '/api/Pattern/UpdatePattern', { token, json: { Id: id, RowVersion: await versionOf(id), Changes: changes } });
  const get = async (path: string, token = designer()) => {
    const res = await t().request('GET', `/api/Pattern/${path}`, { token });
    return { status: res.status, body: await res.json() };
  };
  const post = async (path: string, json: object, token = designer()) => {
    const res = await t().request('POST', `/api/Pattern/${path}`, { token, json });
    return { status: res.status, body: await res.json() };
  };
  return { briefOf, versionOf, form, create, newPattern, update, get, post };
}
