/**
 * Personal favourites (LOOKUP-006/007): a user's item keys per lookup, stored as text in
 * lookup_favorites. Only an item the user can find in the lookup can be saved, and every brand a
 * favourites filter names must be one of the user's brands (PERM-022).
 */
import type { SessionUser } from '../auth/permissions';
import type { Queryable } from '../db/client';
import { notFound } from '../http/errors';
import { requireBrand } from '../http/router';
import { findItemKey, scope, type Conditions } from './query';
import type { LookupEntry } from './types';

/** The scope of Get{Entity}Favorites narrowed by the entry's extra query parameters. */
export async function favoriteConditions(
  q: Queryable,
  user: SessionUser,
  entry: LookupEntry,
  param: (name: string) => string | undefined,
): Promise<Conditions> {
  const filters = entry.favoriteFilters ?? [];
  const brandFilter = filters.find((f) => f.brand === 'brandId');
  const c = scope(entry, user, brandFilter ? param(brandFilter.param) : undefined);
  for (const f of filters) {
    const value = param(f.param);
    if (value === undefined || value === '' || f.brand === 'brandId') continue;
    if (f.brand === 'sapBrandId') {
      const [brand] = await q.query<{ brandid: number }>('SELECT brandid FROM brands WHERE sapbrandid = $1', [value]);
      if (!brand) throw notFound('Brand not found.');
      requireBrand(user, brand.brandid);
    }
    c.add((n) => `lower((${f.column})::text) = lower(${n})`, value);
  }
  return c;
}

export async function saveFavorite(q: Queryable, user: SessionUser, entry: LookupEntry, id: unknown) {
  const itemKey = await findItemKey(q, user, entry, id);
  if (itemKey === undefined) throw notFound(`No ${entry.name} item '${String(id)}' was found.`);
  await q.query(
    `INSERT INTO lookup_favorites (userid, entity, itemkey) VALUES ($1, $2, $3)
    ON CONFLICT (userid, entity, itemkey) DO NOTHING`,
    [user.userId, entry.name, itemKey],
  );
  return itemKey;
}

/** Removing is idempotent; the key is matched like a key search (case-insensitively). */
export async function removeFavorite(q: Queryable, user: SessionUser, entry: LookupEntry, id: unknown): Promise<number> {
  const rows = await q.query('DELETE FROM lookup_favorites WHERE userid = $1 AND entity = $2 AND lower(itemkey) = lower($3) RETURNING itemkey', [
    user.userId,
    entry.name,
    String(id),
  ]);
  return rows.length;
}
