/**
 * Catalog tiles (CAT-001..008): a page of pattern tiles and the colorways of one pattern. Brand scope
 * for everyone; a factory user sees only their factories' colorways and the patterns that have one;
 * fields a user may not see are not selected. A page is one statement (tiles, their colorway counts
 * and the total); images are the records' own thumbnails, served by /api/Image/GetImage (DOC-022)
 * at the size asked for.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { recordNotFound } from '../../core/records/access';
import { column, viewOf } from '../../core/records/columns';
import { scope } from '../../core/records/scope';
import { paged, type Paged } from '../../core/records/paging';
import { containsPattern } from '../../core/db/contains';
import { fieldAccess } from '../../core/schemas/visibility';
import { HIERARCHY } from '../hierarchy';
import { imageUrl, type ImageTarget } from '../attachments';
import type { ImageSize } from '../../domain/image-rules';
import { CATALOG_IMAGE_TYPE } from '../../domain/catalog-rules';

const PATTERN = HIERARCHY[2];
const COLORWAY = HIERARCHY[3];

/** What a pattern tile and a colorway tile show (each only where the user may see the field). */
const PATTERN_FIELDS = [
  'PatternSeasonalId',
  'PatternId',
  'PatternName',
  'BrandId',
  'BrandName',
  'SeasonId',
  'SeasonName',
  'GenderKey',
  'GenderName',
  'StatusName',
  'ImageName',
  'PatternRowVersion',
];
const COLORWAY_FIELDS = [
  'PrototypeSeasonalId',
  'PrototypeId',
  'PrototypeName',
  'StockNum',
  'ColorKey',
  'ColorDesc',
  'StatusName',
  'ImageName',
  'PrototypeRowVersion',
];

type Row = Record<string, unknown>;

/** A record's product-image thumbnail URL (DOC-022's own address); none when it has no image or the user may not see its name. */
function withImageUrl(h: typeof PATTERN | typeof COLORWAY, row: Row, baseKey: string, stampField: string, size: ImageSize): Row {
  const { [stampField]: stamp, ...out } = row;
  if (!row.ImageName) return { ...out, ImageUrl: null };
  const target: ImageTarget = {
    h,
    id: row[h.key] as number,
    type: CATALOG_IMAGE_TYPE,
    field: 'ImageName',
    location: { level: h.level, recordId: row[baseKey] as number, type: CATALOG_IMAGE_TYPE },
  };
  return { ...out, ImageUrl: `${imageUrl(target)}&size=${size}&ts=${encodeURIComponent(String(stamp ?? 0))}` };
}

/** SQL builder state: conditions and their numbered parameters. */
function sqlParams() {
  const params: unknown[] = [];
  return {
    params,
    param: (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    },
  };
}

/** FROM/WHERE of the user's visible colorways of the pattern seasonal `patternSql` (brand and factory scope, not deleted). */
function visibleColorways(ctx: AppContext, user: SessionUser, p: ReturnType<typeof sqlParams>, patternSql = 'v.patternseasonalid') {
  const schema = ctx.schemas.entities.get(COLORWAY.entity)!;
  const s = scope(schema, user, p.params.length);
  p.params.push(...s.params);
  return `FROM ${viewOf(COLORWAY.entity)} c WHERE c.patternseasonalid = ${patternSql} AND NOT c.isdeleted${s.where.map((w) => ` AND c.${w}`).join('')}`;
}

export interface PatternFilters {
  BrandId?: number;
  SeasonId?: number;
  GenderKey?: string;
  PatternName?: string;
  PatternSeasonalId?: number;
}

/**
 * A page of pattern tiles in one statement: the matches (scope, filters, and for a factory user a
 * colorway of theirs), the page ordered by name, newest season first, then the shown fields and
 * the visible colorway count of the page's patterns only, with the total.
 */
