/**
 * The one milestone rule set (DECISIONS CW-036 / FLASH-012), used by the colorway screen, the
 * costing grid and every import: chain InitialPrototype → ISR → LDM → SM → SMFinal; checking one
 * checks all earlier ones; unchecking one clears it and the later ones (a checked milestone keeps the
 * earlier ones checked); a newly checked milestone needs FFC > 0 and gets today's date and the FFC as
 * its price, an unchecked one loses date and price (CW-030..033); Costing Complete needs a saved
 * factory (name and key) and FFC > 0, checks SM (not SMFinal) and freezes all milestones (CW-035).
 * Pure: the caller passes today's date and the user. `milestoneLock` is the same rule asked of one
 * cell before any edit: the grids draw a milestone or Costing Complete cell read-only by it.
 */
type Rec = Record<string, unknown>;

export const MILESTONES = [
  { flag: 'InitialPrototypeComplete', date: 'InitialPrototypeCompleteDate', price: 'InitialPrototypePrice' },
  { flag: 'ISRComplete', date: 'ISRCompleteDate', price: 'ISRPrice' },
  { flag: 'LDMComplete', date: 'LDMCompleteDate', price: 'LDMPrice' },
  { flag: 'SMComplete', date: 'SMCompleteDate', price: 'SMPrice' },
  { flag: 'SMFinalComplete', date: 'SMFinalCmptDt', price: 'SMFinalPrice' },
] as const;
/** Costing Complete checks the chain up to SM (index 3), not SMFinal. */
const SM = 3;

export const MILESTONE_FIELDS = [...MILESTONES.flatMap((m) => [m.flag, m.date, m.price]), 'CostingCompl', 'CostingComplDate', 'CostingComplBy'];

export type MilestoneRefusal = 'ffcMissing' | 'costingNoFactory' | 'costingNoFfc' | 'costingFrozen' | 'finalSpecNotLocked';

/** Each screen's own text (DECISIONS FLASH-012): the colorway screen and the costing grid. */
export const MILESTONE_MESSAGES: Record<'colorway' | 'costingGrid', Record<MilestoneRefusal, string>> = {
  colorway: {
    ffcMissing: 'Factory First Cost must be entered before you can check off a milestone!',
    costingNoFactory: 'You must assign a factory and save the colorway before setting Costing Complete!',
    costingNoFfc: 'Factory First Cost must be entered before you can set Costing Complete!',
    costingFrozen: 'Milestones cannot be changed while Costing Complete is checked.',
    finalSpecNotLocked: 'Final spec must be locked before setting Costing Complete.',
  },
  costingGrid: {
    ffcMissing: 'Cost (FFC) must be entered before you can check off a milestone!',
    costingNoFactory: "Costing Complete can't be checked because a factory has not yet been assigned!",
    costingNoFfc: 'Cost (FFC) must be entered before you can check off a milestone!',
    costingFrozen: 'Milestones cannot be changed while Costing Complete is checked.',
    finalSpecNotLocked: 'Final spec must be locked before setting Costing Complete.',
  },
};

/** The message set of the screen a save comes from (UpdateRequest.screen): the costing grid ('costing') has its own texts (FLASH-010/011). */
export const milestoneMessages = (screen?: string) => MILESTONE_MESSAGES[screen === 'costing' ? 'costingGrid' : 'colorway'];

export interface MilestoneOutcome {
  changes: Rec;
  refusals: { field: string; reason: MilestoneRefusal }[];
}

const filled = (v: unknown) => v !== null && v !== undefined && v !== '';
const positive = (v: unknown) => filled(v) && Number(v) > 0;

/** Costing Complete cannot be checked without a saved factory, name and key (FLASH-010, CW-034). */
const factoryMissing = (saved: Rec) => !filled(saved.FactName) || !filled(saved.FactNameKy);
/** Nor for an original-season colorway whose final spec is not locked (CW-035). */
const finalSpecOpen = (next: Rec) => next.IsOriginalSeason === true && next.IsFinalSpecApprLocked !== true;
const MILESTONE_INDEX = new Map<string, number>(MILESTONES.map((m, i) => [m.flag, i]));

/** Why a milestone cell cannot change in its row's state: a refusal, or `laterChecked` (FLASH-007: a checked milestone disables the earlier ones). */
export type MilestoneLock = MilestoneRefusal | 'laterChecked';

