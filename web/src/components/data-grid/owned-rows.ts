/**
 * The pure part of OwnedGrid (ADR 029): rows a screen owns, changed as a whole list. Every user
 * action becomes one RowsChange (cells edited, rows inserted, removed or moved; a paste that adds
 * rows is one 'many' change), applied by row key so the screen may rework the list in between (a
 * renumbering, a save's answer) and undo still finds its rows. Cell text becomes a row value by the
 * column's kind (cell-values.ts) or, in a pick-list column, by the row's choices; a blank cell is
 * allowed while editing (required cells are the screen's check on save).
 */
import { toServerValue, type CellResult } from './cell-values';
import { gridColumns, type GridColumn, type GridDocument } from './columns';
import { columnLock } from './grid-cells';
import { GridEditor } from './grid-editor';
import { matchOption, NOT_IN_LIST } from './reference-cells';
import type { EntitySchema } from '../fields/field-kind';
import type { ReferenceOption } from '../schema-form/reference';

export type RowKey = string | number;
/** One cell of one row, its value before and after. */
export interface CellEdit {
  key: RowKey;
  field: string;
  before: unknown;
  after: unknown;
}
export type RowsChange<R> =
  | { kind: 'edit'; cells: CellEdit[] }
  | { kind: 'insert' | 'remove'; rows: { index: number; row: R }[] }
  | { kind: 'move'; before: RowKey[]; after: RowKey[] }
  | { kind: 'many'; changes: RowsChange<R>[] };

/** Errors per row key, then per field. */
export type RowErrors = ReadonlyMap<RowKey, ReadonlyMap<string, string>>;

/** The columns of an owned grid: the grid document's, pick-list fields marked, titles the screen sets (a calculator's 'Margin at FOB 22.50'). */
export function ownedColumns(
  grid: GridDocument,
  schema: EntitySchema,
  listed: readonly string[] = [],
  titles: Readonly<Record<string, string>> = {},
): GridColumn[] {
  return gridColumns(grid, schema).map((c) => ({
    ...c,
    ...(listed.includes(c.field) ? { listed: true, kind: 'text' as const } : {}),
    ...(titles[c.field] ? { title: titles[c.field] } : {}),
  }));
}

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** Typed or pasted text → the row's value: a choice's value in a pick list, else by kind; blank is null ('' for a text that is not nullable). */
export function cellValue(col: GridColumn, input: unknown, options?: readonly ReferenceOption[]): CellResult {
  if (isBlank(input) && col.kind !== 'boolean')
    return { ok: true, value: (col.kind === 'text' || col.kind === 'notes') && !col.nullable && !options ? '' : null };
  if (options) {
    const hit = matchOption(options, input);
    return hit ? { ok: true, value: hit.value } : { ok: false, message: NOT_IN_LIST };
  }
  return toServerValue(col, input);
}

/** The label a pick-list cell shows for a value. */
export const optionLabel = (options: readonly ReferenceOption[] | undefined, value: unknown) =>
  isBlank(value) ? '' : (options?.find((o) => o.value === value)?.label ?? String(value));

const same = (a: unknown, b: unknown) => a === b || (isBlank(a) && isBlank(b));

/**
 * Writes values into rows (by index), one new object per changed row; `derive` adds what a row's
 * rules compute from the written values (volume totals). Unchanged values make no edit.
 */
export function writeCells<R extends object>(
  rows: readonly R[],
  keyOf: (row: R) => RowKey,
  writes: readonly { index: number; field: string; value: unknown }[],
  derive?: (before: R, changes: Record<string, unknown>) => Record<string, unknown>,
): { rows: R[]; change: RowsChange<R> | null } {
  const byRow = new Map<number, Record<string, unknown>>();
  for (const w of writes) {
    if (!rows[w.index]) continue;
    if (!byRow.has(w.index)) byRow.set(w.index, {});
    byRow.get(w.index)![w.field] = w.value;
  }
  const next = [...rows];
  const cells: CellEdit[] = [];
  for (const [index, written] of byRow) {
    const before = rows[index] as Record<string, unknown>;
    const all = derive ? { ...written, ...derive(rows[index], written), ...written } : written;
    const changed = Object.entries(all).filter(([f, v]) => !same(before[f], v));
    if (!changed.length) continue;
    next[index] = { ...before, ...Object.fromEntries(changed) } as R;
    for (const [field, after] of changed) cells.push({ key: keyOf(rows[index]), field, before: before[field], after });
  }
  return cells.length ? { rows: next, change: { kind: 'edit', cells } } : { rows: [...rows], change: null };
}

/** The rows at `moved` (indexes) as one block starting at `to` of the result (Handsontable's beforeRowMove). */
export function moveRows<R>(rows: readonly R[], moved: readonly number[], to: number): R[] {
  const picked = new Set(moved);
  const block = [...picked]
    .sort((a, b) => a - b)
    .map((i) => rows[i])
    .filter((r) => r !== undefined);
  const rest = rows.filter((_, i) => !picked.has(i));
  const at = Math.max(0, Math.min(to, rest.length));
  return [...rest.slice(0, at), ...block, ...rest.slice(at)];
}

