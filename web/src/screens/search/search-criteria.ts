/**
 * The /Search workbench's own rules: the parent levels' columns the include flags add (SEARCH-017).
 * The rules every search screen shares are components/search-workbench/search-run.ts.
 */

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
  return Object.entries(PARENT_COLUMNS[searchModule] ?? {})
    .filter(([flag]) => criteria[flag] !== true)
    .flatMap(([, cols]) => cols);
}
