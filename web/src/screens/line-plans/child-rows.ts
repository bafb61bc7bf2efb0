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

/** Removing a row: a saved one is marked deleted (sent with IsDelete), a new one just goes. */
export const withoutRow = (drafts: readonly Draft[], k: number, key: string): Draft[] =>
  drafts.flatMap((d) => (d.k !== k ? [d] : d.row[key] ? [{ ...d, deleted: true }] : []));

/** Issue 27: what a whole-number cell says when it refuses a character (the Launch field once dropped letters in silence). */
export const digitsOnly = (title: string) => `${title} takes whole numbers only: type the digits 0–9.`;
