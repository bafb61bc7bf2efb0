/**
 * The app and steps the quarterly forecast tests share (quarterly-forecast.test.ts,
 * quarterly-forecast-files.test.ts): an app whose forecast starts empty, the grid's calls, the
 * stored pairs and a role's new permission.
 */
import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let forecast: string;

/** The app, the tokens of admin, forecast, viewer and factory, and what the demo's forecast held before it was emptied. */
export async function startForecastApp() {
  t = await createTestApp();
  const tokens = await t.tokens('admin', 'forecast', 'viewer', 'factory');
  forecast = tokens[1];
  const [demo] = await t.ctx.db.query<{ n: number; seasons: number[] }>(
    'SELECT count(*)::int AS n, array_agg(DISTINCT r.seasonid ORDER BY r.seasonid) AS seasons FROM sales_forecast_pairs p JOIN sales_regions r USING (salesregionid)',
  );
  // The tests start from an empty forecast.
  await t.ctx.db.query('DELETE FROM sales_forecast_pairs');
  const [admin, , viewer, factory] = tokens;
  return { t, admin, forecast, viewer, factory, demo };
}

export const UPLOAD = '/api/QuarterlyForecast/UploadSalesForecast';
export const search = (BrandId: number, SeasonId: number, token = forecast) =>
  t.request('POST', '/api/QuarterlyForecast/SearchSalesForecast', { token, json: { BrandId, SeasonId } });
export const rowsOf = async (BrandId: number, SeasonId: number, token = forecast) => {
  const res = await search(BrandId, SeasonId, token);
  expect(res.status).toBe(200);
  return (await res.json()).Rows as Record<string, any>[];
};
export const update = (json: unknown, token = forecast) => t.request('POST', '/api/QuarterlyForecast/UpdateSalesForecastPairs', { token, json });
export const regionIds = async (brand: number, season: number) =>
  (
    await t.ctx.db.query<{ id: number }>('SELECT salesregionid AS id FROM sales_regions WHERE brandid = $1 AND seasonid = $2 ORDER BY sortorder', [
      brand,
      season,
    ])
  ).map((r) => r.id);
export const stored = async (regions: number[]) =>
  t.ctx.db.query<{ salesregionid: number; forecastyear: number; quarter: number; units: number }>(
    'SELECT salesregionid, forecastyear, quarter, units FROM sales_forecast_pairs WHERE salesregionid = ANY($1) ORDER BY 1, 2, 3',
    [regions],
  );
/** Re-signs a user in after their role changed (the session caches the permissions). */
export const grant = async (roleId: number, moduleId: number, actionId: number) =>
  t.ctx.db.query('INSERT INTO role_permissions (roleid, moduleid, actionid) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [roleId, moduleId, actionId]);
