/**
 * Quarterly forecast (issue 16, QF-001..009, DECISIONS QF-003/QF-009, PERM-020/022/029): the grid's
 * rows and 'YYYY Qn' columns, changed pairs saved in one statement (26 edit), validation, brand
 * scope, revenue at the average WsPrice of the released colorways in a currency of the rate table,
 * a real .xlsx export, and the upload through the import pipeline, all or nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { countQueries } from '../helpers/count-queries';
import { RELEASED_STATUSES } from '../../server/domain/statuses';
import { bytesOf, commitUpload, headerIndex, importRowsOf, previewUpload, readWorkbook, uploadFile, XLSX_TYPE } from '../helpers/uploads';

let t: TestApp;
let admin: string, forecast: string, viewer: string, factory: string;
let demo: { n: number; seasons: number[] };
beforeAll(async () => {
  t = await createTestApp();
  [admin, forecast, viewer, factory] = await t.tokens('admin', 'forecast', 'viewer', 'factory');
  [demo] = await t.ctx.db.query<{ n: number; seasons: number[] }>(
    'SELECT count(*)::int AS n, array_agg(DISTINCT r.seasonid ORDER BY r.seasonid) AS seasons FROM sales_forecast_pairs p JOIN sales_regions r USING (salesregionid)',
  );
  // The tests below start from an empty forecast.
  await t.ctx.db.query('DELETE FROM sales_forecast_pairs');
});
afterAll(async () => {
  await t?.close();
});

const UPLOAD = '/api/QuarterlyForecast/UploadSalesForecast';
const search = (BrandId: number, SeasonId: number, token = forecast) =>
  t.request('POST', '/api/QuarterlyForecast/SearchSalesForecast', { token, json: { BrandId, SeasonId } });
const rowsOf = async (BrandId: number, SeasonId: number, token = forecast) => {
  const res = await search(BrandId, SeasonId, token);
  expect(res.status).toBe(200);
  return (await res.json()).Rows as Record<string, any>[];
};
const update = (json: unknown, token = forecast) => t.request('POST', '/api/QuarterlyForecast/UpdateSalesForecastPairs', { token, json });
const regionIds = async (brand: number, season: number) =>
  (
    await t.ctx.db.query<{ id: number }>('SELECT salesregionid AS id FROM sales_regions WHERE brandid = $1 AND seasonid = $2 ORDER BY sortorder', [
      brand,
      season,
    ])
  ).map((r) => r.id);
const stored = async (regions: number[]) =>
  t.ctx.db.query<{ salesregionid: number; forecastyear: number; quarter: number; units: number }>(
    'SELECT salesregionid, forecastyear, quarter, units FROM sales_forecast_pairs WHERE salesregionid = ANY($1) ORDER BY 1, 2, 3',
    [regions],
  );
/** Re-signs a user in after their role changed (the session caches the permissions). */
const grant = async (roleId: number, moduleId: number, actionId: number) =>
  t.ctx.db.query('INSERT INTO role_permissions (roleid, moduleid, actionid) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [roleId, moduleId, actionId]);

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

describe('export and upload (QF-001, QF-007, QF-008)', () => {
  it('QF-001 QF-007: the export is a real .xlsx with the grid, a total line and revenue', async () => {
    const [us] = await regionIds(2, 6);
    await update({ BrandId: 2, SeasonId: 6, Pairs: [{ SalesRegionId: us, Year: 2026, Quarter: 2, Units: 40 }] });
    const res = await t.request('POST', '/api/QuarterlyForecast/ExportSalesForecast', {
      token: forecast,
      json: { BrandId: 2, SeasonId: 6, CurrencyKey: 'GBP', DivisionKey: null, SalesRegionIds: [] },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_TYPE);
    const buf = await res.arrayBuffer();
    expect(new Uint8Array(buf).slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
    const ws = (await readWorkbook(buf)).worksheets[0];
    expect([...headerIndex(ws).keys()]).toEqual([
      'Sales Region',
      '2026 Q1',
      '2026 Q2',
      '2026 Q3',
      '2026 Q4',
      '2027 Q1',
      '2027 Q2',
      '2027 Q3',
      '2027 Q4',
      'Total Units',
      'Revenue (GBP)',
    ]);
    expect(ws.getRow(2).getCell(1).value).toBe('US');
    expect(ws.getRow(2).getCell(3).value).toBe(40);
    expect(ws.getRow(6).getCell(1).value).toBe('Total');
    expect(ws.getRow(6).getCell(10).value).toBe(40);
    const bad = await t.request('POST', '/api/QuarterlyForecast/ExportSalesForecast', { token: forecast, json: { BrandId: 2, SeasonId: 6, Nope: 1 } });
    expect(bad.status).toBe(400);
  });

  it("QF-007 DECISIONS QF-007: PrototypeGroupId (the colorways' workflow group) narrows the colorways the export's revenue averages, like DivisionKey", async () => {
    // Brand 2's first season: a forecast in every region and released colorways in two workflow groups.
    const groups = await t.ctx.db.query<{ id: number; avg: number }>(
      `SELECT ps.wfgroupid AS id, avg(ps.wsprice)::float8 AS avg FROM prototype_seasonals ps JOIN prototypes p USING (prototypeid)
        WHERE p.brandid = 2 AND ps.seasonid = 5 AND ps.statusid IN (2, 3) AND NOT ps.isdeleted AND ps.wsprice IS NOT NULL GROUP BY 1 ORDER BY 1`,
    );
    expect(groups.length).toBeGreaterThanOrEqual(2);
    /** The US row's total units and revenue in the export (revenue null: the export has no revenue column). */
    const exported = async (json: object) => {
      const res = await t.request('POST', '/api/QuarterlyForecast/ExportSalesForecast', {
        token: forecast,
        json: { BrandId: 2, SeasonId: 5, CurrencyKey: 'USD', ...json },
      });
      expect(res.status).toBe(200);
      const ws = (await readWorkbook(await res.arrayBuffer())).worksheets[0];
      const at = headerIndex(ws);
      const revenue = at.get('Revenue (USD)');
      return { units: Number(ws.getRow(2).getCell(at.get('Total Units')!).value), revenue: revenue ? Number(ws.getRow(2).getCell(revenue).value) : null };
    };
    const price = async (query: string) =>
      (
        await (
          await t.request('GET', `/api/QuarterlyForecast/CalculateSalesForecastRevenue?BrandId=2&SeasonId=5&CurrencyKey=USD${query}`, { token: forecast })
        ).json()
      ).PricePerUnit as number | null;
    const all = await exported({});
    expect(all.units).toBeGreaterThan(0);
    expect(all.revenue).toBeCloseTo(all.units * (await price(''))!, 2);
    const byGroup: number[] = [];
    for (const g of groups) {
      const perUnit = await price(`&PrototypeGroupId=${g.id}`);
      expect(perUnit).toBeCloseTo(g.avg, 2);
      const one = await exported({ PrototypeGroupId: g.id });
      expect(one.units).toBe(all.units);
      expect(one.revenue).toBeCloseTo(all.units * perUnit!, 2);
      byGroup.push(one.revenue!);
    }
    expect(new Set(byGroup).size).toBe(groups.length);
    expect(byGroup).not.toContain(all.revenue);
    // A group no colorway of the season is in: no price, so no revenue column (as an unknown division).
    expect((await exported({ PrototypeGroupId: 999_999 })).revenue).toBeNull();
    expect((await exported({ DivisionKey: 'NONE' })).revenue).toBeNull();
  });

  it('QF-001 QF-008: an edited export uploads through the pipeline: preview old → new, confirm, written', async () => {
    const ex = await t.request('POST', '/api/QuarterlyForecast/ExportSalesForecast', { token: forecast, json: { BrandId: 3, SeasonId: 10 } });
    const wb = await readWorkbook(await ex.arrayBuffer());
    const ws = wb.worksheets[0];
    ws.getRow(2).getCell(2).value = 500; // US 2026 Q1
    ws.getRow(4).getCell(9).value = '1,250'; // UK 2027 Q4
    const imp = await previewUpload(t, forecast, UPLOAD, await bytesOf(wb), 'qf.xlsx', { BrandId: '3', SeasonId: '10' });
    expect(imp.Status, JSON.stringify(imp)).toBe('Previewed');
    expect(imp.Counts).toMatchObject({ Changed: 2, Unchanged: 2, Refused: 0 });
    const changed = await importRowsOf(t, forecast, imp.ImportId, 'changed');
    expect(changed.map((r) => [r.Label, r.Cells])).toEqual([
      ['US', { Y1Q1: { Old: 0, New: 500 } }],
      ['UK', { Y2Q4: { Old: 0, New: 1250 } }],
    ]);
    const job = await commitUpload(t, forecast, imp.ImportId);
    expect(job.JobStatus, JSON.stringify(job)).toBe('Completed');
    const rows = await rowsOf(3, 10);
    expect(rows[0].Y1Q1).toBe(500);
    expect(rows[2].Y2Q4).toBe(1250);
  });

  it('QF-008: a file with a bad row is refused whole, with each error by row and column, and writes nothing', async () => {
    const ids = await regionIds(4, 14);
    const ex = await t.request('POST', '/api/QuarterlyForecast/ExportSalesForecast', { token: forecast, json: { BrandId: 4, SeasonId: 14 } });
    const wb = await readWorkbook(await ex.arrayBuffer());
    const ws = wb.worksheets[0];
    ws.getRow(2).getCell(2).value = 10; // a good change
    ws.getRow(3).getCell(3).value = 'abc'; // row 3, column C (2026 Q2)
    ws.getRow(4).getCell(5).value = -5; // row 4, column E (2026 Q4)
    ws.getRow(5).getCell(1).value = 'Mars'; // row 5, column A: no such region
    const imp = await previewUpload(t, forecast, UPLOAD, await bytesOf(wb), 'bad.xlsx', { BrandId: '4', SeasonId: '14' });
    // The preview lists every bad row with its errors by column (the pipeline's all-or-nothing upload, ADR 028).
    expect(imp.Status, JSON.stringify(imp)).toBe('Previewed');
    expect(imp.AllOrNothing).toBe(true);
    expect(imp.Counts).toMatchObject({ Changed: 1, Refused: 2, Unknown: 1 });
    const bad = await importRowsOf(t, forecast, imp.ImportId);
    const errorsOf = (row: number) => bad.find((r) => r.RowNumber === row)?.Errors ?? [];
    expect(errorsOf(3)).toEqual([expect.objectContaining({ Field: 'Y1Q2', Message: expect.stringMatching(/^2026 Q2: /) })]);
    expect(errorsOf(4)).toEqual([{ Field: 'Y1Q4', Message: '2026 Q4: Must not be negative.' }]);
    expect(errorsOf(5)[0]).toMatchObject({ Field: 'SalesRegionName', Message: expect.stringContaining("'Mars' is not a sales region") });
    // It cannot be confirmed: nothing is written.
    const refused = await t.request('POST', `/api/Upload/${imp.ImportId}/Commit`, { token: forecast });
    expect(refused.status).toBe(400);
    expect((await refused.json()).Message).toMatch(/all or nothing/);
    expect(await stored(ids)).toEqual([]);
  });

  it('QF-008: a confirmed file whose cells were saved by someone else since its preview fails whole and writes nothing', async () => {
    const [us, ca] = await regionIds(2, 6);
    const wb = await readWorkbook(
      await (await t.request('POST', '/api/QuarterlyForecast/ExportSalesForecast', { token: forecast, json: { BrandId: 2, SeasonId: 6 } })).arrayBuffer(),
    );
    const before = await stored([us, ca]);
    wb.worksheets[0].getRow(2).getCell(5).value = 77; // US 2026 Q4
    wb.worksheets[0].getRow(3).getCell(5).value = 88; // Canada 2026 Q4
    const imp = await previewUpload(t, forecast, UPLOAD, await bytesOf(wb), 'late.xlsx', { BrandId: '2', SeasonId: '6' });
    expect(imp.Status, JSON.stringify(imp)).toBe('Previewed');
    expect((await update({ BrandId: 2, SeasonId: 6, Pairs: [{ SalesRegionId: ca, Year: 2026, Quarter: 4, Units: 5 }] }, admin)).status).toBe(200);
    const job = await commitUpload(t, forecast, imp.ImportId);
    // The job ends with the file's rows not saved, the first one saying why (nothing of the file written).
    const rows = await importRowsOf(t, forecast, imp.ImportId, 'failed');
    expect(rows.length, JSON.stringify(job)).toBe(2);
    expect(JSON.stringify(rows)).toContain('changed since this file was previewed');
    const after = await stored([us, ca]);
    expect(after.find((p) => p.salesregionid === us && p.quarter === 4 && p.forecastyear === 2026)?.units ?? 0).toBe(
      before.find((p) => p.salesregionid === us && p.quarter === 4 && p.forecastyear === 2026)?.units ?? 0,
    );
    expect(after.find((p) => p.salesregionid === ca && p.quarter === 4 && p.forecastyear === 2026)?.units).toBe(5);
  });

  it('QF-008 PERM-022: an upload names an assigned brand and a season of it', async () => {
    await t.ctx.db.query('DELETE FROM user_brands WHERE userid = 5 AND brandid = 4');
    const limited = (await t.login('forecast')).access_token;
    const wb = await readWorkbook(
      await (await t.request('POST', '/api/QuarterlyForecast/ExportSalesForecast', { token: admin, json: { BrandId: 4, SeasonId: 13 } })).arrayBuffer(),
    );
    expect((await uploadFile(t, limited, UPLOAD, await bytesOf(wb), 'qf.xlsx', { BrandId: '4', SeasonId: '13' })).status).toBe(403);
    const wrongSeason = await previewUpload(t, admin, UPLOAD, await bytesOf(wb), 'qf.xlsx', { BrandId: '4', SeasonId: '1' });
    expect(wrongSeason.Status).toBe('Refused');
    const none = await previewUpload(t, admin, UPLOAD, await bytesOf(wb), 'qf.xlsx');
    expect(none.Status).toBe('Refused');
    await t.ctx.db.query('INSERT INTO user_brands (userid, brandid) VALUES (5, 4) ON CONFLICT DO NOTHING');
  });
});

describe('factory users (PERM-029)', () => {
  it('PERM-029: no access unless granted; when granted, no price or revenue leaves the server', async () => {
    expect((await search(1, 1, factory)).status).toBe(403);
    await grant(5, 26, 1);
    const granted = (await t.login('factory')).access_token;
    const res = await search(1, 1, granted);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ ShowsRevenue: false, CanEdit: false });
    expect(text).not.toMatch(/WsPrice|PricePerUnit|"Revenue/);
    const price = await (await t.request('GET', '/api/QuarterlyForecast/CalculateSalesForecastRevenue?BrandId=1&SeasonId=1', { token: granted })).json();
    expect(price).toMatchObject({ PricePerUnit: null, Rate: null, ColorwayCount: 0 });
    const ex = await t.request('POST', '/api/QuarterlyForecast/ExportSalesForecast', { token: granted, json: { BrandId: 1, SeasonId: 1 } });
    expect(ex.status).toBe(200);
    const headers = [...headerIndex((await readWorkbook(await ex.arrayBuffer())).worksheets[0]).keys()];
    expect(headers.some((h) => /revenue|price/i.test(h))).toBe(false);
  });
});

describe('the API description', () => {
  it('QF-008: every call is in the OpenAPI document with its request schema', async () => {
    const doc = await (await t.request('GET', '/api/openapi.json')).json();
    const paths = Object.keys(doc.paths).map((p) => p.toLowerCase());
    for (const p of [
      'SearchSalesForecast',
      'UpdateSalesForecastPairs',
      'ExportSalesForecast',
      'UploadSalesForecast',
      'CalculateSalesForecastRevenue',
      'GetSalesForecastCurrencies',
    ]) {
      expect(paths).toContain(`/api/quarterlyforecast/${p.toLowerCase()}`);
    }
    const pairs = Object.entries(doc.paths).find(([p]) => /updatesalesforecastpairs/i.test(p))![1] as any;
    expect(pairs.post.requestBody.content['application/json'].schema.properties.Pairs.items.properties.Units.maximum).toBe(2147483647);
  });
});
