/**
 * The record-level rule (PERM-022, PERM-023): a user sees a record of a brand assigned to them
 * and, a factory user, of a factory assigned to them (the entity schema's `x-brandField` and
 * `x-factoryField`, applied by `scope` of the read path). A record outside it answers exactly like
 * a missing one — same status, message and body — so no answer tells that it exists (issue 10).
 * Every route that takes a record id asks here (or reads through `readRecord`, which does).
 */
import type { SessionUser } from '../auth/permissions';
import type { EntitySchema } from '../schemas/documents';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { notFound } from '../http/errors';
import { column, viewOf } from './columns';
import { scope } from './scope';

export const recordNotFound = () => notFound('The record was not found.');

/** Whether the record is deleted, for a record the user may see; 404 `recordNotFound` for any other id. */
export async function recordState(
  ctx: AppContext,
  user: SessionUser,
  entity: string,
  keyField: string,
  id: number,
  q: Queryable = ctx.db,
): Promise<{ deleted: boolean }> {
  const schema = ctx.schemas.entities.get(entity)!;
  const s = scope(schema, user, 1);
  const deleted = 'IsDeleted' in schema.properties ? 'isdeleted' : 'false';
  const [row] = await q.query(`SELECT ${deleted} AS deleted FROM ${viewOf(entity)} WHERE ${[`${column(schema, keyField)} = $1`, ...s.where].join(' AND ')}`, [
    id,
    ...s.params,
  ]);
  if (!row) throw recordNotFound();
  return { deleted: row.deleted === true };
}

/**
 * A SQL condition, true when the record whose key is `idSql` is one the user may see, for lists
 * that name records by id (logs, last-used projects). Its parameters are appended to `params`.
 */
export function visibleSql(ctx: AppContext, user: SessionUser, entity: string, keyField: string, idSql: string, params: unknown[]): string {
  const schema = ctx.schemas.entities.get(entity)!;
  const s = scope(schema, user, params.length);
  params.push(...s.params);
  return `EXISTS (SELECT 1 FROM ${viewOf(entity)} WHERE ${[`${column(schema, keyField)} = ${idSql}`, ...s.where].join(' AND ')})`;
}

/** The same rule on a record already read (fields by name), for calls that read their own rows (locked, raw tables). */
export function mayAccess(schema: EntitySchema, user: SessionUser, record: Record<string, unknown>): boolean {
  const brand = schema['x-brandField'];
  const factory = schema['x-factoryField'];
  // A list of factories (a dev pattern path's colorways') is in scope when one of them is the user's, as in scope.ts.
  const factories = factory ? [record[factory]].flat() : [];
  return (
    (!brand || user.brandIds.has(record[brand] as number)) && (!factory || !user.isFactoryUser || factories.some((k) => user.factoryKeys.has(k as string)))
  );
}
