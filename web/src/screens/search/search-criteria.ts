/**
 * The /Search workbench's pure rules: the criteria a search sends, the parent levels' columns the
 * include flags add (SEARCH-017), and whether the columns differ from the loaded ones (SEARCH-010).
 */
import type { ColumnState } from '../../components/data-grid/DataGrid';

/** SEARCH-011 (3 s). */
export const NO_DATA = 'No data was found matching this search criteria.';
export const NO_DATA_MS = 3000;

/** Each include flag's columns per module (levels below the flag's level only). */
export const PARENT_COLUMNS: Record<number, Record<string, string[]>> = {
  2: { IncludeLinePlanLevel: ['LinePlanName'] },
  3: { IncludeBriefLevel: ['BriefName'], IncludeLinePlanLevel: ['LinePlanName'] },
  4: { IncludePatternLevel: ['PatternName'], IncludeBriefLevel: ['BriefName'], IncludeLinePlanLevel: ['LinePlanName'] },
};

/** A module's criteria before the user changes them: the parent levels included (their columns shown). */
export function defaultCriteria(searchModule: number): Record<string, unknown> {
  return Object.fromEntries(Object.keys(PARENT_COLUMNS[searchModule] ?? {}).map((flag) => [flag, true]));
}

/** The parent-level columns left out while their flag is off. */
export function omittedColumns(searchModule: number, criteria: Record<string, unknown>): string[] {
  return Object.entries(PARENT_COLUMNS[searchModule] ?? {}).filter(([flag]) => criteria[flag] !== true).flatMap(([, cols]) => cols);
}

/** The criteria as the search body takes them: blanks left out. */
export function searchFilters(criteria: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(criteria).filter(([, v]) => v !== undefined && v !== null && v !== '' && v !== false));
}

export const EMPTY_COLUMNS: ColumnState = { hidden: [], order: [], sort: null };

/** SEARCH-010: columns shown, their order or the sort differ from the baseline (the default or the loaded search). */
export function columnsChanged(now: ColumnState, baseline: ColumnState): boolean {
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  return !same([...now.hidden].sort(), [...baseline.hidden].sort()) || (now.order.length > 0 && !same(now.order, baseline.order))
    || now.sort?.field !== baseline.sort?.field || now.sort?.direction !== baseline.sort?.direction;
}
