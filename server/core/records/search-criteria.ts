/**
 * What a search asks (SearchRequest, conditions, a grid's filters) as the WHERE of its statements,
 * and which source serves it: the entity's view, or one of its search tables (x-searchTable).
 */
import type { SessionUser } from '../auth/permissions';
import type { EntitySchema } from '../schemas/documents';
import type { Queryable } from '../db/client';
import { containsPattern } from '../db/contains';
import { column, isList } from './columns';
import { scope } from './scope';
import { nameFieldOf, referenceOf } from './references';

export interface SearchRequest {
  pageNumber: number;
  pageSize: number;
  sortColumn?: string;
  sortDirection: string;
  BrandId?: number;
  SeasonId?: number;
  StatusId?: number;
  StatusIdSecondary?: number;
}

/**
 * One SQL condition of a search; `param` adds a parameter and answers its placeholder. `fields`: the
 * entity's fields whose view columns it reads (subqueries may read other tables), when known: a search
 * whose conditions all say so may be read from the entity's search table (`x-searchTable`).
 */
export type Condition = ((param: (value: unknown) => string) => string) & {
  fields?: readonly string[];
  /** The same condition as a search table answers it faster (its own indexes), on a table that has all of `columns`. */
  searchTable?: {
    /** The search table's columns its SQL reads. */
    columns: readonly string[];
    sql: (param: (value: unknown) => string) => string;
    /**
     * A text match tested on each row a sorted walk reads (plan 'walk', search-statements.ts), never
     * by its own index there: per brand, the planner would read every match of the table and sort
     * them. Where the source lacks `fields`, the same SQL as a key set (`keys`, any plan), as a
     * per-row probe of the search table (`probe`, the walk) and as a semi-join (`estimate`: the
     * planner sizes it from the text's own statistics, a key array it cannot size); `keysIn`: the key set
     * of the given brands' matches only (the brands a text walk did not settle).
     */
    byRow?: {
      keys: (sql: string) => string;
      keysIn: (sql: string, brands: string) => string;
      probe: (sql: string) => string;
      estimate: (sql: string) => string;
    };
  };
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
export function fixedBy(schema: EntitySchema, sort: string, req: Partial<SearchRequest>, extra: ExtraFilters): boolean {
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

/**
 * The WHERE of a search: scope, not deleted, the request's filters; parameters numbered from 1.
 * `walk`: the same split for a sorted walk, its row tests (Condition byRow) apart from the rest;
 * `estimateSql`: the WHERE for the planner's estimate of the matches; `everyBrandEstimateSql` the same for a
 * user who holds every brand, whose brand condition the planner then need not size (undefined without one).
 */
export function searchWhere(
  schema: EntitySchema,
  user: SessionUser,
  keyField: string,
  req: Partial<SearchRequest>,
  extra: ExtraFilters,
  source?: SearchSource,
) {
  const s = scope(schema, user, 0);
  const where = [...s.where];
  const params = [...s.params];
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if ('IsDeleted' in schema.properties) where.push('NOT isdeleted');
  if (extra.text?.value) {
    const pattern = param(containsPattern(extra.text.value));
    where.push(`(${extra.text.fields.map((f) => `${column(schema, f)}::text ILIKE ${pattern}`).join(' OR ')})`);
  }
  for (const [f, v] of Object.entries(extra.equals ?? {})) where.push(`${column(schema, f)} = ${param(v)}`);
  if (extra.activeOnly) where.push(`${column(schema, extra.activeOnly)} IS TRUE`);
  if (req.BrandId !== undefined) where.push(`${column(schema, schema['x-brandField'] ?? 'BrandId')} = ${param(req.BrandId)}`);
  // A record of several seasons (a commercialization path: its pattern's) matches any of them.
  if (req.SeasonId !== undefined && 'SeasonId' in schema.properties)
    where.push(isList(schema, 'SeasonId') ? `${param(req.SeasonId)} = ANY(seasonid)` : `seasonid = ${param(req.SeasonId)}`);
  // The planner's form of a condition where it sizes the matches better (estimateSql), by its index in `where`.
  const estimated = new Map<number, string>();
  const statuses = [req.StatusId, req.StatusIdSecondary].filter((x): x is number => x !== undefined);
  if (statuses.length && 'StatusId' in schema.properties) {
    // The synthetic groups 9998/9999 (LOOKUP-030) expand to their member statuses; as one array
    // (an init plan) the status is an index condition.
    const n = param(statuses);
    const at = where.push(`statusid = ANY(ARRAY(SELECT unnest(statusids) FROM status_groups WHERE statusgroupid = ANY(${n})) || ${n}::int[])`) - 1;
    // Without a group, the statuses themselves for the planner's estimate: it cannot size an init plan's array
    // (it guesses ten elements: most of the rows; 838,772 for a status of 550,077 in 1,000,172).
    if (!statuses.some((st) => STATUS_GROUPS.includes(st))) estimated.set(at, `statusid = ANY(${n}::int[])`);
  }
  if (extra.keys) where.push(`${column(schema, keyField)} = ANY(${param(extra.keys)}::int[])`);
  const rowTests = new Map<number, string>();
  const byBrands = new Map<number, (brands: string) => string>();
  for (const c of extra.conditions ?? []) {
    const byRow = c.searchTable?.byRow;
    if (!byRow) {
      where.push(tableForm(c, source) ? c.searchTable!.sql(param) : c(param));
      continue;
    }
    // One SQL text (one set of parameters) for every form, so each statement uses every parameter.
    const sql = c.searchTable!.sql(param);
    const own = tableForm(c, source);
    rowTests.set(where.push(own ? sql : byRow.keys(sql)) - 1, own ? sql : byRow.probe(sql));
    if (!own) estimated.set(where.length - 1, byRow.estimate(sql));
    if (!own) byBrands.set(where.length - 1, (brands) => byRow.keysIn(sql, brands));
  }
  const rest = where.filter((_, i) => !rowTests.has(i));
  const sized = where.map((w, i) => estimated.get(i) ?? w);
  const whereOf = (list: string[]) => (list.length ? `WHERE ${list.join(' AND ')}` : '');
  return {
    whereSql: whereOf(where),
    params,
    estimateSql: whereOf(sized),
    // PostgreSQL sizes `brand = ANY(every brand)` as the sum of their frequencies, unless that sum (float) comes
    // out a hair above 1: then as if independent, 1 − Π(1 − f), 0.65 for ten equal brands (a total of 651,531
    // "about" for 1,000,172). OR true: the planner drops the condition, the parameter keeps its type.
    everyBrandEstimateSql: s.brandSql ? whereOf(sized.map((w) => (w === s.brandSql ? `(${w} OR true)` : w))) : undefined,
    /**
     * `ofBrands`: the whole WHERE for the given brands (an SQL array taken from the walk itself, within
     * the scope) instead of the scope's: a trigram index that holds the brand reads only their rows, and
     * a text's key set (on a table without the text) only their matches, not every brand's.
     */
    walk: rowTests.size
      ? {
          whereSql: whereOf(rest),
          rowTests: [...rowTests.values()].join(' AND '),
          ofBrands: (brands: string, brandCol: string) =>
            whereOf([...where.map((w, i) => byBrands.get(i)?.(brands) ?? w).filter((w) => w !== s.brandSql), `${brandCol} = ANY(${brands})`]),
        }
      : undefined,
  };
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
export const countCap = (req: SearchRequest) => (req.pageSize > 0 && req.pageSize <= ESTIMABLE_PAGE ? exactCountLimit() + 1 : null);

/** The columns of each search table (x-searchTable), read once per database. */
const searchTableColumns = new WeakMap<Queryable, Map<string, Promise<Set<string>>>>();

function columnsOf(q: Queryable, table: string): Promise<Set<string>> {
  let tables = searchTableColumns.get(q);
  if (!tables) searchTableColumns.set(q, (tables = new Map()));
  let cols = tables.get(table);
  if (!cols) {
    cols = q
      .query<{ c: string }>('SELECT attname AS c FROM pg_attribute WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped', [table])
      .then((rows) => new Set(rows.map((r) => r.c)));
    tables.set(table, cols);
  }
  return cols;
}

/** A search table that serves a search (searchSource), with its columns. */
export interface SearchSource {
  table: string;
  columns: Set<string>;
}

const hasFields = (schema: EntitySchema, source: SearchSource, fields: readonly (string | undefined)[]) =>
  fields.every((f) => !f || (f in schema.properties && source.columns.has(column(schema, f))));

/** Whether a condition is written in its search-table form on this source (it has that form's columns). */
const tableForm = (c: Condition, source?: SearchSource) => !!source && !!c.searchTable?.columns.every((col) => source.columns.has(col));

/**
 * The first of the entity's search tables (x-searchTable) that has the column of every field the
 * search reads (key, scope, deletion, criteria, conditions, sort); else undefined: the view.
 */
export async function searchSource(
  q: Queryable,
  schema: EntitySchema,
  user: SessionUser,
  keyField: string,
  req: Partial<SearchRequest>,
  extra: ExtraFilters,
): Promise<SearchSource | undefined> {
  const tables = [schema['x-searchTable'] ?? []].flat();
  if (extra.conditions?.some((c) => !c.fields)) return undefined;
  const fields = [
    keyField,
    req.sortColumn ?? keyField,
    schema['x-brandField'],
    user.isFactoryUser ? schema['x-factoryField'] : undefined,
    'IsDeleted' in schema.properties ? 'IsDeleted' : undefined,
    req.SeasonId !== undefined ? 'SeasonId' : undefined,
    req.StatusId !== undefined || req.StatusIdSecondary !== undefined ? 'StatusId' : undefined,
    ...(extra.text?.value ? extra.text.fields : []),
    ...Object.keys(extra.equals ?? {}),
    extra.activeOnly,
  ];
  for (const table of tables) {
    const source = { table, columns: await columnsOf(q, table) };
    if (hasFields(schema, source, fields) && (extra.conditions ?? []).every((c) => tableForm(c, source) || hasFields(schema, source, c.fields!))) return source;
  }
  return undefined;
}
