/**
 * The SQL statements behind a page of records (searchStatements) and the names of the references
 * its rows carry; the plan that picks between their forms is search.ts's.
 */
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import type { EntitySchema } from '../schemas/documents';
import { badRequest } from '../http/errors';
import { column, jsonValueSql, viewOf, visibleColumns } from './columns';
import { countCap, fixedBy, searchWhere, type ExtraFilters, type SearchRequest, type SearchSource } from './search-criteria';
import { REFERENCE_SOURCES, nameFieldOf, referenceOf, withNameFields, withReferenceNames } from './references';

export type PagePlan = 'index' | 'lookup' | 'all' | 'walk';

/** Pages deeper than this many rows are sorted from every match (the lookup path walks offset + size rows per name). */
const LOOKUP_SORT_DEPTH = 1_000;

/**
 * A sort by the name of a small lookup the record references (status, season, brand, product type,
 * gender): the lookup's rows, each with its first matches by key (an index on the reference and the
 * key), merged by name then key — the same order as sorting every match, reading at most (lookup
 * rows + 1) × (offset + page size) keys. Rows without the reference (no name) come last. Undefined
 * when the sort field is not such a name (the source's label must be a plain column, the view's own;
 * the reference in the key's own table, indexed with the key: 019_search_indexes.sql).
 */
