/**
 * One spreadsheet cell → the typed value of an import column (both .xlsx and .xls land here), and
 * the cell as the user typed it (for the failed-rows file). Pure functions.
 */
import { unneutralise } from '../../domain/excel-cells';

export type ColumnType = 'text' | 'number' | 'integer' | 'date' | 'boolean';
export type RawValue = string | number | boolean | null;

/** A cell as both readers give it: dates already decoded from date-formatted serials. */
export type SheetCell =
  | null | undefined | string | number | boolean | Date
  | { formula: string; result?: string | number | boolean | Date | null }
  | { error: string }
  | { richText: { text: string }[] };

export type Typed = { value: string | number | boolean | null } | { error: string };

export const MESSAGES = {
  number: 'Must be a number.',
  integer: 'Must be a whole number.',
  date: 'Must be a date (MM/DD/YYYY).',
  boolean: 'Must be true or false.',
  error: (code: string) => `The cell holds the Excel error ${code}.`,
} as const;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Header text → the key headers are matched by: lower-case, no whitespace. */
export const normaliseHeader = (s: string) => s.toLowerCase().replace(/\s+/g, '');

/** 1 → 'A', 28 → 'AB'. */
export function columnLetter(n: number): string {
  let s = '';
  for (; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** A Date's calendar day as Excel showed it: exceljs/SheetJS dates are UTC-based, so read them in UTC. */
export const isoDay = (d: Date) => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** An Excel serial (1900 system; 1904 when the workbook says so) → a UTC Date; null outside Excel's range. */
export function serialToDate(serial: number, date1904 = false): Date | null {
  if (!Number.isFinite(serial) || serial < 1 || serial >= 2958466) return null;
  const days = Math.floor(serial + 1e-9) + (date1904 ? 1462 : 0);
  // Excel's phantom 1900-02-29 (serial 60): serials after it are one day late.
  const epoch = Date.UTC(1899, 11, days > 60 ? 30 : 31);
  return new Date(epoch + days * 86_400_000);
}

function calendarDay(y: number, m: number, d: number): string | null {
  if (y < 1900 || y > 9999 || m < 1 || m > 12 || d < 1) return null;
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d ? isoDay(dt) : null;
}

/** 'MM/DD/YYYY' (M/D/YYYY too) or ISO 'YYYY-MM-DD[T…]' → 'YYYY-MM-DD'; impossible days (02/31) → null. */
export function parseDateText(s: string): string | null {
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (m) return calendarDay(+m[3], +m[1], +m[2]);
  m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+Z?)?$/.exec(s);
  if (m) return calendarDay(+m[1], +m[2], +m[3]);
  return null;
}

/** '1,234.50', ' -12 ', '$1,000' → number; anything else → null. */
export function parseNumberText(s: string): number | null {
  const t = s.replace(/^\$/, '').replace(/^(-?)\$/, '$1');
  if (!/^[+-]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?$/.test(t) || !/\d/.test(t)) return null;
  const n = Number(t.replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}

/** A number as text, without float noise or a trailing '.0' (12 → '12', 0.1+0.2 → '0.3'). */
export const numberText = (n: number) => String(Number(n.toPrecision(15)));

/** Text from a string cell: the export's apostrophe dropped, control characters removed, trimmed. */
export const cleanText = (s: string) => unneutralise(s).replace(CONTROL, '').trim();

/** The cell reduced to one plain value (formula → cached result, or its text when it has none). */
function plain(cell: SheetCell): string | number | boolean | Date | { error: string } | null {
  if (cell === null || cell === undefined) return null;
  if (typeof cell !== 'object' || cell instanceof Date) return cell;
  if ('formula' in cell) {
    if (cell.result !== undefined && cell.result !== null) return cell.result;
    return cell.formula ? `=${cell.formula.replace(/^=/, '')}` : null;
  }
  if ('richText' in cell) return cell.richText.map((r) => r.text ?? '').join('');
  if ('error' in cell) return { error: cell.error };
  return null;
}

/** What the user typed (as far as the file shows it): for the failed-rows file. */
export function rawValue(cell: SheetCell): RawValue {
  const v = plain(cell);
  if (v === null || typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof Date) return isoDay(v);
  if (typeof v === 'string') { const t = cleanText(v); return t === '' ? null : t; }
  return v.error;
}

const TRUE = new Set(['true', 'yes', 'y', 'x', '1']);
const FALSE = new Set(['false', 'no', 'n', '0']);

/** The cell typed for its column; an empty cell is { value: null }. */
export function typeCell(cell: SheetCell, type: ColumnType, date1904 = false): Typed {
  let v = plain(cell);
  if (typeof v === 'string') { v = cleanText(v); if (v === '') return { value: null }; }
  if (v === null) return { value: null };
  if (typeof v === 'object' && !(v instanceof Date)) return { error: MESSAGES.error(v.error) };
  switch (type) {
    case 'text':
      if (typeof v === 'number') return { value: numberText(v) };
      if (typeof v === 'boolean') return { value: v ? 'TRUE' : 'FALSE' };
      if (v instanceof Date) return { value: isoDay(v) };
      return { value: v };
    case 'number':
    case 'integer': {
      const n = typeof v === 'number' ? v : typeof v === 'string' ? parseNumberText(v) : null;
      if (n === null) return { error: MESSAGES[type] };
      if (type === 'integer' && !Number.isInteger(n)) return { error: MESSAGES.integer };
      return { value: n };
    }
    case 'date': {
      if (v instanceof Date) return Number.isNaN(v.getTime()) ? { error: MESSAGES.date } : { value: isoDay(v) };
      if (typeof v === 'number') { const d = serialToDate(v, date1904); return d ? { value: isoDay(d) } : { error: MESSAGES.date }; }
      if (typeof v === 'string') { const d = parseDateText(v); return d ? { value: d } : { error: MESSAGES.date }; }
      return { error: MESSAGES.date };
    }
    case 'boolean': {
      if (typeof v === 'boolean') return { value: v };
      const key = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.toLowerCase() : '';
      if (TRUE.has(key)) return { value: true };
      if (FALSE.has(key)) return { value: false };
      return { error: MESSAGES.boolean };
    }
  }
}
