/**
 * Instant previews in the browser of the server's rules (the server stays the authority and
 * paints its own values after the save): the milestone chain and Costing Complete (DECISIONS
 * CW-036/FLASH-012, the same @domain/milestones the server runs), the price rule (CW-043..045),
 * volume totals (CW-050/051, FLASH-021), and cells that cannot be edited in a row's state (a
 * read-only status; HTS without a country of origin, FLASH-029; milestones frozen by Costing
 * Complete or a later milestone, FLASH-007/009; Costing Complete without a factory, FLASH-010), by
 * the same @domain rules the server refuses them with. Generic by field: a grid gets the previews
 * of the fields it shows. Pure.
 */
import { HTS_NO_ORIGIN, htsLocked } from '@domain/hts-rules';
import { MILESTONE_MESSAGES, milestoneChanges, milestoneLock, touchesMilestones } from '@domain/milestones';
import { PRICE_INPUTS, prices } from '@domain/price-rule';
import { lockedByStatus, readOnlyInStatus } from '@domain/statuses';
import { withVolumeTotals } from '@domain/volume-changes';
import type { GridRecord } from './change-batch';

type Rec = Record<string, unknown>;

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

/**
 * Why a cell cannot be edited in its row's state, in the words the server would refuse it with;
 * `refuse`: a paste or fill skips it. FLASH-007's earlier milestones (disabled by a later checked
 * one) only stop typing: a pasted block sets the chain as a whole and the server's chain rule
 * takes it.
 */
export interface CellLock {
  message: string;
  refuse: boolean;
}

/** Said on a milestone a later checked one disables (FLASH-007): the way back is to uncheck the later one first. */
export const LATER_CHECKED = 'A later milestone is checked: uncheck it first.';

/**
 * The lock of one cell of `rec` (as the grid shows it), or undefined when the row's state allows
 * the edit; `next`: the row with the other values of the same paste (a block that unchecks Costing
 * Complete frees its milestones). The rules are the server's (@domain): a read-only status
 * (statuses 3..7), an HTS code without a country of origin (FLASH-029), the milestone chain and
 * Costing Complete (FLASH-007/009/010). A rule applies only where the row carries its fields.
 */
export function cellLock(rec: GridRecord, field: string, next: GridRecord = rec): CellLock | undefined {
  if ('StatusId' in rec && lockedByStatus(rec, field)) return { message: readOnlyInStatus(rec.StatusName), refuse: true };
  if ('CtryOfOrig' in rec && htsLocked(rec, field)) return { message: HTS_NO_ORIGIN, refuse: true };
  if (field === 'CostingCompl' && !('FactNameKy' in rec)) return undefined;
  const lock = milestoneLock(rec, field, next);
  if (!lock) return undefined;
  return lock === 'laterChecked' ? { message: LATER_CHECKED, refuse: false } : { message: MILESTONE_MESSAGES.costingGrid[lock], refuse: true };
}
