/**
 * The margin and FOB calculators (issue 16, CALC-001..009, DECISIONS "Calculator formulas"): the
 * formulas once, pure, shared by the server (brand defaults validation, API) and the browser
 * (/margin, /fob, the brand defaults editor) as `@domain/calculators`.
 *
 * Percent inputs (Inflation, Discount, SourceComm, Admin, Misc, Duty) are percent numbers
 * (4.3 means 4.3 %), as the duty presets are written (CALC-004); money is per pair.
 *
 * - Wholesale price  WHS = MSRP / RetailMU × (1 − Discount)
 * - Landed cost      LDP = FOB × (1 + Inflation) × (1 + Duty + SourceComm + Admin + Misc) + Freight
 * - Margin           round((WHS − LDP) / WHS × 100), whole percent (CALC-005)
 * - FOB for margin m FOB = (WHS × (1 − m) − Freight) / ((1 + Inflation) × (1 + Duty + SourceComm + Admin + Misc)), 2 decimals
 */

/** The brand defaults of the calculators (CALC-002), one set per brand. */
export type BrandDefaults = {
  /** Suggested retail price, the centre of the margin calculator's MSRP table. */
  MSRP: number;
  /** Freight per pair (money). */
  Freight: number;
  Inflation: number;
  Discount: number;
  SourceComm: number;
  Admin: number;
  Misc: number;
  /** Retail mark-up factor (e.g. 2.2): MSRP / RetailMU is the retailer's buying price before discount. */
  RetailMU: number;
  /** Step between two rows of the MSRP table (CALC-009: default 5). */
  Increment: number;
  /** Default factory price the margin calculator starts with. */
  FOB: number;
  /** Default duty percent (normally one of the presets). */
  Duty: number;
};

export const DEFAULT_FIELDS = ['MSRP', 'Freight', 'Inflation', 'Discount', 'SourceComm', 'Admin', 'Misc', 'RetailMU', 'Increment', 'FOB', 'Duty'] as const;
export type DefaultField = (typeof DEFAULT_FIELDS)[number];

/** The inputs of the landed cost and wholesale price (the defaults without MSRP, Increment and FOB). */
export type CostInputs = Pick<BrandDefaults, 'Freight' | 'Inflation' | 'Discount' | 'SourceComm' | 'Admin' | 'Misc' | 'RetailMU'>;

/** What each default is called on the screens and in messages. */
export type DefaultLabels = Readonly<Record<DefaultField, string>>;

/**
 * The defaults' labels: the titles of their entity document
 * (schemas/entities/calculator-brand-defaults.schema.json, where an administrator renames them),
 * the field's name where the document gives none (or is not loaded yet).
 */
export function defaultLabels(schema?: { properties?: Record<string, { title?: string } | undefined> } | null): DefaultLabels {
  return Object.fromEntries(DEFAULT_FIELDS.map((f) => [f, schema?.properties?.[f]?.title ?? f])) as Record<DefaultField, string>;
}

/** Money fields (2 decimals); the others are percents except RetailMU (a factor). */
export const MONEY_FIELDS: ReadonlySet<DefaultField> = new Set(['MSRP', 'Freight', 'Increment', 'FOB']);

/** Ranges a default must lie in (the server and the editor check the same; the database has the same CHECKs). */
export const DEFAULT_LIMITS: Record<DefaultField, { min: number; max: number; exclusiveMin?: boolean; exclusiveMax?: boolean }> = {
  MSRP: { min: 0, max: 99999.99, exclusiveMin: true },
  Freight: { min: 0, max: 9999.99 },
  Inflation: { min: 0, max: 100 },
  Discount: { min: 0, max: 100, exclusiveMax: true },
  SourceComm: { min: 0, max: 100 },
  Admin: { min: 0, max: 100 },
  Misc: { min: 0, max: 100 },
  RetailMU: { min: 0, max: 100, exclusiveMin: true },
  Increment: { min: 0, max: 9999.99, exclusiveMin: true },
  FOB: { min: 0, max: 99999.99 },
  Duty: { min: 0, max: 100 },
};

/** Defaults of a brand that has none stored (CALC-009: Increment 5). */
export const BUILT_IN_DEFAULTS: BrandDefaults = {
  MSRP: 100,
  Freight: 0,
  Inflation: 0,
  Discount: 0,
  SourceComm: 0,
  Admin: 0,
  Misc: 0,
  RetailMU: 2.2,
  Increment: 5,
  FOB: 0,
  Duty: 0,
};

