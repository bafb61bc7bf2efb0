/**
 * Instant previews in the browser of the server's rules (the server stays the authority and
 * paints its own values after the save): the milestone chain and Costing Complete (DECISIONS
 * CW-036/FLASH-012, the same @domain/milestones the server runs), the price rule (CW-043..045),
 * volume totals (CW-050/051, FLASH-021), and cells that cannot be edited in a row's state (HTS
 * without a country of origin, FLASH-029; milestones frozen by Costing Complete or a later
 * milestone, FLASH-007/009). Generic by field: a grid gets the previews of the fields it shows. Pure.
 */
import { MILESTONE_MESSAGES, MILESTONES, milestoneChanges, touchesMilestones } from '@domain/milestones';
import { PRICE_INPUTS, prices } from '@domain/price-rule';
import { withVolumeTotals } from '@domain/volume-changes';
import type { GridRecord } from './change-batch';

type Rec = Record<string, unknown>;

/** Said when an HTS cell of a row without a country of origin is edited (FLASH-029). */
export const HTS_NO_ORIGIN = 'Unable to edit, Factory is missing.';

const filled = (v: unknown) => v !== null && v !== undefined && v !== '';

/**
 * The values a row shows right after an edit: the edited values plus what the server's rules
 * derive from them (earlier milestones checked with today's date and the price, dates and prices
 * cleared, prices and fee percent, Intnl and Total volume). Only fields the record holds.
 */
export function previewRow(prev: GridRecord, changes: Rec, today: string): Rec {
  let out: Rec = { ...changes };
  if (touchesMilestones(out)) {
    const { CostingComplBy: _by, ...rest } = milestoneChanges(prev, out, { today, userId: 0 }).changes;
    out = rest;
  }
  if (PRICE_INPUTS.some((f) => f in out)) out = { ...prices({ ...prev, ...out } as never), ...out };
  out = withVolumeTotals(prev, out);
  for (const f of Object.keys(out)) if (!(f in prev)) delete out[f];
  return out;
}

/** Why a cell cannot be edited in its row's state; `refuse`: a paste into it is refused with the message too. */
export interface CellLock { message?: string; refuse: boolean }

const MILESTONE_INDEX = new Map<string, number>(MILESTONES.map((m, i) => [m.flag, i]));

/** The lock of one cell, or undefined when the row's state allows the edit. */
export function cellLock(rec: GridRecord, field: string): CellLock | undefined {
  if (/HtsStawn$/.test(field) && 'CtryOfOrig' in rec && !filled(rec.CtryOfOrig)) return { message: HTS_NO_ORIGIN, refuse: true };
  const i = MILESTONE_INDEX.get(field);
  if (i === undefined) return undefined;
  if (rec.CostingCompl === true) return { message: MILESTONE_MESSAGES.costingGrid.costingFrozen, refuse: true };
  // A checked milestone disables the earlier ones (unchecking a later one first is the way back).
  if (MILESTONES.slice(i + 1).some((m) => rec[m.flag] === true)) return { refuse: false };
  return undefined;
}

/** Whether a grid of these fields has cells that lock by row state (the grid then asks per cell). */
export const hasLocks = (fields: readonly string[]) => fields.some((f) => /HtsStawn$/.test(f) || MILESTONE_INDEX.has(f));
