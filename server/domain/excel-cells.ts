/**
 * Cell values of every xlsx export (CONST-015, CONST-017), shared by the server's exports and the
 * web grid export: text a spreadsheet would run as a formula (= + - @, tab, CR) gets a leading
 * apostrophe; calendar dates become real Excel dates at UTC midnight (no time-zone shift).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text that starts like a formula gets a leading apostrophe; other values are unchanged. */
export function neutralise(value: unknown): unknown {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** The text a neutralised cell stood for (an import reading back an export). */
export function unneutralise(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** 'YYYY-MM-DD' → a Date at UTC midnight (what Excel shows as that calendar day). */
export function excelDate(value: unknown): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value ?? ''));
  return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])) : null;
}
