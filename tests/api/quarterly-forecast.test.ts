/**
 * Quarterly forecast (issue 16, QF-001..009, DECISIONS QF-003/QF-009, PERM-020/022/029): the grid's
 * rows and 'YYYY Qn' columns, changed pairs saved in one statement (26 edit), validation, brand
 * scope, revenue at the average WsPrice of the released colorways in a currency of the rate table,
 * a real .xlsx export, and the upload through the import pipeline, all or nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { countQueries } from '../helpers/count-queries';
import { RELEASED_STATUSES } from '../../server/domain/statuses';
import { uploadFile } from '../helpers/uploads';
import { grant, regionIds, rowsOf, search, startForecastApp, stored, update, UPLOAD } from './quarterly-forecast-steps';

let t: TestApp;
let admin: string, forecast: string, viewer: string;
let demo: { n: number; seasons: number[] };
beforeAll(async () => {
  ({ t, admin, forecast, viewer, demo } = await startForecastApp());
});
afterAll(async () => {
  await t?.close();
});

describe('the grid (QF-001, QF-004, QF-005)', () => {
  it("QF-001: the demo data holds a forecast for every region and quarter of each brand's first season", () => {
    expect(demo).toEqual({ n: 4 * 4 * 8, seasons: [1, 5, 9, 13] });
  });

  it('QF-001 QF-004 QF-005: a brand season answers its sales regions with Year1/Year2 × Q1..Q4 columns titled YYYY Qn', async () => {
    const res = await search(1, 2);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ BrandId: 1, SeasonId: 2, SeasonName: 'Fall/Winter 2026', Year1: 2026, Year2: 2027, CanEdit: true, ShowsRevenue: true });
    expect(body.Columns.map((c: any) => c.Title)).toEqual(['2026 Q1', '2026 Q2', '2026 Q3', '2026 Q4', '2027 Q1', '2027 Q2', '2027 Q3', '2027 Q4']);
    expect(body.Rows.map((r: any) => r.SalesRegionName)).toEqual(['US', 'Canada', 'UK', 'EU']);
    expect(body.Rows[0]).toMatchObject({ SalesRegionId: expect.any(Number), Y1Q1: 0, Y2Q4: 0 });
  });
});

describe('UpdateSalesForecastPairs (QF-003, QF-005, QF-006, QF-008)', () => {
  it('QF-006 QF-008: only the given pairs are written, in one statement, and audited in one insert; unchanged values are ignored', async () => {
    const [us, ca] = await regionIds(1, 1);
    const pairs = [
      { SalesRegionId: us, Year: 2026, Quarter: 1, Units: 1200 },
      { SalesRegionId: us, Year: 2027, Quarter: 4, Units: 75 },
      { SalesRegionId: ca, Year: 2026, Quarter: 3, Units: 0 },
    ];
    const counted = await countQueries(t.ctx.db, () => update({ BrandId: 1, SeasonId: 1, Pairs: pairs }));
    const res = counted.result;
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ IsSuccessful: true, Message: 'Record Saved Successfully.', Changed: 3 });
    expect(counted.sql.filter((s) => /INSERT INTO sales_forecast_pairs/.test(s))).toHaveLength(1);
    // The audit rows go through the records pipeline's audit writer: one insert for all pairs.
    expect(counted.sql.filter((s) => /INSERT INTO audit_log/.test(s))).toHaveLength(1);
    const rows = await rowsOf(1, 1);
    expect(rows[0]).toMatchObject({ SalesRegionName: 'US', Y1Q1: 1200, Y2Q4: 75, Y1Q2: 0 });
    const audit = await t.ctx.db.query(`SELECT entityid, field, oldvalue, newvalue FROM audit_log WHERE entity = 'sales-forecast' ORDER BY field`);
    expect(audit).toEqual(expect.arrayContaining([{ entityid: String(us), field: '2026 Q1', oldvalue: null, newvalue: '1200' }]));
    // The same values again change nothing and write no audit rows.
    const again = await (await update({ BrandId: 1, SeasonId: 1, Pairs: pairs })).json();
    expect(again.Changed).toBe(0);
    const [{ n }] = await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'sales-forecast'`);
    expect(n).toBe(3);
  });

  it('QF-008: a save of every cell of the season is still one write statement', async () => {
    const ids = await regionIds(1, 1);
    const pairs = ids.flatMap((id, i) =>
      [2026, 2027].flatMap((Year) => [1, 2, 3, 4].map((Quarter) => ({ SalesRegionId: id, Year, Quarter, Units: (i + 1) * 100 + Quarter }))),
    );
    expect(pairs).toHaveLength(32);
    const counted = await countQueries(t.ctx.db, () => update({ BrandId: 1, SeasonId: 1, Pairs: pairs }));
    expect(counted.result.status).toBe(200);
    expect(counted.sql.filter((s) => /INSERT INTO sales_forecast_pairs/.test(s))).toHaveLength(1);
    expect((await stored(ids)).length).toBe(32);
  });

  it('QF-008: a save over cells another user changed since they were read is the stale-save 409 naming who, and writes nothing', async () => {
    const [, , uk] = await regionIds(1, 2);
    const first = await update({ BrandId: 1, SeasonId: 2, Pairs: [{ SalesRegionId: uk, Year: 2026, Quarter: 1, Units: 300, OldUnits: 0 }] }, admin);
    expect(first.status).toBe(200);
    const stale = await update({
      BrandId: 1,
      SeasonId: 2,
      Pairs: [
        { SalesRegionId: uk, Year: 2026, Quarter: 1, Units: 310, OldUnits: 0 },
        { SalesRegionId: uk, Year: 2026, Quarter: 2, Units: 20, OldUnits: 0 },
      ],
    });
    expect(stale.status).toBe(409);
    const body = await stale.json();
    expect(body.Message).toMatch(/^This record was changed by Alex Morgan on .+ UTC after you opened it\./);
    // The cells carry no row version: RowVersion is null; the units now are read again by the screen.
    expect(body).toMatchObject({ IsSuccessful: false, Code: 'stale', Errors: [], ChangedBy: 'Alex Morgan', RowVersion: null });
    expect((await stored([uk])).map((p) => p.units)).toEqual([300]);
    // Read again, the save goes through.
    expect((await update({ BrandId: 1, SeasonId: 2, Pairs: [{ SalesRegionId: uk, Year: 2026, Quarter: 1, Units: 310, OldUnits: 300 }] })).status).toBe(200);
  });

  it('QF-005 QF-006: non-integers, negatives, values past int4, unknown quarters and years outside the season are 4xx and write nothing', async () => {
    const [us] = await regionIds(2, 5);
    const bad = [
      { Units: 1.5 },
      { Units: -1 },
      { Units: 2147483648 },
      { Units: 'abc' },
      { Quarter: 5 },
      { Quarter: 0 },
      { Year: 2025 },
      { Year: 2030 },
      { SalesRegionId: 'x' },
    ];
    for (const b of bad) {
      const res = await update({ BrandId: 2, SeasonId: 5, Pairs: [{ SalesRegionId: us, Year: 2026, Quarter: 1, Units: 5, ...b }] });
      expect(res.status, JSON.stringify(b)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(b)).toBeLessThan(500);
    }
    const twice = await update({
      BrandId: 2,
      SeasonId: 5,
      Pairs: [
        { SalesRegionId: us, Year: 2026, Quarter: 1, Units: 5 },
        { SalesRegionId: us, Year: 2026, Quarter: 1, Units: 6 },
      ],
    });
    expect(twice.status).toBe(400);
    expect((await update({ BrandId: 2, SeasonId: 5, Pairs: [] })).status).toBe(400);
    expect((await update({ BrandId: 2, SeasonId: 5 })).status).toBe(400);
    expect(await stored([us])).toEqual([]);
    // The largest integer is accepted.
    expect((await update({ BrandId: 2, SeasonId: 5, Pairs: [{ SalesRegionId: us, Year: 2026, Quarter: 1, Units: 2147483647 }] })).status).toBe(200);
  });

  it('PERM-022: a region of another brand or season, or a season of another brand, answers like a missing one and writes nothing', async () => {
    const [, own] = await regionIds(2, 5);
    const [foreign] = await regionIds(1, 2);
    const res = await update({
      BrandId: 2,
      SeasonId: 5,
      Pairs: [
        { SalesRegionId: own, Year: 2026, Quarter: 2, Units: 9 },
        { SalesRegionId: foreign, Year: 2026, Quarter: 2, Units: 9 },
      ],
    });
    expect(res.status).toBe(404);
    expect(await stored([own, foreign])).toEqual([]);
    expect((await search(1, 5)).status).toBe(404);
    expect((await update({ BrandId: 1, SeasonId: 5, Pairs: [{ SalesRegionId: own, Year: 2026, Quarter: 2, Units: 9 }] })).status).toBe(404);
  });

  it('QF-003 PERM-020 PERM-022: 26 read reads, 26 edit writes (403 otherwise), only for assigned brands', async () => {
    expect((await search(3, 9, viewer)).status).toBe(403);
    await grant(6, 26, 1);
    const reader = (await t.login('viewer')).access_token;
    const read = await search(3, 9, reader);
    expect(read.status).toBe(200);
    expect((await read.json()).CanEdit).toBe(false);
    const [id] = await regionIds(3, 9);
    expect((await update({ BrandId: 3, SeasonId: 9, Pairs: [{ SalesRegionId: id, Year: 2026, Quarter: 1, Units: 1 }] }, reader)).status).toBe(403);
    expect((await uploadFile(t, reader, UPLOAD, new Uint8Array([0x50, 0x4b, 0x03, 0x04]), 'f.xlsx', { BrandId: '3', SeasonId: '9' })).status).toBe(403);
    // Brand 1 is not the viewer's.
    expect((await search(1, 1, reader)).status).toBe(403);
    expect((await t.request('POST', '/api/QuarterlyForecast/ExportSalesForecast', { token: reader, json: { BrandId: 1, SeasonId: 1 } })).status).toBe(403);
    expect((await t.request('GET', '/api/QuarterlyForecast/CalculateSalesForecastRevenue?BrandId=1&SeasonId=1', { token: reader })).status).toBe(403);
    expect(await stored([id])).toEqual([]);
    expect((await search(1, 1, '')).status).toBe(401);
  });
});

describe('revenue (QF-009)', () => {
  it('QF-009: revenue per unit is the average WsPrice of the released colorways, converted with the rate table', async () => {
    const [{ avg, n }] = await t.ctx.db.query<{ avg: number; n: number }>(
      `SELECT avg(ps.wsprice)::float8 AS avg, count(*)::int AS n FROM prototype_seasonals ps JOIN prototypes p USING (prototypeid)
        WHERE p.brandid = 1 AND ps.seasonid = 1 AND ps.statusid = ANY($1) AND NOT ps.isdeleted AND ps.wsprice IS NOT NULL`,
      [RELEASED_STATUSES],
    );
    expect(n).toBeGreaterThan(0);
    const usd = await (
      await t.request('GET', '/api/QuarterlyForecast/CalculateSalesForecastRevenue?BrandId=1&SeasonId=1&CurrencyKey=USD', { token: forecast })
    ).json();
    expect(usd).toMatchObject({ CurrencyKey: 'USD', Rate: 1, ColorwayCount: n, PricePerUnit: Math.round(avg * 100) / 100 });
    const eur = await (
      await t.request('GET', '/api/QuarterlyForecast/CalculateSalesForecastRevenue?BrandId=1&SeasonId=1&CurrencyKey=EUR', { token: forecast })
    ).json();
    expect(eur).toMatchObject({ CurrencyKey: 'EUR', Rate: 0.92, PricePerUnit: Math.round(avg * 0.92 * 100) / 100 });
    expect(
      (await t.request('GET', '/api/QuarterlyForecast/CalculateSalesForecastRevenue?BrandId=1&SeasonId=1&CurrencyKey=XXX', { token: forecast })).status,
    ).toBe(400);
    expect(
      (await t.request('GET', '/api/QuarterlyForecast/CalculateSalesForecastRevenue?BrandId=1&SeasonId=1&CurrencyKey=%27%3B--', { token: forecast })).status,
    ).toBe(400);
    expect((await t.request('GET', '/api/QuarterlyForecast/CalculateSalesForecastRevenue?BrandId=x&SeasonId=1', { token: forecast })).status).toBe(400);
    const currencies = await (await t.request('GET', '/api/QuarterlyForecast/GetSalesForecastCurrencies', { token: forecast })).json();
    expect(currencies[0]).toMatchObject({ CurrencyKey: 'USD', CurrencyName: 'US Dollar', CurrencySymbol: '$', Rate: 1 });
    expect(currencies.map((c: any) => c.CurrencyKey)).toEqual(expect.arrayContaining(['EUR', 'GBP', 'CAD']));
  });
});
