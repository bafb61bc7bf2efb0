/**
 * Quarterly forecast settings (QF-010..013, PERM-021): sales regions per brand and season, read
 * with module 27 read, replaced with module 27 edit, brand assignment checked, the spec's messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let forecast: string, viewer: string, admin: string;
beforeAll(async () => {
  t = await createTestApp();
  [forecast, viewer, admin] = await t.tokens('forecast', 'viewer', 'admin');
});
afterAll(async () => {
  await t?.close();
});

const settings = async (brand: number, season: number, token = forecast) =>
  (await t.request('GET', `/api/QuarterlyForecast/SalesForecastSettings?BrandId=${brand}&SeasonId=${season}`, { token })).json();
const update = (json: unknown, token = forecast) => t.request('POST', '/api/QuarterlyForecast/UpdateSalesForecastSettings', { token, json });

describe('sales forecast settings', () => {
  it('QF-011/012: the settings of a brand and season list their sales regions', async () => {
    const s = await settings(1, 1);
    expect(s).toMatchObject({ BrandId: 1, SeasonId: 1 });
    expect(s.SalesRegions.map((r: any) => r.SalesRegionName)).toEqual(['US', 'Canada', 'UK', 'EU']);
    const regions = await (await t.request('GET', '/api/QuarterlyForecast/GetSalesRegions?BrandId=1&SeasonId=1', { token: forecast })).json();
    expect(regions[0]).toEqual({ SalesRegionId: expect.any(Number), SalesRegionName: 'US' });
  });

  it("QF-013: an update renames, adds and removes regions and answers 'Settings saved successfully!'", async () => {
    const [us, ca] = (await settings(1, 2)).SalesRegions;
    const res = await update({
      BrandId: 1,
      SeasonId: 2,
      SalesRegions: [
        { SalesRegionId: ca.SalesRegionId, SalesRegionName: 'US' },
        { SalesRegionId: us.SalesRegionId, SalesRegionName: 'Canada' },
        { SalesRegionName: 'LATAM' },
      ],
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.Message).toBe('Settings saved successfully!');
    expect(body.SalesRegions.map((r: any) => [r.SalesRegionId, r.SalesRegionName])).toEqual([
      [ca.SalesRegionId, 'US'],
      [us.SalesRegionId, 'Canada'],
      [expect.any(Number), 'LATAM'],
    ]);
    const audit = await t.ctx.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'sales-forecast-settings' AND entityid = '1:2'`);
    expect(audit[0].n).toBeGreaterThan(0);
  });

  it("QF-013: failures answer 'An error occurred while updating settings: {message}'", async () => {
    const dup = await update({ BrandId: 1, SeasonId: 1, SalesRegions: [{ SalesRegionName: 'US' }, { SalesRegionName: 'us' }] });
    expect(dup.status).toBe(400);
    expect((await dup.json()).Message).toBe('An error occurred while updating settings: a sales region name is listed twice.');
    const season = await update({ BrandId: 1, SeasonId: 5, SalesRegions: [] });
    expect((await season.json()).Message).toMatch(/^An error occurred while updating settings: the season is not a season of this brand\.$/);
    const foreign = (await settings(2, 5)).SalesRegions[0];
    const stranger = await update({ BrandId: 1, SeasonId: 1, SalesRegions: [foreign] });
    expect((await stranger.json()).Message).toMatch(/^An error occurred while updating settings: sales region \d+ does not belong/);
    expect((await settings(1, 1)).SalesRegions).toHaveLength(4);
  });

  it('PERM-021 PERM-022: read to view, edit to change, and only for assigned brands', async () => {
    expect((await t.request('GET', '/api/QuarterlyForecast/SalesForecastSettings?BrandId=3&SeasonId=9', { token: viewer })).status).toBe(403);
    expect((await update({ BrandId: 3, SeasonId: 9, SalesRegions: [] }, viewer)).status).toBe(403);
    expect((await t.request('GET', '/api/QuarterlyForecast/SalesForecastSettings?BrandId=1&SeasonId=1')).status).toBe(401);
    await t.ctx.db.query('DELETE FROM user_brands WHERE userid = 5 AND brandid = 4');
    const limited = (await t.login('forecast')).access_token;
    expect((await t.request('GET', '/api/QuarterlyForecast/SalesForecastSettings?BrandId=4&SeasonId=13', { token: limited })).status).toBe(403);
    expect((await update({ BrandId: 4, SeasonId: 13, SalesRegions: [] }, limited)).status).toBe(403);
    expect((await update({ BrandId: 4, SeasonId: 13, SalesRegions: [{ SalesRegionName: 'US' }] }, admin)).status).toBe(200);
  });
});
