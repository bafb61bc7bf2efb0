/**
 * The carryover search (CARRY-006/007/008): the colorway seasonals of a brand and season as the
 * carryover grid shows them, with their regional volumes, prices and whether each has been carried
 * over already (carryoverExists, one indexed EXISTS per row of the page). A page and its total in
 * one statement. Fields hidden from the user (schemas/visibility) are left out of every row.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { forbidden } from '../../core/http/errors';
import { paged } from '../../core/records/paging';
import { fieldAccess } from '../../core/schemas/visibility';
import { REGIONAL_VOLUMES } from '../../domain/volume-totals';
import { CARRY_TEXT } from '../../domain/carryover';

export interface CarryoverSearch {
  BrandId: number;
  SeasonId: number;
  pageNumber?: number;
  pageSize?: number;
  /** true: only colorways not carried over yet (ADR 025). */
  CarryoverData?: boolean;
  /** true: the rows carry their pattern (name and seasonal id). */
  IncludePatternLevel?: boolean;
  /** Only these colorway seasonals (the review and final steps). */
  PrototypeSeasonalIds?: number[];
  /** Stock number, colorway, pattern or colour contains this text. */
  SearchText?: string;
}

const COLUMNS: [string, string][] = [
  ['PrototypeSeasonalId', 's.prototypeseasonalid'],
  ['PrototypeId', 's.prototypeid'],
  ['SeasonId', 's.seasonid'],
  ['SeasonName', 'se.seasonname'],
  ['BrandId', 'p.brandid'],
  ['StockNum', 'p.stocknum'],
  ['PrototypeName', 'p.prototypename'],
  ['StatusId', 's.statusid'],
  ['StatusName', 'st.statusname'],
  ['GenderName', 'ge.gendername'],
  ['FactNameKy', 's.factnameky'],
  ['FactName', 's.factname'],
  ['CtryOfOrig', 's.ctryoforig'],
  ['ColorDesc', 'p.colordesc'],
  ...REGIONAL_VOLUMES.map((f): [string, string] => [f, `s.${f.toLowerCase()}`]),
  ['IntnlVolume', 's.intnlvolume'],
  ['TotalVolume', 's.totalvolume'],
  ['ActPurPrice', 's.actpurprice'],
  ['EstPurPrice', 's.estpurprice'],
];
const PATTERN_COLUMNS: [string, string][] = [
  ['PatternSeasonalId', 's.patternseasonalid'],
  ['PatternName', 'pa.patternname'],
];
const MONEY = new Set(['ActPurPrice', 'EstPurPrice']);

export async function searchCarryover(ctx: AppContext, user: SessionUser, req: CarryoverSearch) {
  if (user.isFactoryUser) throw forbidden(CARRY_TEXT.factoryUser);
  const pageNumber = req.pageNumber ?? 1;
  const pageSize = req.pageSize ?? 50;
  const { hidden } = fieldAccess(ctx.schemas, user, 'colorway');
  const columns = [...COLUMNS, ...(req.IncludePatternLevel ? PATTERN_COLUMNS : [])].filter(([f]) => !hidden.has(f));
  const params: unknown[] = [req.BrandId, req.SeasonId];
  const where = ['p.brandid = $1', 's.seasonid = $2', 'NOT s.isdeleted'];
  const carried = 'EXISTS (SELECT 1 FROM prototype_seasonals c WHERE c.carriedfromseasonalid = s.prototypeseasonalid AND NOT c.isdeleted)';
  if (req.CarryoverData) where.push(`NOT ${carried}`);
  if (req.PrototypeSeasonalIds) {
    params.push(req.PrototypeSeasonalIds);
    where.push(`s.prototypeseasonalid = ANY($${params.length}::int[])`);
  }
  const text = req.SearchText?.trim();
  if (text) {
    params.push(`%${text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    const n = params.length;
    where.push(`(lower(p.stocknum) LIKE $${n} OR lower(p.prototypename) LIKE $${n} OR lower(pa.patternname) LIKE $${n} OR lower(p.colordesc) LIKE $${n})`);
  }
  params.push(pageSize, (pageNumber - 1) * pageSize);
  const rows = await ctx.db.query<Record<string, unknown>>(
    `SELECT ${columns.map(([f, c]) => `${c} AS "${f}"`).join(', ')}, ${carried} AS "CarryoverExists", count(*) OVER ()::int AS "__total"
       FROM prototype_seasonals s
       JOIN prototypes p ON p.prototypeid = s.prototypeid
       JOIN patterns pa ON pa.patternid = p.patternid
       JOIN seasons se ON se.seasonid = s.seasonid
       LEFT JOIN statuses st ON st.statusid = s.statusid
       LEFT JOIN genders ge ON ge.genderkey = pa.genderkey
      WHERE ${where.join(' AND ')}
      ORDER BY p.stocknum NULLS LAST, lower(p.prototypename), s.prototypeseasonalid
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  const total = (rows[0]?.__total as number | undefined) ?? 0;
  const results = rows.map((r) => {
    delete r.__total;
    for (const f of MONEY) if (r[f] !== null && r[f] !== undefined) r[f] = Number(r[f]);
    return r;
  });
  return paged(results, pageNumber, pageSize, total);
}
