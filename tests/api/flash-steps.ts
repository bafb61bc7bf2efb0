/**
 * The app and steps the flash-edit rule tests share (flash-rules.test.ts, flash-paste.test.ts): a
 * server in a business time zone on another day than UTC, a template colorway, fresh clones of it,
 * and the grid save.
 */
import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { businessToday } from '../../server/domain/business-date';
import { zoneAwayFromUtc } from '../helpers/business-zone';
import { MILESTONES } from '../../server/domain/milestones';

let t: TestApp;
/** A status-1 colorway of brand 1 with a Vietnamese factory, an FFC and a line plan of several launches: the template of the clones. */
let template: { id: number; prototypeid: number; lineplanid: number };

/** The app, the tokens of admin, costing and forecast, and the template colorway. */
export async function startFlashApp() {
  t = await createTestApp({ businessTimeZone: ZONE });
  const [admin, costing, forecast] = await t.tokens('admin', 'costing', 'forecast');
  [template] = await t.ctx.db.query(`SELECT prototypeseasonalid AS id, prototypeid, lineplanid FROM colorway_view
    WHERE brandid = 1 AND statusid = 1 AND ctryoforig = 'VN' AND ffc > 0 AND producttypeid <> 3 AND NOT isdeleted AND NOT islocked
      AND lineplanid IN (SELECT lineplanid FROM line_plan_launch_dates GROUP BY 1 HAVING count(*) >= 2) ORDER BY 1 LIMIT 1`);
  expect(template).toBeTruthy();
  return { t, admin, costing, forecast, template };
}

export type Row = { id: number; v: number };
// DECISIONS "Dates": the server runs in a business time zone on another day than UTC, so the stamped dates show the zone is used.
export const ZONE = zoneAwayFromUtc();
export const today = () => businessToday(ZONE);
let batch = 0;
/** The number of the last clones() batch (its stock numbers are FR{batch}-n). */
export const currentBatch = () => batch;
const columns = async (table: string, skip: string[]) =>
  (
    await t.ctx.db.query<{ c: string }>(
      `SELECT column_name AS c FROM information_schema.columns WHERE table_name = $1 AND table_schema = current_schema() AND is_generated = 'NEVER' ORDER BY ordinal_position`,
      [table],
    )
  )
    .map((r) => r.c)
    .filter((c) => !skip.includes(c));

/**
 * n fresh colorways copied from the template (own prototype and stock number), milestones and Costing
 * Complete cleared, not original season; `set` adjusts them (SQL SET list on prototype_seasonals).
 */
export async function clones(n: number, set = ''): Promise<Row[]> {
  const b = ++batch;
  const pc = await columns('prototypes', ['prototypeid']);
  const sc = await columns('prototype_seasonals', ['prototypeseasonalid', 'prototypeid']);
  const ids = await t.ctx.db.query<{ id: number }>(
    `WITH p AS (INSERT INTO prototypes (${pc.join(', ')})
        SELECT ${pc.map((c) => (c === 'stocknum' ? `'FR${b}-' || g` : `t.${c}`)).join(', ')} FROM prototypes t CROSS JOIN generate_series(1, $2::int) g WHERE t.prototypeid = $1
        RETURNING prototypeid)
     INSERT INTO prototype_seasonals (prototypeid, ${sc.join(', ')}) SELECT p.prototypeid, ${sc.map((c) => `s.${c}`).join(', ')}
       FROM p CROSS JOIN prototype_seasonals s WHERE s.prototypeseasonalid = $3 RETURNING prototypeseasonalid AS id`,
    [template.prototypeid, n, template.id],
  );
  const list = ids.map((r) => r.id).sort((x, y) => x - y);
  await t.ctx.db.query(
    `UPDATE prototype_seasonals SET ${MILESTONES.map((m) => `${m.flag} = false, ${m.date} = null, ${m.price} = null`).join(', ')},
    costingcompl = false, costingcompldate = null, costingcomplby = null, isoriginalseason = false, rowversion = 1
    WHERE prototypeseasonalid = ANY($1)`,
    [list],
  );
  if (set) await t.ctx.db.query(`UPDATE prototype_seasonals SET ${set} WHERE prototypeseasonalid = ANY($1)`, [list]);
  return list.map((id) => ({ id, v: 1 }));
}

export const save = async (token: string, grid: string, rows: { Key: number; RowVersion: number; Changes: object }[]) => {
  const res = await t.request('POST', `/api/Grid/${grid}/Save`, { token, json: { rows } });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body as {
    IsSuccessful: boolean;
    Saved: Record<string, any>[];
    Failed: { Key: number; Status: number; Message: string; Errors: { Field: string; Message: string }[] }[];
  };
};
/** One row's save: its saved record, or its failure. */
export const saveOne = async (token: string, grid: string, row: Row, changes: object) => {
  const body = await save(token, grid, [{ Key: row.id, RowVersion: row.v, Changes: changes }]);
  if (body.Saved[0]) row.v = body.Saved[0].RowVersion;
  return { saved: body.Saved[0], failed: body.Failed[0] };
};
export const stored = async (id: number) => (await t.ctx.db.query('SELECT * FROM colorway_view WHERE prototypeseasonalid = $1', [id]))[0];
export const cellError = (field: string, message: string) => ({ Field: `/${field}`, Message: message });
