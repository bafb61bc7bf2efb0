/**
 * The generic search path of the records pipeline: a filtered, sorted page of an entity's records
 * (CONST-008's paged shape), read the way pagePlan picks, only the fields the user may see.
 */
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { paged, pagedJson, type Paged } from './paging';
import { withNameFields, withReferenceNames } from './references';
import { countCap, exactCountLimit, searchSource, type ExtraFilters, type SearchRequest, type SearchSource } from './search-criteria';
import { beforeSearch } from '../search/catch-up';
import { referenceNameMap, searchStatements, type PagePlan } from './search-statements';

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
export async function pagePlan(
  q: Queryable,
  st: ReturnType<typeof searchStatements>,
  req: SearchRequest,
  extra: ExtraFilters,
  user: SessionUser,
  source?: SearchSource,
): Promise<{ plan: PagePlan; estimate?: number }> {
  if (countCap(req) === null) return { plan: 'index' };
  const selective = !!extra.text?.value || !!extra.conditions?.length || !!extra.keys;
  const criteria =
    selective ||
    req.BrandId !== undefined ||
    req.SeasonId !== undefined ||
    req.StatusId !== undefined ||
    req.StatusIdSecondary !== undefined ||
    Object.keys(extra.equals ?? {}).length > 0 ||
    (!!source && user.isFactoryUser);
  const unsorted: PagePlan = source ? 'walk' : st.byLookup ? 'lookup' : 'index';
  if (!criteria) return { plan: unsorted };
  const estimate = await estimatedRows(q, st, user);
  // From a search table the brand walk reads about (page depth ÷ the criteria's share of the rows)
  // index rows per brand: it wins unless the criteria leave few, or are text and key sets that may
  // cluster anywhere in the sort order (and test each row against a key array).
  // A text on a search table (Condition byRow): its own limit (textSortAllLimit).
  const text = !!source && !!extra.conditions?.some((c) => c.searchTable?.byRow);
  const all = !source ? estimate <= SORT_ALL_LIMIT : estimate <= (text ? textSortAllLimit() : selective ? SORT_ALL_LIMIT : WALK_MIN_MATCHES);
  return { plan: all ? 'all' : unsorted, estimate };
}

/**
 * A /Search text on a search table expected to match at most this many rows sorts every match (its
 * trigram index reads them); more walk each brand's sort index for a bounded number of rows, testing
 * the text on each, and read the brands the walk did not settle from the text's index (textWalk in
 * search-statements.ts). Sorting every match costs a test and a sort per match: a 15 % word's 150,000
 * at 1,000,000 colorways took 230–470 ms on PostgreSQL where a page needs at most 150 (bench/RESULTS.md,
 * issue 31). SEARCH_TEXT_SORT_ALL_LIMIT changes it (tests); read per call.
 */
const textSortAllLimit = () => {
  const n = Number(process.env.SEARCH_TEXT_SORT_ALL_LIMIT);
  return Number.isInteger(n) && n >= 0 ? n : SORT_ALL_LIMIT;
};

/** From a search table, criteria expected to match at most this many sort them all (see pagePlan). */
const WALK_MIN_MATCHES = 5_000;

/** The planner's estimate of a search's matches: without sizing the brand condition when the user holds every brand. */
async function estimatedRows(q: Queryable, st: ReturnType<typeof searchStatements>, user: SessionUser): Promise<number> {
  if (!st.everyBrandEstimate) return plannedRows(q, st.estimate);
  const [{ every }] = await q.query<{ every: boolean }>(
    'SELECT NOT EXISTS (SELECT 1 FROM brands WHERE brandid <> ALL($1::int[])) AS every',
    [[...user.brandIds]],
    {
      prepare: true,
    },
  );
  return plannedRows(q, every ? st.everyBrandEstimate : st.estimate);
}

/** The planner's row estimate from EXPLAIN (FORMAT JSON) (one row, a JSON value or text). */
async function plannedRows(q: Queryable, st: { sql: string; params: unknown[] }): Promise<number> {
  const [row] = await q.query(st.sql, st.params);
  const plan = Object.values(row)[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: { 'Plan Rows': number } }[];
  // The matches themselves (not a count of them): the top node's rows are the estimate.
  return Math.round(parsed[0].Plan['Plan Rows']);
}

