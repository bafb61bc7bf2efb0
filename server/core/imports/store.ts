/**
 * The imports and import_rows tables (migration 017): an upload's state and the outcome of each of
 * its rows. Rows are written a batch at a time in one statement.
 */
import type { Queryable } from '../db/client';
import type { FieldError } from '../http/errors';

export type Outcome = 'changed' | 'unchanged' | 'refused' | 'unknown' | 'saved' | 'failed';
export const OUTCOMES: Outcome[] = ['changed', 'unchanged', 'refused', 'unknown', 'saved', 'failed'];

export interface ImportRow {
  rownumber: number;
  recordkey: number | null;
  label: string | null;
  rowversion: number | null;
  outcome: Outcome;
  /** field → [old, new] as the user reads them (names, 'YYYY-MM-DD'). */
  cells: Record<string, [unknown, unknown]> | null;
  /** field → the value written. */
  changes: Record<string, unknown> | null;
  errors: FieldError[] | null;
  raw: Record<string, unknown> | null;
}

export interface Import {
  importid: number;
  kind: string;
  filename: string;
  filepath: string;
  params: Record<string, unknown>;
  createdby: number;
  createdat: string;
  status: string;
  message: string | null;
  errors: FieldError[] | null;
  columns: { Field: string; Title: string; Type: string }[] | null;
  counts: Record<string, number>;
  previewjobid: number | null;
  commitjobid: number | null;
  /** ADR 033: the upload this import takes back (an undo has no file), and the sheet the preview read. */
  undoof: number | null;
  sheet: string | null;
}

export async function loadImport(q: Queryable, importId: number): Promise<Import | undefined> {
  const [row] = await q.query<Import>('SELECT * FROM imports WHERE importid = $1', [importId]);
  return row;
}

export async function insertRows(q: Queryable, importId: number, rows: ImportRow[]) {
  if (!rows.length) return;
  await q.query(
    `INSERT INTO import_rows (importid, rownumber, recordkey, label, rowversion, outcome, cells, changes, errors, raw)
     SELECT $1, x.rownumber, x.recordkey, x.label, x.rowversion, x.outcome, x.cells, x.changes, x.errors, x.raw
       FROM jsonb_to_recordset($2::jsonb) AS x(rownumber int, recordkey int, label text, rowversion int, outcome text,
                                                cells jsonb, changes jsonb, errors jsonb, raw jsonb)`,
    [importId, JSON.stringify(rows)],
  );
}

/** The number of rows per outcome. */
export async function countRows(q: Queryable, importId: number): Promise<Record<string, number>> {
  const rows = await q.query<{ outcome: string; n: number }>('SELECT outcome, count(*)::int AS n FROM import_rows WHERE importid = $1 GROUP BY outcome', [
    importId,
  ]);
  const by = Object.fromEntries(rows.map((r) => [r.outcome, r.n]));
  const total = rows.reduce((s, r) => s + r.n, 0);
  return {
    Rows: total,
    Changed: by.changed ?? 0,
    Unchanged: by.unchanged ?? 0,
    Refused: by.refused ?? 0,
    Unknown: by.unknown ?? 0,
    Saved: by.saved ?? 0,
    Failed: by.failed ?? 0,
  };
}