/** CALC-004: the duty presets, in percent. */
export const DUTY_PRESETS: readonly number[] = [0, 2, 4.3, 6, 8.5, 9, 10, 12, 20, 27.6, 37.5];

/** CALC-003, DECISIONS: 33 MSRP rows, 16 below the MSRP, the MSRP, 16 above. */
export const MSRP_ROWS = 33;
export const MSRP_ROWS_EACH_SIDE = (MSRP_ROWS - 1) / 2;

/** CALC-006: 17 margins, 35 to 51. */
export const FOB_MARGIN_COUNT = 17;
export const FIRST_FOB_MARGIN = 35;
/** Margins are whole percents below 100 (a 100 % margin needs a free shoe). */
export const MARGIN_MIN = 0;
export const MARGIN_MAX = 99;

const pct = (p: number) => p / 100;

/** Rounds half away from zero at `decimals`, after dropping binary noise (0.285 × 100 = 28.499999… rounds to 29). */
export function roundTo(value: number, decimals = 0): number {
  const f = 10 ** decimals;
  const scaled = Number((Math.abs(value) * f).toPrecision(12));
  return (Math.sign(value) * Math.round(scaled)) / f || 0;
}

/** Wholesale price at an MSRP: MSRP / RetailMU × (1 − Discount). */
export function wholesalePrice(d: Pick<CostInputs, 'RetailMU' | 'Discount'>, msrp: number): number {
  return (msrp / d.RetailMU) * (1 - pct(d.Discount));
}

/** The factor a factory price is multiplied by on its way to the landed cost: (1 + Inflation) × (1 + Duty + SourceComm + Admin + Misc). */
export function costFactor(d: Pick<CostInputs, 'Inflation' | 'SourceComm' | 'Admin' | 'Misc'>, duty: number): number {
  return (1 + pct(d.Inflation)) * (1 + pct(duty) + pct(d.SourceComm) + pct(d.Admin) + pct(d.Misc));
}

/** Landed cost of a factory price: FOB × costFactor + Freight. */
export function landedCost(d: Omit<CostInputs, 'RetailMU' | 'Discount'>, fob: number, duty: number): number {
  return fob * costFactor(d, duty) + d.Freight;
}

/** The unrounded margin in percent, or null when there is no wholesale price to divide by. */
export function exactMargin(whs: number, ldp: number): number | null {
  return whs > 0 && Number.isFinite(whs) ? ((whs - ldp) / whs) * 100 : null;
}

/** CALC-005: the margin in whole percent. */
export function marginPercent(whs: number, ldp: number): number | null {
  const m = exactMargin(whs, ldp);
  return m === null ? null : roundTo(m);
}

/** The margin (whole percent) of a factory price at an MSRP. */
export function marginAt(d: CostInputs, msrp: number, fob: number, duty: number): number | null {
  return marginPercent(wholesalePrice(d, msrp), landedCost(d, fob, duty));
}

/** CALC-003, CALC-009: the MSRP table's prices, centred on the MSRP, stepping by the increment; prices ≤ 0 are left out. */
export function msrpSteps(msrp: number, increment: number): number[] {
  const out: number[] = [];
  for (let i = -MSRP_ROWS_EACH_SIDE; i <= MSRP_ROWS_EACH_SIDE; i++) {
    const v = roundTo(msrp + i * increment, 2);
    if (v > 0) out.push(v);
  }
  return out;
}

export interface MarginRow {
  MSRP: number;
  /** Wholesale price, 2 decimals. */
  WHS: number;
  /** Landed cost, 2 decimals. */
  LDP: number;
  /** Whole percent; null where the wholesale price is 0. */
  Margin: number | null;
  /** The row of the entered MSRP (the table's centre). */
  IsEntered: boolean;
}

/** The margin calculator's table: per MSRP row, WHS, LDP and the margin at the entered FOB and duty. */
export function marginTable(d: CostInputs, input: { msrp: number; increment: number; fob: number; duty: number }): MarginRow[] {
  const ldp = landedCost(d, input.fob, input.duty);
  const centre = roundTo(input.msrp, 2);
  return msrpSteps(input.msrp, input.increment).map((msrp) => {
    const whs = wholesalePrice(d, msrp);
    return { MSRP: msrp, WHS: roundTo(whs, 2), LDP: roundTo(ldp, 2), Margin: marginPercent(whs, ldp), IsEntered: msrp === centre };
  });
}

