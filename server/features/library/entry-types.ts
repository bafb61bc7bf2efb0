/**
 * The library types the /libraryEntries grid lists (DECISIONS ADMIN-024): one declarative entry
 * each, filtered by brand and season where the type has them and paged like every list (CONST-008).
 * Without a brandId a branded type lists the user's brands only (PERM-022).
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { Queryable } from '../../core/db/client';
import { badRequest } from '../../core/http/errors';
import { requireBrand } from '../../core/http/router';
import { paged } from '../../core/records/paging';
import { Conditions } from '../../core/search-help/query';
import type { AppContext } from '../../core/context';
import { withReferenceNames } from '../../core/records/references';
import { lookupHidden, visibleRecord } from '../../core/schemas/visibility';

interface LibraryType {
  /** Entity schema of the rows: its visibility rules apply to the answer (PERM-029). */
  entity: string;
  from: string;
  select: string;
  order: string;
  brand?: string;
  season?: string;
  role?: string;
  where?: string;
}

const sole = (t: 'outsole' | 'midsole', K: string): LibraryType => ({
  entity: t,
  from: `${t}s x JOIN seasons s ON s.seasonid = x.seasonid`,
  select: `x.${t}id AS "${K}Id", x.${t}key AS "${K}Key", x.${t}name AS "${K}Name", x.brandid AS "BrandId", x.seasonid AS "SeasonId",
    s.seasonname AS "SeasonName", x.price AS "Price"`,
  order: `lower(x.${t}name), s.sortorder`,
  brand: 'x.brandid',
  season: 'x.seasonid',
});

export const LIBRARY_TYPES: Record<string, LibraryType> = {
  Outsole: sole('outsole', 'Outsole'),
  Midsole: sole('midsole', 'Midsole'),
  Last: {
    entity: 'last',
    from: 'lasts',
    select: 'lastid AS "LastId", lastname AS "LastName", lastdesc AS "LastDesc", brandid AS "BrandId"',
    order: 'lower(lastname)',
    brand: 'brandid',
  },
  PatternDescription: {
    entity: 'pattern-description',
    from: 'pattern_descriptions',
    select: 'patterndescriptionid AS "PatternDescriptionId", description AS "Description"',
    order: 'lower(description)',
  },
  PatternName: {
    entity: 'pattern-name',
    from: 'pattern_names',
    select: 'patternnameid AS "PatternNameId", patternnamekey AS "PatternNameKey", patternname AS "PatternName", description AS "Description"',
    order: 'lower(patternname)',
  },
  Color: {
    entity: 'basic-color',
    from: 'basic_colors',
    select: 'basiccolorkey AS "BasicColorKey", basiccolorname AS "BasicColorName", nrfid AS "NRFId", nrfname AS "NRFName"',
    order: 'lower(basiccolorname)',
  },
  CuttingPattern: {
    entity: 'cutting-pattern',
    from: 'cutting_patterns',
    select: 'cuttingpatternid AS "CuttingPatternId", cuttingpatternname AS "CuttingPatternName"',
    order: 'lower(cuttingpatternname)',
  },
  DevelopmentCenter: {
    entity: 'development-center',
    from: 'development_centers',
    order: 'lower(developmentcentername)',
    select:
      'developmentcenterid AS "DevelopmentCenterId", developmentcenterkey AS "DevelopmentCenterKey", developmentcentername AS "DevelopmentCenterName", isactive AS "IsActive"',
  },
  Developer: {
    entity: 'developer',
    from: 'developers',
    where: 'isactive',
    brand: 'brandid',
    role: 'developerroleid',
    order: 'lower(lastname), lower(firstname)',
    select: 'developerid AS "DeveloperId", brandid AS "BrandId", developerroleid AS "DeveloperRoleId", firstname AS "FirstName", lastname AS "LastName"',
  },
};

export interface ListRequest {
  type: string;
  brandId?: number;
  seasonId?: number;
  roleId?: number;
  pageNumber: number;
  pageSize: number;
}

/** A page of entries of a type; its visible brand and season carry their names (references.ts, one statement). */
export async function listEntries(ctx: AppContext, q: Queryable, user: SessionUser, req: ListRequest) {
  const type = Object.entries(LIBRARY_TYPES).find(([name]) => name.toLowerCase() === req.type.toLowerCase())?.[1];
  if (!type) throw badRequest(`'${req.type}' is not a library type.`, [{ Field: 'type', Message: `One of ${Object.keys(LIBRARY_TYPES).join(', ')}.` }]);
  const c = new Conditions();
  if (type.where) c.where.push(type.where);
  if (type.brand) {
    if (req.brandId !== undefined) {
      requireBrand(user, req.brandId);
      c.add((n) => `${type.brand} = ${n}`, req.brandId);
    } else c.add((n) => `${type.brand} = ANY(${n}::int[])`, [...user.brandIds]);
  }
  if (type.season && req.seasonId !== undefined) c.add((n) => `${type.season} = ${n}`, req.seasonId);
  if (type.role && req.roleId !== undefined) c.add((n) => `${type.role} = ${n}`, req.roleId);
  const [{ n }] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${type.from} ${c.sql}`, c.params);
  const rows = await q.query(
    `SELECT ${type.select} FROM ${type.from} ${c.sql} ORDER BY ${type.order}
    LIMIT ${req.pageSize} OFFSET ${(req.pageNumber - 1) * req.pageSize}`,
    c.params,
  );
  const hidden = lookupHidden(ctx.schemas, user, type.entity);
  const visible = rows.map((row) => visibleRecord(row, { hidden, readOnly: new Set() }));
  return paged(await withReferenceNames(ctx, q, user, ctx.schemas.entities.get(type.entity)!, visible), req.pageNumber, req.pageSize, n);
}