export async function patternTiles(
  ctx: AppContext,
  user: SessionUser,
  f: PatternFilters,
  pageNumber: number,
  pageSize: number,
  size: ImageSize,
): Promise<Paged<Row>> {
  const schema = ctx.schemas.entities.get(PATTERN.entity)!;
  const { hidden } = fieldAccess(ctx.schemas, user, PATTERN.entity);
  const fields = PATTERN_FIELDS.filter((x) => !hidden.has(x));
  const p = sqlParams();
  const s = scope(schema, user, 0);
  p.params.push(...s.params);
  const where = [...s.where.map((w) => `v.${w}`), 'NOT v.isdeleted'];
  if (f.BrandId !== undefined) where.push(`v.brandid = ${p.param(f.BrandId)}`);
  if (f.SeasonId !== undefined) where.push(`v.seasonid = ${p.param(f.SeasonId)}`);
  if (f.GenderKey !== undefined) where.push(`v.genderkey = ${p.param(f.GenderKey)}`);
  if (f.PatternName) where.push(`v.patternname ILIKE ${p.param(containsPattern(f.PatternName))}`);
  if (f.PatternSeasonalId !== undefined) where.push(`v.patternseasonalid = ${p.param(f.PatternSeasonalId)}`);
  if (user.isFactoryUser) where.push(`EXISTS (SELECT 1 ${visibleColorways(ctx, user, p)})`);
  const count = `(SELECT count(*)::int ${visibleColorways(ctx, user, p)})`;
  const limit = p.param(pageSize);
  const offset = p.param((pageNumber - 1) * pageSize);
  // The page's keys in order, then their fields by key (an index lookup each, not a join over every pattern).
  const rows = await ctx.db.query<Row>(
    `WITH matches AS MATERIALIZED (
       SELECT v.patternseasonalid AS k, lower(v.patternname) AS n, se.sortorder AS o
         FROM ${viewOf(PATTERN.entity)} v LEFT JOIN seasons se ON se.seasonid = v.seasonid WHERE ${where.join(' AND ')}),
     page AS (SELECT k FROM matches ORDER BY n, o DESC NULLS LAST, k LIMIT ${limit} OFFSET ${offset})
     SELECT ${fields.map((x) => `v.${column(schema, x)} AS "${x}"`).join(', ')}, ${count} AS "ColorwayCount",
            (SELECT count(*)::int FROM matches) AS "$total"
       FROM ${viewOf(PATTERN.entity)} v WHERE v.patternseasonalid = ANY(ARRAY(SELECT k FROM page))
      ORDER BY array_position(ARRAY(SELECT k FROM page), v.patternseasonalid)`,
    p.params,
    { prepare: true },
  );
  // A page past the end has no row to carry the total: the matches are counted then (the first page never needs it).
  const total: number = rows.length ? (rows[0].$total as number) : pageNumber > 1 ? (await patternTiles(ctx, user, f, 1, 1, size)).TotalRecords : 0;
  const tiles = rows.map(({ $total: _t, ...row }) => withImageUrl(PATTERN, row, 'PatternId', 'PatternRowVersion', size));
  return paged(tiles, pageNumber, pageSize, total);
}

/** The colorways of one pattern the user may see, by name; a pattern the user may not see (or, a factory user, without a colorway of theirs) answers like a missing one. */
export async function patternColorways(ctx: AppContext, user: SessionUser, patternSeasonalId: number, size: ImageSize) {
  const {
    Results: [pattern],
  } = await patternTiles(ctx, user, { PatternSeasonalId: patternSeasonalId }, 1, 1, size);
  if (!pattern) throw recordNotFound();
  const schema = ctx.schemas.entities.get(COLORWAY.entity)!;
  const { hidden } = fieldAccess(ctx.schemas, user, COLORWAY.entity);
  const fields = COLORWAY_FIELDS.filter((x) => !hidden.has(x));
  const p = sqlParams();
  const from = visibleColorways(ctx, user, p, p.param(patternSeasonalId));
  const rows = await ctx.db.query<Row>(
    `SELECT ${fields.map((x) => `c.${column(schema, x)} AS "${x}"`).join(', ')} ${from} ORDER BY lower(c.prototypename), c.prototypeseasonalid`,
    p.params,
    { prepare: true },
  );
  return { Pattern: pattern, Prototypes: rows.map((row) => withImageUrl(COLORWAY, row, 'PrototypeId', 'PrototypeRowVersion', size)) };
}
