/**
 * exceljs, loaded by the first workbook a process reads or writes instead of at its start: the
 * import costs ~0.4 s of a server start's ~1.6 s of modules, and most processes (a test server, a
 * worker, a server nobody exports from) never open a workbook.
 */
import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | undefined;

export function loadExcelJS(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((m) => m.default);
  return loading;
}

/** A new workbook (exceljs's Workbook) to fill and write. */
export async function newWorkbook(): Promise<ExcelJS.Workbook> {
  return new (await loadExcelJS()).Workbook();
}
