/**
 * Issue 30, cell history (GET /api/CellHistory): one field of one record from the audit trail, with
 * who, when, old → new and the path of each change (a grid save says 'grid'), read like the record
 * (PERM-023: another factory's colorway answers like a missing one; PERM-029: a hidden field too).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let costing: string, factory: string;
let own: { id: number; v: number; sm: boolean }, other: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  [costing, factory] = await t.tokens('costing', 'factory');
  const [fu] = await t.ctx.db.query(
    `SELECT array_agg(DISTINCT uf.factorykey) AS keys FROM users u JOIN user_factories uf USING (userid) WHERE u.username = 'factory@example.com'`,
  );
  const editable = `NOT isdeleted AND statusid = 2 AND brandid IN (SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'costing@example.com')
    AND brandid IN (SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'factory@example.com')`;
  [own] = await t.ctx.db.query(
    `SELECT prototypeseasonalid AS id, rowversion AS v, coalesce(smcomplete, false) AS sm FROM colorway_view WHERE factnameky = ANY($1) AND NOT coalesce(costingcompl, false) AND ${editable} ORDER BY 1 LIMIT 1`,
    [fu.keys],
  );
  [other] = await t.ctx.db.query(
    `SELECT prototypeseasonalid AS id FROM colorway_view WHERE factnameky IS NOT NULL AND NOT (factnameky = ANY($1)) AND ${editable} ORDER BY 1 LIMIT 1`,
    [fu.keys],
  );
});
afterAll(async () => {
  await t?.close();
});

const history = (token: string, id: number, field: string) => t.request('GET', `/api/CellHistory?entity=colorway&id=${id}&field=${field}`, { token });

describe("issue 30: a cell's history", () => {
  it("who, when, old → new and the path, newest first; a change written outside any route is a screen's", async () => {
    for (const [i, ffc] of [21.5, 22.5].entries()) {
      const res = await t.request('POST', '/api/Grid/costing/Save', {
        token: costing,
        json: { rows: [{ Key: own.id, RowVersion: own.v, Changes: { FFC: ffc, ...(i ? {} : { SMComplete: !own.sm }) } }] },
      });
      const body = await res.json();
      expect(body.Failed, JSON.stringify(body)).toEqual([]);
      own.v = body.Saved[0].RowVersion;
    }
    const res = await history(costing, own.id, 'FFC');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.Title).toBeTruthy();
    expect(body.CanRestore).toBe(true);
    expect(body.Entries.slice(0, 2).map((e: any) => [e.OldValue, e.NewValue, e.Path])).toEqual([
      ['21.5', '22.5', 'grid'],
      [expect.anything(), '21.5', 'grid'],
    ]);
    expect(body.Entries[0].ChangedBy).toMatch(/\S+ \S+/);
    expect(body.Entries.every((e: any) => e.Path !== undefined)).toBe(true);
    await t.ctx.db.query(`INSERT INTO audit_log (userid, entity, entityid, field, oldvalue, newvalue) VALUES (1, 'colorway', $1, 'FFC', '22.5', '23')`, [
      String(own.id),
    ]);
    expect((await (await history(costing, own.id, 'FFC')).json()).Entries[0]).toMatchObject({ NewValue: '23', Path: 'screen', ChangedBy: 'System User' });
  });

  it("PERM-023/029: another factory's colorway answers like a missing one, and a hidden field is not found", async () => {
    const missing = await history(factory, other.id, 'SMComplete');
    expect(missing.status).toBe(404);
    expect((await missing.json()).Message).toBe('The record was not found.');
    expect((await history(factory, own.id, 'FFC')).status).toBe(404);
    const visible = await history(factory, own.id, 'SMComplete');
    expect(visible.status).toBe(200);
    expect((await visible.json()).Entries[0]).toMatchObject({ NewValue: String(!own.sm), Path: 'grid' });
    expect((await history(costing, own.id, 'NoSuchField')).status).toBe(404);
    expect((await t.request('GET', '/api/CellHistory?entity=role&id=1&field=RoleName', { token: costing })).status).toBe(404);
  });
});
