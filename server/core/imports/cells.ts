/**
 * One spreadsheet cell → the typed value of an import column (.xlsx, .xls, .ods and .csv land here)
 * through the one cell reader (@domain/cell-reader, ADR 033), and the cell as the user typed it (for
 * the failed-rows file). Pure functions.
 */
import { unneutralise } from '../../domain/excel-cells';
import { isoDay, readCell, type CellKind } from '../../domain/cell-reader';

export type ColumnType = CellKind;
export type RawValue = string | number | boolean | null;

/** A cell as both readers give it: dates already decoded from date-formatted serials. */
export type SheetCell =
  | null
  | undefined
  | string
  | number
  | boolean
  | Date
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

export { isoDay, parseDateText, serialToDate } from '../../domain/cell-reader';

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
  if (typeof v === 'string') {
    const t = cleanText(v);
    return t === '' ? null : t;
  }
  return v.error;
}

/** The cell typed for its column (the one cell reader, ADR 033); an empty cell is { value: null }. */
export function typeCell(cell: SheetCell, type: ColumnType, date1904 = false): Typed {
  let v = plain(cell);
  if (typeof v === 'string') v = cleanText(v);
  if (v !== null && typeof v === 'object' && !(v instanceof Date)) return { error: MESSAGES.error(v.error) };
  const read = readCell(v, type, date1904);
  return 'error' in read ? { error: MESSAGES[read.error] } : read;
}
