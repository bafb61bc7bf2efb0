/**
 * Per-user column order, visibility and widths of a grid (pure part): which columns show, in what
 * order, how wide. Key columns (the grid document's `frozen`) always come first, in the
 * document's order. Columns unknown to a saved preference (added to the grid later) show at their
 * default place and width.
 */
import type { GridColumn } from './columns';

export interface ColumnPrefs {
  order: string[];
  hidden: string[];
  widths?: Record<string, number>;
}

export const EMPTY_PREFS: ColumnPrefs = { order: [], hidden: [], widths: {} };

/** A column resized by the user stays between these widths (px). */
export const MIN_COLUMN_WIDTH = 40;
export const MAX_COLUMN_WIDTH = 800;

const clampWidth = (w: number) => Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, Math.round(w)));

/** The visible columns: key columns first, then the others in the user's order, at the user's widths. */
export function applyPrefs(columns: readonly GridColumn[], prefs: ColumnPrefs): GridColumn[] {
  const pos = new Map(prefs.order.map((f, i) => [f, i]));
  const hidden = new Set(prefs.hidden);
  const indexed = columns.map((c, i) => ({ c, i }));
  const rank = (x: { c: GridColumn; i: number }) => (x.c.key ? -columns.length + x.i : (pos.get(x.c.field) ?? x.i));
  indexed.sort((a, b) => rank(a) - rank(b) || a.i - b.i);
  return indexed
    .map((x) => x.c)
    .filter((c) => !hidden.has(c.field))
    .map((c) => {
      const w = prefs.widths?.[c.field];
      return w === undefined ? c : { ...c, width: clampWidth(w), resized: true };
    });
}

/** How many of the visible columns are frozen on the left (the key columns, which come first). */
export const frozenCount = (visible: readonly GridColumn[]) => visible.filter((c) => c.key).length;

/** The preferences after the user dragged a column to `width` px. */
export function withWidth(prefs: ColumnPrefs, field: string, width: number): ColumnPrefs {
  return { ...prefs, widths: { ...prefs.widths, [field]: clampWidth(width) } };
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
    const widths: Record<string, number> = {};
    if (v?.widths && typeof v.widths === 'object') {
      for (const [f, w] of Object.entries(v.widths)) if (typeof w === 'number' && Number.isFinite(w)) widths[f] = clampWidth(w);
    }
    return { order: Array.isArray(v?.order) ? v.order.map(String) : [], hidden: Array.isArray(v?.hidden) ? v.hidden.map(String) : [], widths };
  } catch {
    return EMPTY_PREFS;
  }
}
