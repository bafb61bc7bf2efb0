/**
 * Quarterly forecast (issue 16), continued from quarterly-forecast.test.ts: the real .xlsx export
 * with its total line and revenue (QF-001, QF-007), the upload through the import pipeline, all or
 * nothing (QF-008), a factory user's answers without prices (PERM-029), and the API description.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { bytesOf, commitUpload, headerIndex, importRowsOf, previewUpload, readWorkbook, uploadFile, XLSX_TYPE } from '../helpers/uploads';
import { grant, regionIds, rowsOf, search, startForecastApp, stored, update, UPLOAD } from './quarterly-forecast-steps';

let t: TestApp;
let admin: string, forecast: string, factory: string;
beforeAll(async () => {
  ({ t, admin, forecast, factory } = await startForecastApp());
});
afterAll(async () => {
  await t?.close();
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
    // Brand 2's first season: released colorways in two workflow groups, and a forecast for the US (the demo's was emptied).
    const [us] = await regionIds(2, 5);
    expect((await update({ BrandId: 2, SeasonId: 5, Pairs: [{ SalesRegionId: us, Year: 2026, Quarter: 1, Units: 120 }] })).status).toBe(200);
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
