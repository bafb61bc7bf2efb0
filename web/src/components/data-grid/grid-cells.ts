/**
 * What an editable grid says about a single cell (issue 27): why a cell cannot be edited (its
 * column, or its row's state by the server's rules, grid-previews `cellLock`), how a paste or fill
 * sums up the cells it skipped, and the mark of a cell whose input the server has not taken. Pure.
 */
import { cellLock, type CellLock } from './grid-previews';
import { displayValue } from './cell-format';
import { NOT_EDITED_HERE, shownField, type GridColumn } from './columns';
import type { CellErrors, GridRecord, Unsaved } from './change-batch';
import type { CellDecoration } from './hot-cells';
import { countOf } from '../../format/count';

/** The hover text of a cell showing input the server has not taken yet. */
const NOT_SAVED = 'Not saved: fix the red cells of this row and press Ctrl+S, or press Esc to go back to the saved values.';

/** Why a read-only column's cells cannot be edited. */
export const columnLock = (col: GridColumn): string => col.lockReason ?? NOT_EDITED_HERE;

/**
 * Why a cell of an editable grid cannot be edited, or undefined: its column's reason, else its
 * row's state (`refuse`: a paste or fill skips it; otherwise only typing is stopped).
 */
export function lockOf(rec: GridRecord | undefined, col: GridColumn): CellLock | undefined {
  if (col.readOnly) return { message: columnLock(col), refuse: true };
  return rec ? cellLock(rec, col.field) : undefined;
}

/** A reason as the tail of a sentence: lower case first, unless it starts with a name ('Costing Complete can't…'). */
const asTail = (why: string) => {
  const t = why.replace(/[.!]$/, '');
  return /^\S+\s+[A-Z]/.test(t) ? t : t.charAt(0).toLowerCase() + t.slice(1);
};

/** The cells a paste or fill skipped, by reason, as one sentence: '12 cells skipped: read only in status Completed.'; undefined for none. */
export function skippedText(skipped: ReadonlyMap<string, number>): string | undefined {
  const parts = [...skipped].sort((a, b) => b[1] - a[1]).map(([why, n]) => `${countOf(n, 'cell')} skipped: ${asTail(why)}`);
  return parts.length ? `${parts.join('; ')}.` : undefined;
}

/** A stored value as the text a paste of it would carry (Ctrl+D, the fill handle). */
export const asText = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'boolean' ? (v ? 'TRUE' : 'FALSE') : String(v));

/** Whether a cell of a row shows input the server has not taken (the column's field or the name it shows). */
const isUnsaved = (unsaved: Unsaved, key: number, col: GridColumn) => {
  const held = unsaved.get(key);
  return !!held && (held.has(col.field) || held.has(shownField(col)));
};

/** What the cell lookups of a GridTable read (through its refs: the renderers are built once). */
interface CellSource {
  recordAt: (row: number) => GridRecord | undefined;
  columns: () => readonly GridColumn[];
  keyField: () => string;
  errors: () => CellErrors;
  unsaved: () => Unsaved;
  editable: () => boolean;
}

/**
 * The renderers' lookups of a (visual) cell: its error (a row's own message reddens only the cells
 * the user entered, or all when none is held), and its decoration in an editable grid: input not
 * saved yet ('cell--unsaved'), or why its row's state locks it ('cell--locked', the reason in its title).
 */
export function cellLookups(src: CellSource) {
  const find = (field: string) => src.columns().find((c) => c.field === field);
  const errorAt = (row: number, field: string) => {
    const rec = src.recordAt(row);
    if (!rec) return undefined;
    const key = Number(rec[src.keyField()]);
    const m = src.errors().get(key);
    if (!m) return undefined;
    const col = find(field);
    const mine = !src.unsaved().has(key) || (!!col && isUnsaved(src.unsaved(), key, col));
    return m.get(field) ?? (mine ? m.get('') : undefined);
  };
  const decorateAt = (row: number, field: string): CellDecoration | undefined => {
    const col = src.editable() ? find(field) : undefined;
    const rec = col && src.recordAt(row);
    if (!col || !rec) return undefined;
    if (isUnsaved(src.unsaved(), Number(rec[src.keyField()]), col)) return { className: 'cell--unsaved', title: NOT_SAVED };
    // A read-only column keeps its full text as the title (it says why when selected); a cell its row locks says why on hover too.
    const lock = col.readOnly ? undefined : lockOf(rec, col);
    if (!lock) return undefined;
    const text = col.kind === 'boolean' ? '' : displayValue(col, rec[shownField(col)]);
    return { className: 'cell--locked', title: text ? `${text}\n${lock.message}` : lock.message };
  };
  return { errorAt, decorateAt };
}
