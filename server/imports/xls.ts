/**
 * Legacy .xls (BIFF in an OLE2 container) through SheetJS CE 0.20.3 (@e965/xlsx, ADR 017),
 * turned into the same sheets and rows as the streaming .xlsx reader. SheetJS holds the whole
 * workbook in memory; an .xls is bounded by the upload size limit and BIFF8's 65,536 rows.
 */
import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import { serialToDate, type SheetCell } from './cells';
import type { Merge, Sheet, SheetRow, SheetSource } from './workbook-sheets';

/** Rows a header merge may start in and still be kept (the header is among the first rows). */
const MERGE_ROWS = 1000;

function toCell(c: XLSX.CellObject, date1904: boolean): SheetCell {
  let value: SheetCell;
  switch (c.t) {
    case 'n': {
      const n = c.v as number;
      value = c.z && XLSX.SSF.is_date(c.z as string) ? serialToDate(n, date1904) ?? n : n;
      break;
    }
    case 's': value = String(c.v ?? ''); break;
    case 'b': value = Boolean(c.v); break;
    case 'd': value = c.v instanceof Date ? c.v : String(c.v); break;
    case 'e': value = { error: c.w ?? '#ERROR!' }; break;
    default: value = null;
  }
  if (c.f) return { formula: c.f, result: value === null ? undefined : (value as string | number | boolean | Date) };
  return value;
}

/** Opens an OLE2 file with SheetJS; throws when it is not a workbook SheetJS can read. */
export async function openXls(path: string): Promise<SheetSource> {
  const data = await readFile(path);
  const wb = XLSX.read(data, { type: 'buffer', dense: true, cellFormula: true, cellNF: true, cellDates: false, cellStyles: false, cellHTML: false, cellText: true });
  if (!wb.SheetNames?.length) throw new Error('no sheets');
  const date1904 = Boolean(wb.Workbook?.WBProps?.date1904);
  const meta = wb.Workbook?.Sheets ?? [];
  async function* sheets(): AsyncGenerator<Sheet> {
    for (const [i, name] of wb.SheetNames.entries()) {
      const ws = wb.Sheets[name] as XLSX.WorkSheet & { '!data'?: XLSX.CellObject[][] };
      const merges: Merge[] = (ws['!merges'] ?? [])
        .filter((m) => m.s.r < MERGE_ROWS)
        .map((m) => ({ top: m.s.r + 1, left: m.s.c + 1, bottom: m.e.r + 1, right: m.e.c + 1 }));
      async function* rows(): AsyncGenerator<SheetRow> {
        const data = ws['!data'] ?? [];
        for (let r = 0; r < data.length; r++) {
          const line = data[r];
          if (!line) continue;
          const cells = new Map<number, SheetCell>();
          line.forEach((c, col) => { if (c) cells.set(col + 1, toCell(c, date1904)); });
          if (cells.size) yield { row: r + 1, cells };
        }
      }
      yield { name, hidden: Boolean(meta[i]?.Hidden), date1904, merges, rows: rows() };
    }
  }
  return { sheets: sheets(), close: () => {} };
}
