/**
 * Steps the line plan API suites share (tests/api/line-plans.test.ts, line-plan-files.test.ts): the
 * LinePlan calls, a valid create form and a new line plan, its RowVersion, a child set's save and a
 * status set directly in the database.
 */
import { expect } from 'vitest';
import type { TestApp } from './test-app';

/** `t` and `designer` are read when a step runs (the suites set them in beforeAll). */
export function linePlanSteps(t: () => TestApp, designer: () => string) {
  const post = (url: string, json: unknown, token = designer()) => t().request('POST', `/api/LinePlan/${url}`, { token, json });
  const get = (url: string, token = designer()) => t().request('GET', `/api/LinePlan/${url}`, { token });
  let n = 0;
  /** Brand 1, season 3 (sub-seasons 5 and 6), responsible Sofia Alvarez (brand 1), workflow group 1 (brand 1, level 1). */
  const valid = (over: object = {}) => ({
    LinePlanName: `LP Test ${++n}`,
    BrandId: 1,
    SeasonId: 3,
    ResponsibleId: 8,
    WFGroupId: 1,
    SubSeasonIds: [5, 6],
    ...over,
  });
  const create = async (over: object = {}) => {
    const res = await post('CreateLinePlan', valid(over));
    expect(res.status).toBe(200);
    return (await res.json()).LinePlanId as number;
  };
  const rowVersion = async (id: number) => (await t().ctx.db.query('SELECT rowversion FROM line_plans WHERE lineplanid = $1', [id]))[0].rowversion as number;
  const save = async (set: string, id: number, items: object[], token = designer()) =>
    post(`Save${set}`, { LinePlanId: id, RowVersion: await rowVersion(id), Items: items }, token);
  const setStatus = (id: number, status: number) => t().ctx.db.query('UPDATE line_plans SET statusid = $2 WHERE lineplanid = $1', [id, status]);
  return { post, get, valid, create, rowVersion, save, setStatus };
}
