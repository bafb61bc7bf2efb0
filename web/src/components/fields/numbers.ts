/**
 * Numeric input (CONST-013/016): digits only, a decimal point only for decimal fields, at most
 * 8 characters; money keeps 0 or 2 decimals.
 */
export const NUMERIC_MAX_LENGTH = 8;

/** Filters what a numeric editor accepts while typing (a leading minus only when allowed). */
export function sanitiseNumericInput(text: string, opts: { decimals: boolean; negative?: boolean }): string {
  let out = '';
  let dot = false;
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === '.' && opts.decimals && !dot) {
      out += ch;
      dot = true;
    } else if (ch === '-' && opts.negative && out === '') out += ch;
    if (out.length >= NUMERIC_MAX_LENGTH) break;
  }
  return out;
}

/**
 * Why a numeric editor did not take what was typed (issue 27: a number cell refuses letters visibly,
 * saying what it takes); null when it took it all, or when it dropped only a pasted number's
 * formatting ('$1,234.50' kept as 1234.50: the same number).
 */
export function numericRefusal(title: string, typed: string, opts: { decimals: boolean; negative?: boolean }): string | null {
  const clean = sanitiseNumericInput(typed, opts);
  if (clean === typed) return null;
  const meant = parseNumber(typed);
  if (meant !== null && meant === parseNumber(clean)) return null;
  if (clean.length >= NUMERIC_MAX_LENGTH && typed.startsWith(clean)) return `${title} takes at most ${NUMERIC_MAX_LENGTH} characters.`;
  return opts.decimals ? `${title} takes numbers only: digits and one decimal point.` : `${title} takes whole numbers only: type the digits 0–9.`;
}

/** Text → number for a numeric field; '' → null; NaN when it is no number. */
export function parseNumber(text: unknown): number | null {
  if (text === null || text === undefined) return null;
  if (typeof text === 'number') return text;
  const t = String(text).trim().replace(/,/g, '').replace(/^\$/, '');
  if (!t) return null;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : NaN;
}

/** Money display: no decimals for whole amounts, otherwise 2 (CONST-016). */
// One formatter each: toLocaleString with options builds a new one per call (grids format thousands of cells).
const WHOLE = new Intl.NumberFormat('en-US');
const CENTS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatMoney(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  return Number.isInteger(n) ? WHOLE.format(n) : CENTS.format(n);
}

/** Money in a grid column or an export: always 2 decimals, with thousands separators (1,234.50). */
export function formatCents(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? CENTS.format(n) : String(value);
}

/** A whole number with thousands separators (12,500). */
export function formatInteger(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? WHOLE.format(n) : String(value);
}

/** Money rounded to cents (what is sent to the server). */
export function roundMoney(n: number): number {
  return Math.round(n * 100) / 100;
}
