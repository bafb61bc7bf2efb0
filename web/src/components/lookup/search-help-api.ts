/** Search-help calls (LOOKUP-003/006/007). */
import { apiFetch } from '../../api/http';
import type { LookupInfo } from './lookup-registry';

export interface LookupPage {
  Results: Record<string, unknown>[];
  TotalRecords: number;
  TotalPageCount: number;
  CurrentPageNumber: number;
}

/** LOOKUP-004: the dialog pages at 50 rows. */
export const LOOKUP_PAGE_SIZE = 50;

export function searchLookup(
  info: LookupInfo,
  req: {
    searchParameters: Record<string, unknown>;
    pageNumber?: number;
    pageSize?: number;
    sortColumn?: string;
    sortDirection?: 'ASC' | 'DESC';
    brandId?: number;
  },
  signal?: AbortSignal,
) {
  const searchParameters = Object.fromEntries(Object.entries(req.searchParameters).filter(([, v]) => v !== '' && v !== undefined && v !== null));
  return apiFetch<LookupPage>(info.searchPath, {
    json: { pageNumber: 1, pageSize: LOOKUP_PAGE_SIZE, sortDirection: 'ASC', ...req, searchParameters },
    signal,
    handleAuthErrors: false,
  });
}

export const lookupFavorites = (info: LookupInfo, query?: Record<string, string | number | undefined>) =>
  apiFetch<Record<string, unknown>[]>(info.favoritesPath, { query, handleAuthErrors: false });

export const saveFavorite = (info: LookupInfo, id: unknown) =>
  apiFetch('/api/SearchHelp/SavePersonalFavorite', { json: { favoriteEntity: info.name, id: String(id) } });

export const removeFavorite = (info: LookupInfo, id: unknown) =>
  apiFetch('/api/SearchHelp/RemovePersonalFavorite', { json: { favoriteEntity: info.name, id: String(id) } });

/**
 * LOOKUP-011: checks a typed key against the lookup (exact key match). 'one' carries the row;
 * 'none' and 'many' let the caller say so or open the dialog.
 */
export async function checkTypedKey(
  info: LookupInfo,
  text: string,
  brandId?: number,
): Promise<{ kind: 'one'; row: Record<string, unknown> } | { kind: 'none' } | { kind: 'many' }> {
  const page = await searchLookup(info, { searchParameters: { [info.keyField]: text }, pageSize: 2, brandId });
  if (page.Results.length === 1) return { kind: 'one', row: page.Results[0] };
  return page.Results.length ? { kind: 'many' } : { kind: 'none' };
}
