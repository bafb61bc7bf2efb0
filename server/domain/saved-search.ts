/**
 * A saved search's value (SEARCH-016/017/022), shared by the server (which stamps it) and the
 * saved-search component (which builds and restores it). Pure.
 */

/** SEARCH-017: the criteria of a saved search (a screen may keep further criteria of its own). */
export interface SearchTerms {
  BrandId?: number | null;
  SeasonId?: number | null;
  DivisionKey?: string | null;
  quickSearchText?: string | null;
  pageNumber: number;
  pageSize: number;
  sortColumn?: string | null;
  sortDirection?: 'ASC' | 'DESC' | null;
  IncludePatternLevel?: boolean;
  IncludeBriefLevel?: boolean;
  IncludeLinePlanLevel?: boolean;
  [criterion: string]: unknown;
}

/** SEARCH-016: the saved search (searchType 1 hierarchy, 2 critical path). */
export interface SavedSearchValue {
  Id: number;
  name: string;
  searchModule: number;
  searchType: number;
  searchTerms: SearchTerms;
  columnsHidden: string[];
  columnsOrder: { column: string; index: number }[];
  changedOn: string;
  createdOn: string;
}

/** SEARCH-022: a calendar date ('YYYY-MM-DD', the business date of DECISIONS "Dates") as M/dd/yyyy (month without, day with a leading zero). */
export function savedSearchDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${Number(m)}/${d}/${y}`;
}

/** An M/dd/yyyy date as a sortable number (yyyymmdd); 0 when it is not one. */
export function savedSearchDateRank(s: unknown): number {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(String(s ?? ''));
  return m ? Number(m[3]) * 10000 + Number(m[1]) * 100 + Number(m[2]) : 0;
}

/** The value stored as text, or null when it is not a saved search (SEARCH-016: a name and search terms); other values are kept as given. */
export function parseSavedSearch(text: unknown): SavedSearchValue | null {
  try {
    const v = JSON.parse(String(text));
    const shaped = v && typeof v === 'object' && !Array.isArray(v) && typeof v.name === 'string' && v.searchTerms && typeof v.searchTerms === 'object';
    return shaped ? (v as SavedSearchValue) : null;
  } catch {
    return null;
  }
}

/** Names are compared trimmed and ignoring case (SEARCH-018: an existing name is overwritten). */
export const sameSearchName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The value as stored: name trimmed, Id the preference's id, changedOn today, createdOn kept from
 * the search it overwrites (else today).
 */
export function stampSavedSearch(value: SavedSearchValue, id: number, previous: SavedSearchValue | null, today: string): SavedSearchValue {
  const day = savedSearchDate(today);
  return { ...value, Id: id, name: value.name.trim(), changedOn: day, createdOn: previous?.createdOn ?? day };
}
