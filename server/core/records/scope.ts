/** The record-level rule of every read: the user's brands (PERM-022) and, for factory users, factories (PERM-023). */
import type { SessionUser } from '../auth/permissions';
import type { EntitySchema } from '../schemas/documents';
import { column, isList } from './columns';

/** Brand (and factory) scope as SQL conditions with their parameters, numbered from `start`. */
/** `brandSql`: the condition of `where` that keeps the user's brands (none without a brand field). */
export function scope(schema: EntitySchema, user: SessionUser, start: number): { where: string[]; params: unknown[]; brandSql?: string } {
  const where: string[] = [];
  const params: unknown[] = [];
  const brand = schema['x-brandField'];
  let brandSql: string | undefined;
  if (brand) {
    params.push([...user.brandIds]);
    where.push((brandSql = `${column(schema, brand)} = ANY($${start + params.length})`));
  }
  const factory = schema['x-factoryField'];
  if (factory && user.isFactoryUser) {
    params.push([...user.factoryKeys]);
    // A list of factories (a dev pattern path's colorways') is in scope when one of them is the user's.
    where.push(
      isList(schema, factory)
        ? `${column(schema, factory)} && $${start + params.length}::text[]`
        : `${column(schema, factory)} = ANY($${start + params.length})`,
    );
  }
  return { where, params, brandSql };
}
