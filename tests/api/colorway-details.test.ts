/**
 * Colorways: the stock number, the colorway lookups, the fixed place, permissions, the spec log and
 * ECN, and UpdatePrototypeData (CW-048). Status, factory, costing, milestones, volumes and HTS:
 * colorways.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { zoneAwayFromUtc } from '../helpers/business-zone';
import { colorwaySteps } from '../helpers/colorways';

let t: TestApp;
let designer: string, viewer: string;
let designerId: number;

beforeAll(async () => {
  t = await createTestApp({ businessTimeZone: ZONE });
  [designer, viewer] = await t.tokens('designer', 'viewer');
  [{ userid: designerId }] = await t.ctx.db.query(`SELECT userid FROM users WHERE username = 'designer@example.com'`);
});
afterAll(async () => {
  await t?.close();
});

// DECISIONS "Dates": the server runs in a business time zone on another day than UTC (as in colorways.test.ts).
const ZONE = zoneAwayFromUtc();
const { used, pick, row, versionOf, update, saved, refused } = colorwaySteps(
  () => t,
  () => designer,
);

describe('stock number', () => {
  it('CW-046 a stock number is unique per season and factory, except for carry-over products', async () => {
    const [a] = await t.ctx.db.query(
      `SELECT a.prototypeseasonalid AS a, b.prototypeseasonalid AS b, a.stocknum FROM colorway_view a JOIN colorway_view b
          ON b.seasonid = a.seasonid AND b.factnameky = a.factnameky AND b.prototypeid <> a.prototypeid
       WHERE a.brandid = 1 AND b.statusid = 1 AND b.producttypeid <> 3 AND a.producttypeid <> 3 AND a.stocknum IS NOT NULL
         AND NOT a.isdeleted AND NOT b.isdeleted ORDER BY 1, 2 LIMIT 1`,
    );
    used.add(a.b);
    await refused(a.b, { StockNum: a.stocknum }, 'Stock Number already exists for this season and factory.', 'StockNum');
    await saved(a.b, { ProductTypeId: 3 });
    expect((await saved(a.b, { StockNum: a.stocknum })).StockNum).toBe(a.stocknum);
    expect((await saved(a.b, { StockNum: null })).StockNum ?? null).toBeNull();
  });
});

describe('colorway lookups', () => {
  const get = async (path: string, token = designer) => {
    const res = await t.request('GET', path, { token });
    return { status: res.status, body: await res.json() };
  };

  it("CW-046 the stock-number check answers for the colorway's season and factory; carry-over never collides", async () => {
    const [pair] = await t.ctx.db.query(
      `SELECT a.stocknum, b.prototypeseasonalid AS b, b.producttypeid FROM colorway_view a JOIN colorway_view b
          ON b.seasonid = a.seasonid AND b.factnameky = a.factnameky AND b.prototypeid <> a.prototypeid
       WHERE a.brandid = 1 AND b.brandid = 1 AND a.stocknum IS NOT NULL AND a.producttypeid <> 3 AND b.producttypeid <> 3 AND NOT a.isdeleted AND NOT b.isdeleted ORDER BY 1, 2 LIMIT 1`,
    );
    const path = `/api/Prototype/IsStockNumberExists?PrototypeSeasonalId=${pair.b}&StockNum=${encodeURIComponent(pair.stocknum)}`;
    expect((await get(path)).body).toEqual({ Exists: true, Message: 'Stock Number already exists for this season and factory.' });
    await t.ctx.db.query('UPDATE prototype_seasonals SET producttypeid = 3 WHERE prototypeseasonalid = $1', [pair.b]);
    expect((await get(path)).body).toEqual({ Exists: false, Message: null });
    await t.ctx.db.query('UPDATE prototype_seasonals SET producttypeid = $2 WHERE prototypeseasonalid = $1', [pair.b, pair.producttypeid]);
    expect((await get(`/api/Prototype/IsStockNumberExists?PrototypeSeasonalId=${pair.b}&StockNum=`)).body.Exists).toBe(false);
  });

  it('CW-042 the responsible name matches a user of the brand case-insensitively', async () => {
    const found = await get('/api/User/UserByNameandBrand?BrandId=1&userName=DESIGNER@EXAMPLE.COM');
    expect(found.body.map((u: { UserId: number }) => u.UserId)).toEqual([designerId]);
    expect((await get('/api/User/UserByNameandBrand?BrandId=1&userName=viewer@example.com')).body).toEqual([]);
  });
});

describe('fixed place', () => {
  it('CW-055 brand, season and pattern are not changed by an update (the pattern moves only by relink)', async () => {
    const id = await pick('statusid = 1');
    await refused(id, { SeasonId: 99 }, 'Season cannot be changed after the record is created.', 'SeasonId');
    const c = await row(id);
    const [other] = await t.ctx.db.query('SELECT patternid FROM pattern_view WHERE brandid = $1 AND patternid <> $2 ORDER BY 1 LIMIT 1', [
      c.brandid,
      c.patternid,
    ]);
    await refused(id, { PatternId: other.patternid }, 'The pattern of a colorway changes only by relink.', 'PatternId');
  });
});

describe('permissions', () => {
  it('PERM-007 PERM-025 a read-only user (no module 5 edit) cannot update a colorway', async () => {
    const [{ id }] = await t.ctx.db.query(`SELECT prototypeseasonalid AS id FROM colorway_view WHERE brandid = 3 AND statusid = 1 ORDER BY 1 LIMIT 1`);
    expect((await update(id, { PrototypeName: 'x' }, viewer)).status).toBe(403);
  });
});

describe('spec log and ECN', () => {
  it('CW-052 CW-054 an ECN writes a level-4 spec log entry with IsECN and the quoted description', async () => {
    const id = await pick('statusid IN (1, 2)');
    const c = await row(id);
    const res = await t.request('POST', '/api/Prototype/ApplyEcn', {
      token: designer,
      json: { PrototypeSeasonalId: id, Reason: 'Outsole compound change', Notes: 'Harder heel.' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const log = await (await t.request('GET', `/api/Prototype/GetSpecLogData?PrototypeSeasonalId=${id}`, { token: designer })).json();
    expect(log[0]).toMatchObject({
      ProjectId: c.prototypeid,
      SeasonId: c.seasonid,
      IsECN: true,
      CreatedBy: designerId,
      Description: 'ECN Process applied for reason: Outsole compound change.  Additional user comments: Harder heel.',
    });
    await t.request('POST', '/api/Prototype/ApplyEcn', { token: designer, json: { PrototypeSeasonalId: id, Reason: 'Width change' } });
    const [latest] = await (await t.request('GET', `/api/Prototype/GetSpecLogData?PrototypeSeasonalId=${id}`, { token: designer })).json();
    expect(latest.Description).toBe('ECN Process applied for reason: Width change.');
    const [stored] = await t.ctx.db.query('SELECT projectlevelid FROM spec_log_entries WHERE speclogentryid = $1', [latest.SpecLogEntryId]);
    expect(stored.projectlevelid).toBe(4);
  });

  it("CW-054 a plain spec log entry is saved for the colorway's season, not as an ECN", async () => {
    const id = await pick('statusid IN (1, 2)');
    const res = await t.request('POST', '/api/Prototype/SaveSpecLogEntry', {
      token: designer,
      json: { PrototypeSeasonalId: id, Description: ' Toe cap reshaped. ' },
    });
    expect(res.status).toBe(200);
    const [latest] = await (await t.request('GET', `/api/Prototype/GetSpecLogData?PrototypeSeasonalId=${id}`, { token: designer })).json();
    expect(latest).toMatchObject({ Description: 'Toe cap reshaped.', IsECN: false, SeasonId: (await row(id)).seasonid });
  });

  it('CW-053 the ECN reasons list answers the active reasons in their order', async () => {
    const res = await t.request('GET', '/api/Prototype/GetEcnReasons', { token: designer });
    expect(res.status).toBe(200);
    const reasons = (await res.json()) as { EcnReasonId: number; Reason: string }[];
    const stored = await t.ctx.db.query('SELECT reason FROM ecn_reasons WHERE isactive ORDER BY sortorder, reason');
    expect(reasons.map((r) => r.Reason)).toEqual(stored.map((r) => r.reason));
    expect(reasons.length).toBeGreaterThan(0);
    await t.ctx.db.query('UPDATE ecn_reasons SET isactive = false WHERE ecnreasonid = $1', [reasons[0].EcnReasonId]);
    const after = (await (await t.request('GET', '/api/Prototype/GetEcnReasons', { token: designer })).json()) as { Reason: string }[];
    expect(after.map((r) => r.Reason)).toEqual(reasons.slice(1).map((r) => r.Reason));
  });

  it('CW-053 PERM-011 an ECN needs a reason and the ECN permission', async () => {
    const id = await pick('statusid IN (1, 2)');
    const empty = await t.request('POST', '/api/Prototype/ApplyEcn', { token: designer, json: { PrototypeSeasonalId: id, Reason: ' ' } });
    expect(empty.status).toBe(400);
    expect((await empty.json()).Errors).toEqual([{ Field: '/Reason', Message: 'Required.' }]);
    const [{ id: brand3 }] = await t.ctx.db.query('SELECT prototypeseasonalid AS id FROM colorway_view WHERE brandid = 3 ORDER BY 1 LIMIT 1');
    expect((await t.request('POST', '/api/Prototype/ApplyEcn', { token: viewer, json: { PrototypeSeasonalId: brand3, Reason: 'x' } })).status).toBe(403);
  });
});

describe('UpdatePrototypeData (CW-048)', () => {
  const post = (json: object) => t.request('POST', '/api/Prototype/UpdatePrototypeData', { token: designer, json });
  const sizes = async (id: number) =>
    (await t.ctx.db.query('SELECT regionid, widthid, sizerange FROM size_ranges WHERE prototypeseasonalid = $1 ORDER BY 1, 2', [id])).map(
      (r) => `${r.regionid}/${r.widthid} ${r.sizerange}`,
    );
  const logCount = async (id: number) =>
    Number(
      (
        await t.ctx.db.query(
          'SELECT count(*) AS n FROM spec_log_entries e JOIN colorway_view c ON c.prototypeid = e.projectid AND c.seasonid = e.seasonid WHERE e.projectlevelid = 4 AND c.prototypeseasonalid = $1',
          [id],
        )
      )[0].n,
    );

  it('CW-048 one save writes the fields, a spec log entry and the size ranges, and answers the record at its new version', async () => {
    const id = await pick('statusid = 1');
    await t.ctx.db.query('DELETE FROM size_ranges WHERE prototypeseasonalid = $1', [id]);
    const logs = await logCount(id);
    const res = await post({
      PrototypeSeasonalId: id,
      RowVersion: await versionOf(id),
      Changes: { GenNotes: 'One save.' },
      SpecLog: ['Lining changed.'],
      SizeRanges: [
        { RegionId: 1, WidthId: 1, SizeRange: '7-13' },
        { RegionId: 2, WidthId: 1, SizeRange: '40-47' },
      ],
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ IsSuccessful: true, Message: 'Record Saved Successfully.' });
    expect(body.Data.GenNotes).toBe('One save.');
    expect(body.Data.RowVersion).toBe(await versionOf(id));
    expect(await sizes(id)).toEqual(['1/1 7-13', '2/1 40-47']);
    expect(await logCount(id)).toBe(logs + 1);
  });

  it('CW-048 CW-069 a bad size range row undoes the whole save: no field change, no spec log entry', async () => {
    const id = await pick('statusid = 1');
    const before = await row(id);
    const logs = await logCount(id);
    const res = await post({
      PrototypeSeasonalId: id,
      RowVersion: before.rowversion,
      Changes: { GenNotes: 'Never written.' },
      SpecLog: ['Never written.'],
      SizeRanges: [
        { RegionId: 3, WidthId: 2, SizeRange: '6-12' },
        { RegionId: 3, WidthId: 2, SizeRange: '6-13' },
      ],
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('Duplicate region/width combination.');
    const after = await row(id);
    expect([after.gennotes, after.rowversion]).toEqual([before.gennotes, before.rowversion]);
    expect(await logCount(id)).toBe(logs);
  });

  it('CW-048 a stale version gets the conflict and writes nothing', async () => {
    const id = await pick('statusid = 1');
    const version = await versionOf(id);
    await saved(id, { GenNotes: 'Someone else.' });
    const res = await post({ PrototypeSeasonalId: id, RowVersion: version, Changes: { GenNotes: 'Mine.' } });
    expect(res.status).toBe(409);
    expect((await row(id)).gennotes).toBe('Someone else.');
  });
});
