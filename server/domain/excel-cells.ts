/**
 * Cell values for xlsx files the app writes (CONST-017 exports, line plan and brief exports):
 * dates as real Excel dates (UTC midnight, so no time-zone shift), and text that a spreadsheet
 * would run as a formula (= + - @, tab, CR) neutralised with a leading apostrophe. Shared by the
 * browser's grid export and the server's exports.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text that starts like a formula gets a leading apostrophe; other values are unchanged. */
export function neutralise(value: unknown): unknown {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** 'YYYY-MM-DD' → a Date at UTC midnight (what Excel shows as that calendar day). */
export function excelDate(value: unknown): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value ?? ''));
  return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])) : null;
}

/** The reverse on import: the apostrophe an export put before formula-looking text is dropped. */
export function unneutralise(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
