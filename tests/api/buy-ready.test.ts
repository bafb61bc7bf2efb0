/**
 * Buy ready (issue 15, BR-001..010, DECISIONS "Buy-ready rule"): the report per season, colorway,
 * stock number / factory, with every criterion and the override; the empty message; the Excel
 * export; Execute buy ready (one write with audit rows); the overrides with their texts; the gates
 * (PERM-014, PERM-019, BR-002 factory users never).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { buyReady } from '../../server/domain/buy-ready';

let t: TestApp;
let admin: string, designer: string, factory: string, viewer: string;
let season1: number;

beforeAll(async () => {
  t = await createTestApp();
  [admin, designer, factory, viewer] = await t.tokens('admin', 'designer', 'factory', 'viewer');
  season1 = (await t.ctx.db.query('SELECT seasonid FROM seasons WHERE brandid = 1 ORDER BY sortorder LIMIT 1'))[0].seasonid as number;
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.ctx.db;
const get = (url: string, token = admin) => t.request('GET', url, { token });
const post = (url: string, json: unknown, token = admin) => t.request('POST', url, { token, json });

describe('the report (BR-001, BR-003, BR-004, BR-005)', () => {
  it('BR-003 seasons by brand', async () => {
    const res = await get('/api/BuyReady/GetBuyReadySeasons?BrandId=1');
    expect(res.status).toBe(200);
    expect((await res.json())[0].SeasonId).toBe(season1);
  });

  it('BR-001 BR-005 the season report lists each colorway with every criterion, the computed result and the override; the first season is mostly ready', async () => {
    const res = await get(`/api/BuyReady/GetBuyReady?SeasonId=${season1}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    const [{ n }] = await db().query(
      `SELECT count(*)::int AS n FROM prototype_seasonals ps JOIN prototypes p USING (prototypeid)
      WHERE ps.seasonid = $1 AND NOT ps.isdeleted`,
      [season1],
    );
    expect(body.Rows).toHaveLength(n);
    expect(body.Message).toBeNull();
    expect(Object.keys(body.Rows[0].Criteria)).toEqual([
      'IsReleased',
      'IsCostingComplete',
      'HasFactory',
      'IsFinalSpecLocked',
      'IsConfirmationSampleApproved',
      'IsLeatherApprovedOrNotLeather',
      'HasUsHtsCode',
      'HasVolume',
    ]);
    expect(body.Summary.Ready).toBeGreaterThan(0);
    expect(body.Summary.Criteria).toHaveLength(8);
    for (const k of body.Summary.Criteria) expect(k.Ready + k.NotReady).toBe(n);
    // The SQL read and the pure rule agree on every row.
    const raw = await db().query(
      `SELECT ps.prototypeseasonalid AS id, ps.statusid AS "StatusId", ps.costingcompl AS "CostingCompl", ps.factnameky AS "FactNameKy",
        ps.isfinalspecapprlocked AS "IsFinalSpecApprLocked", ps.isconfirmationsampleapproved AS "IsConfirmationSampleApproved",
        ps.isleatherapproved AS "IsLeatherApproved", p.basicmaterial AS "BasicMaterial", ps.ushtscodekey AS "UsHtsCodeKey", ps.totalvolume AS "TotalVolume"
       FROM prototype_seasonals ps JOIN prototypes p USING (prototypeid) WHERE ps.seasonid = $1 AND NOT ps.isdeleted`,
      [season1],
    );
    const byId = new Map(body.Rows.map((r: any) => [r.PrototypeSeasonalId, r]));
    for (const r of raw) expect((byId.get(r.id) as any).ComputedBuyReady).toBe(buyReady(r as never).computed);
  });

  it('BR-005 DECISIONS "Buy-ready rule": Completed colorways count as released, Canceled, Locked and Dropped ones do not', async () => {
    const rows = (await (await get(`/api/BuyReady/GetBuyReady?SeasonId=${season1}`)).json()).Rows as {
      PrototypeSeasonalId: number;
      Criteria: { IsReleased: boolean };
    }[];
    const status = new Map(
      (
        await db().query<{ id: number; statusid: number }>('SELECT prototypeseasonalid AS id, statusid FROM prototype_seasonals WHERE seasonid = $1', [season1])
      ).map((r) => [r.id, r.statusid]),
    );
    const completed = rows.filter((r) => status.get(r.PrototypeSeasonalId) === 3);
    expect(completed.length).toBeGreaterThan(0);
    for (const r of rows)
      expect(r.Criteria.IsReleased, `status ${status.get(r.PrototypeSeasonalId)}`).toBe([2, 3].includes(status.get(r.PrototypeSeasonalId)!));
  });

  it('BR-005 DECISIONS "Buy-ready rule": a Completed colorway meeting every criterion is buy-ready, in the report, once executed and in the demo data', async () => {
    const completed = (await (await get(`/api/BuyReady/GetBuyReady?SeasonId=${season1}`)).json()).Rows.filter(
      (r: any) => r.StatusName === 'Completed' && r.ComputedBuyReady && !r.OverrideApplied,
    );
    expect(completed.length).toBeGreaterThan(0);
    // The demo stores Completed colorways as buy-ready too (fixtures/demo/hierarchy.ts follows the rule).
    const [{ n }] = await db().query<{ n: number }>(
      'SELECT count(*)::int AS n FROM prototype_seasonals ps JOIN prototypes p USING (prototypeid) WHERE ps.statusid = 3 AND p.buyready',
    );
    expect(n).toBeGreaterThan(0);
    // One made not ready by hand: the report says ready again, and executing writes it back.
    const [cw] = completed;
    await db().query('UPDATE prototypes SET buyready = false WHERE prototypeid = $1', [cw.PrototypeId]);
    const one = await (await get(`/api/BuyReady/GetBuyReady?PrototypeSeasonalId=${cw.PrototypeSeasonalId}`)).json();
    expect(one.Rows[0]).toMatchObject({
      StatusName: 'Completed',
      ComputedBuyReady: true,
      BuyReady: true,
      CurrentBuyReady: false,
      Criteria: { IsReleased: true },
    });
    const done = await (await post('/api/BuyReady/ExecuteBuyReady', { PrototypeSeasonalId: cw.PrototypeSeasonalId })).json();
    expect(done).toMatchObject({ Changed: 1, Ready: 1, Total: 1 });
    expect((await db().query('SELECT buyready FROM prototypes WHERE prototypeid = $1', [cw.PrototypeId]))[0].buyready).toBe(true);
  });

  it('BR-001 BR-003 one colorway, or a stock number at a factory', async () => {
    const [cw] = await db().query(
      `SELECT ps.prototypeseasonalid AS id, p.stocknum, ps.factnameky FROM prototype_seasonals ps JOIN prototypes p USING (prototypeid)
      WHERE ps.seasonid = $1 AND ps.factnameky IS NOT NULL ORDER BY 1 LIMIT 1`,
      [season1],
    );
    const one = await (await get(`/api/BuyReady/GetBuyReady?PrototypeSeasonalId=${cw.id}`)).json();
    expect(one.Rows.map((r: any) => r.PrototypeSeasonalId)).toEqual([cw.id]);
    const bySn = await (await get(`/api/BuyReady/GetBuyReady?StockNumber=${encodeURIComponent(cw.stocknum)}&FactoryKey=${cw.factnameky}`)).json();
    expect(bySn.Rows.length).toBeGreaterThan(0);
    for (const r of bySn.Rows) {
      expect(r.StockNumber).toBe(cw.stocknum);
      expect(r.FactoryKey).toBe(cw.factnameky);
    }
    expect((await get('/api/BuyReady/GetBuyReady')).status).toBe(400);
    expect((await get('/api/BuyReady/GetBuyReady?SeasonId=x')).status).toBe(400);
  });

  it("BR-004 an empty report answers 'No buy ready data found.'", async () => {
    const body = await (await get('/api/BuyReady/GetBuyReady?StockNumber=NO-SUCH-STOCK')).json();
    expect(body.Rows).toEqual([]);
    expect(body.Message).toBe('No buy ready data found.');
  });

  it('BR-001 the report exports to Excel with a ✔/✘ per criterion', async () => {
    const res = await get(`/api/BuyReady/ExportBuyReady?SeasonId=${season1}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toContain('Costing Complete');
    expect(ws.rowCount).toBeGreaterThan(1);
    expect(['✔', '✘']).toContain(ws.getRow(2).getCell(5).value);
  });
});

describe('Execute buy ready (DECISIONS "Buy-ready rule", PERM-014)', () => {
  it("BR-005 PERM-014 executing writes each colorway's result into BuyReady with an audit row per change", async () => {
    const before = await (await get(`/api/BuyReady/GetBuyReady?SeasonId=${season1}`)).json();
    const expectChanged = new Set(before.Rows.filter((r: any) => r.BuyReady !== r.CurrentBuyReady).map((r: any) => r.PrototypeId)).size;
    const res = await post('/api/BuyReady/ExecuteBuyReady', { SeasonId: season1 });
    expect(res.status).toBe(200);
    const out = await res.json();
    expect(out.Changed).toBe(expectChanged);
    expect(out.Changed).toBeGreaterThan(0);
    const ready = before.Rows.find((r: any) => r.BuyReady);
    const [p] = await db().query('SELECT buyready FROM prototypes WHERE prototypeid = $1', [ready.PrototypeId]);
    expect(p.buyready).toBe(true);
    const audit = await db().query(`SELECT * FROM audit_log WHERE entity = 'colorway' AND field = 'BuyReady' AND entityid = $1`, [
      String(ready.PrototypeSeasonalId),
    ]);
    expect(audit.at(-1)).toMatchObject({ oldvalue: 'false', newvalue: 'true' });
    // A second run changes nothing.
    expect((await (await post('/api/BuyReady/ExecuteBuyReady', { SeasonId: season1 })).json()).Changed).toBe(0);
  });

  it('PERM-014 executing needs the critical path edit permission; the report needs read', async () => {
    await db().query('DELETE FROM role_permissions WHERE roleid = 6 AND moduleid IN (11, 12, 13, 18)');
    await db().query('INSERT INTO role_permissions (roleid, moduleid, actionid) VALUES (6, 12, 1)');
    const [token] = await t.tokens('viewer');
    const [{ brandid }] = await db().query(`SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'viewer@example.com' LIMIT 1`);
    const [{ seasonid }] = await db().query('SELECT seasonid FROM seasons WHERE brandid = $1 ORDER BY sortorder LIMIT 1', [brandid]);
    expect((await get(`/api/BuyReady/GetBuyReady?SeasonId=${seasonid}`, token)).status).toBe(200);
    expect((await post('/api/BuyReady/ExecuteBuyReady', { SeasonId: seasonid }, token)).status).toBe(403);
    expect((await get('/api/BuyReady/GetBuyReadyOverrides', token)).status).toBe(403);
    await db().query('DELETE FROM role_permissions WHERE roleid = 6 AND moduleid = 12');
    const [none] = await t.tokens('viewer');
    expect((await get(`/api/BuyReady/GetBuyReady?SeasonId=${seasonid}`, none)).status).toBe(403);
    expect(viewer).toBeTruthy();
  });

  it('BR-002 factory users cannot run the buy-ready report, even with the permission', async () => {
    await db().query('INSERT INTO role_permissions (roleid, moduleid, actionid) VALUES (5, 12, 1), (5, 18, 1) ON CONFLICT DO NOTHING');
    const [token] = await t.tokens('factory');
    expect((await get(`/api/BuyReady/GetBuyReady?SeasonId=${season1}`, token)).status).toBe(403);
    expect((await get(`/api/BuyReady/ExportBuyReady?SeasonId=${season1}`, token)).status).toBe(403);
    expect((await get('/api/BuyReady/GetBuyReadyOverrides', token)).status).toBe(403);
    await db().query('DELETE FROM role_permissions WHERE roleid = 5 AND ((moduleid = 12 AND actionid = 1) OR (moduleid = 18 AND actionid = 1))');
    expect(factory).toBeTruthy();
  });

  it('BR-001 a brand the user is not assigned to shows nothing', async () => {
    const [{ seasonid }] = await db().query('SELECT seasonid FROM seasons WHERE brandid = 3 ORDER BY sortorder LIMIT 1');
    const body = await (await get(`/api/BuyReady/GetBuyReady?SeasonId=${seasonid}`, designer)).json();
    expect(body.Rows ?? []).toEqual([]);
  });
});

describe('overrides (BR-006..010, PERM-019)', () => {
  it('BR-007 BR-009 BR-006 add, list, update; the override forces the result and is marked in the report', async () => {
    const row = (await (await get(`/api/BuyReady/GetBuyReady?SeasonId=${season1}`)).json()).Rows.find((r: any) => !r.ComputedBuyReady && r.FactoryKey);
    const add = await post('/api/BuyReady/UpdateBuyReadyOverride', {
      Id: 0,
      StockNumber: row.StockNumber.toLowerCase(),
      FactoryKey: row.FactoryKey,
      BuyReady: true,
    });
    expect(add.status).toBe(200);
    const { Id } = await add.json();
    const list = await (await get('/api/BuyReady/GetBuyReadyOverrides')).json();
    expect(list.find((o: any) => o.Id === Id)).toMatchObject({ FactoryKey: row.FactoryKey, BuyReady: true });
    expect(Object.keys(list[0])).toEqual(expect.arrayContaining(['Id', 'StockNumber', 'FactoryKey', 'BuyReady']));
    const after = (await (await get(`/api/BuyReady/GetBuyReady?PrototypeSeasonalId=${row.PrototypeSeasonalId}`)).json()).Rows[0];
    expect(after).toMatchObject({ ComputedBuyReady: false, OverrideApplied: true, OverrideBuyReady: true, BuyReady: true });
    const upd = await post('/api/BuyReady/UpdateBuyReadyOverride', { Id, StockNumber: row.StockNumber, FactoryKey: row.FactoryKey, BuyReady: false });
    expect(upd.status).toBe(200);
    const again = (await (await get(`/api/BuyReady/GetBuyReady?PrototypeSeasonalId=${row.PrototypeSeasonalId}`)).json()).Rows[0];
    expect(again).toMatchObject({ OverrideApplied: true, BuyReady: false });
    await db().query('DELETE FROM buy_ready_overrides WHERE id = $1', [Id]);
  });

  it("BR-008 an override needs both stock number and factory: 'Stock Number or Factory Missing'", async () => {
    for (const b of [{ StockNumber: '', FactoryKey: '310101' }, { StockNumber: 'SR1100-001', FactoryKey: null }, { StockNumber: ' ' }]) {
      const res = await post('/api/BuyReady/UpdateBuyReadyOverride', { ...b, BuyReady: true });
      expect(res.status).toBe(400);
      expect((await res.json()).Message).toBe('Stock Number or Factory Missing');
    }
  });

  it("BR-010 a failed save answers 'There was an error adding or updating your Buy Ready Override'", async () => {
    const res = await post('/api/BuyReady/UpdateBuyReadyOverride', { StockNumber: 'SR1100-001', FactoryKey: 'NO-FACTORY', BuyReady: true });
    expect((await res.json()).Message).toBe('There was an error adding or updating your Buy Ready Override');
    const missing = await post('/api/BuyReady/UpdateBuyReadyOverride', { Id: 2000000000, StockNumber: 'SR1100-001', FactoryKey: '310101', BuyReady: true });
    expect((await missing.json()).Message).toBe('There was an error adding or updating your Buy Ready Override');
  });

  it("BR-010 a failed list answers 'Buy Ready Overrides Error'", async () => {
    await db().query('ALTER TABLE buy_ready_overrides RENAME TO buy_ready_overrides_away');
    try {
      const res = await get('/api/BuyReady/GetBuyReadyOverrides');
      expect(res.status).toBe(500);
      expect((await res.json()).Message).toBe('Buy Ready Overrides Error');
    } finally {
      await db().query('ALTER TABLE buy_ready_overrides_away RENAME TO buy_ready_overrides');
    }
  });

  it('PERM-019 the override page needs module 18; designers without it are refused', async () => {
    expect((await get('/api/BuyReady/GetBuyReadyOverrides', designer)).status).toBe(403);
    expect((await post('/api/BuyReady/UpdateBuyReadyOverride', { StockNumber: 'A', FactoryKey: '310101', BuyReady: true }, designer)).status).toBe(403);
  });
});
