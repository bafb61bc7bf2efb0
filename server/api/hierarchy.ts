/**
 * Read calls of the product hierarchy (line plan, brief, pattern, colorway): one record and a
 * paged search each, all through the generic read path. Writes come with the hierarchy screens.
 */
import type { ModuleKey } from '../auth/permissions';
import { perm, type ApiRouter } from '../http/router';
import { intParam } from '../http/request';
import { readRecord, searchRecords, type SearchRequest } from '../records/read';

export const HIERARCHY = [
  { entity: 'line-plan', module: 'linePlan', area: 'LinePlan', get: 'GetLinePlan', search: 'SearchLinePlans', key: 'LinePlanId' },
  { entity: 'brief', module: 'brief', area: 'Brief', get: 'GetBriefSeasonal', search: 'SearchBriefs', key: 'BriefSeasonalId' },
  { entity: 'pattern', module: 'pattern', area: 'Pattern', get: 'GetPatternSeasonalDetails', search: 'SearchPatterns', key: 'PatternSeasonalId' },
  { entity: 'colorway', module: 'colorway', area: 'Prototype', get: 'GetPrototypeSeasonalDetails', search: 'SearchPrototypes', key: 'PrototypeSeasonalId' },
] as const satisfies readonly { module: ModuleKey; [k: string]: string }[];

export function hierarchyRoutes(r: ApiRouter) {
  for (const h of HIERARCHY) {
    r.get(`/api/${h.area}/${h.get}`, perm(h.module, 'read'), async (c) =>
      c.json(await readRecord(c.get('ctx'), c.get('user'), h.entity, h.key, intParam(c, h.key))));

    r.post(`/api/${h.area}/${h.search}`, perm(h.module, 'read'), { body: 'search' }, async (c) =>
      c.json(await searchRecords(c.get('ctx'), c.get('user'), h.entity, h.key, c.get('body') as SearchRequest)));
  }
}