function lookupSortSql(schema: EntitySchema, user: SessionUser, sort: string, req: Partial<SearchRequest>, param: (v: unknown) => string) {
  const field = Object.keys(schema.properties).find((f) => {
    const ref = referenceOf(schema.properties[f]);
    return ref && schema.properties[f].type !== 'array' && nameFieldOf(f, ref) === sort;
  });
  const src = field ? REFERENCE_SOURCES[referenceOf(schema.properties[field])!.source] : undefined;
  if (!field || !src || src.entity || !/^\w+\.\w+$/.test(src.label) || src.label.split('.')[1] !== column(schema, sort)) return undefined;
  // Only a reference held beside the key has an index of (reference, key) to read each name's first keys from.
  const tables = Object.keys(schema['x-tables'] ?? {});
  if (schema.properties[field]['x-table'] !== tables[tables.length - 1]) return undefined;
  const where: string[] = [];
  if (src.brand) {
    where.push(`${src.brand} = ANY(${param([...user.brandIds])})`);
    if (req.BrandId !== undefined && field !== 'BrandId') where.push(`${src.brand} = ${param(req.BrandId)}`);
  }
  const own = field === 'BrandId' ? req.BrandId : field === 'SeasonId' ? req.SeasonId : undefined;
  if (own !== undefined) where.push(`${src.id} = ${param(own)}`);
  return {
    refColumn: column(schema, field),
    lookup: `SELECT ${src.id} AS id, ${src.label} AS label FROM ${src.from}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
  };
}

/**
 * The statements behind a page of records: its rows and the count of all matches, each with
 * parameters only (page size and offset too), so their text repeats and they are prepared.
 * `json`: the page as one JSON text built by the database (grids: no per-row work in JS), with
 * the ids of the references the view does not name, and the count of up to `exactCountLimit() + 1`
 * matches (`estimate` beyond). `plan`, chosen by pagePlan: 'index' reads the page by ORDER BY … LIMIT
 * over the view; 'lookup' (many matches) walks the lookup of a name sort (lookupSortSql); 'all'
 * (criteria expected to match few) sorts every match.
 */
export function searchStatements(
  ctx: AppContext,
  user: SessionUser,
  entity: string,
  keyField: string,
  req: SearchRequest,
  only?: string[],
  extra: ExtraFilters = {},
  plan: PagePlan = 'index',
  source?: SearchSource,
  counted = true,
) {
  const { schema, fields, select } = visibleColumns(ctx, user, entity, only);
  const { whereSql, params, walk, estimateSql, everyBrandEstimateSql } = searchWhere(schema, user, keyField, req, extra, source);
  const sort = req.sortColumn ?? keyField;
  if (!fields.includes(sort)) throw badRequest(`Cannot sort by '${sort}'.`, [{ Field: '/sortColumn', Message: 'Unknown column.' }]);
  const dir = req.sortDirection.toUpperCase() === 'DESC' ? 'DESC' : 'ASC';
  const n = params.length;
  const key = column(schema, keyField);
  const view = viewOf(entity);
  // The matches' keys from the search table when it serves the search (searchSource), under the view's
  // name so that every condition written for the view reads it; the shown fields from the view.
  const from = source ? `${source.table} AS ${view}` : view;
  // A sort column the criteria fix (every match has the same value) orders by the key alone: the same
  // order, without reading the sort index past every other value (status = Released sorted by status name).
  const sortKeys = fixedBy(schema, sort, req, extra) ? key : `${column(schema, sort)} ${dir} NULLS LAST, ${key}`;
  const order = `ORDER BY ${sortKeys}`;
  // All matches' keys and sort values in one pass over the view narrowed to the filter and sort
  // columns (PostgreSQL drops the joins nothing refers to; unordered, it joins the cheapest way),
  // counted and sorted from there; then the shown fields, names and all, for the page's keys only.
  const matches = `WITH matches AS MATERIALIZED (SELECT ${key} AS "$key", ${column(schema, sort)} AS "$sort" FROM ${from} ${whereSql}),
                 page AS (SELECT "$key" FROM matches ORDER BY "$sort" ${dir} NULLS LAST, "$key" LIMIT $${n + 1} OFFSET $${n + 2})`;
  const onPage = `${key} = ANY(ARRAY(SELECT "$key" FROM page))`;
  // Page 0 or below is the first page (a negative OFFSET is an error on PostgreSQL), for every caller; no page size: every match.
  const paging = [req.pageSize > 0 ? req.pageSize : null, req.pageSize > 0 ? (Math.max(1, req.pageNumber) - 1) * req.pageSize : 0];
  const refs = namedReferences(schema, fields);
  const jsonSelect = fields.map((f) => `${jsonValueSql(schema, f)} AS "${f}"`).join(', ');
  // The grid page: its keys straight from ORDER BY … LIMIT over the view (an index on the sort
  // column, or a lookup's names, serves the first pages without sorting every match), the count capped.
  const gridParams = [...params, ...paging];
  const gridParam = (v: unknown) => {
    gridParams.push(v);
    return `$${gridParams.length}`;
  };
  // Sorting every match (plan 'all') counts them all as well; `counted` false: no count (the caller's estimate).
  const capped =
    plan === 'all'
      ? '(SELECT count(*)::int FROM matches)'
      : !counted
        ? 'NULL::int'
        : `(SELECT count(*)::int FROM (SELECT 1 FROM ${from} ${whereSql} LIMIT ${gridParam(countCap(req))}) c)`;
  const depth = (paging[0] ?? Infinity) + (paging[1] ?? 0);
  const lookup = plan === 'lookup' && depth <= LOOKUP_SORT_DEPTH ? lookupSortSql(schema, user, sort, req, gridParam) : undefined;
  const and = whereSql ? `${whereSql} AND` : 'WHERE';
  // Each name's keys ordered by (reference, key), read from that index, never from the key's own index
  // filtered (which walks every row when a name has no match). The reference as a range of one value:
  // an equality would make the planner drop the reference from the order and pick the key's index.
  // The brand walk (a search table's indexes are (brand, sort column, key) per direction): each brand's
  // first (offset + size) keys in sort order, merged — the page's exact order, reading at most
  // brands × (offset + size) index rows. The brands: the criterion's, else the user's. The brand as a
  // range of one value, first in the order: only a (brand, …) index gives that order (an equality
  // lets the planner drop it and walk the key's index past every other brand's rows).
  const brands = plan === 'walk' ? gridParam(req.BrandId !== undefined ? [req.BrandId] : [...user.brandIds]) : '';
  const brandCol = column(schema, schema['x-brandField'] ?? 'BrandId');
  const pageSql =
    plan === 'walk' && walk
      ? textWalk(walk, {
          key,
          sort: column(schema, sort),
          from,
          brandCol,
          sortKeys,
          dir,
          brands,
          depth: gridParam(depth),
          reads: gridParam(textWalkReads(depth)),
          n,
        })
      : plan === 'walk'
        ? `page AS (SELECT "$key" FROM (
         SELECT m.* FROM unnest(${brands}::int[]) b(id)
           CROSS JOIN LATERAL (SELECT ${key} AS "$key", ${column(schema, sort)} AS "$sort" FROM ${from} ${and} ${brandCol} >= b.id AND ${brandCol} <= b.id
             ORDER BY ${brandCol}, ${sortKeys} LIMIT ${gridParam(depth)}) m
       ) x ORDER BY "$sort" ${dir} NULLS LAST, "$key" LIMIT $${n + 1} OFFSET $${n + 2})`
        : lookup
          ? `page AS (SELECT "$key" FROM (
         SELECT l.label AS "$sort", m."$key" FROM (${lookup.lookup}) l
           CROSS JOIN LATERAL (SELECT ${key} AS "$key" FROM ${view} ${and} ${lookup.refColumn} >= l.id AND ${lookup.refColumn} <= l.id ORDER BY ${lookup.refColumn}, ${key} LIMIT ${gridParam(depth)}) m
         UNION ALL
         SELECT NULL, "$key" FROM (SELECT ${key} AS "$key" FROM ${view} ${and} ${lookup.refColumn} IS NULL ORDER BY ${key} LIMIT $${gridParams.length}) z
       ) x ORDER BY "$sort" ${dir} NULLS LAST, "$key" LIMIT $${n + 1} OFFSET $${n + 2})`
          : plan === 'all'
            ? matches.replace(/^WITH /, '')
            : `page AS (SELECT ${key} AS "$key" FROM ${from} ${whereSql} ${order} LIMIT $${n + 1} OFFSET $${n + 2})`;
  const count = { sql: `SELECT count(*)::int AS n FROM ${from} ${whereSql}`, params };
  // Whether a lookup's name could serve this sort (plan 'lookup').
  const byLookup = !!lookupSortSql(schema, user, sort, req, () => '$0') && depth <= LOOKUP_SORT_DEPTH;
  const json = {
    sql: `WITH ${pageSql}, shown AS MATERIALIZED (SELECT ${jsonSelect} FROM ${view} WHERE ${onPage} ${order})
          SELECT ${capped} AS total, (SELECT coalesce(json_agg(r), '[]')::text FROM shown r) AS rows
                 ${refs.map((r) => `, (SELECT array_agg(DISTINCT "${r.field}") FROM shown) AS "${r.field}"`).join('')}`,
    params: gridParams,
  };
  // The planner's estimate of the matches (EXPLAIN's rows), for a total beyond exactCountLimit.
  const estimate = { sql: `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from} ${estimateSql}`, params };
  // The same for a user who holds every brand (search.ts estimatedRows).
  const everyBrandEstimate = everyBrandEstimateSql && { sql: `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from} ${everyBrandEstimateSql}`, params };
  return {
    /** The fields the statements select (the visible ones of `only`). */
    fields,
    count,
    // A page past the end has no rows to carry the count: `count` then.
    rows: {
      sql: `${matches}
            SELECT ${select}, (SELECT count(*)::int FROM matches) AS "$total" FROM ${view} WHERE ${onPage} ${order}`,
      params: [...params, ...paging],
    },
    /** References the view does not name (named by `referenceNameMap`). */
    references: refs,
    /** The distinct ids of those references among the matches of the page, per field (arrays). */
    referenceIds: refs.length
      ? {
          sql: `${matches} SELECT ${refs.map((r) => `array_agg(DISTINCT ${column(schema, r.field)}) AS "${r.field}"`).join(', ')} FROM ${view} WHERE ${onPage}`,
          params: [...params, ...paging],
        }
      : undefined,
    // The page's rows as one JSON text, with the distinct ids of the references to name (`references`).
    json,
    estimate,
    everyBrandEstimate,
    byLookup,
    /** Every match's key in order (an export reads the rows in chunks of these). */
    keys: { sql: `${matches} SELECT ARRAY(SELECT "$key" FROM page) AS keys`, params: [...params, null, 0] },
  };
}

/**
 * A /Search text walks each brand's sort index for at most this many rows per row of the page's depth
 * (and never fewer than 1,000): a word on 1 row in 20 (5 %) spread over the order finds its matches
 * within them; a brand it is rare in, absent from, or late in the order of, is read from the text's index.
 * SEARCH_TEXT_WALK_READS sets the rows per brand (tests); read per call.
 */
const TEXT_WALK_READS = 20;
const textWalkReads = (depth: number) => {
  const n = Number(process.env.SEARCH_TEXT_WALK_READS);
  return Number.isInteger(n) && n > 0 ? n : Math.max(1_000, TEXT_WALK_READS * (Number.isFinite(depth) ? depth : 50));
};

/**
 * The page of a text walk (plan 'walk' with a row test, issue 31): each brand's first `reads` rows in
 * sort order, the text tested on each; a brand whose rows ran out or that gave `depth` matches within
 * them has its first matches there. Every other brand's matches come from the text's trigram index
 * (with the brand), all sorted: a word rare in a brand, or absent from it, or found only late in the
 * sort order (a pattern name's first word sorted by pattern name) would make the walk read the whole
 * brand. Both together are exactly every brand's first `depth` matches in order, merged for the page.
 * The text is a column of the walked rows, not a condition on them: the planner cannot trade the walk
 * for the text's index (every brand's matches, read for each brand), and the LIMIT counts rows read.
 */
function textWalk(
  walk: { whereSql: string; rowTests: string; ofBrands: (brands: string, brandCol: string) => string },
  o: { key: string; sort: string; from: string; brandCol: string; sortKeys: string; dir: string; brands: string; depth: string; reads: string; n: number },
) {
  const and = (w: string) => (w ? `${w} AND` : 'WHERE');
  return `walks AS MATERIALIZED (SELECT b.id AS "$brand", m.* FROM unnest(${o.brands}::int[]) b(id) CROSS JOIN LATERAL (
        SELECT ${o.key} AS "$key", ${o.sort} AS "$sort", (${walk.rowTests}) AS "$hit" FROM ${o.from} ${and(walk.whereSql)}
          ${o.brandCol} >= b.id AND ${o.brandCol} <= b.id ORDER BY ${o.brandCol}, ${o.sortKeys} LIMIT ${o.reads}) m),
      unwalked AS MATERIALIZED (SELECT "$brand" FROM walks GROUP BY 1 HAVING count(*) = ${o.reads} AND count(*) FILTER (WHERE "$hit") < ${o.depth}),
      page AS (SELECT "$key" FROM (
          SELECT "$key", "$sort" FROM walks WHERE "$hit" AND "$brand" NOT IN (SELECT "$brand" FROM unwalked)
          UNION ALL
          SELECT ${o.key}, ${o.sort} FROM ${o.from} ${walk.ofBrands('ARRAY(SELECT "$brand" FROM unwalked)', o.brandCol)}
        ) x ORDER BY "$sort" ${o.dir} NULLS LAST, "$key" LIMIT $${o.n + 1} OFFSET $${o.n + 2})`;
}

/** Reference fields among `fields` whose names the view does not carry: named by `withReferenceNames` (references.ts). */
export function namedReferences(schema: EntitySchema, fields: readonly string[]) {
  return fields.flatMap((field) => {
    const ref = referenceOf(schema.properties[field]);
    if (!ref || schema.properties[field].type === 'array') return [];
    const nameField = nameFieldOf(field, ref);
    return withNameFields(schema, [field]).includes(nameField) ? [] : [{ field, nameField, source: ref.source }];
  });
}

/**
 * Names of the references `namedReferences` lists for the given ids (field → ids), through the one
 * naming path (`withReferenceNames`: the user's brands and factories apply): source → id → name.
 */
export async function referenceNameMap(
  ctx: AppContext,
  user: SessionUser,
  schema: EntitySchema,
  refs: ReturnType<typeof namedReferences>,
  ids: Record<string, unknown[] | null>,
) {
  const probes = refs.flatMap((r) => (ids[r.field] ?? []).filter((v) => v !== null).map((v) => ({ [r.field]: v }) as Record<string, unknown>));
  const named = await withReferenceNames(ctx, ctx.db, user, schema, probes);
  const out: Record<string, Record<string, string | null>> = {};
  for (const row of named) {
    for (const r of refs) if (r.field in row) (out[r.source] ??= {})[String(row[r.field])] = (row[r.nameField] as string | null) ?? null;
  }
  return out;
}
