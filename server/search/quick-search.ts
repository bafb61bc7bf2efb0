/**
 * The nav bar's quick search (SHELL-007..012, DECISIONS SHELL-012, ADR 019): a handful of the
 * colorways and patterns a text matches, most relevant first, in the user's scope.
 *
 * Colorways: each way of matching (quick-match.ts) is its own candidate query, served by its index,
 * scoped (brand; factory for factory users; not deleted; the user's defaults when asked) and
 * LIMITed, so no search reads all colorways; the candidates are ranked — exact stock number, stock
 * number prefix, colorway name prefix, then stock number, name, colour, pattern and factory
 * anywhere — and the best `COLORWAY_LIMIT` are read with the fields the user may see.
 * Patterns (by name) only when `PATTERNS_WHEN_AT_MOST` colorways or fewer match (SHELL-010).
 */
import { can, type SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import { column } from '../records/read';
import { fieldAccess } from '../schemas/visibility';
import { colorwayMatchFields, CONTAINS_MIN, fieldMatch, matchingFactories, prefixMatch, quickText } from './quick-match';

export const COLORWAY_LIMIT = 10;
export const PATTERN_LIMIT = 5;
export const PATTERNS_WHEN_AT_MOST = 5;
/** Shortest text searched (shorter is a 400). */
export const QUICK_SEARCH_MIN = 2;
/** Candidates per way of matching: more than COLORWAY_LIMIT, so the best are among them. */
const PER_SOURCE = 20;

export const PROTOTYPE_FIELDS = ['PrototypeSeasonalId', 'FactNameKy', 'StockNum', 'PrototypeName', 'PatternName', 'ColorDesc', 'SeasonName', 'BrandName', 'FactName'] as const;
export const PATTERN_FIELDS = ['PatternSeasonalId', 'PatternName', 'SeasonName', 'BrandName'] as const;

/** The user's profile defaults a search with useDefaults keeps to (each when set). */
export interface QuickDefaults { brandId?: number | null; seasonId?: number | null; divisionKey?: string | null }

export interface QuickSearchAnswer { Prototypes: Record<string, unknown>[]; Patterns: Record<string, unknown>[] }

type Param = (value: unknown) => string;

/** The defaults of the profile, and whether it asks quick search to use them. */
export async function profileDefaults(ctx: AppContext, user: SessionUser): Promise<QuickDefaults & { use: boolean }> {
  const [u] = await ctx.db.query(
    'SELECT defaultbrandid, defaultseasonid, defaultdivisionkey, usedefaultsinquicksearch FROM users WHERE userid = $1', [user.userId]);
  return { brandId: u?.defaultbrandid, seasonId: u?.defaultseasonid, divisionKey: u?.defaultdivisionkey, use: u?.usedefaultsinquicksearch === true };
}

/** Scope of a colorway candidate (prototypes p joined to prototype_seasonals ps). */
function colorwayScope(user: SessionUser, defaults: QuickDefaults | undefined, param: Param): string {
  const where = [`p.brandid = ANY(${param([...user.brandIds])}::int[])`, 'NOT ps.isdeleted'];
  if (user.isFactoryUser) where.push(`ps.factnameky = ANY(${param([...user.factoryKeys])}::text[])`);
  if (defaults?.brandId != null) where.push(`p.brandid = ${param(defaults.brandId)}::int`);
  if (defaults?.seasonId != null) where.push(`ps.seasonid = ${param(defaults.seasonId)}::int`);
  if (defaults?.divisionKey != null) where.push(`p.divisionkey = ${param(defaults.divisionKey)}::text`);
  return where.join(' AND ');
}

/** The candidate queries of the colorways, each `(id, rank)`, in a UNION ALL. */
function colorwayCandidates(ctx: AppContext, user: SessionUser, text: string, defaults: QuickDefaults | undefined, param: Param): string | undefined {
  const fields = colorwayMatchFields(ctx, user);
  const scoped = colorwayScope(user, defaults, param);
  const short = quickText(text).length < CONTAINS_MIN;
  const m = fieldMatch(text, param);
  // Stock number and name also match at their start for any text, in index order (exact first).
  const starts = prefixMatch(text, param);
  const from = 'prototypes p JOIN prototype_seasonals ps ON ps.prototypeid = p.prototypeid';
  const sources: string[] = [];
  const add = (rank: string, cond: string, order = '', joins = from) =>
    sources.push(`(SELECT ps.prototypeseasonalid AS id, ${rank} AS rank FROM ${joins} WHERE ${cond} AND ${scoped} ${order} LIMIT ${PER_SOURCE})`);
  const exact = param(quickText(text));
  if (fields.stockNum) add(`CASE WHEN lower(p.stocknum) = lower(${exact}) THEN 0 ELSE 1 END`, starts('p.stocknum'), 'ORDER BY lower(p.stocknum) USING ~<~');
  if (fields.name) add('2', starts('p.prototypename'), 'ORDER BY lower(p.prototypename) USING ~<~');
  if (!short && fields.stockNum) add('3', m('p.stocknum'));
  if (!short && fields.name) add('4', m('p.prototypename'));
  if (fields.colorDesc) add('5', m('p.colordesc'));
  if (fields.patternName) add('5', m('pa.patternname'), '', `patterns pa JOIN prototypes p ON p.patternid = pa.patternid JOIN prototype_seasonals ps ON ps.prototypeid = p.prototypeid`);
  const factories = matchingFactories(fields, text, m, param);
  if (factories) add('6', `ps.factnameky IN (${factories})`);
  return sources.length ? sources.join(' UNION ALL ') : undefined;
}

async function colorways(ctx: AppContext, user: SessionUser, text: string, defaults: QuickDefaults | undefined) {
  if (!can(user, 'colorway', 'read')) return { rows: [], matched: 0 };
  const params: unknown[] = [];
  const param: Param = (v) => { params.push(v); return `$${params.length}`; };
  const candidates = colorwayCandidates(ctx, user, text, defaults, param);
  if (!candidates) return { rows: [], matched: 0 };
  const schema = ctx.schemas.entities.get('colorway')!;
  const { hidden } = fieldAccess(ctx.schemas, user, 'colorway');
  const fields = PROTOTYPE_FIELDS.filter((f) => !hidden.has(f));
  const select = fields.map((f) => `v.${column(schema, f)} AS "${f}"`).join(', ');
  // The best ids by rank; one more than shown tells whether more than PATTERNS_WHEN_AT_MOST matched.
  const rows = await ctx.db.query(`WITH hit AS (${candidates}),
      best AS (SELECT id, min(rank) AS rank FROM hit GROUP BY id),
      matched AS (SELECT count(*)::int AS n FROM best)
    SELECT ${select}, (SELECT n FROM matched) AS "$matched"
      FROM best b JOIN colorway_view v ON v.prototypeseasonalid = b.id
     ORDER BY b.rank, v.stocknum NULLS LAST, v.prototypename, v.prototypeseasonalid
     LIMIT ${COLORWAY_LIMIT}`, params);
  const matched = rows.length ? Number(rows[0].$matched) : 0;
  return { rows: rows.map(({ $matched: _m, ...r }) => r), matched };
}

async function patterns(ctx: AppContext, user: SessionUser, text: string, defaults: QuickDefaults | undefined) {
  if (!can(user, 'pattern', 'read') || fieldAccess(ctx.schemas, user, 'pattern').hidden.has('PatternName')) return [];
  const params: unknown[] = [];
  const param: Param = (v) => { params.push(v); return `$${params.length}`; };
  const m = fieldMatch(text, param);
  const where = [m('pa.patternname'), `pa.brandid = ANY(${param([...user.brandIds])}::int[])`, 'NOT pas.isdeleted'];
  if (defaults?.brandId != null) where.push(`pa.brandid = ${param(defaults.brandId)}::int`);
  if (defaults?.seasonId != null) where.push(`pas.seasonid = ${param(defaults.seasonId)}::int`);
  // A factory user sees a pattern through its colorways made in their factories.
  if (user.isFactoryUser) {
    where.push(`EXISTS (SELECT 1 FROM prototype_seasonals ps WHERE ps.patternseasonalid = pas.patternseasonalid
                   AND NOT ps.isdeleted AND ps.factnameky = ANY(${param([...user.factoryKeys])}::text[]))`);
  }
  const schema = ctx.schemas.entities.get('pattern')!;
  const { hidden } = fieldAccess(ctx.schemas, user, 'pattern');
  const select = PATTERN_FIELDS.filter((f) => !hidden.has(f)).map((f) => `v.${column(schema, f)} AS "${f}"`).join(', ');
  const start = prefixMatch(text, param);
  return ctx.db.query(`WITH hit AS (SELECT pas.patternseasonalid AS id, CASE WHEN ${start('pa.patternname')} THEN 0 ELSE 1 END AS rank
                                      FROM patterns pa JOIN pattern_seasonals pas ON pas.patternid = pa.patternid
                                     WHERE ${where.join(' AND ')} LIMIT ${PER_SOURCE * 5})
    SELECT ${select} FROM hit h JOIN pattern_view v ON v.patternseasonalid = h.id
     ORDER BY h.rank, v.patternname, v.seasonname, v.patternseasonalid LIMIT ${PATTERN_LIMIT}`, params);
}

/** The quick-search answer (SHELL-009). `defaults`: keep to the user's default brand, season and division. */
export async function quickSearch(ctx: AppContext, user: SessionUser, text: string, defaults?: QuickDefaults): Promise<QuickSearchAnswer> {
  const found = await colorways(ctx, user, text, defaults);
  const Patterns = found.matched <= PATTERNS_WHEN_AT_MOST ? await patterns(ctx, user, text, defaults) : [];
  return { Prototypes: found.rows, Patterns };
}
