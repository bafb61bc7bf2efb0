/**
 * A lookup as one user may read it: without the columns its entity's visibility rules hide from
 * them (DECISIONS PERM-029, ADR 014: a factory user's sole lookups carry no Price). Searches,
 * favourites and the registry description all go through it, so a hidden column is neither
 * answered, filtered, sorted by nor offered.
 */
import type { SessionUser } from '../auth/permissions';
import type { SchemaRegistry } from '../schemas/registry';
import { lookupHidden } from '../schemas/visibility';
import type { LookupEntry } from './types';

export function asSeenBy(schemas: SchemaRegistry, user: SessionUser, entry: LookupEntry): LookupEntry {
  const hidden = lookupHidden(schemas, user, entry.entity);
  return hidden.size ? { ...entry, columns: entry.columns.filter((col) => !hidden.has(col.field)) } : entry;
}
