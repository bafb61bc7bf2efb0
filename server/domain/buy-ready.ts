/**
 * The buy-ready rule (issue 15, BR-001..010, DECISIONS "Buy-ready rule"): a colorway seasonal is
 * buy-ready when all of these hold: released (status 2 Released or 3 Completed, ./statuses.ts);
 * Costing Complete; a factory assigned; the final spec locked; the confirmation sample approved;
 * the leather approved where the colorway's BasicMaterial is leather; a US HTS code assigned;
 * TotalVolume > 0. An override (StockNumber + FactoryKey) forces the result to its BuyReady value.
 * Pure: the server runs it over the rows it reads (server/features/buy-ready/report.ts).
 */
import { isReleased } from './statuses';

export interface BuyReadyInput {
  StatusId: number | null;
  CostingCompl: boolean | null;
  FactNameKy: string | null;
  IsFinalSpecApprLocked: boolean | null;
  IsConfirmationSampleApproved: boolean | null;
  IsLeatherApproved: boolean | null;
  BasicMaterial: string | null;
  UsHtsCodeKey: string | null;
  TotalVolume: number | null;
}

/** The criteria in report order: key, column title. */
export const BUY_READY_CRITERIA = [
  ['IsReleased', 'Released'],
  ['IsCostingComplete', 'Costing Complete'],
  ['HasFactory', 'Factory Assigned'],
  ['IsFinalSpecLocked', 'Final Spec Locked'],
  ['IsConfirmationSampleApproved', 'Confirmation Sample Approved'],
  ['IsLeatherApprovedOrNotLeather', 'Leather Approved'],
  ['HasUsHtsCode', 'US HTS Code'],
  ['HasVolume', 'Volume'],
] as const;

export type BuyReadyCriterion = (typeof BUY_READY_CRITERIA)[number][0];
export type BuyReadyCriteria = Record<BuyReadyCriterion, boolean>;

/** BasicMaterial counts as leather when it names leather (any case): 'Leather', 'Full grain leather', 'Leather/Textile'. */
export const isLeather = (material: string | null | undefined) => !!material && /leather/i.test(material);

const filled = (s: string | null | undefined) => !!s && s.trim() !== '';

export function buyReadyCriteria(c: BuyReadyInput): BuyReadyCriteria {
  return {
    IsReleased: isReleased(c.StatusId),
    IsCostingComplete: c.CostingCompl === true,
    HasFactory: filled(c.FactNameKy),
    IsFinalSpecLocked: c.IsFinalSpecApprLocked === true,
    IsConfirmationSampleApproved: c.IsConfirmationSampleApproved === true,
    IsLeatherApprovedOrNotLeather: !isLeather(c.BasicMaterial) || c.IsLeatherApproved === true,
    HasUsHtsCode: filled(c.UsHtsCodeKey),
    HasVolume: typeof c.TotalVolume === 'number' && c.TotalVolume > 0,
  };
}

export interface BuyReadyResult {
  criteria: BuyReadyCriteria;
  /** All criteria hold. */
  computed: boolean;
  /** The override's value when one applies (StockNumber + FactoryKey match), else null. */
  override: boolean | null;
  /** The result: the override's value when one applies, else the computed one. */
  buyReady: boolean;
}

export function buyReady(c: BuyReadyInput, override: boolean | null = null): BuyReadyResult {
  const criteria = buyReadyCriteria(c);
  const computed = Object.values(criteria).every(Boolean);
  return { criteria, computed, override, buyReady: override ?? computed };
}

/** BR-008: both parts are required. */
export const BR_TEXT = {
  missing: 'Stock Number or Factory Missing',
  overridesError: 'Buy Ready Overrides Error',
  saveError: 'There was an error adding or updating your Buy Ready Override',
  empty: 'No buy ready data found.',
} as const;

export function overrideErrors(o: { StockNumber?: string | null; FactoryKey?: string | null }): string | null {
  return filled(o.StockNumber) && filled(o.FactoryKey) ? null : BR_TEXT.missing;
}

/** Per criterion: how many colorways pass and fail (the report's chart). */
export function criterionCounts(rows: readonly { criteria: BuyReadyCriteria }[]) {
  return BUY_READY_CRITERIA.map(([key, title]) => {
    const ready = rows.filter((r) => r.criteria[key]).length;
    return { key, title, ready, notReady: rows.length - ready };
  });
}