/** A page's statements as pagePlan chooses them, from the search table where it serves the search. */
export async function plannedSearch(
  ctx: AppContext,
  user: SessionUser,
  entity: string,
  keyField: string,
  req: SearchRequest,
  fields: string[],
  extra: ExtraFilters,
) {
  const schema = ctx.schemas.entities.get(entity)!;
  const source = await searchSource(ctx.db, schema, user, keyField, req, extra);
  if (source) await beforeSearch(ctx, schema, source.table);
  const st = searchStatements(ctx, user, entity, keyField, req, fields, extra, 'index', source);
  const { plan, estimate } = await pagePlan(ctx.db, st, req, extra, user, source);
  // A text walked (beyond textSortAllLimit() matches, estimated from its own statistics) is not counted up to
  // exactCountLimit(): that reads the first 10,000 matches (or, from a table without the text, builds every
  // match's key first) for a total the estimate gives; the estimate is the total.
  const counted = !(plan === 'walk' && extra.conditions?.some((c) => c.searchTable?.byRow) && (estimate ?? 0) > 2 * exactCountLimit());
  return { st: plan === 'index' ? st : searchStatements(ctx, user, entity, keyField, req, fields, extra, plan, source, counted), plan, estimate, source };
}

/**
 * A page of records as JSON text (the paged shape, CONST-008), built by the database: one
 * statement, plus one for the names of references the view does not carry (then set in JS).
 * Beyond exactCountLimit() matches the total of a pager's page (up to 100 rows) is the planner's
 * estimate (never below the count seen), flagged TotalIsEstimate, and a sort by a lookup's name
 * reads the lookup (lookupSortSql); a larger page (a whole result read in pages) counts exactly.
 */
export async function searchRecordsJson(
  ctx: AppContext,
  user: SessionUser,
  entity: string,
  keyField: string,
  req: SearchRequest,
  only: string[],
  extra: ExtraFilters = {},
): Promise<string> {
  const schema = ctx.schemas.entities.get(entity)!;
  const fields = withNameFields(schema, only);
  const limit = exactCountLimit();
  const { st, plan, estimate } = await plannedSearch(ctx, user, entity, keyField, req, fields, extra);
  const [found] = await ctx.db.query(st.json.sql, st.json.params, { prepare: true });
  let total = found.total as number | null;
  // Sorting every match (plan 'all') counted them all: exact. No count (null): the estimate.
  const estimated = (total === null || total > limit) && countCap(req) !== null && plan !== 'all';
  if (estimated) total = Math.max(total ?? 0, estimate ?? (await estimatedRows(ctx.db, st, user)));
  let rows = found.rows as string;
  if (st.references.some((r) => found[r.field]?.length)) {
    // References the view does not name (a forecast's launch date): one statement for their names, set on the rows.
    const names = await referenceNameMap(ctx, user, schema, st.references, found);
    const parsed = JSON.parse(rows) as Record<string, unknown>[];
    for (const row of parsed) {
      for (const r of st.references) row[r.nameField] = row[r.field] === null ? null : (names[r.source]?.[String(row[r.field])] ?? null);
    }
    rows = JSON.stringify(parsed);
  }
  return pagedJson(rows, Math.max(1, req.pageNumber), req.pageSize, total ?? 0, estimated);
}

/**
 * A page of records; `only` limits the answer to those fields (a grid's columns) and the names of
 * the references among them. Every reference field of the page carries its name (`<Field>Name`,
 * from the view or from one statement for all the page's rows, references.ts), so a grid shows
 * names, never ids; fields the user may not see are not selected, so neither are their names.
 */
export async function searchRecords(
  ctx: AppContext,
  user: SessionUser,
  entity: string,
  keyField: string,
  req: SearchRequest,
  only?: string[],
  extra: ExtraFilters = {},
): Promise<Paged<Record<string, unknown>>> {
  const schema = ctx.schemas.entities.get(entity)!;
  const { count, rows } = searchStatements(ctx, user, entity, keyField, req, only && withNameFields(schema, only), extra);
  const found = await ctx.db.query(rows.sql, rows.params, { prepare: true });
  const total = found.length ? (found[0].$total as number) : (await ctx.db.query<{ n: number }>(count.sql, count.params, { prepare: true }))[0].n;
  const named = await withReferenceNames(
    ctx,
    ctx.db,
    user,
    schema,
    found.map(({ $total, ...row }) => row),
  );
  return paged(named, Math.max(1, req.pageNumber), req.pageSize, total);
}
