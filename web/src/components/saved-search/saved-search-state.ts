/**
 * A screen's search as a saved search value and back (SEARCH-016/017), and the saved-search list's
 * order (SEARCH-021). Pure; the value's shape and dates are @domain/saved-search's.
 */
import { savedSearchDate, savedSearchDateRank, type SavedSearchValue } from '@domain/saved-search';
import { todayIso } from '../../format/business-date';

export type { SavedSearchValue };

/** What a screen saves and restores: its module, criteria, columns and sort. */
export interface SearchSnapshot {
  searchModule: number;
  /** The criteria (SEARCH-017 names; a screen may add its own). */
  criteria: Record<string, unknown>;
  hidden: string[];
  /** Column fields in their shown order. */
  order: string[];
  sort: { field: string; direction: 'ASC' | 'DESC' } | null;
  pageSize: number;
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** The value to save under `name` (dates are set again by the server). */
export function toSavedSearch(name: string, searchType: number, s: SearchSnapshot, today = todayIso()): SavedSearchValue {
  const criteria = Object.fromEntries(Object.entries(s.criteria).filter(([, v]) => !blank(v)));
  const day = savedSearchDate(today);
  return {
    Id: 0,
    name: name.trim(),
    searchModule: s.searchModule,
    searchType,
    searchTerms: { ...criteria, pageNumber: 1, pageSize: s.pageSize, sortColumn: s.sort?.field ?? null, sortDirection: s.sort?.direction ?? null },
    columnsHidden: [...s.hidden],
    columnsOrder: s.order.map((column, index) => ({ column, index })),
    changedOn: day,
    createdOn: day,
  };
}

const PAGING = new Set(['pageNumber', 'pageSize', 'sortColumn', 'sortDirection']);

/** The search a saved value restores. */
export function fromSavedSearch(v: SavedSearchValue): SearchSnapshot {
  const terms = v.searchTerms ?? { pageNumber: 1, pageSize: 50 };
  const criteria = Object.fromEntries(Object.entries(terms).filter(([k, x]) => !PAGING.has(k) && !blank(x)));
  const order = [...(v.columnsOrder ?? [])].sort((a, b) => a.index - b.index).map((o) => o.column);
  const direction = String(terms.sortDirection ?? 'ASC').toUpperCase() === 'DESC' ? 'DESC' : 'ASC';
  return {
    searchModule: Number(v.searchModule) || 1,
    criteria,
    hidden: [...(v.columnsHidden ?? [])],
    order,
    sort: terms.sortColumn ? { field: String(terms.sortColumn), direction } : null,
    pageSize: [15, 25, 50, 100].includes(Number(terms.pageSize)) ? Number(terms.pageSize) : 50,
  };
}

/** SEARCH-021: the list's sort, kept in preference SortSavedSearches. */
export interface SavedSearchSort {
  column: 'name' | 'searchModule' | 'changedOn' | 'createdOn';
  descending: boolean;
}
export const DEFAULT_SAVED_SEARCH_SORT: SavedSearchSort = { column: 'changedOn', descending: false };

export function parseSavedSearchSort(text: unknown): SavedSearchSort {
  try {
    const v = JSON.parse(String(text));
    const column = ['name', 'searchModule', 'changedOn', 'createdOn'].includes(v?.column) ? v.column : DEFAULT_SAVED_SEARCH_SORT.column;
    return { column, descending: v?.descending === true };
  } catch {
    return DEFAULT_SAVED_SEARCH_SORT;
  }
}

/** The list in that order (dates by calendar day, names ignoring case; ties by Id). */
export function sortSavedSearches<T extends SavedSearchValue>(list: readonly T[], sort: SavedSearchSort): T[] {
  const key = (v: T): string | number =>
    sort.column === 'changedOn' || sort.column === 'createdOn'
      ? savedSearchDateRank(v[sort.column])
      : sort.column === 'searchModule'
        ? Number(v.searchModule)
        : String(v.name).toLowerCase();
  const dir = sort.descending ? -1 : 1;
  return [...list].sort((a, b) => {
    const x = key(a),
      y = key(b);
    return (x < y ? -1 : x > y ? 1 : 0) * dir || a.Id - b.Id;
  });
}

/** The saved search with this name (trimmed, ignoring case): saving under it overwrites it (SEARCH-018). */
export const findByName = <T extends SavedSearchValue>(list: readonly T[], name: string) =>
  list.find((v) => v.name.trim().toLowerCase() === name.trim().toLowerCase());