/** The move of rows (indexes) to start at `to`, as a change; null when nothing moves. */
export function moveChange<R>(rows: readonly R[], keyOf: (row: R) => RowKey, moved: readonly number[], to: number): RowsChange<R> | null {
  const before = rows.map(keyOf);
  const after = moveRows(rows, moved, to).map(keyOf);
  return before.every((k, i) => k === after[i]) ? null : { kind: 'move', before, after };
}

/** The change that undoes a change. */
export function inverse<R>(c: RowsChange<R>): RowsChange<R> {
  switch (c.kind) {
    case 'edit':
      return { kind: 'edit', cells: c.cells.map((e) => ({ ...e, before: e.after, after: e.before })) };
    case 'insert':
      return { kind: 'remove', rows: c.rows };
    case 'remove':
      return { kind: 'insert', rows: c.rows };
    case 'move':
      return { kind: 'move', before: c.after, after: c.before };
    case 'many':
      return { kind: 'many', changes: c.changes.map(inverse).reverse() };
  }
}

/** A change applied to the rows as they are now, by key (rows it names that are gone are skipped). */
export function applyChange<R extends object>(rows: readonly R[], keyOf: (row: R) => RowKey, c: RowsChange<R>): R[] {
  switch (c.kind) {
    case 'edit': {
      const byKey = new Map<RowKey, Record<string, unknown>>();
      for (const e of c.cells) byKey.set(e.key, { ...byKey.get(e.key), [e.field]: e.after });
      return rows.map((r) => (byKey.has(keyOf(r)) ? ({ ...r, ...byKey.get(keyOf(r)) } as R) : r));
    }
    case 'insert': {
      const next = [...rows];
      for (const { index, row } of [...c.rows].sort((a, b) => a.index - b.index)) next.splice(Math.min(index, next.length), 0, row);
      return next;
    }
    case 'remove': {
      const gone = new Set(c.rows.map((x) => keyOf(x.row)));
      return rows.filter((r) => !gone.has(keyOf(r)));
    }
    case 'move': {
      const byKey = new Map(rows.map((r) => [keyOf(r), r]));
      const ordered = c.after.filter((k) => byKey.has(k)).map((k) => byKey.get(k)!);
      const named = new Set(c.after);
      return [...ordered, ...rows.filter((r) => !named.has(keyOf(r)))];
    }
    case 'many':
      return c.changes.reduce<R[]>((acc, x) => applyChange(acc, keyOf, x), [...rows]);
  }
}

/** Undo and redo as lists of changes (the last done first). */
export interface History<R> {
  done: RowsChange<R>[];
  undone: RowsChange<R>[];
}
export const emptyHistory = <R>(): History<R> => ({ done: [], undone: [] });
const DEPTH = 100;

/** A new change: remembered for undo; the redo list is dropped. */
export const remember = <R>(h: History<R>, c: RowsChange<R>): History<R> => ({ done: [...h.done, c].slice(-DEPTH), undone: [] });

/**
 * Undo (or redo) of the last change on the current rows: the new rows, the change applied and the
 * history after it; null when there is none. `keep`: the cells an undone edit may still write.
 */
export function step<R extends object>(h: History<R>, rows: readonly R[], keyOf: (row: R) => RowKey, dir: 'undo' | 'redo', keep?: (e: CellEdit) => boolean) {
  const from = dir === 'undo' ? h.done : h.undone;
  const last = from[from.length - 1];
  if (!last) return null;
  let change = dir === 'undo' ? inverse(last) : last;
  if (keep && change.kind === 'edit') change = { kind: 'edit', cells: change.cells.filter(keep) };
  const history = dir === 'undo' ? { done: h.done.slice(0, -1), undone: [...h.undone, last] } : { done: [...h.done, last], undone: h.undone.slice(0, -1) };
  return { rows: applyChange(rows, keyOf, change), change, history };
}

/** How a paste or fill reads and writes cells. */
export interface CellAccess<R> {
  columns: readonly GridColumn[];
  keyOf: (row: R) => RowKey;
  /** Whether a cell of a row takes input (column and row state). */
  editable: (row: R, col: GridColumn) => boolean;
  /** Why a cell that takes no input is locked, for the count of what a paste skipped (default: its column's reason). */
  why?: (row: R, col: GridColumn) => string | undefined;
  /** A cell's text as its value (cellValue with the row's choices, or the screen's own reading). */
  value: (row: R, col: GridColumn, text: unknown) => CellResult;
  derive?: (before: R, changes: Record<string, unknown>) => Record<string, unknown>;
  /** A blank row for rows pasted past the last one; without it they are dropped. */
  newRow?: (rows: readonly R[]) => R;
}

/** Said of a cell its row's state locks when the screen gives no reason of its own. */
const ROW_LOCKED = 'Read only in this row.';

