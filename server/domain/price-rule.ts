/**
 * The colorway price rule (CW-043..045): the fee percent is the override (SFOverride) while the
 * override flag is set, otherwise the service fee; ActPurPrice = FFC + FFC × fee %, EstPurPrice
 * likewise from EstFFC, both rounded to 2 decimals. Shared by the server hooks and the browser. Pure.
 */
export interface PriceInputs {
  FFC?: unknown;
  EstFFC?: unknown;
  ServFee?: unknown;
  IsSFOverride?: unknown;
  SFOverride?: unknown;
}
export interface Prices {
  FfcPct: number | null;
  ActPurPrice: number | null;
  EstFfcPct: number | null;
  EstPurPrice: number | null;
}

/** The fields whose change recomputes the prices. */
export const PRICE_INPUTS = ['FFC', 'EstFFC', 'ServFee', 'IsSFOverride', 'SFOverride'] as const;

const amount = (v: unknown) => (v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v));

/** Half away from zero to 2 decimals, without binary drift (1.005 → 1.01). */
export function round2(x: number): number {
  const sign = x < 0 ? -1 : 1;
  return sign * Number(`${Math.round(Number(`${Math.abs(x)}e2`))}e-2`);
}

/** The fee percent in force, or null when neither an override nor a service fee is known. */
export function feePercent(v: PriceInputs): number | null {
  return v.IsSFOverride === true ? amount(v.SFOverride) : amount(v.ServFee);
}

const withFee = (cost: number | null, fee: number | null) => (cost === null ? null : round2(cost + (cost * (fee ?? 0)) / 100));

export function prices(v: PriceInputs): Prices {
  const fee = feePercent(v);
  return { FfcPct: fee, ActPurPrice: withFee(amount(v.FFC), fee), EstFfcPct: fee, EstPurPrice: withFee(amount(v.EstFFC), fee) };
}
