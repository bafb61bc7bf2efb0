/**
 * The flash-edit screens' named calls (spec 002 §7, FLASH-015/016/022/024/031/032/035, issue 12).
 * The list and update calls are the generic grid path (api/grids.ts) under the spec's names, one
 * grid document each, so one mechanism serves every grid; the lookups are the launch date of a
 * launch number (FLASH-022) and the HTS duty search of the lookup dialog (FLASH-031/032).
 * (The brand's PDM-ready flag is GET /api/Brand/isBrandPDMReady, api/reference.ts.)
 */
import type { ModuleKey } from '../../core/auth/permissions';
import { perm, type ApiRouter } from '../../core/http/router';
import { badRequest } from '../../core/http/errors';
import { intParam } from '../../core/http/request';
import { lookupHidden } from '../../core/schemas/visibility';
import { recordState } from '../../core/records/access';
import { containsPattern } from '../../core/db/contains';
import { GRID_SAVE, GRID_SEARCH, saveGrid, searchGrid } from '../../core/api/grids';

/** Spec name → grid document; the grid's module gates the route (the grid re-checks its own permission). */
const NAMED_GRIDS: { list: string; update: string; grid: string; module: ModuleKey }[] = [
  { list: '/api/Costing/GetProtoCostingList', update: '/api/Costing/UpdateProtoCosting', grid: 'costing', module: 'costing' },
  { list: '/api/Forecast/GetProtoForecastList', update: '/api/Forecast/UpdateProtoForecast', grid: 'forecast', module: 'forecasting' },
  { list: '/api/Forecast/GetPatternForecastList', update: '/api/Forecast/UpdatePatternForecast', grid: 'pattern-forecast', module: 'forecasting' },
  { list: '/api/hts/HtsSearch', update: '/api/hts/UpdateHts', grid: 'hts', module: 'hts' },
];

export const INVALID_LAUNCH = 'Invalid Launch Number';
export const NO_ORIGIN = 'No valid country of origin found.';

export function flashEditRoutes(r: ApiRouter) {
  for (const n of NAMED_GRIDS) {
    r.post(n.list, perm(n.module, 'read'), GRID_SEARCH, (c) => searchGrid(c, n.grid));
    r.post(n.update, perm(n.module, 'edit'), GRID_SAVE, (c) => saveGrid(c, n.grid));
  }

  // FLASH-022: a colorway's launch number (1 to 8) → the launch date id of its line plan; 'Invalid Launch Number' otherwise.
  r.get('/api/forecast/LaunchDateId', perm('forecasting', 'read'), { query: { PrototypeSeasonalId: 'id', LaunchNumber: 'int' } }, async (c) => {
    const ctx = c.get('ctx');
    const id = intParam(c, 'PrototypeSeasonalId');
    const launch = intParam(c, 'LaunchNumber');
    await recordState(ctx, c.get('user'), 'colorway', 'PrototypeSeasonalId', id);
    const [row] = launch >= 1 && launch <= 8 ? await ctx.db.query<{ id: number }>(
      `SELECT d.lineplanlaunchdateid AS id FROM colorway_view v JOIN line_plan_launch_dates d ON d.lineplanid = v.lineplanid AND d.launchnumber = $2
        WHERE v.prototypeseasonalid = $1`, [id, launch]) : [];
    if (!row) throw badRequest(INVALID_LAUNCH, [{ Field: 'LaunchNumber', Message: INVALID_LAUNCH }]);
    return c.json({ LinePlanLaunchDateId: row.id });
  });

  // FLASH-031/032: the duty codes of a country of origin (to a destination, a code containing the text); the lookup needs an origin.
  r.post('/api/hts/DutySearch', perm('hts', 'read'), { body: 'hts-duty-search' }, async (c) => {
    const ctx = c.get('ctx');
    const body = c.get('body') as { CountryOrigin?: string; CountryDestination?: string; HTSStawn?: string };
    const origin = body.CountryOrigin?.trim().toUpperCase();
    if (!origin) throw badRequest(NO_ORIGIN, [{ Field: '/CountryOrigin', Message: NO_ORIGIN }]);
    const params: unknown[] = [origin];
    const where = ['countryorigin = $1'];
    if (body.CountryDestination?.trim()) { params.push(body.CountryDestination.trim().toUpperCase()); where.push(`countrydestination = $${params.length}`); }
    if (body.HTSStawn?.trim()) { params.push(containsPattern(body.HTSStawn.trim())); where.push(`htsstawn ILIKE $${params.length}`); }
    const hidden = lookupHidden(ctx.schemas, c.get('user'), 'hts-duty');
    const cols = [['HTSKey', 'htskey'], ['HTSStawn', 'htsstawn'], ['CountryOrigin', 'countryorigin'], ['CountryDestination', 'countrydestination'], ['Duty', 'duty']]
      .filter(([f]) => !hidden.has(f)).map(([f, col]) => `${col} AS "${f}"`);
    return c.json(await ctx.db.query(`SELECT ${cols.join(', ')} FROM hts_duties WHERE ${where.join(' AND ')} ORDER BY htsstawn, countrydestination LIMIT 500`, params));
  });
}
