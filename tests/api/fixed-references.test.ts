/**
 * Fixed references (ADR 002 `x-ref.fixed`): the server, not only the form, keeps the brand, season and
 * parent of a record once it exists. A single update and a bulk (grid) save refuse a row that gives a
 * fixed field another value, with a 400 field error on that field, and write nothing of that row;
 * the same value passes (whole rows); the other rows of a bulk save are saved; a record the user may
 * not see still answers 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { authenticate } from '../../server/core/auth/authenticate';
import { saveRows } from '../../server/core/records/bulk';

let t: TestApp;
let designer: string, admin: string;
beforeAll(async () => {
  t = await createTestApp({ bulkBatchRows: 10 });
  [designer, admin] = await t.tokens('designer', 'admin');
});
afterAll(async () => {
  await t?.close();
});

const BRAND_FIXED = 'Brand cannot be changed after the record is created.';
const SEASON_FIXED = 'Season cannot be changed after the record is created.';

const linePlan = async (where: string, params: unknown[] = []) =>
  (
    await t.ctx.db.query<{ id: number; brandid: number; seasonid: number; name: string; v: number }>(
      `SELECT lineplanid AS id, brandid, seasonid, lineplanname AS name, rowversion AS v FROM line_plans WHERE NOT isdeleted AND ${where} ORDER BY 1 LIMIT 1`,
      params,
    )
  )[0];
const designerBrands = `brandid IN (SELECT brandid FROM user_brands JOIN users USING (userid) WHERE username = 'designer@example.com')`;
const updateLinePlan = (id: number, rowVersion: number, changes: object) =>
  t.request('POST', '/api/LinePlan/UpdateLinePlan', { token: designer, json: { Id: id, RowVersion: rowVersion, Changes: changes } });
const auditCount = async (id: number) =>
  (await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'line-plan' AND entityid = $1`, [String(id)]))[0].n;

describe('a single update (line plan)', () => {
  it('LP-007 changing the brand is refused with a field error on BrandId; nothing is written', async () => {
    const lp = await linePlan(`${designerBrands} AND statusid IN (1, 2)`);
    const [other] = await t.ctx.db.query<{ brandid: number }>('SELECT brandid FROM brands WHERE brandid <> $1 ORDER BY 1 LIMIT 1', [lp.brandid]);
    const audits = await auditCount(lp.id);
    const res = await updateLinePlan(lp.id, lp.v, { BrandId: other.brandid, LinePlanName: `${lp.name} moved` });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.Message).toBe(BRAND_FIXED);
    expect(body.Errors).toEqual([{ Field: '/BrandId', Message: BRAND_FIXED }]);
    const after = await linePlan('lineplanid = $1', [lp.id]);
    expect(after).toEqual(lp);
    expect(await auditCount(lp.id)).toBe(audits);
  });

  it('LP-007 brand and season changed together: both fields are named', async () => {
    const lp = await linePlan(`${designerBrands} AND statusid IN (1, 2)`);
    const res = await updateLinePlan(lp.id, lp.v, { BrandId: lp.brandid + 1, SeasonId: lp.seasonid + 1 });
    expect(res.status).toBe(400);
    expect((await res.json()).Errors).toEqual([
      { Field: '/BrandId', Message: BRAND_FIXED },
      { Field: '/SeasonId', Message: SEASON_FIXED },
    ]);
  });

  it('LP-007 sending the stored brand and season with the row saves it', async () => {
    const lp = await linePlan(`${designerBrands} AND statusid IN (1, 2)`);
    const res = await updateLinePlan(lp.id, lp.v, { BrandId: lp.brandid, SeasonId: lp.seasonid, LinePlanName: `${lp.name} kept` });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
    expect((await res.json()).Data).toMatchObject({ BrandId: lp.brandid, SeasonId: lp.seasonid, LinePlanName: `${lp.name} kept`, RowVersion: lp.v + 1 });
  });

  it('PERM-022 a record the user may not see answers 404, whether or not the change moves a fixed field', async () => {
    const hidden = await linePlan(`NOT ${designerBrands}`);
    expect(hidden).toBeDefined();
    for (const changes of [{ BrandId: hidden.brandid + 1 }, { BrandId: hidden.brandid }, { LinePlanName: 'x' }]) {
      expect((await updateLinePlan(hidden.id, hidden.v, changes)).status).toBe(404);
    }
    expect((await updateLinePlan(999999, 1, { BrandId: 1 })).status).toBe(404);
    expect(await linePlan('lineplanid = $1', [hidden.id])).toEqual(hidden);
  });
});

// The admin may edit the season field (field rights come first: a user who may not gets 403 whatever the value).
describe('a bulk save (colorway costing grid)', () => {
  /** Colorways open to edits (status 1, or 2 with a factory), with another season of their brand. */
  const editable = () =>
    t.ctx.db.query<{ id: number; v: number; seasonid: number; other: number; ffc: number | null }>(
      `SELECT c.prototypeseasonalid AS id, c.rowversion AS v, c.seasonid, c.ffc,
            (SELECT min(s.seasonid) FROM seasons s WHERE s.brandid = c.brandid AND s.seasonid <> c.seasonid) AS other
       FROM colorway_view c
      WHERE NOT c.isdeleted AND (c.statusid = 1 OR (c.statusid = 2 AND c.factnameky IS NOT NULL)) ORDER BY 1 LIMIT 4`,
    );
  const stored = async (id: number) =>
    (
      await t.ctx.db.query<{ seasonid: number; ffc: number | null; rowversion: number }>(
        'SELECT seasonid, ffc, rowversion FROM prototype_seasonals WHERE prototypeseasonalid = $1',
        [id],
      )
    )[0];
  const costingGrid = () => t.ctx.schemas.grids.get('costing')!.columns.map((c) => c.field);

  it('CW-055 the row moving its season is reported by key and column; the rows beside it are saved', async () => {
    const [a, bad, c, same] = await editable();
    expect(bad.other).not.toBeNull();
    const user = await authenticate(t.ctx, `Bearer ${admin}`);
    const result = await saveRows(
      t.ctx,
      user,
      'colorway',
      'PrototypeSeasonalId',
      [
        { Key: a.id, RowVersion: a.v, Changes: { FFC: 41 } },
        { Key: bad.id, RowVersion: bad.v, Changes: { FFC: 42, SeasonId: bad.other } },
        { Key: c.id, RowVersion: c.v, Changes: { FFC: 43 } },
        { Key: same.id, RowVersion: same.v, Changes: { FFC: 44, SeasonId: same.seasonid } },
      ],
      costingGrid(),
    );
    expect(result.IsSuccessful).toBe(false);
    expect(result.Failed).toEqual([{ Key: bad.id, Status: 400, Message: SEASON_FIXED, Errors: [{ Field: '/SeasonId', Message: SEASON_FIXED }] }]);
    expect(result.Saved.map((s) => [s.PrototypeSeasonalId, s.FFC])).toEqual([
      [a.id, 41],
      [c.id, 43],
      [same.id, 44],
    ]);
    expect(await stored(bad.id)).toEqual({ seasonid: bad.seasonid, ffc: bad.ffc, rowversion: bad.v });
    expect((await stored(same.id)).seasonid).toBe(same.seasonid);
  });

  it('FLASH-001 the grid save route refuses a season change with that row alone (not a column of the grid); the others are saved', async () => {
    const [a, bad] = await editable();
    const res = await t.request('POST', '/api/Grid/costing/Save', {
      token: admin,
      json: {
        rows: [
          { Key: a.id, RowVersion: a.v, Changes: { FFC: 51 } },
          { Key: bad.id, RowVersion: bad.v, Changes: { FFC: 52, SeasonId: bad.other } },
        ],
      },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.Saved.map((s: { PrototypeSeasonalId: number }) => s.PrototypeSeasonalId)).toEqual([a.id]);
    expect(body.Failed).toMatchObject([{ Key: bad.id, Errors: [{ Field: '/SeasonId' }] }]);
    expect(await stored(bad.id)).toEqual({ seasonid: bad.seasonid, ffc: bad.ffc, rowversion: bad.v });
  });

  it('CW-055 a single colorway update moving the season is refused on SeasonId; the stored season passes', async () => {
    const [, , , cw] = await editable();
    const update = (changes: object) =>
      t.request('POST', '/api/Prototype/UpdatePrototype', { token: admin, json: { Id: cw.id, RowVersion: cw.v, Changes: changes } });
    const res = await update({ SeasonId: cw.other, FFC: 61 });
    expect(res.status).toBe(400);
    expect((await res.json()).Errors).toEqual([{ Field: '/SeasonId', Message: SEASON_FIXED }]);
    expect((await stored(cw.id)).ffc).toBe(cw.ffc);
    expect((await update({ SeasonId: cw.seasonid, FFC: 61 })).status).toBe(200);
  });
});
