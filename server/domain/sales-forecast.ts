/**
 * Quarterly forecast rules shared by the server and the browser (QF-004..006, DECISIONS QF-009):
 * the two years of a season, the 'YYYY Q1' column titles and how a title is read back, how a
 * typed or pasted value becomes units, and revenue = units × the price per unit.
 */

/** The largest units a cell holds (PostgreSQL integer). */
export const MAX_UNITS = 2147483647;

export interface QuarterColumn {
  /** 'Y1Q1'..'Y2Q4': the field of a row's units. */
  field: string;
  year: number;
  quarter: 1 | 2 | 3 | 4;
  /** QF-005: '2026 Q1'. */
  title: string;
}

/**
 * Year1 of a season (QF-005, year format 20xx): the 20xx in its name ('Fall/Winter 2026'), else the
 * two digits ending its code ('FW26' → 2026); Year2 is the next year.
 */
export function seasonYear(seasonName: string, seasonCode: string, fallback = new Date().getUTCFullYear()): number {
  const inName = /\b(20\d\d)\b/.exec(seasonName);
  if (inName) return Number(inName[1]);
  const inCode = /(\d\d)$/.exec(seasonCode.trim());
  return inCode ? 2000 + Number(inCode[1]) : fallback;
}

/** The eight quarter columns of a season whose Year1 is `year1`. */
export function quarterColumns(year1: number): QuarterColumn[] {
  const out: QuarterColumn[] = [];
  for (const [y, year] of [
    [1, year1],
    [2, year1 + 1],
  ] as const) {
    for (const q of [1, 2, 3, 4] as const) out.push({ field: `Y${y}Q${q}`, year, quarter: q, title: `${year} Q${q}` });
  }
  return out;
}

/** QF-005: a column title read back as its year and quarter ('2026 Q1', '2026Q1', '2026 q1'); null when it is not one. */
export function parseQuarterTitle(title: string): { year: number; quarter: 1 | 2 | 3 | 4 } | null {
  const m = /^\s*(20\d\d)\s*Q([1-4])\s*$/i.exec(title);
  return m ? { year: Number(m[1]), quarter: Number(m[2]) as 1 | 2 | 3 | 4 } : null;
}

/**
 * QF-006: an edited value as units. Whole numbers (thousands separators allowed, '1,200', '1 200',
 * '1200.0') are kept; anything else (text, empty, a fraction, a negative, more than MAX_UNITS) is 0.
 */
export function parseUnits(value: unknown): number {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 && value <= MAX_UNITS ? value : 0;
  if (typeof value !== 'string') return 0;
  const text = value.trim().replace(/[,\s]/g, '').replace(/\.0+$/, '');
  if (!/^\d+$/.test(text)) return 0;
  const n = Number(text);
  return n <= MAX_UNITS ? n : 0;
}

/** Revenue of some units at a price per unit (already in the chosen currency), to the cent; null without a price. */
export function revenueOf(units: number, pricePerUnit: number | null): number | null {
  if (pricePerUnit === null || !Number.isFinite(pricePerUnit)) return null;
  return Math.round(units * pricePerUnit * 100) / 100;
}

/** The price per unit in a currency: the average WsPrice (US dollars) × the currency's rate per dollar, to the cent. */
export function pricePerUnit(avgWsPriceUsd: number | null, perUsd: number | null): number | null {
  if (avgWsPriceUsd === null || perUsd === null) return null;
  return Math.round(avgWsPriceUsd * perUsd * 100) / 100;
}

export type UnitsRow = Record<string, unknown>;

/** The units of a row over the given columns. */
export const rowUnits = (row: UnitsRow, columns: readonly QuarterColumn[]) => columns.reduce((s, c) => s + (Number(row[c.field]) || 0), 0);

/** The totals row: per column, the sum over the rows. */
export const columnTotals = (rows: readonly UnitsRow[], columns: readonly QuarterColumn[]) =>
  Object.fromEntries(columns.map((c) => [c.field, rows.reduce((s, r) => s + (Number(r[c.field]) || 0), 0)]));