/** Text typed or pasted into cells (row index, column index) read as values; read-only cells skipped (counted by reason), refused text reported per cell. */
export function readCells<R>(rows: readonly R[], cells: readonly { index: number; col: number; text: unknown }[], a: CellAccess<R>) {
  const writes: { index: number; field: string; value: unknown }[] = [];
  const refused = new Map<RowKey, Map<string, string>>();
  const skipped = new Map<string, number>();
  for (const { index, col: c, text } of cells) {
    const row = rows[index];
    const col = a.columns[c];
    if (!row || !col || text === undefined) continue;
    if (!a.editable(row, col)) {
      const why = a.why?.(row, col) ?? (col.readOnly ? columnLock(col) : ROW_LOCKED);
      skipped.set(why, (skipped.get(why) ?? 0) + 1);
      continue;
    }
    const v = a.value(row, col, text);
    if (v.ok) writes.push({ index, field: col.field, value: v.value });
    else refused.set(a.keyOf(row), new Map([...(refused.get(a.keyOf(row)) ?? []), [col.field, v.message]]));
  }
  return { writes, refused, skipped, read: writes.map((w) => ({ key: a.keyOf(rows[w.index]), field: w.field })) };
}

/** A paste's or fill's outcome: the rows, the change (null: none), the cells refused, the cells read (whether or not they changed) and those skipped, by reason. */
export interface Written<R> {
  rows: R[];
  change: RowsChange<R> | null;
  refused: Map<RowKey, Map<string, string>>;
  read: { key: RowKey; field: string }[];
  skipped?: ReadonlyMap<string, number>;
}

/**
 * A table of text (Excel's TSV) pasted at a selection, as ONE change: one value over a larger
 * selection fills it (GridEditor.area), rows past the last are added with `newRow`, read-only cells
 * are skipped and text a cell refuses is reported per cell instead of written.
 */
export function pasteRows<R extends object>(
  rows: readonly R[],
  table: string[][],
  top: { row: number; col: number },
  bottom: { row: number; col: number },
  a: CellAccess<R>,
): Written<R> {
  const needed = table.length === 1 && table[0].length === 1 ? bottom.row + 1 : top.row + table.length;
  const { single, lastRow, lastCol } = GridEditor.area(table, top, bottom, a.newRow ? Math.max(rows.length, needed) : rows.length, a.columns.length);
  let list = [...rows];
  const added: { index: number; row: R }[] = [];
  while (a.newRow && list.length <= lastRow) {
    const row = a.newRow(list);
    added.push({ index: list.length, row });
    list = [...list, row];
  }
  const at: { index: number; col: number; text: unknown }[] = [];
  for (let r = top.row; r <= lastRow; r++) {
    for (let c = top.col; c <= lastCol; c++) at.push({ index: r, col: c, text: single ? table[0][0] : table[r - top.row]?.[c - top.col] });
  }
  const { writes, refused, read, skipped } = readCells(list, at, a);
  const written = writeCells(list, a.keyOf, writes, a.derive);
  if (!added.length) return { ...written, refused, read, skipped };
  // The added rows are inserted as they end up (pasted values in them); the edit keeps only the cells of rows that were there.
  const addedKeys = new Set(added.map((x) => a.keyOf(x.row)));
  const inserted = { kind: 'insert' as const, rows: added.map((x) => ({ index: x.index, row: written.rows[x.index] })) };
  const cells = written.change?.kind === 'edit' ? written.change.cells.filter((e) => !addedKeys.has(e.key)) : [];
  return { rows: written.rows, change: cells.length ? { kind: 'many', changes: [{ kind: 'edit', cells }, inserted] } : inserted, refused, read, skipped };
}

/** Ctrl+D: the top row's values of the selected columns copied into the selected rows below it. */
export function fillDown<R extends object>(
  rows: readonly R[],
  range: { top: number; bottom: number; left: number; right: number },
  a: CellAccess<R>,
): Written<R> {
  const source = rows[range.top] as Record<string, unknown> | undefined;
  const writes: { index: number; field: string; value: unknown }[] = [];
  for (let r = range.top + 1; source && r <= Math.min(range.bottom, rows.length - 1); r++) {
    for (let c = Math.max(0, range.left); c <= range.right; c++) {
      const col = a.columns[c];
      if (col && a.editable(rows[r], col)) writes.push({ index: r, field: col.field, value: source[col.field] });
    }
  }
  return { ...writeCells(rows, a.keyOf, writes, a.derive), refused: new Map(), read: writes.map((w) => ({ key: a.keyOf(rows[w.index]), field: w.field })) };
}

/**
 * A 400's field errors ('/Items/3/Name') as errors of the rows that were sent (row key → field →
 * message); `list` is the name of the rows' array in the request body.
 */
export function fieldPathErrors<R, K extends RowKey>(
  sent: readonly R[],
  keyOf: (row: R) => K,
  errors: readonly { Field: string; Message: string }[],
  list = 'Items',
): Map<K, Map<string, string>> {
  const out = new Map<K, Map<string, string>>();
  const pattern = new RegExp(`^/${list}/(\\d+)/(\\w+)`);
  for (const e of errors) {
    const m = pattern.exec(e.Field);
    const row = m ? sent[Number(m[1])] : undefined;
    if (!m || row === undefined) continue;
    const key = keyOf(row);
    if (!out.has(key)) out.set(key, new Map());
    out.get(key)!.set(m[2], e.Message);
  }
  return out;
}
