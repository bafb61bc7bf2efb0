/**
 * The flash-edit screens' named calls (spec 002 §7, FLASH-015/016/022/024/031/032/035, issue 12).
 * The list and update calls are the generic grid path (api/grids.ts) under the spec's names, one
 * grid document each, so one mechanism serves every grid; the lookups (lookups.ts) are the launch date
 * of a launch number (FLASH-022) and the HTS duty search of the lookup dialog (FLASH-031/032).
 * (The brand's PDM-ready flag is GET /api/Brand/isBrandPDMReady, api/reference.ts.)
 */
import type { ModuleKey } from '../../core/auth/permissions';
import { perm, type ApiRouter } from '../../core/http/router';
import { intParam } from '../../core/http/request';
import { GRID_SAVE, GRID_SEARCH, saveGrid, searchGrid } from '../../core/api/grids';
import { dutySearch, launchDateId } from './lookups';

/** Spec name → grid document; the grid's module gates the route (the grid re-checks its own permission). */
const NAMED_GRIDS: { list: string; update: string; grid: string; module: ModuleKey }[] = [
  { list: '/api/Costing/GetProtoCostingList', update: '/api/Costing/UpdateProtoCosting', grid: 'costing', module: 'costing' },
  { list: '/api/Forecast/GetProtoForecastList', update: '/api/Forecast/UpdateProtoForecast', grid: 'forecast', module: 'forecasting' },
  { list: '/api/Forecast/GetPatternForecastList', update: '/api/Forecast/UpdatePatternForecast', grid: 'pattern-forecast', module: 'forecasting' },
  { list: '/api/hts/HtsSearch', update: '/api/hts/UpdateHts', grid: 'hts', module: 'hts' },
];

export function flashEditRoutes(r: ApiRouter) {
  for (const n of NAMED_GRIDS) {
    r.post(n.list, perm(n.module, 'read'), GRID_SEARCH, (c) => searchGrid(c, n.grid));
    r.post(n.update, perm(n.module, 'edit'), GRID_SAVE, (c) => saveGrid(c, n.grid));
  }

  // FLASH-022: a colorway's launch number (1 to 8) → the launch date id of its line plan.
  r.get('/api/forecast/LaunchDateId', perm('forecasting', 'read'), { query: { PrototypeSeasonalId: 'id', LaunchNumber: 'int' } }, async (c) =>
    c.json({ LinePlanLaunchDateId: await launchDateId(c.get('ctx'), c.get('user'), intParam(c, 'PrototypeSeasonalId'), intParam(c, 'LaunchNumber')) }),
  );

  // FLASH-031/032: the duty codes of a country of origin.
  r.post('/api/hts/DutySearch', perm('hts', 'read'), { body: 'hts-duty-search' }, async (c) =>
    c.json(await dutySearch(c.get('ctx'), c.get('user'), c.get('body'))),
  );
}
