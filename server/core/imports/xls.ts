/**
 * Legacy .xls (BIFF in an OLE2 container) and LibreOffice's .ods (a zip the zip guard has checked,
 * ADR 033) through SheetJS CE 0.20.3 (@e965/xlsx, ADR 017), turned into the same sheets and rows as
 * the streaming .xlsx reader. SheetJS holds the whole workbook in memory; such a file is bounded by
 * the upload size limit and MAX_XLS_BYTES (and an .xls by BIFF8's 65,536 rows).
 */
import { Worker } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';
import { serialToDate, type SheetCell } from './cells';
import type { Merge, Sheet, SheetRow, SheetSource } from './workbook-sheets';

/** Rows a header merge may start in and still be kept (the header is among the first rows). */
const MERGE_ROWS = 1000;

/** A cell as the worker sends it: [column, type, value, number format, formula, text]. */
type CellTuple = [number, string, unknown, string | undefined, string | undefined, string | undefined];
interface ParsedSheet {
  name: string;
  hidden: boolean;
  merges: XLSX.Range[];
  rows: [number, CellTuple[]][];
}

function toCell([, t, v, z, f, w]: CellTuple, date1904: boolean): SheetCell {
  let value: SheetCell;
  switch (t) {
    case 'n': {
      const n = v as number;
      value = z && XLSX.SSF.is_date(z) ? (serialToDate(n, date1904) ?? n) : n;
      break;
    }
    case 's':
      value = String(v ?? '');
      break;
    case 'b':
      value = Boolean(v);
      break;
    case 'd':
      value = v instanceof Date ? v : String(v);
      break;
    case 'e':
      value = { error: w ?? '#ERROR!' };
      break;
    default:
      value = null;
  }
  if (f) return { formula: f, result: value === null ? undefined : (value as string | number | boolean | Date) };
  return value;
}

/** The workbook parsed in a worker thread (xls-worker.mjs): the server keeps answering meanwhile. */
function parseInWorker(path: string): Promise<{ sheets: ParsedSheet[]; date1904: boolean }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./xls-worker.mjs', import.meta.url), { workerData: { path } });
    worker.once('message', (m: { error?: string; sheets: ParsedSheet[]; date1904: boolean }) => {
      void worker.terminate();
      if (m.error) reject(new Error(m.error));
      else resolve(m);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`The .xls reader stopped (${code}).`));
    });
  });
}

/** Opens an OLE2 file with SheetJS; throws when it is not a workbook SheetJS can read. */
export async function openXls(path: string): Promise<SheetSource> {
  const { sheets: parsed, date1904 } = await parseInWorker(path);
  if (!parsed.length) throw new Error('no sheets');
  async function* sheets(): AsyncGenerator<Sheet> {
    for (const ws of parsed) {
      const merges: Merge[] = ws.merges
        .filter((m) => m.s.r < MERGE_ROWS)
        .map((m) => ({ top: m.s.r + 1, left: m.s.c + 1, bottom: m.e.r + 1, right: m.e.c + 1 }));
      async function* rows(): AsyncGenerator<SheetRow> {
        for (const [row, tuples] of ws.rows) {
          yield { row, cells: new Map(tuples.map((c) => [c[0], toCell(c, date1904)])) };
        }
      }
      yield { name: ws.name, hidden: ws.hidden, date1904, merges, rows: rows() };
    }
  }
  return { sheets: sheets(), close: () => {} };
}
