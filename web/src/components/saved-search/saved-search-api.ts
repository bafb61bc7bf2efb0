/**
 * The saved-search calls (server/features/admin/saved-searches.ts, DECISIONS SEARCH-023): the user's
 * saved searches of a type, save (the server overwrites one of the same name), delete by
 * comma-joined ids (SEARCH-020), and the list's sort in preference SortSavedSearches (SEARCH-021).
 */
import { apiFetch } from '../../api/http';
import { parseSavedSearch } from '@domain/saved-search';
import { DEFAULT_SAVED_SEARCH_SORT, parseSavedSearchSort, type SavedSearchSort, type SavedSearchValue } from './saved-search-state';

interface StoredPreference {
  UserPreferenceId: number;
  Value: string;
}

/** The preference holding the list's sort. */
export const SORT_PREFERENCE = 'SortSavedSearches';

export async function listSavedSearches(searchType: number): Promise<SavedSearchValue[]> {
  const rows = await apiFetch<StoredPreference[]>('/api/UserPreference/GetUserPreferenceSearch', { query: { SearchType: searchType } });
  return rows.flatMap((r) => {
    const v = parseSavedSearch(r.Value);
    return v ? [{ ...v, Id: r.UserPreferenceId }] : [];
  });
}

export async function saveSavedSearch(searchType: number, value: SavedSearchValue): Promise<SavedSearchValue> {
  const row = await apiFetch<StoredPreference>('/api/UserPreference/UpdateUserPreferenceSearch', {
    json: { UserPreferenceId: value.Id || 0, SearchType: searchType, Value: JSON.stringify(value) },
  });
  return { ...(parseSavedSearch(row.Value) ?? value), Id: row.UserPreferenceId };
}

export const deleteSavedSearches = (ids: readonly number[]) =>
  apiFetch('/api/UserPreference/DeleteUserPreferenceSearch', { query: { idList: ids.join(',') }, json: {} });

export async function loadSavedSearchSort(): Promise<{ sort: SavedSearchSort; id: number }> {
  const [pref] = await apiFetch<StoredPreference[]>('/api/UserPreference/GetUserPreferences', { query: { PreferenceName: SORT_PREFERENCE } });
  return pref ? { sort: parseSavedSearchSort(pref.Value), id: pref.UserPreferenceId } : { sort: DEFAULT_SAVED_SEARCH_SORT, id: 0 };
}

export const saveSavedSearchSort = (sort: SavedSearchSort, id: number) =>
  apiFetch('/api/UserPreference/UpdateSingleUserPreference', {
    json: { userPreferenceId: id, preferenceName: SORT_PREFERENCE, preferenceValue: JSON.stringify(sort), ensureUnique: true },
  });
