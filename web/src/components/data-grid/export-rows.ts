/**
 * Rows of an xlsx export (CONST-017): one row per record in column order, dates as real Excel
 * dates (UTC midnight, so no time-zone shift), text that a spreadsheet would run as a formula
 * (= + - @, tab, CR) neutralised with a leading apostrophe.
 */
import type { GridColumn } from './columns';

const FORMULA_START = /^[=+\-@\t\r]/;

/** Text that starts like a formula gets a leading apostrophe; other values are unchanged. */
export function neutralise(value: unknown): unknown {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** 'YYYY-MM-DD' → a Date at UTC midnight (what Excel shows as that calendar day). */
export function excelDate(value: unknown): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value ?? ''));
  return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])) : null;
}

/** A record's cells for the export. */
export function exportRow(record: Record<string, unknown>, columns: readonly GridColumn[]): unknown[] {
  return columns.map((c) => {
    const v = record[c.field];
    if (v === null || v === undefined) return null;
    if (c.kind === 'date') return excelDate(v) ?? neutralise(v);
    if (c.kind === 'datetime') { const d = new Date(String(v)); return Number.isNaN(d.getTime()) ? neutralise(v) : d; }
    if (c.kind === 'boolean') return v ? 'Yes' : 'No';
    return neutralise(v);
  });
}

/** The Excel number format of a column. */
export function excelFormat(c: GridColumn): string | undefined {
  if (c.kind === 'date') return 'mm/dd/yyyy';
  if (c.kind === 'datetime') return 'mm/dd/yyyy h:mm AM/PM';
  if (c.kind === 'money') return '#,##0.00';
  return undefined;
}

/** CONST-017: the file is named by the report plus '-Export'. */
export const exportFileName = (report: string) => `${report.replace(/[\\/:*?"<>|]+/g, ' ').trim()}-Export.xlsx`;
