/**
 * The generic read path of the records pipeline for one record by key, from an entity's
 * `<entity>_view`, scoped to the user's brands (PERM-022) and, for factory users, factories
 * (PERM-023), selecting only the fields the user may see (PERM-029). Pages: search.ts.
 */
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import { notFound, AppError } from '../http/errors';
import { column, fieldsJsonSql, fieldsReader, viewOf, visibleColumns } from './columns';
import { scope } from './scope';
import { withReferenceNames } from './references';

/**
 * The statement behind one record: its visible fields (one JSON text, columns.ts fieldsJsonSql: on the
 * embedded database half the cost of a hundred columns parsed one by one) plus whether it is deleted
 * and whether it is in the user's scope, in one prepared round trip (the statement text is the same
 * for every user of the same visible fields and scope shape, so PostgreSQL plans it once per connection).
 */
export function recordStatement(ctx: AppContext, user: SessionUser, entity: string, keyField: string, id: number) {
  const { schema, fields } = visibleColumns(ctx, user, entity);
  const s = scope(schema, user, 1);
  const deleted = 'IsDeleted' in schema.properties ? 'isdeleted' : 'false';
  const mine = s.where.length ? s.where.join(' AND ') : 'true';
  return {
    schema,
    fields,
    sql: `SELECT ${fieldsJsonSql(schema, fields)}::text AS j, ${deleted} AS deleted, coalesce(${mine}, false) AS mine FROM ${viewOf(entity)} WHERE ${column(schema, keyField)} = $1`,
    params: [id, ...s.params],
  };
}

export async function readRecord(ctx: AppContext, user: SessionUser, entity: string, keyField: string, id: number) {
  const { schema, fields, sql, params } = recordStatement(ctx, user, entity, keyField, id);
  const [found] = await ctx.db.query<{ j: string; deleted: boolean; mine: boolean }>(sql, params, { prepare: true });
  // Outside the user's brands or factories answers exactly like a missing record (records/access.ts).
  if (!found?.mine) throw notFound('The record was not found.');
  if (found.deleted) throw new AppError(404, 'record_deleted', 'The record you are trying to access is deleted.');
  const row = fieldsReader(schema, fields)(JSON.parse(found.j));
  return (await withReferenceNames(ctx, ctx.db, user, schema, [row]))[0];
}
