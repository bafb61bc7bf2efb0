/**
 * Multi-select of pattern tiles (CAT-005) and moving between tiles with the keyboard. The
 * selection keeps each chosen tile (so it survives paging) in the order chosen; Shift selects
 * the range from the last tile clicked to this one, in page order. Pure.
 */
export interface TileSelection<T> {
  chosen: ReadonlyMap<number, T>;
  anchor: number | null;
}

export const emptySelection = <T>(): TileSelection<T> => ({ chosen: new Map(), anchor: null });

/** One tile chosen or unchosen; it becomes the anchor of a later range. */
export function toggleTile<T>(sel: TileSelection<T>, id: number, tile: T): TileSelection<T> {
  const chosen = new Map(sel.chosen);
  if (chosen.has(id)) chosen.delete(id);
  else chosen.set(id, tile);
  return { chosen, anchor: id };
}

/** Shift: every tile between the anchor and `id` (in `page` order) chosen; without an anchor on this page, a toggle. */
export function selectRange<T>(sel: TileSelection<T>, page: readonly { id: number; tile: T }[], id: number, tile: T): TileSelection<T> {
  const from = page.findIndex((p) => p.id === sel.anchor);
  const to = page.findIndex((p) => p.id === id);
  if (from < 0 || to < 0) return toggleTile(sel, id, tile);
  const chosen = new Map(sel.chosen);
  for (const p of page.slice(Math.min(from, to), Math.max(from, to) + 1)) chosen.set(p.id, p.tile);
  return { chosen, anchor: id };
}

/** The tile an arrow key (or Home/End) moves to in a grid of `perRow` tiles per row, or null when the key does not move. */
export function moveFocus(index: number, key: string, perRow: number, count: number): number | null {
  if (count === 0) return null;
  const to =
    key === 'ArrowRight'
      ? index + 1
      : key === 'ArrowLeft'
        ? index - 1
        : key === 'ArrowDown'
          ? index + perRow
          : key === 'ArrowUp'
            ? index - perRow
            : key === 'Home'
              ? 0
              : key === 'End'
                ? count - 1
                : null;
  if (to === null) return null;
  return Math.min(Math.max(0, to), count - 1);
}

/** The chosen patterns as tab-separated lines with a header row, ready to paste into Excel (a line review list). */
export function selectionTsv(rows: readonly Record<string, unknown>[], columns: readonly { field: string; label: string }[]): string {
  const cell = (v: unknown) => (v === null || v === undefined ? '' : String(v).replace(/[\t\r\n]+/g, ' '));
  return [columns.map((c) => c.label).join('\t'), ...rows.map((r) => columns.map((c) => cell(r[c.field])).join('\t'))].join('\n');
}
