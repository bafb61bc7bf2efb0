/**
 * The pure rules every search workbench shares (/Search, /criticalPath): the criteria a search
 * sends, the empty-result message, and whether the columns differ from the loaded ones (SEARCH-010,
 * CP-009).
 */
import type { ColumnState } from '../data-grid/DataGrid';

/** SEARCH-011 (3 s). */
export const NO_DATA = 'No data was found matching this search criteria.';
export const NO_DATA_MS = 3000;

/** The criteria as the search body takes them: blanks left out (a 0 is a value: CP-005's "False"). */
export function searchFilters(criteria: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(criteria).filter(([, v]) => v !== undefined && v !== null && v !== '' && v !== false));
}

export const EMPTY_COLUMNS: ColumnState = { hidden: [], order: [], sort: null };

/** SEARCH-010, CP-009: columns shown, their order or the sort differ from the baseline (the default or the loaded search). */
export function columnsChanged(now: ColumnState, baseline: ColumnState): boolean {
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  return (
    !same([...now.hidden].sort(), [...baseline.hidden].sort()) ||
    (now.order.length > 0 && !same(now.order, baseline.order)) ||
    now.sort?.field !== baseline.sort?.field ||
    now.sort?.direction !== baseline.sort?.direction
  );
}
