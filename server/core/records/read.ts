/**
 * The generic read path of the records pipeline: one record by key, or a filtered, sorted page,
 * from an entity's `<entity>_view`, scoped to the user's brands (PERM-022) and, for factory
 * users, factories (PERM-023), selecting only the fields the user may see (PERM-029).
 */
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import type { EntitySchema } from '../schemas/documents';
import { fieldAccess } from '../schemas/visibility';
import { badRequest, notFound } from '../http/errors';
import { paged, pagedJson, type Paged } from './paging';
import { columnOf } from './split-record';
import { toIso, type Queryable } from '../db/client';
import { containsPattern } from '../db/contains';
import { AppError } from '../http/errors';
import { REFERENCE_SOURCES, nameFieldOf, referenceOf, withNameFields, withReferenceNames } from './references';

export const column = (schema: EntitySchema, field: string) => columnOf(field, schema.properties[field] ?? {});
export const viewOf = (entity: string) => `${entity.replace(/-/g, '_')}_view`;

/**
 * Records' fields read as one JSON text built by the database (an array of values per row, in
 * chunks of 90: a function takes at most 100 arguments) and parsed here: for wide rows (a record's
 * 150 stored fields) several times faster on the embedded database than the driver's value-by-value
 * parsing or JSON objects repeating every field name. Values keep the driver's shapes: numbers,
 * 'YYYY-MM-DD' dates, ISO timestamps in UTC (the schema's date-time fields). `rest`: FROM … WHERE ….
 */
export async function selectFields(q: Queryable, schema: EntitySchema, fields: readonly string[], rest: string, params: unknown[]): Promise<Record<string, unknown>[]> {
  const cols = fields.map((f) => column(schema, f));
  const chunks: string[] = [];
  for (let i = 0; i < cols.length; i += 90) chunks.push(`json_build_array(${cols.slice(i, i + 90).join(', ')})`);
  const [{ j }] = await q.query<{ j: string }>(`SELECT coalesce(json_agg(json_build_array(${chunks.join(', ')})), '[]')::text AS j ${rest}`, params, { prepare: true });
  const stamps = fields.map((f, i) => [f, i] as const).filter(([f]) => schema.properties[f]?.format === 'date-time');
  return (JSON.parse(j) as unknown[][][]).map((parts) => {
    const values = parts.flat(1);
    const row: Record<string, unknown> = {};
    fields.forEach((f, i) => { row[f] = values[i]; });
    for (const [f] of stamps) if (typeof row[f] === 'string') row[f] = toIso(row[f] as string);
    return row;
  });
}

/** The key of a record: the key of the last of its tables (base first, seasonal last). */
export function recordKey(schema: EntitySchema): string {
  const keys = Object.values(schema['x-tables'] ?? {});
  if (!keys.length) throw new Error(`${schema.title ?? 'entity'} has no x-tables`);
  return keys[keys.length - 1];
}

function visibleColumns(ctx: AppContext, user: SessionUser, entity: string, only?: string[]) {
  const schema = ctx.schemas.entities.get(entity)!;
  const { hidden } = fieldAccess(ctx.schemas, user, entity);
  const wanted = only ? new Set(only) : undefined;
  const fields = Object.keys(schema.properties).filter((f) =>
    !hidden.has(f) && schema.properties[f].type !== 'array' && (!wanted || wanted.has(f)));
  return { schema, fields, hidden, select: fields.map((f) => `${column(schema, f)} AS "${f}"`).join(', ') };
}

