/**
 * Writes records to an xlsx file and offers it for download (CONST-017): the shared sheet layout
 * (@domain/sheet-style: frozen header and key columns, autofilter, fitted widths, number formats).
 * Imported lazily by the grid, so exceljs loads only when someone exports.
 */
import ExcelJS from 'exceljs';
import { writeTable } from '@domain/sheet-style';
import { saveFile } from '../../api/http';
import type { GridColumn } from './columns';
import { exportFileName, exportRow, sheetKind } from './export-rows';

export async function downloadXlsx(report: string, columns: readonly GridColumn[], records: readonly Record<string, unknown>[]): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(report.slice(0, 31) || 'Export');
  writeTable(
    ws,
    columns.map((c) => ({ header: c.title, kind: sheetKind(c) })),
    records.map((r) => exportRow(r, columns)),
    { frozenColumns: columns.filter((c) => c.key).length },
  );
  const buffer = await wb.xlsx.writeBuffer();
  const blob = new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  saveFile(blob, exportFileName(report));
}
