/**
 * The generic read path of the records pipeline for one record by key, from an entity's
 * `<entity>_view`, scoped to the user's brands (PERM-022) and, for factory users, factories
 * (PERM-023), selecting only the fields the user may see (PERM-029). Pages: search.ts.
 */
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import { notFound, AppError } from '../http/errors';
import { column, viewOf, visibleColumns } from './columns';
import { scope } from './scope';
import { withReferenceNames } from './references';

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
  if (!found?.$mine) throw notFound('The record was not found.');
  const { $deleted: deleted, $mine: _mine, ...row } = found;
  if (deleted) throw new AppError(404, 'record_deleted', 'The record you are trying to access is deleted.');
  return (await withReferenceNames(ctx, ctx.db, user, schema, [row]))[0];
}
