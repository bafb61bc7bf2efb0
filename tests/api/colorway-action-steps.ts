/**
 * The app and steps the colorway action tests share (colorway-actions.test.ts,
 * colorway-moves.test.ts): the demo users (the factory partner with colorway edit, so only the
 * factory-user rule can refuse it), patterns by status, a colorway's row, and a new colorway.
 */
import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let designer: string;
let designerId: number;

/** The app and the tokens of designer, costing, viewer, factory and admin. */
export async function startColorwayApp() {
  t = await createTestApp();
  await t.ctx.db.query('INSERT INTO role_permissions (roleid, moduleid, actionid) VALUES (5, 5, 2) ON CONFLICT DO NOTHING');
  const tokens = await t.tokens('designer', 'costing', 'viewer', 'factory', 'admin');
  designer = tokens[0];
  [{ userid: designerId }] = await t.ctx.db.query(`SELECT userid FROM users WHERE username = 'designer@example.com'`);
  const [, costing, viewer, factory, admin] = tokens;
  return { t, designer, costing, viewer, factory, admin, designerId };
}

export const db = () => t.ctx.db;
export const patternOf = async (brandId: number, seasonId: number, statusId: number, skip = 0) => {
  const rows = await db().query(
    'SELECT patternseasonalid, patternid FROM pattern_view WHERE brandid = $1 AND seasonid = $2 AND statusid = $3 AND NOT isdeleted ORDER BY 1',
    [brandId, seasonId, statusId],
  );
  return { PatternSeasonalId: rows[skip].patternseasonalid as number, PatternId: rows[skip].patternid as number };
};
export const setPatternStatus = (id: number, status: number) =>
  db().query('UPDATE pattern_seasonals SET statusid = $2 WHERE patternseasonalid = $1', [id, status]);
/** A released pattern of brand 1, season 1 put in `status` while `run` runs. */
export const withPatternIn = async (status: number, run: (p: { PatternSeasonalId: number; PatternId: number }) => Promise<void>) => {
  const p = await patternOf(1, 1, 2, 2);
  await setPatternStatus(p.PatternSeasonalId, status);
  try {
    await run(p);
  } finally {
    await setPatternStatus(p.PatternSeasonalId, 2);
  }
};
export const setStatus = (id: number, status: number) =>
  db().query('UPDATE prototype_seasonals SET statusid = $2 WHERE prototypeseasonalid = $1', [id, status]);
export const setFactory = (id: number, key: string) =>
  db().query(
    `UPDATE prototype_seasonals ps SET factnameky = f.factorykey, factname = f.factoryname, ctryoforig = f.countrycode, factorygroupkey = f.factorygroupkey
     FROM factories f WHERE f.factorykey = $2 AND ps.prototypeseasonalid = $1`,
    [id, key],
  );
export const row = async (id: number) =>
  (
    await db().query(
      `SELECT ps.*, p.patternid, p.brandid, p.dualsrcdpatt, p.buyready, p.stocknum, p.colordesc, p.prototypename
     FROM prototype_seasonals ps JOIN prototypes p USING (prototypeid) WHERE ps.prototypeseasonalid = $1`,
      [id],
    )
  )[0];

let n = 0;
export const form = async (over: { Prototype?: object; PrototypeSeasonal?: object; PatternSeasonalId?: number } = {}) => {
  const pattern = await patternOf(1, 1, 2);
  return {
    Prototype: {
      PatternId: pattern.PatternId,
      PrototypeName: `Test Colorway ${++n}`,
      BrandId: 1,
      ImageName: null,
      Division: 'Footwear',
      DivisionKey: '01',
      ...over.Prototype,
    },
    PrototypeSeasonal: { CopySeasonalId: null, SeasonId: 1, StatusId: 1, ResponsibleId: designerId, ProductTypeId: 1, WFGroupId: 7, ...over.PrototypeSeasonal },
    PatternSeasonalId: over.PatternSeasonalId ?? pattern.PatternSeasonalId,
  };
};
export const create = (json: object, token = designer) => t.request('POST', '/api/Prototype/CreatePrototypeSeasonal', { token, json });
export const newColorway = async (over: Parameters<typeof form>[0] = {}) => {
  const res = await create(await form(over));
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.Data.PrototypeSeasonalId as number;
};
