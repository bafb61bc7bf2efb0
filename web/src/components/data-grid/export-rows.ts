/**
 * Rows of an xlsx export (CONST-017): one row per record in column order, with the cell rules of
 * @domain/excel-cells (real Excel dates, formula-looking text neutralised); each column's kind
 * gives its number format and width (@domain/sheet-style).
 */
import { excelDate, neutralise } from '@domain/excel-cells';
import type { SheetKind } from '@domain/sheet-style';
import { shownField, type GridColumn } from './columns';

export { excelDate, neutralise };

/** A record's cells for the export. */
export function exportRow(record: Record<string, unknown>, columns: readonly GridColumn[]): unknown[] {
  return columns.map((c) => {
    const v = record[shownField(c)];
    if (v === null || v === undefined) return null;
    if (c.kind === 'date') return excelDate(v) ?? neutralise(v);
    if (c.kind === 'datetime') {
      const d = new Date(String(v));
      return Number.isNaN(d.getTime()) ? neutralise(v) : d;
    }
    if (c.kind === 'boolean') return v ? 'Yes' : 'No';
    return neutralise(v);
  });
}

/** The sheet kind of a column (its number format and width rules, @domain/sheet-style). */
export function sheetKind(c: GridColumn): SheetKind {
  return c.kind === 'money' || c.kind === 'integer' || c.kind === 'numeric' || c.kind === 'date' || c.kind === 'datetime' ? c.kind : 'text';
}

/** CONST-017: the file is named by the report plus '-Export'. */
export const exportFileName = (report: string) => `${report.replace(/[\\/:*?"<>|]+/g, ' ').trim()}-Export.xlsx`;
