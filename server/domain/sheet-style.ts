/**
 * One layout for every table sheet the app writes (grid export CONST-017, line plan export
 * LP-032, brief export BRIEF-021): bold header row frozen at the top, an autofilter over the
 * data, column widths fitted to the content (bounded) and Excel number formats by kind — money
 * '#,##0.00', whole numbers '#,##0', dates 'mm/dd/yyyy' (cells hold real dates). Runs in the
 * browser and on the server: exceljs is only a type here, the caller owns the workbook.
 */
import type { Worksheet } from 'exceljs';

export type SheetKind = 'text' | 'money' | 'integer' | 'numeric' | 'date' | 'datetime';

export interface SheetColumn {
  header: string;
  kind?: SheetKind;
}

/** The Excel number format of each kind that has one. */
export const SHEET_FORMATS: Readonly<Partial<Record<SheetKind, string>>> = {
  money: '#,##0.00',
  integer: '#,##0',
  date: 'mm/dd/yyyy',
  datetime: 'mm/dd/yyyy h:mm AM/PM',
};

/** Fitted column widths (Excel character units) stay between these. */
export const MIN_SHEET_WIDTH = 8;
export const MAX_SHEET_WIDTH = 60;

const CENTS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** The kind of an entity property (JSON Schema) in a sheet; lookups and lists are text. */
export function propertySheetKind(p: { type?: unknown; format?: unknown; enum?: unknown; 'x-money'?: unknown; 'x-lookup'?: unknown }): SheetKind {
  const t = Array.isArray(p.type) ? p.type.find((x) => x !== 'null') : p.type;
  if (p['x-lookup'] || p.enum) return 'text';
  if (t === 'string' && p.format === 'date') return 'date';
  if (t === 'string' && p.format === 'date-time') return 'datetime';
  if (t === 'number') return p['x-money'] ? 'money' : 'numeric';
  return t === 'integer' ? 'integer' : 'text';
}

/** About the text Excel shows for a value of a kind (only its length matters). */
export function shownText(value: unknown, kind: SheetKind = 'text'): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return kind === 'datetime' ? 'mm/dd/yyyy hh:mm AM' : 'mm/dd/yyyy';
  if (typeof value === 'number') return kind === 'money' ? CENTS.format(value) : kind === 'integer' ? WHOLE.format(value) : String(value);
  return String(value);
}

/** A column's width: its longest line of header or shown value plus a margin, bounded. */
export function fitWidth(header: string, values: Iterable<unknown>, kind: SheetKind = 'text'): number {
  let longest = header.length + 2; // room for the autofilter button
  for (const v of values) {
    for (const line of shownText(v, kind).split('\n')) longest = Math.max(longest, line.length);
  }
  return Math.min(MAX_SHEET_WIDTH, Math.max(MIN_SHEET_WIDTH, longest + 2));
}

/**
 * Writes a header row and the rows (one value per column, cells already converted: dates as Date)
 * to an empty sheet and styles it; `frozenColumns` key columns stay visible on the left too.
 */
export function writeTable(ws: Worksheet, columns: readonly SheetColumn[], rows: readonly (readonly unknown[])[], opts: { frozenColumns?: number } = {}): void {
  ws.columns = columns.map((c, i) => {
    const numFmt = SHEET_FORMATS[c.kind ?? 'text'];
    return {
      header: c.header,
      width: fitWidth(
        c.header,
        rows.map((r) => r[i]),
        c.kind,
      ),
      style: numFmt ? { numFmt } : {},
    };
  });
  for (const r of rows) ws.addRow([...r]);
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', xSplit: opts.frozenColumns ?? 0, ySplit: 1 }];
  if (columns.length) ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: rows.length + 1, column: columns.length } };
}
