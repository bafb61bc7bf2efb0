/**
 * The preview's diff grid as plain data (issue 13): one row per file row (row number, label,
 * outcome, one cell per matched column, the errors), changed cells as 'old → new', cells with an
 * error flagged with their message. Also the outcome filters and labels the screens share.
 */
import type { GridColumn } from '../data-grid/columns';
import type { CellDecoration } from '../data-grid/hot-cells';
import type { FileError, ImportColumn, ImportRow, RowOutcome } from './upload-api';

export type CellMark = 'changed' | 'error' | undefined;
export interface DiffCell {
  text: string;
  mark?: CellMark;
  title?: string;
}

export const OUTCOME_LABELS: Readonly<Record<RowOutcome, string>> = {
  changed: 'Changed',
  unchanged: 'Unchanged',
  refused: 'Refused',
  unknown: 'Unknown',
  saved: 'Saved',
  failed: 'Failed',
};

export interface OutcomeFilter {
  label: string;
  outcomes: readonly RowOutcome[];
}
/** The preview's filters, the rows worth a look first. */
export const PREVIEW_FILTERS: readonly OutcomeFilter[] = [
  { label: 'Changed', outcomes: ['changed'] },
  { label: 'Refused', outcomes: ['refused'] },
  { label: 'Unknown', outcomes: ['unknown'] },
  { label: 'Unchanged', outcomes: ['unchanged'] },
  { label: 'All', outcomes: [] },
];
/** A job's filters: what the commit did with each row. */
export const JOB_FILTERS: readonly OutcomeFilter[] = [
  { label: 'All', outcomes: [] },
  { label: 'Saved', outcomes: ['saved'] },
  { label: 'Not saved', outcomes: ['failed', 'refused', 'unknown'] },
  { label: 'Unchanged', outcomes: ['unchanged'] },
];

/** A value as the user reads it in a cell: '' for nothing. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** A changed cell: 'old → new', '(blank)' standing for nothing. */
export const changeText = (oldValue: unknown, newValue: unknown) => `${valueText(oldValue) || '(blank)'} → ${valueText(newValue) || '(blank)'}`;

/** The cell of a row in a column. */
export function diffCell(row: ImportRow, field: string): DiffCell {
  const err = row.Errors?.filter((e) => e.Field === field)
    .map((e) => e.Message)
    .join(' ');
  const change = row.Cells?.[field];
  const text = change ? changeText(change.Old, change.New) : valueText(row.Values?.[field]);
  if (err) return { text, mark: 'error', title: err };
  if (change) return { text, mark: 'changed', title: text };
  return text ? { text, title: text } : { text };
}

/** The Errors column of a row: each message, after its column's title when it belongs to one. */
export function rowErrorsText(row: ImportRow, columns: readonly ImportColumn[]): string {
  return (row.Errors ?? [])
    .map((e) => {
      const col = e.Field ? columns.find((c) => c.Field === e.Field) : undefined;
      return col ? `${col.Title}: ${e.Message}` : e.Message;
    })
    .join('; ');
}

/** The diff grid's columns (the file's, so no grid document): read-only text cells named by position, widths by title. */
export const diffColumns = (columns: readonly ImportColumn[]): GridColumn[] =>
  ['Row', 'Stock no.', 'Outcome', ...columns.map((c) => c.Title), 'Errors'].map((title, i) => ({
    field: String(i),
    title,
    kind: 'text',
    readOnly: true,
    nullable: true,
    width: i < 3 ? [56, 120, 90][i] : i === columns.length + 3 ? 320 : Math.max(110, Math.min(220, title.length * 8 + 24)),
  }));

/** How a diff cell looks in the grid: changed or in error, with its title. */
export const diffDecoration = (cell: DiffCell | undefined): CellDecoration | undefined =>
  cell && { className: cell.mark === 'changed' ? 'cell--changed' : cell.mark === 'error' ? 'cell--error' : undefined, title: cell.title };

/** The cells of one row of the diff grid, in header order. */
export function diffRow(row: ImportRow, columns: readonly ImportColumn[]): DiffCell[] {
  const errors = rowErrorsText(row, columns);
  return [
    { text: String(row.RowNumber) },
    { text: row.Label ?? (row.Key === null ? '' : String(row.Key)) },
    {
      text: OUTCOME_LABELS[row.Outcome] ?? row.Outcome,
      mark: row.Outcome === 'refused' || row.Outcome === 'failed' || row.Outcome === 'unknown' ? 'error' : undefined,
    },
    ...columns.map((c) => diffCell(row, c.Field)),
    errors ? { text: errors, mark: 'error', title: errors } : { text: '' },
  ];
}

/** Whether a preview would change nothing: no changed row (refused and unknown rows are never written). */
export const changesNothing = (counts: { Changed?: number } | null | undefined) => !counts?.Changed;

/** The columns some row changes or has an error in. */
export function markedColumns(columns: readonly ImportColumn[], rows: readonly ImportRow[]): ImportColumn[] {
  const fields = new Set<string>();
  for (const r of rows) {
    for (const f of Object.keys(r.Cells ?? {})) fields.add(f);
    for (const e of r.Errors ?? []) if (e.Field) fields.add(e.Field);
  }
  return columns.filter((c) => fields.has(c.Field));
}

/** The fields the rows carry, in first-seen order, titled by their names. */
export function columnsOfRows(rows: readonly ImportRow[]): ImportColumn[] {
  const fields = new Set<string>();
  for (const r of rows) for (const f of [...Object.keys(r.Values ?? {}), ...Object.keys(r.Cells ?? {})]) fields.add(f);
  return [...fields].map((f) => ({ Field: f, Title: f, Type: 'text' }));
}

/** A refused file's errors as lines ('Row 7, D (EstFFC): …'), without a repeat of its message. */
export function fileErrorLines(message: string, errors: readonly FileError[]): string[] {
  return errors
    .filter((e) => e.Row || e.Column || e.Message !== message)
    .map((e) => {
      const where = [e.Row ? `Row ${e.Row}` : '', e.Column ?? ''].filter(Boolean).join(', ');
      return where ? `${where}: ${e.Message}` : e.Message;
    });
}
