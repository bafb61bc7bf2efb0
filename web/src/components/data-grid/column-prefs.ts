/**
 * Per-user column order and visibility of a grid (pure part): which columns show, in what order.
 * Columns unknown to a saved preference (added to the grid later) show at their default place.
 */
import type { GridColumn } from './columns';

export interface ColumnPrefs { order: string[]; hidden: string[] }

export const EMPTY_PREFS: ColumnPrefs = { order: [], hidden: [] };

/** The visible columns in the user's order. */
export function applyPrefs(columns: readonly GridColumn[], prefs: ColumnPrefs): GridColumn[] {
  const pos = new Map(prefs.order.map((f, i) => [f, i]));
  const hidden = new Set(prefs.hidden);
  const indexed = columns.map((c, i) => ({ c, i }));
  indexed.sort((a, b) => (pos.get(a.c.field) ?? a.i) - (pos.get(b.c.field) ?? b.i) || a.i - b.i);
  return indexed.map((x) => x.c).filter((c) => !hidden.has(c.field));
}

/** Moves a column before another one (a header drag), as a new order. */
export function moveColumn(order: readonly string[], field: string, before: string | null): string[] {
  const next = order.filter((f) => f !== field);
  const at = before === null ? next.length : next.indexOf(before);
  next.splice(at < 0 ? next.length : at, 0, field);
  return next;
}

/** Parses a stored preference value, tolerating anything malformed. */
export function parsePrefs(text: string | null | undefined): ColumnPrefs {
  try {
    const v = JSON.parse(text ?? '');
    return { order: Array.isArray(v?.order) ? v.order.map(String) : [], hidden: Array.isArray(v?.hidden) ? v.hidden.map(String) : [] };
  } catch {
    return EMPTY_PREFS;
  }
}