/**
 * Why the cell `field` (a milestone flag or Costing Complete) of a saved row `saved` cannot change,
 * or undefined when it can; `next` is the row with the other values of the same edit (a pasted
 * block), as `milestoneChanges` sees them. A row checked Costing Complete freezes every milestone
 * unless the same edit unchecks it (FLASH-009); Costing Complete cannot be checked without a saved
 * factory or, in an original season, a locked final spec. FFC is left out: the same edit may set it.
 */
export function milestoneLock(saved: Rec, field: string, next: Rec = saved): MilestoneLock | undefined {
  const i = MILESTONE_INDEX.get(field);
  if (i !== undefined) {
    if (saved.CostingCompl === true && next.CostingCompl === true) return 'costingFrozen';
    return MILESTONES.slice(i + 1).some((m) => saved[m.flag] === true) ? 'laterChecked' : undefined;
  }
  if (field !== 'CostingCompl' || saved.CostingCompl === true) return undefined;
  if (factoryMissing(saved)) return 'costingNoFactory';
  return finalSpecOpen(next) ? 'finalSpecNotLocked' : undefined;
}

/** True when the changes touch a milestone or Costing Complete. */
export const touchesMilestones = (changes: Rec) => MILESTONE_FIELDS.some((f) => f in changes);

/**
 * The changes to write for a save that touches milestones: the chain kept valid, dates and prices
 * stamped or cleared, Costing Complete stamped (date, user) or cleared. `prev` is the saved record;
 * `at.pdmPrice` is the price a newly checked milestone takes for a PDM-ready brand (CW-031).
 */
export function milestoneChanges(prev: Rec, changes: Rec, at: { today: string; userId: number; pdmPrice?: number | null }): MilestoneOutcome {
  if (!touchesMilestones(changes)) return { changes, refusals: [] };
  const next = { ...prev, ...changes };
  const refusals: MilestoneOutcome['refusals'] = [];
  const was = MILESTONES.map((m) => prev[m.flag] === true);
  const flags = [...was];
  const wasComplete = prev.CostingCompl === true;
  const complete = next.CostingCompl === true;

  MILESTONES.forEach((m, i) => {
    if (!(m.flag in changes) || (changes[m.flag] === true) === was[i]) return;
    if (milestoneLock(prev, m.flag, next) === 'costingFrozen') refusals.push({ field: m.flag, reason: 'costingFrozen' });
    else if (changes[m.flag] === true) for (let j = 0; j <= i; j++) flags[j] = true;
    else for (let j = i; j < flags.length; j++) flags[j] = false;
  });

  const out: Rec = { ...changes };
  if (complete && !wasComplete) {
    if (factoryMissing(prev)) refusals.push({ field: 'CostingCompl', reason: 'costingNoFactory' });
    else if (!positive(next.FFC)) refusals.push({ field: 'CostingCompl', reason: 'costingNoFfc' });
    if (finalSpecOpen(next)) refusals.push({ field: 'CostingCompl', reason: 'finalSpecNotLocked' });
    for (let j = 0; j <= SM; j++) flags[j] = true;
    Object.assign(out, { CostingComplDate: filled(changes.CostingComplDate) ? changes.CostingComplDate : at.today, CostingComplBy: at.userId });
  } else if (!complete && wasComplete) {
    Object.assign(out, { CostingComplDate: null, CostingComplBy: null });
  }
  // A checked milestone keeps every earlier one checked.
  const last = flags.lastIndexOf(true);
  for (let j = 0; j < last; j++) flags[j] = true;

  MILESTONES.forEach((m, i) => {
    if (flags[i] !== was[i] || m.flag in changes) out[m.flag] = flags[i];
    if (flags[i] && !was[i]) {
      if (!positive(next.FFC)) refusals.push({ field: m.flag, reason: 'ffcMissing' });
      out[m.date] = filled(changes[m.date]) ? changes[m.date] : at.today;
      // CW-031: the FFC, or the PDM price when the brand is PDM-ready.
      out[m.price] = filled(changes[m.price]) ? changes[m.price] : filled(at.pdmPrice) ? at.pdmPrice : Number(next.FFC);
    } else if (flags[i]) {
      if (!filled(next[m.date])) out[m.date] = at.today;
    } else {
      if (filled(next[m.date])) out[m.date] = null;
      if (filled(next[m.price])) out[m.price] = null;
    }
  });
  // One refusal per field: the first reason found.
  const seen = new Set<string>();
  return { changes: out, refusals: refusals.filter((r) => !seen.has(r.field) && seen.add(r.field)) };
}
