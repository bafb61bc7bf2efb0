/**
 * A cell's typed or pasted text → the value the server stores, checked against the column's
 * schema limits. The same check runs as the cell validator and before a save.
 */
import { parseTypedDate } from '../fields/dates';
import { NUMERIC_MAX_LENGTH, parseNumber, roundMoney } from '../fields/numbers';
import type { GridColumn } from './columns';

export type CellResult = { ok: true; value: unknown } | { ok: false; message: string };

const TRUE = new Set(['true', 'yes', 'y', '1', 'x']);
const FALSE = new Set(['false', 'no', 'n', '0', '']);

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
      const n = parseNumber(input);
      if (n === null || Number.isNaN(n)) return { ok: false, message: 'Enter a number.' };
      if (typeof input === 'string' && input.trim().replace(/^-/, '').length > NUMERIC_MAX_LENGTH + 4) return { ok: false, message: 'The number is too long.' };
      if (col.kind === 'integer' && !Number.isInteger(n)) return { ok: false, message: 'Enter a whole number.' };
      const value = col.kind === 'money' ? roundMoney(n) : n;
      if (col.minimum !== undefined && value < col.minimum) return { ok: false, message: `Must be ${col.minimum} or more.` };
      if (col.maximum !== undefined && value > col.maximum) return { ok: false, message: `Must be ${col.maximum} or less.` };
      return { ok: true, value };
    }
    case 'date': {
      if (blank) return col.nullable ? { ok: true, value: null } : { ok: false, message: 'A date is required.' };
      const iso = typeof input === 'string' ? parseTypedDate(input) : null;
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
