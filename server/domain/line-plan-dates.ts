/**
 * Date rules of a line plan's child rows (seasonal planning items and calendar rows):
 * the end must not be before the start (LP-020), the duration is the day count between them
 * rounded up (LP-021), and calendar rows are numbered in steps of 10 (LP-022). Shared with the browser
 * (`@domain/line-plan-dates`): the line plan's grids mark an end before its start as it is typed.
 */
const DAY_MS = 86_400_000;

/** LP-020's text, said by the server's refusals and by the browser's cells before the save. */
export const END_BEFORE_START = 'End Date must not be before Start Date.';

/** 'YYYY-MM-DD' (or an ISO date-time) → epoch milliseconds, or null when empty or not a date. */
export function dateValue(value: unknown): number | null {
  if (typeof value !== 'string' || !value) return null;
  const t = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(t) ? null : t;
}

/** LP-020: true when both dates are given and the end lies before the start. */
export function endBeforeStart(start: unknown, end: unknown): boolean {
  const s = dateValue(start),
    e = dateValue(end);
  return s !== null && e !== null && e < s;
}

/** LP-021: whole days from start to end, rounded up; null when either date is missing. */
export function durationDays(start: unknown, end: unknown): number | null {
  const s = dateValue(start),
    e = dateValue(end);
  return s === null || e === null ? null : Math.ceil((e - s) / DAY_MS);
}

export const SORT_STEP = 10;

/** LP-022: the sort numbers of `count` rows in their order: 10, 20, 30, ... */
export const sortNumbers = (count: number) => Array.from({ length: count }, (_, i) => (i + 1) * SORT_STEP);

/**
 * The rows in calendar order (Sort, then rows without one last in their given order) with their
 * sort numbers renumbered in steps of 10.
 */
export function renumbered<T extends { Sort?: number | null }>(rows: readonly T[]): (T & { Sort: number })[] {
  const order = rows.map((row, i) => ({ row, i })).sort((a, b) => (a.row.Sort ?? Infinity) - (b.row.Sort ?? Infinity) || a.i - b.i);
  const sorts = sortNumbers(order.length);
  return order.map(({ row }, k) => ({ ...row, Sort: sorts[k] }));
}
