/**
 * Lookups fetched once per request (issue 10: a bulk save runs the entity hooks per row over data
 * fetched once, not one query per row). The records pipeline hands its hooks a Queryable that
 * carries a cache; a rule's lookup wraps its query in `cached(q, name, key, load)`, and an entity's
 * prepare step (hooks.ts `onPrepare`) loads what the whole request needs in one query per table and
 * `prime`s the answers. Outside the pipeline (a plain Queryable) `cached` simply runs the load.
 * The cache lives for one request: the hooks run before the request writes anything.
 */
import type { Queryable } from '../db/client';

const CACHE = Symbol('request cache');
type Cache = Map<string, Promise<unknown>>;
type CachingQueryable = Queryable & { [CACHE]?: Cache };

/** The same connection with a fresh request cache. */
export function withRequestCache(q: Queryable): Queryable {
  const out: CachingQueryable = { query: (sql, params) => q.query(sql, params), exec: (sql) => q.exec(sql) };
  out[CACHE] = new Map();
  return out;
}

const keyOf = (name: string, key: unknown[]) => `${name}\u0000${JSON.stringify(key)}`;

/** The answer of `load` for (name, key), loaded at most once per request (the promise is shared). */
export function cached<T>(q: Queryable, name: string, key: unknown[], load: () => Promise<T>): Promise<T> {
  const cache = (q as CachingQueryable)[CACHE];
  if (!cache) return load();
  const k = keyOf(name, key);
  let hit = cache.get(k) as Promise<T> | undefined;
  if (!hit) {
    hit = load();
    cache.set(k, hit);
  }
  return hit;
}

/** Stores an answer loaded in bulk by a prepare step; false when the Queryable has no cache. */
export function prime(q: Queryable, name: string, key: unknown[], value: unknown): boolean {
  const cache = (q as CachingQueryable)[CACHE];
  if (!cache) return false;
  cache.set(keyOf(name, key), Promise.resolve(value));
  return true;
}
