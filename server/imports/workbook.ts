/** PLACEHOLDER until the reader branch lands: .xlsx only, not streaming. */
import ExcelJS from 'exceljs';
import { badRequest } from '../http/errors';

export type ColumnType = 'text' | 'number' | 'integer' | 'date' | 'boolean';
export interface ImportColumn { field: string; headers: string[]; type: ColumnType }
export interface ReadOptions { columns: ImportColumn[]; keyFields: string[]; maxRows?: number; notExcel?: string }
export interface ReadRow {
  row: number; values: Record<string, unknown>; raw: Record<string, string | number | boolean | null>;
  errors: { Field: string; Column: string; Message: string }[];
}
export interface WorkbookRead { sheet: string; columns: { field: string; column: string; header: string }[]; ignored: string[]; rows: AsyncIterable<ReadRow> }

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, '');
function plain(v: ExcelJS.CellValue): unknown {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') return 'result' in v ? plain(v.result as ExcelJS.CellValue) : 'richText' in v ? v.richText.map((t) => t.text).join('') : null;
  return v;
}
export async function openWorkbook(path: string, fileName: string, opts: ReadOptions): Promise<WorkbookRead> {
  if (!/\.xlsx?$/i.test(fileName)) throw badRequest(opts.notExcel ?? 'Please upload an Excel file (.xls or .xlsx)');
  const wb = new ExcelJS.Workbook();
  try { await wb.xlsx.readFile(path); } catch { throw badRequest(opts.notExcel ?? 'Please upload an Excel file (.xls or .xlsx)'); }
  const ws = wb.worksheets[0];
  const heads = (ws.getRow(1).values as ExcelJS.CellValue[]).map((v) => norm(String(plain(v) ?? '')));
  const cols = opts.columns.map((c) => ({ c, at: heads.findIndex((h) => c.headers.some((x) => norm(x) === h)) })).filter((x) => x.at > 0);
  for (const k of opts.keyFields.slice(0, 1)) if (!cols.some((x) => x.c.field === k)) throw badRequest(`The file has no ${k} column.`);
  async function* rows(): AsyncIterable<ReadRow> {
    for (let n = 2; n <= ws.rowCount; n++) {
      const r = ws.getRow(n);
      const values: Record<string, unknown> = {}; const raw: Record<string, any> = {}; const errors: ReadRow['errors'] = [];
      for (const { c, at } of cols) {
        let v = plain(r.getCell(at).value) as any;
        raw[c.field] = v;
        if (typeof v === 'string') v = v.trim() || null;
        if (v !== null && (c.type === 'number' || c.type === 'integer')) {
          const x = typeof v === 'number' ? v : Number(String(v).replace(/,/g, ''));
          if (!Number.isFinite(x)) { errors.push({ Field: c.field, Column: c.field, Message: 'Must be a number.' }); continue; }
          v = x;
        }
        if (v !== null && c.type === 'boolean') v = v === true || /^(true|1|yes|x)$/i.test(String(v));
        if (v !== null && c.type === 'text') v = String(v);
        values[c.field] = v;
      }
      if (Object.values(raw).every((v) => v === null || v === '')) continue;
      yield { row: n, values, raw, errors };
    }
  }
  return { sheet: ws.name, columns: cols.map((x) => ({ field: x.c.field, column: String(x.at), header: x.c.headers[0] })), ignored: [], rows: rows() };
}
