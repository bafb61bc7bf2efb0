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
import {
  allBrands,
  brandFlag,
  brandSeasons,
  brandsByIds,
  nextStatuses,
  seasonBrand,
  seasonsOfBrands,
  statusList,
  subSeasons,
  workflowGroups,
} from '../records/reference-data';

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
    const ids = queryParam(c, 'Ids')
      ?.split(',')
      .map((x) => x.trim())
      .filter(Boolean)
      .map(Number);
    const options = await referenceOptions(c.get('ctx'), user, c.req.param('source') ?? '', filters, ids);
    if (!options) throw notFound('No such reference source.');
    return c.json(options);
  });

  r.get('/api/Brand/GetBrands', SIGNED_IN, async (c) => c.json(await allBrands(c.get('ctx').db)));

  r.get('/api/Brand/GetBrandsByUser', SIGNED_IN, async (c) => c.json(await brandsByIds(c.get('ctx').db, [...c.get('user').brandIds])));

  // One brand's single flag: GetSAPBrandId, CanSfOverride, isBrandPDMReady.
  for (const [path, column] of [
    ['GetSAPBrandId', 'sapbrandid'],
    ['CanSfOverride', 'cansfoverride'],
    ['isBrandPDMReady', 'ispdmready'],
  ] as const) {
    r.get(`/api/Brand/${path}`, SIGNED_IN, { brandParam: 'BrandId', query: { BrandId: 'id' } }, async (c) => {
      const row = await brandFlag(c.get('ctx').db, intParam(c, 'BrandId'), column);
      if (!row) throw notFound('Brand not found.');
      return c.json(row.v);
    });
  }

  r.get('/api/Season/GetSeasons', SIGNED_IN, async (c) => c.json(await seasonsOfBrands(c.get('ctx').db, [...c.get('user').brandIds])));

  // LOOKUP-027: a brand's seasons, optionally only those after a season (carryover and shift use the same list).
  for (const path of ['/api/Season/GetSeasonsByBrand', '/api/Season/GetShiftCarryoverSeasonsByBrand']) {
    r.get(path, SIGNED_IN, { brandParam: 'BrandId', query: { seasonsAfterThisSeasonId: 'id', BrandId: 'id' } }, async (c) => {
      const after = intParam(c, 'seasonsAfterThisSeasonId', 0);
      return c.json(await brandSeasons(c.get('ctx').db, intParam(c, 'BrandId'), after));
    });
  }

  r.get('/api/SubSeason/SubSeasons', SIGNED_IN, { query: { SeasonId: 'id' } }, async (c) => {
    const { db } = c.get('ctx');
    const seasonId = intParam(c, 'SeasonId');
    const brandId = await seasonBrand(db, seasonId);
    if (brandId === undefined) throw notFound('Season not found.');
    requireBrand(c.get('user'), brandId);
    return c.json(await subSeasons(db, seasonId));
  });

  // LOOKUP-030..033: statuses, the synthetic groups, and next statuses from the transition table.
  r.get('/api/Status/GetStatusList', SIGNED_IN, async (c) => c.json(await statusList(c.get('ctx').db)));

  r.get('/api/Status/GetAvailableStatusList', SIGNED_IN, { query: { currentStatusId: 'id' } }, async (c) =>
    c.json(await nextStatuses(c.get('ctx').db, intParam(c, 'currentStatusId'))),
  );

  r.get('/api/Workflow/WFGroups', SIGNED_IN, { brandParam: 'BrandId', query: { BrandId: 'id', ObjectLevel: 'id' } }, async (c) =>
    c.json(await workflowGroups(c.get('ctx').db, intParam(c, 'BrandId'), intParam(c, 'ObjectLevel'))),
  );
}
