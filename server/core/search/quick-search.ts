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
import { QUICK_SEARCH_MIN } from '../../domain/quick-search';
import { fieldAccess } from '../schemas/visibility';
import { colorwayMatchFields, CONTAINS_MIN, fieldMatch, matchingFactories, prefixMatch, quickText } from './quick-match';

export const COLORWAY_LIMIT = 10;
export const PATTERN_LIMIT = 5;
export const PATTERNS_WHEN_AT_MOST = 5;
/** Shortest text searched (shorter is a 400; shared with the nav bar: server/domain). */
export { QUICK_SEARCH_MIN };
/** Candidates per way of matching: more than COLORWAY_LIMIT, so the best are among them. */
const PER_SOURCE = 20;
/** Index matches a candidate query reads at most, before scope. */
const INDEX_CAP = 250;

/** The answer's fields, read from the tables as the views read them (the views' many joins cost planning time). */
const PROTOTYPE_SQL = {
  PrototypeSeasonalId: 'ps.prototypeseasonalid',
  FactNameKy: 'ps.factnameky',
  StockNum: 'p.stocknum',
  PrototypeName: 'p.prototypename',
  PatternName: 'pa.patternname',
  ColorDesc: 'p.colordesc',
  SeasonName: 'se.seasonname',
  BrandName: 'br.brandname',
  FactName: 'ps.factname',
} as const;
const PATTERN_SQL = {
  PatternSeasonalId: 'pas.patternseasonalid',
  PatternName: 'pa.patternname',
  SeasonName: 'se.seasonname',
  BrandName: 'br.brandname',
} as const;
export const PROTOTYPE_FIELDS = Object.keys(PROTOTYPE_SQL) as (keyof typeof PROTOTYPE_SQL)[];
export const PATTERN_FIELDS = Object.keys(PATTERN_SQL) as (keyof typeof PATTERN_SQL)[];

/** The SELECT list of the fields the user may see. */
const visibleSelect = (sqlOf: Record<string, string>, hidden: Set<string>) =>
  Object.entries(sqlOf)
    .filter(([f]) => !hidden.has(f))
    .map(([f, sql]) => `${sql} AS "${f}"`)
    .join(', ');

/** The user's profile defaults a search with useDefaults keeps to (each when set). */
export interface QuickDefaults {
  brandId?: number | null;
  seasonId?: number | null;
  divisionKey?: string | null;
}

export interface QuickSearchAnswer {
  Prototypes: Record<string, unknown>[];
  Patterns: Record<string, unknown>[];
}

type Param = (value: unknown) => string;

