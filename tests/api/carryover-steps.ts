/**
 * The app and steps the carryover tests share (carryover.test.ts, carryover-upload.test.ts): the
 * demo's seasons, a line plan of FW27, the carryover calls and the colorways living in one season.
 */
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: string;
export const BRAND = 1,
  SS26 = 1,
  FW26 = 2,
  SS27 = 3,
  FW27 = 4,
  SS27_PLAN = 3;
export const COMPLETED = 'Carryover completed. You will receive an email confirmation.';

/** The app, the tokens of admin, designer and factory, and a line plan of FW27 (the demo has none) for the second target season. */
export async function startCarryoverApp() {
  t = await createTestApp();
  const [adminToken, designer, factory] = await t.tokens('admin', 'designer', 'factory');
  admin = adminToken;
  const [{ lineplanid: fw27Plan }] = await t.ctx.db.query<{ lineplanid: number }>(
    `INSERT INTO line_plans (lineplanname, brandid, seasonid, responsibleid, statusid) VALUES ('Summit Ridge FW27 Carry', 1, $1, 2, 2) RETURNING lineplanid`,
    [FW27],
  );
  return { t, admin, designer, factory, fw27Plan };
}

export const db = () => t.ctx.db;
export const post = (url: string, json: unknown, token = admin) => t.request('POST', url, { token, json });
export const get = (url: string, token = admin) => t.request('GET', url, { token });
export const search = (json: object, token = admin) => post('/api/Carryover/SearchPrototypesForCarryover', { BrandId: BRAND, SeasonId: FW26, ...json }, token);
export const carry = (json: object, token = admin) => post('/api/Carryover/DoPrototypeCarryover', json, token);

/** Colorway seasonals of a season that live in that season only, by id. */
export async function singleSeason(seasonId: number, n: number, extra = '') {
  return await db().query<{ id: number; name: string }>(
    `SELECT s.prototypeseasonalid AS id, p.prototypename AS name FROM prototype_seasonals s JOIN prototypes p USING (prototypeid)
      WHERE s.seasonid = $1 AND NOT s.isdeleted ${extra}
        AND NOT EXISTS (SELECT 1 FROM prototype_seasonals o WHERE o.prototypeid = s.prototypeid AND o.seasonid <> s.seasonid)
      ORDER BY s.prototypeseasonalid LIMIT $2`,
    [seasonId, n],
  );
}
export const seasonalsIn = async (seasonId: number) =>
  (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM prototype_seasonals WHERE seasonid = $1', [seasonId]))[0].n;
