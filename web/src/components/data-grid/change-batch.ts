/**
 * One server write per edit, paste or fill: the cell changes of one Handsontable `afterChange`
 * grouped by record into the rows of POST /api/Grid/<id>/Save, and its answer turned back into
 * what the grid shows (saved values, new RowVersions, rolled-back rows, per-cell errors).
 */
import { toServerValue } from './cell-values';
import type { GridColumn } from './columns';

/** A row of the grid: the record as the server sent it. */
export type GridRecord = Record<string, unknown>;

/** One cell change: the record's key, the field, the new value. */
export interface CellChange {
  key: number;
  field: string;
  value: unknown;
}

export interface SaveRow {
  Key: number;
  RowVersion: number;
  Changes: Record<string, unknown>;
}

export interface SaveAnswer {
  IsSuccessful: boolean;
  Saved: GridRecord[];
  Failed: { Key: number; Status: number; Message: string; Errors?: { Field: string; Message: string }[]; Code?: string; RowVersion?: number }[];
}

/**
 * A row refused because someone else changed it since it was loaded (the stale-save answer, Code
 * 'stale'), not a 409 of the row's state (a read-only status).
 */
export const isStale = (f: SaveAnswer['Failed'][number]) => f.Status === 409 && f.Code === 'stale';

/**
 * A screen's wrapper of a refused row's messages (`failedRow`, e.g. 'There was an error performing
 * the update: {message}'), once: a message the server already wrapped is left as it is.
 */
export function wrapMessage(template: string | undefined): (message: string) => string {
  if (!template) return (m) => m;
  const [before, after = ''] = template.split('{message}');
  return (m) => (m.startsWith(before) && m.endsWith(after) ? m : `${before}${m}${after}`);
}

/** Errors by record key, then by field ('' for a row-level message). */
export type CellErrors = Map<number, Map<string, string>>;

export interface Batch {
  rows: SaveRow[];
  /** Cells refused before sending (not a number, bad date, too long): key → field → message. */
  invalid: CellErrors;
}

/**
 * Groups changes by record against the records as they were before the edit (`before`, by key):
 * unchanged values are dropped, read-only columns ignored, rows with an invalid cell not sent.
 */
export function batchChanges(before: ReadonlyMap<number, GridRecord>, changes: readonly CellChange[], columns: readonly GridColumn[]): Batch {
  const byField = new Map(columns.map((c) => [c.field, c]));
  const rows = new Map<number, SaveRow>();
  const invalid: CellErrors = new Map();
  for (const ch of changes) {
    const rec = before.get(ch.key);
    const col = byField.get(ch.field);
    if (!rec || !col || col.readOnly) continue;
    const r = toServerValue(col, ch.value);
    if (!r.ok) {
      if (!invalid.has(ch.key)) invalid.set(ch.key, new Map());
      invalid.get(ch.key)!.set(ch.field, r.message);
      continue;
    }
    let row = rows.get(ch.key);
    if (!row) rows.set(ch.key, (row = { Key: ch.key, RowVersion: Number(rec.RowVersion), Changes: {} }));
    if (sameValue(rec[ch.field], r.value)) delete row.Changes[ch.field];
    else row.Changes[ch.field] = r.value;
  }
  const out = [...rows.values()].filter((row) => !invalid.has(row.Key) && Object.keys(row.Changes).length);
  return { rows: out, invalid };
}

/**
 * The records before an edit, by key: the current (already edited) records with the changed
 * cells' old values put back. The first old value of a cell wins (a cell changed twice in one
 * batch was the first value before it).
 */
export function recordsBefore(current: (key: number) => GridRecord | undefined, changes: readonly (CellChange & { old: unknown })[]): Map<number, GridRecord> {
  const out = new Map<number, GridRecord>();
  const seen = new Set<string>();
  for (const ch of changes) {
    let rec = out.get(ch.key);
    if (!rec) {
      const cur = current(ch.key);
      if (!cur) continue;
      out.set(ch.key, (rec = { ...cur }));
    }
    const id = `${ch.key}\u0000${ch.field}`;
    if (!seen.has(id)) {
      seen.add(id);
      rec[ch.field] = ch.old;
    }
  }
  return out;
}

function sameValue(a: unknown, b: unknown): boolean {
  if ((a === null || a === undefined || a === '') && (b === null || b === undefined || b === '')) return true;
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b) && a !== null && b !== null;
  return a === b;
}

/** Splits a batch into calls the server accepts (≤ 5000 rows each). */
export function chunkRows(rows: readonly SaveRow[], size = 5000): SaveRow[][] {
  const out: SaveRow[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** The server's Failed list as cell errors ('/FFC' → 'FFC'; no field → the row message under ''). */
export function failedToErrors(failed: SaveAnswer['Failed'], wrap: (message: string) => string = (x) => x): CellErrors {
  const out: CellErrors = new Map();
  for (const f of failed) {
    const m = new Map<string, string>();
    for (const e of f.Errors ?? []) m.set(e.Field.replace(/^\//, '').split('/')[0], wrap(e.Message));
    if (!m.size || f.Status === 409) m.set('', wrap(f.Message));
    out.set(Number(f.Key), m);
  }
  return out;
}

/** One value the grid writes back into a record after a save. */
export interface CellWrite {
  key: number;
  field: string;
  value: unknown;
}

/** What the grid shows after a save: saved rows take the server's values (and RowVersion) for the grid's fields. */
export function writesAfterSave(answer: Pick<SaveAnswer, 'Saved'>, keyField: string, fields: readonly string[]): CellWrite[] {
  const out: CellWrite[] = [];
  for (const saved of answer.Saved) {
    const key = Number(saved[keyField]);
    for (const f of [...fields, 'RowVersion']) if (f in saved) out.push({ key, field: f, value: saved[f] });
  }
  return out;
}

/**
 * Cells showing what the user entered and the server has not taken (a refused row, a row held
 * back for a bad cell): record key → field → the saved value, which Esc or undo brings back.
 */
export type Unsaved = Map<number, Map<string, unknown>>;

/**
 * A row the server refused or the grid did not send (issue 27: nothing typed is lost): the cells
 * the user entered (`inputs`) keep their values and are marked unsaved with their saved value;
 * what the grid derived from them (a previewed date, price or total) goes back to the saved value.
 * A cell back at its saved value is no longer unsaved. Changes `rec`; returns the row's unsaved cells.
 */
export function holdRow(
  rec: GridRecord,
  saved: GridRecord,
  inputs: ReadonlySet<string>,
  fields: readonly string[],
  held: ReadonlyMap<string, unknown> = new Map(),
): Map<string, unknown> {
  const out = new Map(held);
  for (const f of [...fields, 'RowVersion']) {
    if (!(f in saved)) continue;
    if (!inputs.has(f) && !out.has(f)) rec[f] = saved[f];
    else if (sameValue(rec[f], out.has(f) ? out.get(f) : saved[f])) out.delete(f);
    else if (!out.has(f)) out.set(f, saved[f]);
  }
  return out;
}