/** CALC-006/007: the 17 margins from the first, each one more (auto mode, and the starting list). */
export function autoMargins(first = FIRST_FOB_MARGIN): number[] {
  return Array.from({ length: FOB_MARGIN_COUNT }, (_, i) => first + i);
}

/**
 * CALC-007: a margin edited in the list. In auto mode a change of the first margin sets the others
 * to the first plus 1 each; any other change (or any change without auto mode) changes that margin only.
 */
export function editMargins(margins: readonly number[], index: number, value: number, auto: boolean): number[] {
  if (auto && index === 0) return autoMargins(value);
  return margins.map((m, i) => (i === index ? value : m));
}

/** Unrounded: the highest factory price reaching margin `margin` (percent) at the MSRP; may be ≤ 0 (not reachable). */
export function exactFobForMargin(d: CostInputs, msrp: number, duty: number, margin: number): number {
  return (wholesalePrice(d, msrp) * (1 - pct(margin)) - d.Freight) / costFactor(d, duty);
}

/** DECISIONS: the FOB for a margin, to 2 decimals. */
export function fobForMargin(d: CostInputs, msrp: number, duty: number, margin: number): number {
  return roundTo(exactFobForMargin(d, msrp, duty, margin), 2);
}

export interface FobRow {
  /** Whole percent. */
  Margin: number;
  /** 2 decimals; null when no positive factory price reaches the margin. */
  FOB: number | null;
  /** Landed cost at that FOB, 2 decimals. */
  LDP: number | null;
}

/** The FOB calculator's table: for each margin, the highest FOB that reaches it at the MSRP and duty. */
export function fobTable(d: CostInputs, input: { msrp: number; duty: number; margins: readonly number[] }): FobRow[] {
  return input.margins.map((m) => {
    const fob = fobForMargin(d, input.msrp, input.duty, m);
    return fob > 0 ? { Margin: m, FOB: fob, LDP: roundTo(landedCost(d, fob, input.duty), 2) } : { Margin: m, FOB: null, LDP: null };
  });
}

/**
 * The row whose FOB cell the FOB calculator highlights for an entered factory price: the highest
 * margin that price still reaches, i.e. the smallest listed FOB at or above it. -1 when the price
 * reaches none of the margins (it is above every listed FOB) or there is no price.
 */
export function reachedFobRow(rows: readonly Pick<FobRow, 'FOB'>[], enteredFob: number | null): number {
  if (enteredFob === null || !Number.isFinite(enteredFob)) return -1;
  let best = -1;
  rows.forEach((r, i) => {
    if (r.FOB === null || r.FOB < enteredFob) return;
    if (best < 0 || r.FOB < rows[best].FOB!) best = i;
  });
  return best;
}

export interface DefaultsProblem {
  Field: DefaultField;
  Message: string;
}

/** A value out of its range (DEFAULT_LIMITS), or missing; the message names the field by its label. */
export function defaultsProblems(d: Partial<Record<DefaultField, unknown>>, labels: DefaultLabels): DefaultsProblem[] {
  const out: DefaultsProblem[] = [];
  for (const f of DEFAULT_FIELDS) {
    const v = d[f];
    const label = labels[f];
    const lim = DEFAULT_LIMITS[f];
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      out.push({ Field: f, Message: `${label} is required.` });
      continue;
    }
    const low = lim.exclusiveMin ? v <= lim.min : v < lim.min;
    const high = lim.exclusiveMax ? v >= lim.max : v > lim.max;
    if (low || high) {
      out.push({
        Field: f,
        Message: `${label} must be ${lim.exclusiveMin ? 'above' : 'at least'} ${lim.min} and ${lim.exclusiveMax ? 'below' : 'at most'} ${lim.max}.`,
      });
    } else if (MONEY_FIELDS.has(f) && roundTo(v, 2) !== v) {
      out.push({ Field: f, Message: `${label} takes at most 2 decimals.` });
    } else if (!MONEY_FIELDS.has(f) && roundTo(v, 3) !== v) {
      out.push({ Field: f, Message: `${label} takes at most 3 decimals.` });
    }
  }
  return out;
}

/** A margin typed in the FOB calculator: a whole percent from 0 to 99, else null. */
export function parseMargin(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,2}$/.test(t)) return null;
  const n = Number(t);
  return n >= MARGIN_MIN && n <= MARGIN_MAX ? n : null;
}
