/**
 * Writes records to an xlsx file and offers it for download (CONST-017). Imported lazily by the
 * grid, so exceljs loads only when someone exports.
 */
import ExcelJS from 'exceljs';
import { saveFile } from '../../api/http';
import type { GridColumn } from './columns';
import { excelFormat, exportFileName, exportRow } from './export-rows';

export async function downloadXlsx(report: string, columns: readonly GridColumn[], records: readonly Record<string, unknown>[]): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(report.slice(0, 31) || 'Export');
  ws.columns = columns.map((c) => ({ header: c.title, key: c.field, width: Math.max(8, Math.round(c.width / 7)), style: excelFormat(c) ? { numFmt: excelFormat(c) } : undefined }));
  ws.getRow(1).font = { bold: true };
  for (const r of records) ws.addRow(exportRow(r, columns));
  const buffer = await wb.xlsx.writeBuffer();
  const blob = new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  saveFile(blob, exportFileName(report));
}
