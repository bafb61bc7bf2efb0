/**
 * Rows of an xlsx export (CONST-017): one row per record in column order, with the cell rules of
 * @domain/excel-cells (real Excel dates, formula-looking text neutralised).
 */
import { excelDate, neutralise } from '@domain/excel-cells';
import type { GridColumn } from './columns';

export { excelDate, neutralise };

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
