/**
 * A GridEditor's list of cell edits on its way to a save (grid-editor.ts): the work cut into slices
 * with a yield to the browser between them, names typed or pasted into reference cells turned into
 * the chosen records' ids, and the other unsaved cells of each row an edit touches sent with it.
 */
import type { CellChange, CellErrors, GridRecord, Unsaved } from './change-batch';
import type { GridColumn } from './columns';
import { matchOption, NOT_IN_LIST, referenceOptions } from './reference-cells';

/** A cell change with the value the cell held before. */
export type EditCell = CellChange & { old: unknown };

/** Rows written per slice of a paste; cells checked per slice of a save. */
export const SLICE_ROWS = 250;
const SLICE_CELLS = 2_500;

/** Lets the browser paint and handle input between slices. */
export const yieldToBrowser = (): Promise<void> => {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return s?.yield ? s.yield() : new Promise((r) => setTimeout(r, 0));
};

/** The records and columns an edit list is read against (a GridEditor's host). */
export interface EditRecords {
  recordByKey(key: number): GridRecord | undefined;
  columns(): readonly GridColumn[];
}

/** The changes split into runs of about SLICE_CELLS cells, never splitting one record's changes. */
export function runs(list: readonly EditCell[]): EditCell[][] {
  const out: EditCell[][] = [];
  let start = 0;
  while (start < list.length) {
    let end = Math.min(start + SLICE_CELLS, list.length);
    while (end < list.length && list[end].key === list[end - 1].key) end++;
    out.push(list.slice(start, end));
    start = end;
  }
  return out;
}

/**
 * Names typed or pasted into reference cells → the chosen records' ids (the name change stays in
 * the list, so a refused row gets its old name back); a name not among the row's choices is
 * refused with NOT_IN_LIST.
 */
export async function resolveReferences(host: EditRecords, list: EditCell[], refused: CellErrors): Promise<EditCell[]> {
  const byName = new Map(
    host
      .columns()
      .filter((c) => c.ref && c.nameField && !c.readOnly)
      .map((c) => [c.nameField!, c]),
  );
  if (!byName.size || !list.some((e) => byName.has(e.field))) return list;
  const out: EditCell[] = [];
  for (const e of list) {
    out.push(e);
    const col = byName.get(e.field);
    const rec = col && host.recordByKey(e.key);
    if (!col || !rec) continue;
    const blank = e.value === null || e.value === undefined || String(e.value).trim() === '';
    const option = blank ? undefined : matchOption(await referenceOptions(col.ref!, rec).catch(() => []), e.value);
    if (!option && !(blank && col.nullable)) {
      if (!refused.has(e.key)) refused.set(e.key, new Map());
      refused.get(e.key)!.set(col.field, NOT_IN_LIST);
      continue;
    }
    out.push({ key: e.key, field: col.field, value: option ? option.value : null, old: rec[col.field] });
    rec[col.field] = option ? option.value : null;
    rec[e.field] = option ? option.label : null;
  }
  return out;
}

/**
 * The edits with the other unsaved cells of each row they touch (sent again with them), each
 * unsaved cell's `old` its saved value, one row's cells together.
 */
export function withUnsaved(host: EditRecords, unsaved: Unsaved, list: readonly EditCell[]): EditCell[] {
  if (!unsaved.size) return [...list];
  const byKey = new Map<number, EditCell[]>();
  for (const e of list) {
    const held = unsaved.get(e.key);
    const cells = byKey.get(e.key) ?? byKey.set(e.key, []).get(e.key)!;
    cells.push(held?.has(e.field) ? { ...e, old: held.get(e.field) } : e);
  }
  for (const [key, cells] of byKey) {
    const rec = host.recordByKey(key);
    for (const [field, saved] of unsaved.get(key) ?? []) {
      if (rec && !cells.some((c) => c.field === field)) cells.push({ key, field, value: rec[field], old: saved });
    }
  }
  return [...byKey.values()].flat();
}
