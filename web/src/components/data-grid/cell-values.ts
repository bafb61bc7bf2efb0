/**
 * A cell's typed or pasted text → the value the server stores, checked against the column's
 * schema limits. The same check runs as the cell validator and before a save. Text copied from
 * Excel is understood as Excel shows it: '1,234.50', '$12.50', '(12.50)', '12.5%' (the app's
 * percent fields hold percents, so the sign is dropped), dates '3/15/2027' or '2027-03-15', and
 * date serials (46461) in date columns.
 */
import { parseTypedDate } from '../fields/dates';
import { NUMERIC_MAX_LENGTH, roundMoney } from '../fields/numbers';
import type { GridColumn } from './columns';

export type CellResult = { ok: true; value: unknown } | { ok: false; message: string };

const TRUE = new Set(['true', 'yes', 'y', '1', 'x']);
const FALSE = new Set(['false', 'no', 'n', '0', '']);

/** Said when a whole-number cell (volumes, counts) gets more than 8 digits (CONST-013, FLASH-023). */
export const TOO_LONG = `At most ${NUMERIC_MAX_LENGTH} characters.`;

/**
 * A number as Excel shows it → the number; null for blank; NaN when it is no number. Thousands
 * separators, a currency sign, a trailing percent sign, accounting brackets and spaces are dropped.
 */
export function excelNumber(input: unknown): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'number') return input;
  let t = String(input).replace(/[\s\u00a0]/g, '');
  if (!t) return null;
  let sign = 1;
  const bracket = /^\((.*)\)$/.exec(t);
  if (bracket) { sign = -1; t = bracket[1]; }
  if (t.startsWith('-')) { sign = -sign; t = t.slice(1); }
  t = t.replace(/^[$€£]/, '');
  if (t.startsWith('-')) { sign = -sign; t = t.slice(1); }
  t = t.replace(/%$/, '');
  if (!/^(\d{1,3}(,\d{3})+|\d+)?(\.\d*)?$/.test(t) || t === '' || t === '.') return NaN;
  return sign * Number(t.replace(/,/g, ''));
}

/** Excel's day 0 (1899-12-30, which absorbs Excel's 1900 leap-year bug for serials after February 1900). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** An Excel date serial (days since 1899-12-30, a time fraction ignored) → 'YYYY-MM-DD'; null when out of range. */
export function serialToIso(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 61 || serial > 2958465) return null;
  return new Date(EXCEL_EPOCH + Math.floor(serial) * 86_400_000).toISOString().slice(0, 10);
}

/** A date as Excel copies it: MM/DD/YYYY (or as typed), ISO with or without a time, or a serial. */
export function excelDateText(input: string): string | null {
  const t = input.trim();
  const iso = /^(\d{4}-\d{2}-\d{2})[T ]\d{1,2}:\d{2}/.exec(t);
  if (iso) return parseTypedDate(iso[1]);
  if (/^\d{5}(\.\d+)?$/.test(t)) return serialToIso(Number(t));
  return parseTypedDate(t);
}

/** Digits of a number's text before the checks (what an 8-character numeric editor would take). */
const digitCount = (n: number) => String(Math.trunc(Math.abs(n))).length;

/** Converts and checks one cell value for its column. */
export function toServerValue(col: GridColumn, input: unknown): CellResult {
  const blank = input === null || input === undefined || (typeof input === 'string' && input.trim() === '');
  switch (col.kind) {
    case 'boolean': {
      if (typeof input === 'boolean') return { ok: true, value: input };
      const t = String(input ?? '').trim().toLowerCase();
      if (TRUE.has(t)) return { ok: true, value: true };
      if (FALSE.has(t)) return { ok: true, value: false };
      return { ok: false, message: 'Enter Yes or No.' };
    }
    case 'money': case 'numeric': case 'integer': {
      if (blank) return col.nullable ? { ok: true, value: null } : { ok: false, message: 'A value is required.' };
      const n = excelNumber(input);
      if (n === null || Number.isNaN(n)) return { ok: false, message: 'Enter a number.' };
      if (col.kind === 'integer' && digitCount(n) > NUMERIC_MAX_LENGTH) return { ok: false, message: TOO_LONG };
      if (typeof input === 'string' && digitCount(n) > NUMERIC_MAX_LENGTH + 4) return { ok: false, message: 'The number is too long.' };
      if (col.kind === 'integer' && !Number.isInteger(n)) return { ok: false, message: 'Enter a whole number.' };
      const value = col.kind === 'money' ? roundMoney(n) : n;
      if (col.minimum !== undefined && value < col.minimum) return { ok: false, message: `Must be ${col.minimum} or more.` };
      if (col.maximum !== undefined && value > col.maximum) return { ok: false, message: `Must be ${col.maximum} or less.` };
      return { ok: true, value };
    }
    case 'date': {
      if (blank) return col.nullable ? { ok: true, value: null } : { ok: false, message: 'A date is required.' };
      const iso = typeof input === 'string' ? excelDateText(input) : typeof input === 'number' ? serialToIso(input) : null;
      return iso ? { ok: true, value: iso } : { ok: false, message: 'Enter a date as MM/DD/YYYY.' };
    }
    case 'enum': {
      const hit = col.enumValues?.find((v) => String(v) === String(input ?? ''));
      return hit !== undefined ? { ok: true, value: hit } : blank && col.nullable ? { ok: true, value: null } : { ok: false, message: 'Pick a value from the list.' };
    }
    default: {
      if (blank) return { ok: true, value: col.nullable ? null : '' };
      const s = String(input);
      if (col.maxLength !== undefined && s.length > col.maxLength) return { ok: false, message: `At most ${col.maxLength} characters.` };
      return { ok: true, value: s };
    }
  }
}