/** The defaults of the profile, and whether it asks quick search to use them. */
export async function profileDefaults(ctx: AppContext, user: SessionUser): Promise<QuickDefaults & { use: boolean }> {
  const [u] = await ctx.db.query('SELECT defaultbrandid, defaultseasonid, defaultdivisionkey, usedefaultsinquicksearch FROM users WHERE userid = $1', [
    user.userId,
  ]);
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

/**
 * The candidate queries of the colorways, each `(id, rank, sn, nm)`, in a UNION ALL. Each reads at
 * most `INDEX_CAP` index matches before scope: in a scope holding a small share of the data (a
 * factory user, one brand of many) a very common text then shows fewer colorways than match (the
 * Search entry lists them all), but no text makes a search read more than the cap.
 */
function colorwayCandidates(ctx: AppContext, user: SessionUser, text: string, defaults: QuickDefaults | undefined, param: Param): string | undefined {
  const fields = colorwayMatchFields(ctx, user);
  const scoped = colorwayScope(user, defaults, param);
  const short = quickText(text).length < CONTAINS_MIN;
  const m = fieldMatch(text, param);
  // Stock number (exactly, and at its start) and name (at its start) for any text.
  const starts = prefixMatch(text, param);
  const sources: string[] = [];
  const prototypes = (cond: string) =>
    `(SELECT prototypeid, patternid, brandid, divisionkey, stocknum, prototypename FROM prototypes WHERE ${cond} LIMIT ${INDEX_CAP}) p`;
  const add = (rank: string, from: string, where = 'true') =>
    sources.push(`(SELECT ps.prototypeseasonalid AS id, ${rank} AS rank, p.stocknum AS sn, p.prototypename AS nm
                   FROM ${from} JOIN prototype_seasonals ps ON ps.prototypeid = p.prototypeid WHERE ${where} AND ${scoped} LIMIT ${PER_SOURCE})`);
  // No ORDER BY in a capped read: a sort would read every match first.
  if (fields.stockNum) add('0', prototypes(`lower(stocknum) = lower(${param(quickText(text))})`));
  if (fields.stockNum) add('1', prototypes(starts('stocknum')));
  if (fields.name) add('2', prototypes(starts('prototypename')));
  // Stock number anywhere only when none of the user's brands starts with the text: stock numbers
  // share most of their trigrams, so that index scan is the costly one (an uncorrelated NOT EXISTS:
  // a one-time filter).
  if (!short && fields.stockNum) {
    add(
      '3',
      prototypes(
        `${m('stocknum')} AND NOT EXISTS (SELECT 1 FROM prototypes s WHERE ${starts('s.stocknum')} AND s.brandid = ANY(${param([...user.brandIds])}::int[]) LIMIT 1)`,
      ),
    );
  }
  if (!short && fields.name) add('4', prototypes(m('prototypename')));
  if (fields.colorDesc) add('5', prototypes(m('colordesc')));
  if (fields.patternName) {
    add('5', `(SELECT patternid FROM patterns WHERE ${m('patternname')} LIMIT ${INDEX_CAP / 5}) pa JOIN prototypes p ON p.patternid = pa.patternid`);
  }
  const factories = matchingFactories(fields, text, m, param);
  if (factories) add('6', 'prototypes p', `ps.factnameky IN (${factories})`);
  return sources.length ? sources.join(' UNION ALL ') : undefined;
}

async function colorways(ctx: AppContext, user: SessionUser, text: string, defaults: QuickDefaults | undefined) {
  if (!can(user, 'colorway', 'read')) return { rows: [], matched: 0 };
  const params: unknown[] = [];
  const param: Param = (v) => {
    params.push(v);
    return `$${params.length}`;
  };
  const candidates = colorwayCandidates(ctx, user, text, defaults, param);
  if (!candidates) return { rows: [], matched: 0 };
  const select = visibleSelect(PROTOTYPE_SQL, fieldAccess(ctx.schemas, user, 'colorway').hidden);
  // The best ids by rank, then the shown fields of those only.
  const rows = await ctx.db.query(
    `WITH hit AS (${candidates}),
      best AS (SELECT id, min(rank) AS rank, min(sn) AS sn, min(nm) AS nm FROM hit GROUP BY id),
      top AS MATERIALIZED (SELECT id, row_number() OVER (ORDER BY rank, sn NULLS LAST, nm, id) AS pos FROM best ORDER BY pos LIMIT ${COLORWAY_LIMIT})
    SELECT ${select}, (SELECT count(*)::int FROM best) AS "$matched"
      FROM top t JOIN prototype_seasonals ps ON ps.prototypeseasonalid = t.id JOIN prototypes p ON p.prototypeid = ps.prototypeid
      LEFT JOIN patterns pa ON pa.patternid = p.patternid LEFT JOIN seasons se ON se.seasonid = ps.seasonid LEFT JOIN brands br ON br.brandid = p.brandid
     ORDER BY t.pos`,
    params,
  );
  const matched = rows.length ? Number(rows[0].$matched) : 0;
  return { rows: rows.map(({ $matched: _m, ...r }) => r), matched };
}

async function patterns(ctx: AppContext, user: SessionUser, text: string, defaults: QuickDefaults | undefined) {
  if (!can(user, 'pattern', 'read') || fieldAccess(ctx.schemas, user, 'pattern').hidden.has('PatternName')) return [];
  const params: unknown[] = [];
  const param: Param = (v) => {
    params.push(v);
    return `$${params.length}`;
  };
  const m = fieldMatch(text, param);
  const where = [`pa.brandid = ANY(${param([...user.brandIds])}::int[])`, 'NOT pas.isdeleted'];
  if (defaults?.brandId != null) where.push(`pa.brandid = ${param(defaults.brandId)}::int`);
  if (defaults?.seasonId != null) where.push(`pas.seasonid = ${param(defaults.seasonId)}::int`);
  // A factory user sees a pattern through its colorways made in their factories.
  if (user.isFactoryUser) {
    where.push(`EXISTS (SELECT 1 FROM prototype_seasonals ps WHERE ps.patternseasonalid = pas.patternseasonalid
                   AND NOT ps.isdeleted AND ps.factnameky = ANY(${param([...user.factoryKeys])}::text[]))`);
  }
  const select = visibleSelect(PATTERN_SQL, fieldAccess(ctx.schemas, user, 'pattern').hidden);
  const start = prefixMatch(text, param);
  // At most INDEX_CAP names starting with the text and as many anywhere.
  const named = (cond: string) => `(SELECT patternid, patternname, brandid FROM patterns WHERE ${cond} LIMIT ${INDEX_CAP})`;
  return ctx.db.query(
    `WITH hit AS (SELECT pas.patternseasonalid AS id, CASE WHEN ${start('pa.patternname')} THEN 0 ELSE 1 END AS rank,
                                           pa.patternname AS nm, pas.seasonid AS season
                                      FROM (${named(start('patternname'))} UNION ${named(m('patternname'))}) pa
                                      JOIN pattern_seasonals pas ON pas.patternid = pa.patternid
                                     WHERE ${where.join(' AND ')} LIMIT ${PER_SOURCE * 5}),
      top AS MATERIALIZED (SELECT id, row_number() OVER (ORDER BY rank, nm, season DESC, id) AS pos FROM hit ORDER BY pos LIMIT ${PATTERN_LIMIT})
    SELECT ${select} FROM top t JOIN pattern_seasonals pas ON pas.patternseasonalid = t.id JOIN patterns pa ON pa.patternid = pas.patternid
      LEFT JOIN seasons se ON se.seasonid = pas.seasonid LEFT JOIN brands br ON br.brandid = pa.brandid
     ORDER BY t.pos`,
    params,
  );
}

/** The quick-search answer (SHELL-009). `defaults`: keep to the user's default brand, season and division. */
export async function quickSearch(ctx: AppContext, user: SessionUser, text: string, defaults?: QuickDefaults): Promise<QuickSearchAnswer> {
  const found = await colorways(ctx, user, text, defaults);
  const Patterns = found.matched <= PATTERNS_WHEN_AT_MOST ? await patterns(ctx, user, text, defaults) : [];
  return { Prototypes: found.rows, Patterns };
}
