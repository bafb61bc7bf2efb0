/**
 * Calendar dates (CONST-012/014/015): values travel as 'YYYY-MM-DD' and never pass through a
 * Date object (no time-zone shift); people type and read MM/DD/YYYY.
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' (or an ISO moment) → 'MM/DD/YYYY'; anything else unchanged. */
export function isoToDisplay(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value));
  return m ? `${m[2]}/${m[3]}/${m[1]}` : String(value);
}

function valid(y: number, mo: number, d: number): boolean {
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= days[mo - 1];
}

/**
 * What a person typed → 'YYYY-MM-DD', or null when it is no date. Accepts M/D/YY, MM-DD-YYYY,
 * MMDDYYYY, and ISO text; a two-digit year becomes 20xx (CONST-012). Blank → ''.
 */
export function parseTypedDate(text: string): string | null {
  const t = text.trim();
  if (!t) return '';
  let y: number, mo: number, d: number;
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (m) [y, mo, d] = [+m[1], +m[2], +m[3]];
  else if ((m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(t))) [mo, d, y] = [+m[1], +m[2], +m[3]];
  else if ((m = /^(\d{2})(\d{2})(\d{2}|\d{4})$/.exec(t))) [mo, d, y] = [+m[1], +m[2], +m[3]];
  else return null;
  if (y < 100) y += 2000;
  if (!valid(y, mo, d)) return null;
  return `${y}-${pad(mo)}-${pad(d)}`;
}

/** A typed date padded for display (what the input shows after blur), or the text itself when invalid. */
export function normaliseTypedDate(text: string): string {
  const iso = parseTypedDate(text);
  return iso === null ? text : isoToDisplay(iso);
}