/** A field's value as JSON built by the database gives it as the JS read path does (timestamps as ISO 8601 in UTC). */
export function jsonValueSql(schema: EntitySchema, field: string): string {
  const col = column(schema, field);
  return schema.properties[field]?.format === 'date-time' ? `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : col;
}

/** A field holding a list of values (a PostgreSQL array). */
const isList = (schema: EntitySchema, field: string) => schema.properties[field]?.type === 'array';

/** Brand (and factory) scope as SQL conditions with their parameters, numbered from `start`. */
export function scope(schema: EntitySchema, user: SessionUser, start: number): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const brand = schema['x-brandField'];
  if (brand) { params.push([...user.brandIds]); where.push(`${column(schema, brand)} = ANY($${start + params.length})`); }
  const factory = schema['x-factoryField'];
  if (factory && user.isFactoryUser) {
    params.push([...user.factoryKeys]);
    // A list of factories (a dev pattern path's colorways') is in scope when one of them is the user's.
    where.push(isList(schema, factory) ? `${column(schema, factory)} && $${start + params.length}::text[]` : `${column(schema, factory)} = ANY($${start + params.length})`);
  }
  return { where, params };
}

/**
 * The statement behind one record: its visible fields plus whether it is deleted and whether it is
 * in the user's scope, in one prepared round trip (the statement text is the same for every
 * user of the same visible fields and scope shape, so PostgreSQL plans it once per connection).
 */
export function recordStatement(ctx: AppContext, user: SessionUser, entity: string, keyField: string, id: number) {
  const { schema, select } = visibleColumns(ctx, user, entity);
  const s = scope(schema, user, 1);
  const deleted = 'IsDeleted' in schema.properties ? 'isdeleted' : 'false';
  const mine = s.where.length ? s.where.join(' AND ') : 'true';
  return {
    schema,
    sql: `SELECT ${select}, ${deleted} AS "$deleted", coalesce(${mine}, false) AS "$mine" FROM ${viewOf(entity)} WHERE ${column(schema, keyField)} = $1`,
    params: [id, ...s.params],
  };
}

export async function readRecord(ctx: AppContext, user: SessionUser, entity: string, keyField: string, id: number) {
  const { schema, sql, params } = recordStatement(ctx, user, entity, keyField, id);
  const [found] = await ctx.db.query(sql, params, { prepare: true });
  // Outside the user's brands or factories answers exactly like a missing record (records/access.ts).
  if (!found || !found.$mine) throw notFound('The record was not found.');
  const { $deleted: deleted, $mine: _mine, ...row } = found;
  if (deleted) throw new AppError(404, 'record_deleted', 'The record you are trying to access is deleted.');
  return (await withReferenceNames(ctx, ctx.db, user, schema, [row]))[0];
}

export interface SearchRequest {
  pageNumber: number; pageSize: number; sortColumn?: string; sortDirection: string;
  BrandId?: number; SeasonId?: number; StatusId?: number; StatusIdSecondary?: number;
}

/**
 * One SQL condition of a search; `param` adds a parameter and answers its placeholder. `fields`: the
 * entity's fields whose view columns it reads (subqueries may read other tables), when known: a search
 * whose conditions all say so may be read from the entity's search table (`x-searchTable`).
 */
export type Condition = ((param: (value: unknown) => string) => string) & {
  fields?: readonly string[];
  /** The same condition as the search table answers it faster (its own indexes), reading the columns of `fields`. */
  searchTable?: { fields: readonly string[]; sql: (param: (value: unknown) => string) => string };
};

/** A condition that reads only the view columns of `fields` (and, on the search table, `searchTable`'s). */
export const conditionOn = (fields: readonly string[], sql: (param: (value: unknown) => string) => string, searchTable?: Condition['searchTable']): Condition =>
  Object.assign(sql, { fields, searchTable });

/** Filters a grid document declares (GridDoc.filters), with the request's values. */
export interface ExtraFilters {
  text?: { fields: string[]; value: string };
  equals?: Record<string, unknown>;
  /** A boolean field whose false rows are left out. */
  activeOnly?: string;
  /** Further conditions (a grid's column filters, records/column-filters.ts). */
  conditions?: Condition[];
  /** Only these records (a reload of some rows). */
  keys?: number[];
}

/** LOOKUP-030's synthetic status groups: a StatusId criterion of one of them matches several statuses. */
const STATUS_GROUPS = [9998, 9999];

/**
 * Whether an equality criterion fixes the sort field's value for every match: the field itself or
 * the reference it names (BrandName by BrandId, StatusName by one status that is not a group, …).
 */
function fixedBy(schema: EntitySchema, sort: string, req: Partial<SearchRequest>, extra: ExtraFilters): boolean {
  const fixed = new Set(Object.keys(extra.equals ?? {}));
  if (req.BrandId !== undefined) fixed.add(schema['x-brandField'] ?? 'BrandId');
  if (req.SeasonId !== undefined && !isList(schema, 'SeasonId')) fixed.add('SeasonId');
  if (req.StatusId !== undefined && req.StatusIdSecondary === undefined && !STATUS_GROUPS.includes(req.StatusId)) fixed.add('StatusId');
  return [...fixed].some((f) => {
    if (f === sort) return true;
    const ref = schema.properties[f] && referenceOf(schema.properties[f]);
    return !!ref && nameFieldOf(f, ref) === sort;
  });
}

/** The WHERE of a search: scope, not deleted, the request's filters; parameters numbered from 1. */
function searchWhere(schema: EntitySchema, user: SessionUser, keyField: string, req: Partial<SearchRequest>, extra: ExtraFilters, source?: SearchSource) {
  const s = scope(schema, user, 0);
  const where = [...s.where];
  const params = [...s.params];
  const param = (v: unknown) => { params.push(v); return `$${params.length}`; };
  if ('IsDeleted' in schema.properties) where.push('NOT isdeleted');
  if (extra.text?.value) {
    const pattern = param(containsPattern(extra.text.value));
    where.push(`(${extra.text.fields.map((f) => `${column(schema, f)}::text ILIKE ${pattern}`).join(' OR ')})`);
  }
  for (const [f, v] of Object.entries(extra.equals ?? {})) where.push(`${column(schema, f)} = ${param(v)}`);
  if (extra.activeOnly) where.push(`${column(schema, extra.activeOnly)} IS TRUE`);
  if (req.BrandId !== undefined) where.push(`${column(schema, schema['x-brandField'] ?? 'BrandId')} = ${param(req.BrandId)}`);
  // A record of several seasons (a commercialization path: its pattern's) matches any of them.
  if (req.SeasonId !== undefined && 'SeasonId' in schema.properties) where.push(isList(schema, 'SeasonId') ? `${param(req.SeasonId)} = ANY(seasonid)` : `seasonid = ${param(req.SeasonId)}`);
  const statuses = [req.StatusId, req.StatusIdSecondary].filter((x): x is number => x !== undefined);
  if (statuses.length && 'StatusId' in schema.properties) {
    // The synthetic groups 9998/9999 (LOOKUP-030) expand to their member statuses; as one array
    // (an init plan) the status is an index condition.
    const n = param(statuses);
    where.push(`statusid = ANY(ARRAY(SELECT unnest(statusids) FROM status_groups WHERE statusgroupid = ANY(${n})) || ${n}::int[])`);
  }
  if (extra.keys) where.push(`${column(schema, keyField)} = ANY(${param(extra.keys)}::int[])`);
  for (const c of extra.conditions ?? []) where.push(tableForm(schema, c, source) ? c.searchTable!.sql(param) : c(param));
  return { whereSql: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}

/**
 * Above this many matches a grid page's total is the planner's estimate, marked TotalIsEstimate
 * (issue 14): counting a million matches exactly costs more than the page. SEARCH_EXACT_COUNT_LIMIT
 * lowers it (tests); read per call.
 */
export const exactCountLimit = () => {
  const n = Number(process.env.SEARCH_EXACT_COUNT_LIMIT);
  return Number.isInteger(n) && n > 0 ? n : 10_000;
};

/**
 * Only a pager's page (SEARCH-007: 15 to 100 rows) may carry an estimated total: a larger page is a
 * whole result read in pages (web grid-api.ts searchAll), which needs the exact page count.
 */
const ESTIMABLE_PAGE = 100;
const countCap = (req: SearchRequest) => (req.pageSize > 0 && req.pageSize <= ESTIMABLE_PAGE ? exactCountLimit() + 1 : null);

/** The columns of each search table (x-searchTable), read once per database. */
const searchTableColumns = new WeakMap<Queryable, Map<string, Promise<Set<string>>>>();

function columnsOf(q: Queryable, table: string): Promise<Set<string>> {
  let tables = searchTableColumns.get(q);
  if (!tables) searchTableColumns.set(q, tables = new Map());
  let cols = tables.get(table);
  if (!cols) {
    cols = q.query<{ c: string }>('SELECT attname AS c FROM pg_attribute WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped', [table])
      .then((rows) => new Set(rows.map((r) => r.c)));
    tables.set(table, cols);
  }
  return cols;
}

/** A search table that serves a search (searchSource), with its columns. */
export interface SearchSource { table: string; columns: Set<string> }

const hasFields = (schema: EntitySchema, source: SearchSource, fields: readonly (string | undefined)[]) =>
  fields.every((f) => !f || (f in schema.properties && source.columns.has(column(schema, f))));

/** Whether a condition is written in its search-table form on this source (it has that form's columns). */
const tableForm = (schema: EntitySchema, c: Condition, source?: SearchSource) => !!source && !!c.searchTable && hasFields(schema, source, c.searchTable.fields);

/**
 * The first of the entity's search tables (x-searchTable) that has the column of every field the
 * search reads (key, scope, deletion, criteria, conditions, sort); else undefined: the view.
 */
export async function searchSource(q: Queryable, schema: EntitySchema, user: SessionUser, keyField: string, req: Partial<SearchRequest>, extra: ExtraFilters): Promise<SearchSource | undefined> {
  const tables = [schema['x-searchTable'] ?? []].flat();
  if (extra.conditions?.some((c) => !c.fields)) return undefined;
  const fields = [keyField, req.sortColumn ?? keyField, schema['x-brandField'], user.isFactoryUser ? schema['x-factoryField'] : undefined,
    'IsDeleted' in schema.properties ? 'IsDeleted' : undefined, req.SeasonId !== undefined ? 'SeasonId' : undefined,
    req.StatusId !== undefined || req.StatusIdSecondary !== undefined ? 'StatusId' : undefined,
    ...(extra.text?.value ? extra.text.fields : []), ...Object.keys(extra.equals ?? {}), extra.activeOnly];
  for (const table of tables) {
    const source = { table, columns: await columnsOf(q, table) };
    if (hasFields(schema, source, fields) && (extra.conditions ?? []).every((c) => tableForm(schema, c, source) || hasFields(schema, source, c.fields!))) return source;
  }
  return undefined;
}

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
  return { refColumn: column(schema, field), lookup: `SELECT ${src.id} AS id, ${src.label} AS label FROM ${src.from}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}` };
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
export function searchStatements(ctx: AppContext, user: SessionUser, entity: string, keyField: string, req: SearchRequest, only?: string[], extra: ExtraFilters = {}, plan: PagePlan = 'index', source?: SearchSource) {
  const { schema, fields, select } = visibleColumns(ctx, user, entity, only);
  const { whereSql, params } = searchWhere(schema, user, keyField, req, extra, source);
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
  const gridParam = (v: unknown) => { gridParams.push(v); return `$${gridParams.length}`; };
  // Sorting every match (plan 'all') counts them all as well.
  const capped = plan === 'all' ? '(SELECT count(*)::int FROM matches)'
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
  const pageSql = plan === 'walk'
    ? `page AS (SELECT "$key" FROM (
         SELECT m.* FROM unnest(${brands}::int[]) b(id)
           CROSS JOIN LATERAL (SELECT ${key} AS "$key", ${column(schema, sort)} AS "$sort" FROM ${from} ${and} ${brandCol} >= b.id AND ${brandCol} <= b.id ORDER BY ${brandCol}, ${sortKeys} LIMIT ${gridParam(depth)}) m
       ) x ORDER BY "$sort" ${dir} NULLS LAST, "$key" LIMIT $${n + 1} OFFSET $${n + 2})`
    : lookup
    ? `page AS (SELECT "$key" FROM (
         SELECT l.label AS "$sort", m."$key" FROM (${lookup.lookup}) l
           CROSS JOIN LATERAL (SELECT ${key} AS "$key" FROM ${view} ${and} ${lookup.refColumn} >= l.id AND ${lookup.refColumn} <= l.id ORDER BY ${lookup.refColumn}, ${key} LIMIT ${gridParam(depth)}) m
         UNION ALL
         SELECT NULL, "$key" FROM (SELECT ${key} AS "$key" FROM ${view} ${and} ${lookup.refColumn} IS NULL ORDER BY ${key} LIMIT $${gridParams.length}) z
       ) x ORDER BY "$sort" ${dir} NULLS LAST, "$key" LIMIT $${n + 1} OFFSET $${n + 2})`
    : plan === 'all' ? matches.replace(/^WITH /, '')
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
  const estimate = { sql: `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from} ${whereSql}`, params };
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
    referenceIds: refs.length ? {
      sql: `${matches} SELECT ${refs.map((r) => `array_agg(DISTINCT ${column(schema, r.field)}) AS "${r.field}"`).join(', ')} FROM ${view} WHERE ${onPage}`,
      params: [...params, ...paging],
    } : undefined,
    // The page's rows as one JSON text, with the distinct ids of the references to name (`references`).
    json,
    estimate,
    byLookup,
    /** Every match's key in order (an export reads the rows in chunks of these). */
    keys: { sql: `${matches} SELECT ARRAY(SELECT "$key" FROM page) AS keys`, params: [...params, null, 0] },
  };
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
export async function referenceNameMap(ctx: AppContext, user: SessionUser, schema: EntitySchema, refs: ReturnType<typeof namedReferences>, ids: Record<string, unknown[] | null>) {
  const probes = refs.flatMap((r) => (ids[r.field] ?? []).filter((v) => v !== null).map((v) => ({ [r.field]: v }) as Record<string, unknown>));
  const named = await withReferenceNames(ctx, ctx.db, user, schema, probes);
  const out: Record<string, Record<string, string | null>> = {};
  for (const row of named) {
    for (const r of refs) if (r.field in row) (out[r.source] ??= {})[String(row[r.field])] = (row[r.nameField] as string | null) ?? null;
  }
  return out;
}

export type PagePlan = 'index' | 'lookup' | 'all' | 'walk';

/**
 * A search with criteria the planner expects at most this many matches of sorts every match (plan
 * 'all'): it cannot tell where criteria fall in the sort order (a brand's stock numbers in one range,
 * names starting with a text 60 % down the name index), so walking a sort index to the first
 * matches may read most of it, while sorting 50,000 matches is bounded.
 */
const SORT_ALL_LIMIT = 50_000;

/**
 * How a pager's page is read (searchStatements `plan`) and, when asked, the planner's estimate of the
 * matches: criteria expected to match few sort them all; a sort by a lookup's name walks the
 * lookup; else the sort column's index. No criteria (the user's scope): no estimate needed.
 */
export async function pagePlan(q: Queryable, st: ReturnType<typeof searchStatements>, req: SearchRequest, extra: ExtraFilters, user: SessionUser, source?: SearchSource): Promise<{ plan: PagePlan; estimate?: number }> {
  if (countCap(req) === null) return { plan: 'index' };
  const selective = !!extra.text?.value || !!extra.conditions?.length || !!extra.keys;
  const criteria = selective || req.BrandId !== undefined || req.SeasonId !== undefined || req.StatusId !== undefined
    || req.StatusIdSecondary !== undefined || Object.keys(extra.equals ?? {}).length > 0 || (!!source && user.isFactoryUser);
  const unsorted: PagePlan = source ? 'walk' : st.byLookup ? 'lookup' : 'index';
  if (!criteria) return { plan: unsorted };
  const estimate = await plannedRows(q, st.estimate);
  // From a search table the brand walk reads about (page depth ÷ the criteria's share of the rows)
  // index rows per brand: it wins unless the criteria leave few, or are text and key sets that may
  // cluster anywhere in the sort order (and test each row against a key array).
  const all = !source ? estimate <= SORT_ALL_LIMIT : estimate <= (selective ? SORT_ALL_LIMIT : WALK_MIN_MATCHES);
  return { plan: all ? 'all' : unsorted, estimate };
}

/** From a search table, criteria expected to match at most this many sort them all (see pagePlan). */
const WALK_MIN_MATCHES = 5_000;

/** The planner's row estimate from EXPLAIN (FORMAT JSON) (one row, a JSON value or text). */
async function plannedRows(q: Queryable, st: { sql: string; params: unknown[] }): Promise<number> {
  const [row] = await q.query(st.sql, st.params);
  const plan = Object.values(row)[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: { 'Plan Rows': number } }[];
  // The matches themselves (not a count of them): the top node's rows are the estimate.
  return Math.round(parsed[0].Plan['Plan Rows']);
}

/** A page's statements as pagePlan chooses them, from the search table where it serves the search. */
export async function plannedSearch(ctx: AppContext, user: SessionUser, entity: string, keyField: string, req: SearchRequest, fields: string[], extra: ExtraFilters) {
  const schema = ctx.schemas.entities.get(entity)!;
  const source = await searchSource(ctx.db, schema, user, keyField, req, extra);
  const st = searchStatements(ctx, user, entity, keyField, req, fields, extra, 'index', source);
  const { plan, estimate } = await pagePlan(ctx.db, st, req, extra, user, source);
  return { st: plan === 'index' ? st : searchStatements(ctx, user, entity, keyField, req, fields, extra, plan, source), plan, estimate, source };
}

/**
 * A page of records as JSON text (the paged shape, CONST-008), built by the database: one
 * statement, plus one for the names of references the view does not carry (then set in JS).
 * Beyond exactCountLimit() matches the total of a pager's page (up to 100 rows) is the planner's
 * estimate (never below the count seen), flagged TotalIsEstimate, and a sort by a lookup's name
 * reads the lookup (lookupSortSql); a larger page (a whole result read in pages) counts exactly.
 */
export async function searchRecordsJson(ctx: AppContext, user: SessionUser, entity: string, keyField: string, req: SearchRequest, only: string[], extra: ExtraFilters = {}): Promise<string> {
  const schema = ctx.schemas.entities.get(entity)!;
  const fields = withNameFields(schema, only);
  const limit = exactCountLimit();
  const { st, plan, estimate } = await plannedSearch(ctx, user, entity, keyField, req, fields, extra);
  const [found] = await ctx.db.query(st.json.sql, st.json.params, { prepare: true });
  let total = found.total as number;
  // Sorting every match (plan 'all') counted them all: exact.
  const estimated = total > limit && countCap(req) !== null && plan !== 'all';
  if (estimated) total = Math.max(total, estimate ?? await plannedRows(ctx.db, st.estimate));
  let rows = found.rows as string;
  if (st.references.some((r) => found[r.field]?.length)) {
    // References the view does not name (a forecast's launch date): one statement for their names, set on the rows.
    const names = await referenceNameMap(ctx, user, schema, st.references, found);
    const parsed = JSON.parse(rows) as Record<string, unknown>[];
    for (const row of parsed) {
      for (const r of st.references) row[r.nameField] = row[r.field] === null ? null : names[r.source]?.[String(row[r.field])] ?? null;
    }
    rows = JSON.stringify(parsed);
  }
  return pagedJson(rows, Math.max(1, req.pageNumber), req.pageSize, total, estimated);
}

/**
 * A page of records; `only` limits the answer to those fields (a grid's columns) and the names of
 * the references among them. Every reference field of the page carries its name (`<Field>Name`,
 * from the view or from one statement for all the page's rows, references.ts), so a grid shows
 * names, never ids; fields the user may not see are not selected, so neither are their names.
 */
export async function searchRecords(ctx: AppContext, user: SessionUser, entity: string, keyField: string, req: SearchRequest, only?: string[], extra: ExtraFilters = {}): Promise<Paged<Record<string, unknown>>> {
  const schema = ctx.schemas.entities.get(entity)!;
  const { count, rows } = searchStatements(ctx, user, entity, keyField, req, only && withNameFields(schema, only), extra);
  const found = await ctx.db.query(rows.sql, rows.params, { prepare: true });
  const total = found.length ? found[0].$total as number
    : (await ctx.db.query<{ n: number }>(count.sql, count.params, { prepare: true }))[0].n;
  const named = await withReferenceNames(ctx, ctx.db, user, schema, found.map(({ $total, ...row }) => row));
  return paged(named, Math.max(1, req.pageNumber), req.pageSize, total);
}
