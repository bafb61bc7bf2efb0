/**
 * What a child-set editor sends (LP-023): only the rows touched; a deleted saved row as its key with
 * IsDelete, a changed row as its key and its editable fields, a new row as its defaults (e.g. the
 * calendar's SubSeasonId) and fields; blank cells as null.
 */
export type Row = Record<string, unknown>;
export interface Draft {
  k: number;
  row: Row;
  dirty: boolean;
  deleted: boolean;
}

export function saveItems(drafts: readonly Draft[], key: string, editable: readonly string[], newRow: Row = {}): Row[] {
  return drafts
    .filter((d) => d.dirty || d.deleted)
    .map((d) => {
      if (d.deleted) return { [key]: d.row[key], IsDelete: true };
      const fields = Object.fromEntries(editable.map((f) => [f, d.row[f] === '' ? null : (d.row[f] ?? null)]));
      return d.row[key] ? { [key]: d.row[key], ...fields } : { ...newRow, ...fields };
    });
}

/**
 * The rows read again while the user edits (another sub-season's calendar saved: the calendars share
 * one read): untouched rows take the fresh values, rows the user changed, deleted or added stay as the
 * user left them, in the fresh order, new rows last. `nextK` numbers the drafts of rows first seen.
 */
export function withFreshRows(drafts: readonly Draft[], fresh: readonly Row[], key: string, nextK: () => number): Draft[] {
  const touched = new Map(drafts.filter((d) => (d.dirty || d.deleted) && d.row[key]).map((d) => [d.row[key], d]));
  const known = new Map(drafts.filter((d) => d.row[key]).map((d) => [d.row[key], d.k]));
  return [
    ...fresh.map((row) => touched.get(row[key]) ?? { k: known.get(row[key]) ?? nextK(), row, dirty: false, deleted: false }),
    // A changed row someone else deleted stays, so its save says so instead of the edit vanishing (a deleted one is just gone).
    ...[...touched.values()].filter((d) => !d.deleted && !fresh.some((row) => row[key] === d.row[key])),
    ...drafts.filter((d) => !d.row[key]),
  ];
}

/**
 * After a save: the drafts it sent are done (new ones now come back from the read with their keys, deleted
 * ones are gone), the fresh rows come in, and an edit made while the save ran stays as the user left it.
 */
export function afterSave(drafts: readonly Draft[], sent: ReadonlySet<Draft>, fresh: readonly Row[], key: string, nextK: () => number): Draft[] {
  const open = drafts.flatMap((d) => (!sent.has(d) ? [d] : d.row[key] ? [{ ...d, dirty: false, deleted: false }] : []));
  return withFreshRows(open, fresh, key, nextK);
}

/** A row as the section's grid shows it: the draft's values and its key `k`. */
export type GridRow = Row & { k: number };

/** The rows the grid shows: every draft but the removed ones. */
export const gridRows = (drafts: readonly Draft[]): GridRow[] => drafts.filter((d) => !d.deleted).map((d) => ({ ...d.row, k: d.k }));

const sameRow = (a: Row, b: Row) => Object.keys({ ...a, ...b }).every((f) => a[f] === b[f]);

/**
 * The grid's list after a change, back into drafts: a row changed or added is dirty; a saved row no
 * longer shown is removed (sent with IsDelete), a new one just goes; a removed row shown again (undo)
 * is back. Removed rows keep their place at the end, out of sight.
 */
export function fromGrid(drafts: readonly Draft[], shown: readonly GridRow[], key: string): Draft[] {
  const byK = new Map(drafts.map((d) => [d.k, d]));
  const kept = new Set(shown.map((r) => r.k));
  const rows = shown.map(({ k, ...row }): Draft => {
    const d = byK.get(k);
    if (!d) return { k, row, dirty: true, deleted: false };
    const changed = !sameRow(d.row, row);
    return changed || d.deleted ? { k, row: changed ? row : d.row, dirty: d.dirty || changed, deleted: false } : d;
  });
  const removed = drafts.filter((d) => !kept.has(d.k) && d.row[key]).map((d) => (d.deleted ? d : { ...d, deleted: true }));
  return [...rows, ...removed];
}

/** Whether a cell holds what the user typed and did not save yet: any cell of a new row, a changed cell of a saved one. */
export function isUnsaved(d: Draft | undefined, field: string, stored: Row | undefined): boolean {
  if (!d?.dirty) return false;
  return !stored || (d.row[field] ?? null) !== (stored[field] ?? null);
}
