/**
 * Reference data calls (S0 §7): brands, seasons, sub-seasons, statuses and workflow groups.
 * Anything under a brand checks the user's brand assignment (PERM-022). GET /api/Reference/{source}:
 * the choices of any reference field (`x-ref`, server/core/records/references.ts) as [{ value, label }].
 */
import { SIGNED_IN, requireBrand, type ApiRouter } from '../http/router';
import { intParam, queryParam } from '../http/request';
import { notFound } from '../http/errors';
import { REFERENCE_FILTERS, referenceOptions } from '../records/references';
import type { ParamDecl } from '../http/params';

const BRAND_COLS = `brandid AS "BrandId", brandname AS "BrandName", sapbrandid AS "SAPBrandId",
  ispdmready AS "IsPDMReady", cansfoverride AS "CanSfOverride"`;
const SEASON_COLS = `seasonid AS "SeasonId", brandid AS "BrandId", seasonname AS "SeasonName",
  seasoncode AS "SeasonCode", sortorder AS "SortOrder", isactive AS "IsActive"`;

const REFERENCE_QUERY: ParamDecl = { ...Object.fromEntries(REFERENCE_FILTERS.map((f) => [f, 'id'])), Ids: 'ids' };

export function referenceRoutes(r: ApiRouter) {
  // Scope parameters a source does not take are ignored; a brand named must be one of the user's (PERM-022).
  r.get('/api/Reference/:source', SIGNED_IN, { params: { source: 'text' }, query: REFERENCE_QUERY }, async (c) => {
    const user = c.get('user');
    const filters: Record<string, number> = {};
    for (const f of REFERENCE_FILTERS) {
      const v = intParam(c, f, -1);
      if (v >= 0) filters[f] = v;
    }
    if (filters.BrandId !== undefined) requireBrand(user, filters.BrandId);
    const ids = queryParam(c, 'Ids')?.split(',').map((x) => x.trim()).filter(Boolean).map(Number);
    const options = await referenceOptions(c.get('ctx'), user, c.req.param('source') ?? '', filters, ids);
    if (!options) throw notFound('No such reference source.');
    return c.json(options);
  });

  r.get('/api/Brand/GetBrands', SIGNED_IN, async (c) =>
    c.json(await c.get('ctx').db.query(`SELECT ${BRAND_COLS} FROM brands ORDER BY brandname`)));

  r.get('/api/Brand/GetBrandsByUser', SIGNED_IN, async (c) =>
    c.json(await c.get('ctx').db.query(
      `SELECT ${BRAND_COLS} FROM brands WHERE brandid = ANY($1) ORDER BY brandname`, [[...c.get('user').brandIds]])));

  // One brand's single flag: GetSAPBrandId, CanSfOverride, isBrandPDMReady.
  for (const [path, column] of [['GetSAPBrandId', 'sapbrandid'], ['CanSfOverride', 'cansfoverride'], ['isBrandPDMReady', 'ispdmready']]) {
    r.get(`/api/Brand/${path}`, SIGNED_IN, { brandParam: 'BrandId', query: { BrandId: 'id' } }, async (c) => {
      const [row] = await c.get('ctx').db.query(`SELECT ${column} AS v FROM brands WHERE brandid = $1`, [intParam(c, 'BrandId')]);
      if (!row) throw notFound('Brand not found.');
      return c.json(row.v);
    });
  }

  r.get('/api/Season/GetSeasons', SIGNED_IN, async (c) =>
    c.json(await c.get('ctx').db.query(
      `SELECT ${SEASON_COLS} FROM seasons WHERE brandid = ANY($1) ORDER BY brandid, sortorder`, [[...c.get('user').brandIds]])));

  // LOOKUP-027: a brand's seasons, optionally only those after a season (carryover and shift use the same list).
  for (const path of ['/api/Season/GetSeasonsByBrand', '/api/Season/GetShiftCarryoverSeasonsByBrand']) {
    r.get(path, SIGNED_IN, { brandParam: 'BrandId', query: { seasonsAfterThisSeasonId: 'id', BrandId: 'id' } }, async (c) => {
      const after = intParam(c, 'seasonsAfterThisSeasonId', 0);
      return c.json(await c.get('ctx').db.query(
        `SELECT ${SEASON_COLS} FROM seasons s WHERE brandid = $1
            AND ($2 = 0 OR sortorder > (SELECT sortorder FROM seasons WHERE seasonid = $2))
          ORDER BY sortorder`, [intParam(c, 'BrandId'), after]));
    });
  }

  r.get('/api/SubSeason/SubSeasons', SIGNED_IN, { query: { SeasonId: 'id' } }, async (c) => {
    const { db } = c.get('ctx');
    const seasonId = intParam(c, 'SeasonId');
    const [season] = await db.query('SELECT brandid FROM seasons WHERE seasonid = $1', [seasonId]);
    if (!season) throw notFound('Season not found.');
    requireBrand(c.get('user'), season.brandid);
    return c.json(await db.query(
      `SELECT subseasonid AS "SubSeasonId", seasonid AS "SeasonId", subseasonname AS "SubSeasonName"
         FROM subseasons WHERE seasonid = $1 ORDER BY subseasonid`, [seasonId]));
  });

  // LOOKUP-030..033: statuses, the synthetic groups, and next statuses from the transition table.
  r.get('/api/Status/GetStatusList', SIGNED_IN, async (c) =>
    c.json(await c.get('ctx').db.query(
      `SELECT statusid AS "StatusId", statusname AS "StatusName", isactive AS "IsActive" FROM statuses
       UNION ALL SELECT statusgroupid, statusname, true FROM status_groups ORDER BY 1`)));

  r.get('/api/Status/GetAvailableStatusList', SIGNED_IN, { query: { currentStatusId: 'id' } }, async (c) =>
    c.json(await c.get('ctx').db.query(
      `SELECT s.statusid AS "StatusId", s.statusname AS "StatusName", s.isactive AS "IsActive"
         FROM status_transitions t JOIN statuses s ON s.statusid = t.tostatusid
        WHERE t.fromstatusid = $1 ORDER BY s.statusid`, [intParam(c, 'currentStatusId')])));

  r.get('/api/Workflow/WFGroups', SIGNED_IN, { brandParam: 'BrandId', query: { BrandId: 'id', ObjectLevel: 'id' } }, async (c) =>
    c.json(await c.get('ctx').db.query(
      `SELECT wfgroupid AS "WFGroupId", wfgroupname AS "WFGroupName", objectlevel AS "ObjectLevel"
         FROM workflow_groups WHERE brandid = $1 AND objectlevel = $2 ORDER BY wfgroupname`,
      [intParam(c, 'BrandId'), intParam(c, 'ObjectLevel')])));
}
