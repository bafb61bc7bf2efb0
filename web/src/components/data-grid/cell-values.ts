/**
 * A cell's typed or pasted text → the value the server stores, checked against the column's
 * schema limits. The same check runs as the cell validator and before a save. Text copied from
 * Excel is read by the one cell reader the uploads use (@domain/cell-reader, ADR 033), as Excel shows it: '1,234.50', '$12.50', '(12.50)', '12.5%' (the app's
 * percent fields hold percents, so the sign is dropped), dates '3/15/2027' or '2027-03-15', and
 * date serials (46461) in date columns.
 */
import { isoDay, parseDateText, readBoolean, readNumber, serialToDate } from '@domain/cell-reader';
import { parseTypedDate } from '../fields/dates';
import { NUMERIC_MAX_LENGTH, roundMoney } from '../fields/numbers';
import type { GridColumn } from './columns';

export type CellResult = { ok: true; value: unknown } | { ok: false; message: string };

/** Said when a whole-number cell (volumes, counts) gets more than 8 digits (CONST-013, FLASH-023). */
export const TOO_LONG = `At most ${NUMERIC_MAX_LENGTH} characters.`;

/**
 * A number as Excel shows it → the number; null for blank; NaN when it is no number (the one cell
 * reader's: thousands separators, a currency sign, a trailing percent sign, accounting brackets).
 */
export const excelNumber = (input: unknown): number | null => readNumber(input);

/** An Excel date serial (1900 system, a time fraction ignored) → 'YYYY-MM-DD'; null when out of range. */
export function serialToIso(serial: number): string | null {
  const d = serialToDate(serial);
  return d ? isoDay(d) : null;
}

/** A date as Excel copies it (the one cell reader: MM/DD/YYYY, ISO with or without a time, a serial), or typed as digits only (MMDDYY). */
export function excelDateText(input: string): string | null {
  const t = input.trim();
  return parseDateText(t) ?? (/^\d{6}(\d{2})?$/.test(t) ? parseTypedDate(t) : null);
}

/** Digits of a number's text before the checks (what an 8-character numeric editor would take). */
const digitCount = (n: number) => String(Math.trunc(Math.abs(n))).length;

/** Converts and checks one cell value for its column. */
export function toServerValue(col: GridColumn, input: unknown): CellResult {
  const blank = input === null || input === undefined || (typeof input === 'string' && input.trim() === '');
  switch (col.kind) {
    case 'boolean': {
      // The one cell reader's booleans (TRUE/FALSE, =TRUE(), 1/0, x, yes/no); a blank check box is unchecked.
      const b = readBoolean(typeof input === 'number' || typeof input === 'boolean' ? input : String(input ?? ''));
      if (b === undefined) return { ok: false, message: 'Enter Yes or No.' };
      return { ok: true, value: b ?? false };
    }
    case 'money':
    case 'numeric':
    case 'integer': {
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
      return hit !== undefined
        ? { ok: true, value: hit }
        : blank && col.nullable
          ? { ok: true, value: null }
          : { ok: false, message: 'Pick a value from the list.' };
    }
    default: {
      if (blank) return { ok: true, value: col.nullable ? null : '' };
      const s = String(input);
      if (col.maxLength !== undefined && s.length > col.maxLength) return { ok: false, message: `At most ${col.maxLength} characters.` };
      return { ok: true, value: s };
    }
  }
}
