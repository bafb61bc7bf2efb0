/**
 * One cell reader (issue 28, ADR 033): a value as it arrives from a spreadsheet (an .xlsx, .xls or
 * .ods cell, a field of a .csv/.tsv file, a cell pasted into a grid) → the value of a column of a
 * given kind, read as a user of Excel or LibreOffice means it. Pure: the server's import reader and
 * the web's paste and typing both use it, so "1,234.50", "$12.00", "TRUE" and "3/5/2026" mean the
 * same wherever they arrive. Formulas are the reader's business before this (a cached result, or a
 * computed one); only the literal boolean formulas LibreOffice writes (`=TRUE()`) are read here.
 */
export type CellKind = 'text' | 'number' | 'integer' | 'date' | 'boolean';
/** A plain cell: text, a number, a boolean, a date cell (a Date at UTC midnight), or nothing. */
export type CellInput = string | number | boolean | Date | null | undefined;
export type CellRead = { value: string | number | boolean | null } | { error: Exclude<CellKind, 'text'> };

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** A Date's calendar day as the spreadsheet showed it: spreadsheet dates are UTC-based, so read in UTC. */
export const isoDay = (d: Date) => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** A serial (1900 system; 1904 when the workbook says so) → a UTC Date; null outside the spreadsheet's range. */
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

/**
 * Date text → 'YYYY-MM-DD': MM/DD/YYYY (M/D/YY too, with '/', '.' or '-'), ISO 'YYYY-MM-DD', either
 * with or without a time (dropped), or a five-digit serial (a date cell pasted as its number);
 * impossible days → null.
 */
export function parseDateText(text: string): string | null {
  const s = text.trim();
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AaPp][Mm])?)?$/.exec(s);
  if (m) return calendarDay(m[3].length === 2 ? 2000 + +m[3] : +m[3], +m[1], +m[2]);
  m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
  if (m) return calendarDay(+m[1], +m[2], +m[3]);
  if (/^\d{5}(\.\d+)?$/.test(s)) {
    const d = serialToDate(Number(s));
    return d ? isoDay(d) : null;
  }
  return null;
}

/**
 * A number as a spreadsheet shows it → the number; null for blank; NaN when it is no number.
 * Thousands separators, a currency sign ($ € £ ¥), a trailing percent sign (the app's percent fields
 * hold percents: '12.5%' is 12.5), accounting brackets and spaces are dropped.
 */
export function readNumber(input: unknown): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'number') return Number.isFinite(input) ? input : Number.NaN;
  if (typeof input !== 'string') return Number.NaN;
  let t = input.replace(/[\s\u00a0]/g, '');
  if (!t) return null;
  let sign = 1;
  const bracket = /^\((.*)\)$/.exec(t);
  if (bracket) {
    sign = -1;
    t = bracket[1];
  }
  if (t.startsWith('-') || t.startsWith('+')) {
    if (t[0] === '-') sign = -sign;
    t = t.slice(1);
  }
  t = t.replace(/^[$€£¥]/, '');
  if (t.startsWith('-')) {
    sign = -sign;
    t = t.slice(1);
  }
  t = t.replace(/[$€£¥]$/, '').replace(/%$/, '');
  if (!/^(\d{1,3}(,\d{3})+|\d+)?(\.\d*)?$/.test(t) || t === '' || t === '.') return Number.NaN;
  return sign * Number(t.replace(/,/g, ''));
}

const TRUE = new Set(['true', 'yes', 'y', 'x', '1', '=true()', 'true()']);
const FALSE = new Set(['false', 'no', 'n', '0', '=false()', 'false()']);

/**
 * A check box's value: TRUE/FALSE in any case, LibreOffice's `=TRUE()`/`=FALSE()`, 1/0, x, yes/no,
 * y/n; null for blank; undefined when it is no boolean.
 */
export function readBoolean(input: unknown): boolean | null | undefined {
  if (input === null || input === undefined) return null;
  if (typeof input === 'boolean') return input;
  if (typeof input === 'number') return input === 1 ? true : input === 0 ? false : undefined;
  if (typeof input !== 'string') return undefined;
  const t = input.trim().toLowerCase();
  if (!t) return null;
  return TRUE.has(t) ? true : FALSE.has(t) ? false : undefined;
}

/** A date cell, a serial (1900 or 1904 system) or date text → 'YYYY-MM-DD'; null for blank; undefined when it is no date. */
export function readDate(input: unknown, date1904 = false): string | null | undefined {
  if (input === null || input === undefined) return null;
  if (input instanceof Date) return Number.isNaN(input.getTime()) ? undefined : isoDay(input);
  if (typeof input === 'number') {
    const d = serialToDate(input, date1904);
    return d ? isoDay(d) : undefined;
  }
  if (typeof input !== 'string') return undefined;
  if (!input.trim()) return null;
  return parseDateText(input) ?? undefined;
}

/** A number as text, without float noise or a trailing '.0' (12 → '12', 0.1+0.2 → '0.3'). */
export const numberText = (n: number) => String(Number(n.toPrecision(15)));

/** The cell read for a column of the kind; blank (null, '', spaces) is { value: null }. Text is trimmed. */
export function readCell(input: CellInput, kind: CellKind, date1904 = false): CellRead {
  if (input === null || input === undefined || (typeof input === 'string' && input.trim() === '')) return { value: null };
  switch (kind) {
    case 'text':
      if (typeof input === 'number') return { value: numberText(input) };
      if (typeof input === 'boolean') return { value: input ? 'TRUE' : 'FALSE' };
      if (input instanceof Date) return Number.isNaN(input.getTime()) ? { value: null } : { value: isoDay(input) };
      return { value: input.trim() };
    case 'number':
    case 'integer': {
      const n = typeof input === 'boolean' || input instanceof Date ? Number.NaN : readNumber(input);
      if (n === null || Number.isNaN(n)) return { error: kind };
      return kind === 'integer' && !Number.isInteger(n) ? { error: 'integer' } : { value: n };
    }
    case 'date': {
      if (typeof input === 'boolean') return { error: 'date' };
      const d = readDate(input, date1904);
      return d === undefined ? { error: 'date' } : { value: d };
    }
    case 'boolean': {
      const b = readBoolean(input);
      return b === undefined ? { error: 'boolean' } : { value: b };
    }
  }
}
