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
import { paged, type Paged } from './paging';
import { columnOf } from './split-record';
import { containsPattern } from '../db/contains';
import { AppError } from '../http/errors';
import { withNameFields, withReferenceNames } from './references';

export const column = (schema: EntitySchema, field: string) => columnOf(field, schema.properties[field] ?? {});
export const viewOf = (entity: string) => `${entity.replace(/-/g, '_')}_view`;

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
  return { schema, fields, select: fields.map((f) => `${column(schema, f)} AS "${f}"`).join(', ') };
}

/** Brand (and factory) scope as SQL conditions with their parameters, numbered from `start`. */
export function scope(schema: EntitySchema, user: SessionUser, start: number): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const brand = schema['x-brandField'];
  if (brand) { params.push([...user.brandIds]); where.push(`${column(schema, brand)} = ANY($${start + params.length})`); }
  const factory = schema['x-factoryField'];
  if (factory && user.isFactoryUser) { params.push([...user.factoryKeys]); where.push(`${column(schema, factory)} = ANY($${start + params.length})`); }
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

/** Filters a grid document declares (GridDoc.filters), with the request's values. */
export interface ExtraFilters {
  text?: { fields: string[]; value: string };
  equals?: Record<string, unknown>;
  /** A boolean field whose false rows are left out. */
  activeOnly?: string;
}


/**
 * The statements behind a page of records: its rows and the count of all matches, each with
 * parameters only (page size and offset too), so their text repeats and they are prepared.
 */
export function searchStatements(ctx: AppContext, user: SessionUser, entity: string, keyField: string, req: SearchRequest, only?: string[], extra: ExtraFilters = {}) {
  const { schema, fields, select } = visibleColumns(ctx, user, entity, only);
  const s = scope(schema, user, 0);
  const where = [...s.where];
  const params = [...s.params];
  if ('IsDeleted' in schema.properties) where.push('NOT isdeleted');
  const add = (sql: (n: number) => string, value: unknown) => { params.push(value); where.push(sql(params.length)); };
  if (extra.text?.value) add((n) => `(${extra.text!.fields.map((f) => `${column(schema, f)}::text ILIKE $${n}`).join(' OR ')})`, containsPattern(extra.text.value));
  for (const [f, v] of Object.entries(extra.equals ?? {})) add((n) => `${column(schema, f)} = $${n}`, v);
  if (extra.activeOnly) where.push(`${column(schema, extra.activeOnly)} IS TRUE`);
  if (req.BrandId !== undefined) add((n) => `${column(schema, schema['x-brandField'] ?? 'BrandId')} = $${n}`, req.BrandId);
  if (req.SeasonId !== undefined && 'SeasonId' in schema.properties) add((n) => `seasonid = $${n}`, req.SeasonId);
  const statuses = [req.StatusId, req.StatusIdSecondary].filter((x): x is number => x !== undefined);
  if (statuses.length && 'StatusId' in schema.properties) {
    // The synthetic groups 9998/9999 (LOOKUP-030) expand to their member statuses; as one array
    // (an init plan) the status is an index condition.
    add((n) => `statusid = ANY(ARRAY(SELECT unnest(statusids) FROM status_groups WHERE statusgroupid = ANY($${n})) || $${n}::int[])`, statuses);
  }
  const sort = req.sortColumn ?? keyField;
  if (!fields.includes(sort)) throw badRequest(`Cannot sort by '${sort}'.`, [{ Field: '/sortColumn', Message: 'Unknown column.' }]);
  const dir = req.sortDirection.toUpperCase() === 'DESC' ? 'DESC' : 'ASC';
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const n = params.length;
  const key = column(schema, keyField);
  const order = `ORDER BY ${column(schema, sort)} ${dir} NULLS LAST, ${key}`;
  return {
    count: { sql: `SELECT count(*)::int AS n FROM ${viewOf(entity)} ${whereSql}`, params },
    // All matches' keys and sort values in one pass over the view narrowed to the filter and sort
    // columns (PostgreSQL drops the joins nothing refers to; unordered, it joins the cheapest way),
    // counted and sorted from there; then the shown fields, names and all, for the page's keys only.
    // A page past the end has no rows to carry the count: `count` then.
    rows: {
      sql: `WITH matches AS MATERIALIZED (SELECT ${key} AS "$key", ${column(schema, sort)} AS "$sort" FROM ${viewOf(entity)} ${whereSql}),
                 page AS (SELECT "$key" FROM matches ORDER BY "$sort" ${dir} NULLS LAST, "$key" LIMIT $${n + 1} OFFSET $${n + 2})
            SELECT ${select}, (SELECT count(*)::int FROM matches) AS "$total" FROM ${viewOf(entity)}
             WHERE ${key} = ANY(ARRAY(SELECT "$key" FROM page))
             ${order}`,
      // Page 0 or below is the first page (a negative OFFSET is an error on PostgreSQL), for every caller.
      params: [...params, Math.max(0, req.pageSize), (Math.max(1, req.pageNumber) - 1) * Math.max(0, req.pageSize)],
    },
  };
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
