/**
 * SQL for one registry entry: the scope every read of it gets (fixed filters, the user's brands,
 * a factory user's factories), the search-parameter filters, and the paged search itself.
 * Column SQL comes only from the registry; request values are always bound parameters.
 */
import type { SessionUser } from '../auth/permissions';
import type { Queryable } from '../db/client';
import { badRequest } from '../http/errors';
import { requireBrand } from '../http/router';
import { paged, type Paged } from '../records/paging';
import type { LookupColumn, LookupEntry } from './types';
import { containsPattern } from '../db/contains';

/** LOOKUP-003: the request default and the cap of a lookup page. */
export const MAX_PAGE_SIZE = 9999;

export interface LookupSearch {
  searchParameters?: Record<string, unknown>;
  pageNumber?: number;
  pageSize?: number;
  sortColumn?: string;
  sortDirection?: string;
  brandId?: number;
}

/** WHERE conditions with their bound parameters. */
export class Conditions {
  readonly where: string[] = [];
  readonly params: unknown[] = [];
  add(sql: (n: string) => string, value: unknown) {
    this.params.push(value);
    this.where.push(sql(`$${this.params.length}`));
  }
  get sql() {
    return this.where.length ? `WHERE ${this.where.join(' AND ')}` : '';
  }
}

const select = (entry: LookupEntry) => entry.columns.map((c) => `${c.sql} AS "${c.field}"`).join(', ');
const keyColumn = (entry: LookupEntry) => entry.columns.find((c) => c.field === entry.keyField)!;
export const findColumn = (entry: LookupEntry, field: string) => entry.columns.find((c) => c.field.toLowerCase() === field.toLowerCase());

/** What every read of the entry is limited to; `brandId`, when given, must be one of the user's brands. */
export function scope(entry: LookupEntry, user: SessionUser, brandId?: unknown): Conditions {
  const c = new Conditions();
  for (const w of entry.where ?? []) c.where.push(w);
  if (entry.brandColumn) {
    if (brandId !== undefined && brandId !== null && brandId !== '') {
      requireBrand(user, brandId);
      c.add((n) => `${entry.brandColumn} = ${n}`, Number(brandId));
    } else {
      c.add((n) => `${entry.brandColumn} = ANY(${n}::int[])`, [...user.brandIds]);
    }
  }
  if (entry.factoryColumn && user.isFactoryUser) c.add((n) => `${entry.factoryColumn} = ANY(${n}::text[])`, [...user.factoryKeys]);
  return c;
}

/** One search parameter as a condition; an unknown name or a value of the wrong type is a 400 naming its path. */
function addParameter(c: Conditions, col: LookupColumn | undefined, name: string, value: unknown) {
  const path = `/searchParameters/${name}`;
  if (!col) throw badRequest(`'${name}' is not a search parameter of this lookup.`, [{ Field: path, Message: 'Unknown search parameter.' }]);
  if (typeof value === 'object') throw badRequest('The request is invalid.', [{ Field: path, Message: 'Must be a single value.' }]);
  if (col.type === 'number') {
    const n = Number(value);
    if (!Number.isFinite(n)) throw badRequest('The request is invalid.', [{ Field: path, Message: 'Must be a number.' }]);
    c.add((p) => `${col.sql} = ${p}`, n);
  } else if (col.type === 'boolean') {
    const s = String(value).toLowerCase();
    if (s !== 'true' && s !== 'false') throw badRequest('The request is invalid.', [{ Field: path, Message: 'Must be true or false.' }]);
    c.add((p) => `${col.sql} = ${p}`, s === 'true');
  } else if (col.match === 'equals') {
    c.add((p) => `lower(${col.sql}) = lower(${p})`, String(value));
  } else {
    c.add((p) => `${col.sql} ILIKE ${p}`, containsPattern(String(value)));
  }
}

/** Adds the non-empty search parameters (a lookup dialog sends its empty inputs too). */
export function addParameters(c: Conditions, entry: LookupEntry, params: Record<string, unknown> = {}) {
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    addParameter(c, findColumn(entry, name), name, value);
  }
}

/** POST Search{Entity}: a CONST-008 page, sorted by a result column (else 400). */
export async function searchLookup(q: Queryable, user: SessionUser, entry: LookupEntry, req: LookupSearch): Promise<Paged<Record<string, unknown>>> {
  const c = scope(entry, user, req.brandId);
  addParameters(c, entry, req.searchParameters);
  const sort = req.sortColumn ? findColumn(entry, req.sortColumn) : keyColumn(entry);
  if (!sort) throw badRequest(`Cannot sort by '${req.sortColumn}'.`, [{ Field: '/sortColumn', Message: 'Not a result column of this lookup.' }]);
  const dir = (req.sortDirection ?? 'ASC').toUpperCase() === 'DESC' ? 'DESC' : 'ASC';
  const pageNumber = req.pageNumber ?? 1;
  const pageSize = Math.min(req.pageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  const [{ n }] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${entry.from} ${c.sql}`, c.params);
  const rows = await q.query(
    `SELECT ${select(entry)} FROM ${entry.from} ${c.sql}
      ORDER BY ${sort.sql} ${dir} NULLS LAST, ${keyColumn(entry).sql}
      LIMIT ${pageSize} OFFSET ${(pageNumber - 1) * pageSize}`,
    c.params,
  );
  return paged(rows, pageNumber, pageSize, n);
}

/** The stored key of an item the user can see, matched like a key search; undefined when there is none. */
export async function findItemKey(q: Queryable, user: SessionUser, entry: LookupEntry, id: unknown): Promise<string | undefined> {
  const c = scope(entry, user);
  const k = keyColumn(entry);
  c.add((n) => `lower((${k.sql})::text) = lower(${n})`, String(id));
  const [row] = await q.query<{ k: string }>(`SELECT (${k.sql})::text AS k FROM ${entry.from} ${c.sql} LIMIT 1`, c.params);
  return row?.k;
}

/** Rows of the user's favourite items of the entry, within its scope and the extra filters. */
export async function favoriteRows(q: Queryable, user: SessionUser, entry: LookupEntry, c: Conditions) {
  c.params.push(user.userId, entry.name);
  const [u, e] = [c.params.length - 1, c.params.length];
  c.where.push(`(${keyColumn(entry).sql})::text IN (SELECT itemkey FROM lookup_favorites WHERE userid = $${u} AND entity = $${e})`);
  return q.query(`SELECT ${select(entry)} FROM ${entry.from} ${c.sql} ORDER BY ${keyColumn(entry).sql}`, c.params);
}
