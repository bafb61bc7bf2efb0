/**
 * Read calls of the product hierarchy (line plan, brief, pattern, colorway): one record and a
 * paged search each, all through the generic read path. Writes come with the hierarchy screens.
 */
import { can, type ModuleKey } from '../auth/permissions';
import { perm, requireBrand, SIGNED_IN, type ApiRouter } from '../http/router';
import { intParam } from '../http/request';
import { badRequest, notFound, permissionDenied } from '../http/errors';
import { column, readRecord, searchRecords, viewOf, type SearchRequest } from '../records/read';

export const HIERARCHY = [
  { level: 1, entity: 'line-plan', module: 'linePlan', area: 'LinePlan', get: 'GetLinePlan', search: 'SearchLinePlans', key: 'LinePlanId' },
  { level: 2, entity: 'brief', module: 'brief', area: 'Brief', get: 'GetBriefSeasonal', search: 'SearchBriefs', key: 'BriefSeasonalId' },
  { level: 3, entity: 'pattern', module: 'pattern', area: 'Pattern', get: 'GetPatternSeasonalDetails', search: 'SearchPatterns', key: 'PatternSeasonalId' },
  { level: 4, entity: 'colorway', module: 'colorway', area: 'Prototype', get: 'GetPrototypeSeasonalDetails', search: 'SearchPrototypes', key: 'PrototypeSeasonalId' },
] as const satisfies readonly { level: number; module: ModuleKey; [k: string]: string | number }[];

/** CONST-003: project levels line plan 1, brief 2, pattern 3, colorway 4. */
export function hierarchyLevel(level: number) {
  const h = HIERARCHY.find((x) => x.level === level);
  if (!h) throw badRequest('Unknown project level.', [{ Field: 'ProjectLevelId', Message: 'Must be 1 to 4.' }]);
  return h;
}

export function hierarchyRoutes(r: ApiRouter) {
  // LOOKUP-028: is the record (a project at its level) deleted? Brand scope applies.
  r.get('/api/Status/IsRecordDeleted', SIGNED_IN, async (c) => {
    const ctx = c.get('ctx');
    const h = hierarchyLevel(intParam(c, 'ProjectLevelId'));
    if (!can(c.get('user'), h.module, 'read')) throw permissionDenied();
    const schema = ctx.schemas.entities.get(h.entity)!;
    const [row] = await ctx.db.query(`SELECT isdeleted, brandid FROM ${viewOf(h.entity)} WHERE ${column(schema, h.key)} = $1`, [intParam(c, 'ProjectId')]);
    if (!row) throw notFound('The record was not found.');
    requireBrand(c.get('user'), row.brandid);
    return c.json(row.isdeleted);
  });

  // LOOKUP-027: the seasons a project lives in (projId is the base record's id).
  r.get('/api/Season/GetProjectsSeasons', SIGNED_IN, async (c) => {
    const ctx = c.get('ctx');
    const h = hierarchyLevel(intParam(c, 'projLevel'));
    if (!can(c.get('user'), h.module, 'read')) throw permissionDenied();
    const schema = ctx.schemas.entities.get(h.entity)!;
    const baseKey = Object.values(schema['x-tables'] ?? {})[0];
    const rows = await ctx.db.query(
      `SELECT DISTINCT v.seasonid AS "SeasonId", s.seasonname AS "SeasonName", s.sortorder, v.brandid
         FROM ${viewOf(h.entity)} v JOIN seasons s ON s.seasonid = v.seasonid
        WHERE v.${column(schema, baseKey)} = $1 AND NOT v.isdeleted ORDER BY s.sortorder`, [intParam(c, 'projId')]);
    if (rows.length) requireBrand(c.get('user'), rows[0].brandid);
    return c.json(rows.map(({ SeasonId, SeasonName }) => ({ SeasonId, SeasonName })));
  });

  for (const h of HIERARCHY) {
    r.get(`/api/${h.area}/${h.get}`, perm(h.module, 'read'), async (c) =>
      c.json(await readRecord(c.get('ctx'), c.get('user'), h.entity, h.key, intParam(c, h.key))));

    r.post(`/api/${h.area}/${h.search}`, perm(h.module, 'read'), { body: 'search' }, async (c) =>
      c.json(await searchRecords(c.get('ctx'), c.get('user'), h.entity, h.key, c.get('body') as SearchRequest)));
  }
}
