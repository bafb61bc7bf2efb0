/**
 * The colorway's derived values as the user types, from the same pure functions the server's update
 * rules use: CW-044 prices, CW-050/051 volume totals, and the milestone chain (DECISIONS CW-036 /
 * FLASH-012: ticking a milestone ticks the earlier ones with today's date and the price, CW-031;
 * unticking clears the later ones). The server computes all of it again on save and stamps who
 * completed the costing. Only fields the user can see (present in the data) are filled. Pure.
 */
import { MILESTONE_FIELDS, milestoneChanges } from '@domain/milestones';
import { prices } from '@domain/price-rule';
import { volumeTotals } from '@domain/volume-totals';

type Data = Record<string, unknown>;

export interface DerivedContext {
  /** The data before this change (the previous form data, or the saved record). */
  previous: Data;
  /** Today as YYYY-MM-DD. */
  today: string;
  /** Whether the brand takes the PDM price for milestones (CW-031). */
  pdmReady: boolean;
}

const SERVER_STAMPS = new Set(['CostingComplBy']);

/** The milestone fields the chain sets after this change; empty when the change touches no milestone or the server would refuse it. */
function chained(data: Data, ctx: DerivedContext): Data {
  const changes = Object.fromEntries(MILESTONE_FIELDS.filter((f) => f in data && (data[f] ?? null) !== (ctx.previous[f] ?? null)).map((f) => [f, data[f]]));
  if (!Object.keys(changes).length) return {};
  const pdmPrice = ctx.pdmReady ? prices(data).ActPurPrice : null;
  const outcome = milestoneChanges({ ...ctx.previous, FFC: data.FFC }, changes, { today: ctx.today, userId: 0, pdmPrice });
  if (outcome.refusals.length) return {};
  return Object.fromEntries(Object.entries(outcome.changes).filter(([f]) => f in data && !SERVER_STAMPS.has(f)));
}

/** The data with its derived fields brought up to date, or undefined when none changed. */
export function withDerivedValues(data: Data, ctx: DerivedContext): Data | undefined {
  const derived: Data = { ...volumeTotals(data), ...prices(data), ...chained(data, ctx) };
  const changed = Object.entries(derived).filter(([f, v]) => f in data && (data[f] ?? null) !== (v ?? null));
  return changed.length ? { ...data, ...Object.fromEntries(changed) } : undefined;
}
