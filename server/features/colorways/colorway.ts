/**
 * The colorway's own rules on every update (after the shared hierarchy rules, which already make
 * statuses 3..7 read-only): the factory (CW-020/022/023), release stamps (CW-019), the responsible
 * user (CW-040/042), final spec lock and leather approval stamps (CW-037/038), costing — service fee,
 * override and price rule (CW-043..045) — the milestone chain (CW-027..035, DECISIONS CW-036 /
 * FLASH-012), the forecast grid's launch number (FLASH-022), volume totals (CW-050/051), HTS codes (FLASH-029..031) and stock-number uniqueness
 * (CW-046); the pattern moves only by relink (CW-055, its own call; brand and season are fixed
 * references the write path refuses to change). The
 * flash-edit grids save through the same path, so these rules hold there too.
 */
import { businessToday } from '../../domain/business-date';
import { htsLocked } from '../../domain/hts-rules';
import { milestoneChanges, milestoneMessages, touchesMilestones } from '../../domain/milestones';
import { PRICE_INPUTS, prices } from '../../domain/price-rule';
import { withVolumeTotals } from '../../domain/volume-changes';
import { badRequest, type FieldError } from '../../core/http/errors';
import type { Queryable } from '../../core/db/client';
import { onPrepare, onSetCheck, onUpdate, type RowChange, type UpdateHookArgs } from '../../core/records/hooks';
import { responsibleErrors } from '../patterns';
import {
  canOverrideFee,
  CARRY_OVER,
  FACTORY_FIELDS,
  factoryFields,
  fieldError,
  HTS_REGIONS,
  htsDuty,
  htsForOrigin,
  launchDates,
  MSG,
  pdmPrice,
  prepareLookups,
  serviceFee,
  stockNumbersTaken,
} from './colorway-rules';

type Changes = Record<string, unknown>;
const changed = (prev: Changes, changes: Changes, f: string) => f in changes && changes[f] !== prev[f];
const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
/**
 * A field of the record as the save leaves it: the change, else the stored value. Hooks read single
 * fields through it instead of merging whole records, which a 1,000-row paste would pay ~15 times a row.
 */
const after = (prev: Changes, changes: Changes) => (f: string) => (f in changes ? changes[f] : prev[f]);
const pick = (get: (f: string) => unknown, fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, get(f)]));

/** Refuses the save with its field errors; the message is the first error's text (the screen shows it). */
function refuse(errors: FieldError[]): never {
  throw badRequest(errors[0].Message, errors);
}

/**
 * The pattern moves only by relink (CW-055). Brand, season and pattern seasonal are fixed references
 * (x-ref `fixed`), refused by the write path itself; the pattern id is the base row's plain key.
 */
function fixedPattern({ prev, changes }: UpdateHookArgs): Changes {
  if (changed(prev, changes, 'PatternId')) refuse([fieldError('PatternId', MSG.relinkOnly)]);
  return changes;
}

/** CW-022/023: the factory changes in statuses 1 and 2 unless the colorway is locked; a key brings the factory's own fields. */
async function factory({ q, prev, changes }: UpdateHookArgs): Promise<Changes> {
  const touched = FACTORY_FIELDS.filter((f) => changed(prev, changes, f));
  if (!touched.length) return changes;
  if ((changes.IsLocked ?? prev.IsLocked) === true) refuse(touched.map((f) => fieldError(f, MSG.factoryLocked)));
  if (!changed(prev, changes, 'FactNameKy')) return changes;
  if (blank(changes.FactNameKy)) return { ...changes, ...Object.fromEntries(FACTORY_FIELDS.map((f) => [f, null])) };
  const fields = await factoryFields(q, String(changes.FactNameKy));
  if (!fields) refuse([fieldError('FactNameKy', MSG.unknownFactory)]);
  return { ...changes, ...fields };
}

/** CW-019 release stamps and CW-020 the factory required in status 2. */
function release({ user, prev, changes }: UpdateHookArgs): Changes {
  const next = after(prev, changes);
  if (next('StatusId') === 2 && (blank(next('FactName')) || blank(next('FactNameKy')))) refuse([fieldError('FactName', MSG.factoryRequired)]);
  if (!changed(prev, changes, 'StatusId')) return changes;
  if (changes.StatusId === 2) return { ...changes, ReleasedOn: new Date().toISOString(), ReleasedBy: user.userId };
  if (changes.StatusId === 1) return { ...changes, ReleasedOn: null, ReleasedBy: null };
  return changes;
}

/** CW-040/042: the responsible user is given and belongs to the brand. */
async function responsible({ q, prev, changes }: UpdateHookArgs): Promise<Changes> {
  if (!('ResponsibleId' in changes)) return changes;
  if (blank(changes.ResponsibleId) || Number(changes.ResponsibleId) <= 0) refuse([fieldError('ResponsibleId', MSG.userIdMissing)]);
  if (changed(prev, changes, 'ResponsibleId') && Number.isInteger(changes.ResponsibleId)) {
    const errors = await responsibleErrors(q, prev.BrandId, changes.ResponsibleId);
    if (errors.length) refuse(errors);
  }
  return changes;
}

/** CW-037 final spec lock date; CW-038 the leather approver follows the approval date. */
function approvals({ ctx, user, prev, changes }: UpdateHookArgs): Changes {
  const out = { ...changes };
  if (changed(prev, changes, 'IsFinalSpecApprLocked'))
    out.FinalSpecApprLockedDt = changes.IsFinalSpecApprLocked === true ? businessToday(ctx.config.businessTimeZone) : null;
  if (changed(prev, changes, 'LthrApprvDate')) {
    Object.assign(out, blank(changes.LthrApprvDate) ? { LthrApprvDate: null, LthrApprvBy: null } : { LthrApprvBy: user.userId });
  }
  return out;
}

/** CW-043..045: the service fee of brand and factory, the override where the brand allows it, the price rule. */
async function costing({ q, prev, changes, warn }: UpdateHookArgs): Promise<Changes> {
  const out = { ...changes };
  const next = after(prev, out);
  const overrides = next('IsSFOverride') === true && (changed(prev, changes, 'IsSFOverride') || changed(prev, changes, 'SFOverride'));
  if (overrides && !(await canOverrideFee(q, prev.BrandId))) {
    refuse([fieldError('IsSFOverride', MSG.overrideNotAllowed)]);
  }
  const factoryChanged = changed(prev, changes, 'FactNameKy');
  const touchesCost = factoryChanged || PRICE_INPUTS.some((f) => f in changes);
  // First save with a factory (no fee fetched yet) or a new factory: fetch the fee of brand and factory.
  if (touchesCost && !('ServFee' in changes) && (factoryChanged || prev.ServFee === null || prev.ServFee === undefined)) {
    const key = next('FactNameKy');
    out.ServFee = blank(key) ? null : await serviceFee(q, prev.BrandId, key);
    if (out.ServFee === null && !blank(key)) warn(MSG.noServiceFee);
  }
  if (!touchesCost) return out;
  // A negative or non-numeric cost is left to the schema check, which names the field.
  const bad = (['FFC', 'EstFFC'] as const).some((f) => !blank(next(f)) && !(Number(next(f)) >= 0));
  return bad ? out : { ...out, ...prices(pick(next, PRICE_INPUTS)) };
}

/** CW-027..035 with DECISIONS CW-036 / FLASH-012: one milestone rule set. */
async function milestones({ ctx, q, user, prev, changes, screen }: UpdateHookArgs): Promise<Changes> {
  if (!touchesMilestones(changes)) return changes;
  const price = await pdmPrice(q, pick(after(prev, changes), ['BrandId', ...PRICE_INPUTS]));
  const { changes: out, refusals } = milestoneChanges(prev, changes, {
    today: businessToday(ctx.config.businessTimeZone),
    userId: user.userId,
    pdmPrice: price,
  });
  if (refusals.length) refuse(refusals.map((r) => fieldError(r.field, milestoneMessages(screen)[r.reason])));
  return out;
}

/**
 * FLASH-022: the forecast grid's Launch number (input only, `x-input`) becomes the line plan's launch
 * date id; a number the line plan has no launch for is refused; an empty one clears the launch date.
 */
async function launch({ q, prev, changes }: UpdateHookArgs): Promise<Changes> {
  if (!('Launch' in changes)) return changes;
  const { Launch: n, ...out } = changes;
  if (blank(n)) return { ...out, LinePlanLaunchDateId: null };
  const id = Number.isInteger(n) ? (await launchDates(q, prev.PrototypeSeasonalId)).get(n as number) : undefined;
  if (!id) refuse([fieldError('Launch', MSG.invalidLaunch)]);
  return { ...out, LinePlanLaunchDateId: id };
}

/** CW-050/051, DECISIONS FLASH-021. */
const volumes = ({ prev, changes }: UpdateHookArgs): Changes => withVolumeTotals(prev, changes);

/** FLASH-029..031, 034: each region's HTS code is checked against the duty lookup by origin and destination; a new origin re-checks them all. */
async function hts({ q, prev, changes }: UpdateHookArgs): Promise<Changes> {
  const out = { ...changes };
  const errors: FieldError[] = [];
  const origin = after(prev, changes)('CtryOfOrig');
  for (const [region, destination] of HTS_REGIONS) {
    const code = `${region}HtsStawn`;
    if (!changed(prev, changes, code)) continue;
    const clear = { [code]: null, [`${region}AssignDuty`]: null, [`${region}HtsCodeKey`]: null };
    if (blank(changes[code])) {
      Object.assign(out, clear);
      continue;
    }
    if (htsLocked({ CtryOfOrig: origin }, code)) {
      errors.push(fieldError(code, MSG.factoryMissing));
      continue;
    }
    const duty = await htsDuty(q, String(changes[code]), String(origin), destination);
    if (!duty) errors.push(fieldError(code, MSG.invalidHts));
    else Object.assign(out, { [code]: String(changes[code]).trim(), [`${region}AssignDuty`]: duty.duty, [`${region}HtsCodeKey`]: duty.key });
  }
  if (errors.length) refuse(errors);
  // A new origin (factory change) re-checks the codes that were not just entered.
  if (changed(prev, changes, 'CtryOfOrig') && !blank(origin)) {
    const kept = HTS_REGIONS.map(([r]) => r as string).filter((r) => !changed(prev, changes, `${r}HtsStawn`));
    Object.assign(out, await htsForOrigin(q, prev, String(origin), kept));
  }
  return out;
}

/** CW-046: stock number unique per season and factory, except carry-over products — against the database and between the rows of one save. */
async function stockNumbers({ q, rows }: { q: Queryable; rows: RowChange[] }): Promise<FieldError[][]> {
  const nexts = rows.map(({ prev, changes }) => pick(after(prev, changes), ['StockNum', 'SeasonId', 'FactNameKy', 'ProductTypeId', 'PrototypeId']));
  const moved = rows.map(
    ({ prev, changes }, i) =>
      ['StockNum', 'SeasonId', 'FactNameKy', 'ProductTypeId'].some((f) => changed(prev, changes, f)) &&
      !blank(nexts[i].StockNum) &&
      nexts[i].ProductTypeId !== CARRY_OVER,
  );
  const candidates = nexts.filter((_, i) => moved[i]);
  if (!candidates.length) return rows.map(() => []);
  const taken = await stockNumbersTaken(q, candidates as Parameters<typeof stockNumbersTaken>[1]);
  const placeOf = (n: Changes) => `${String(n.StockNum).toLowerCase()}|${n.SeasonId}|${n.FactNameKy ?? ''}`;
  const claimed = new Map<string, unknown>();
  let c = 0;
  return nexts.map((next, i) => {
    if (!moved[i]) return [];
    const place = placeOf(next);
    const clash = taken[c++] || (claimed.has(place) && claimed.get(place) !== next.PrototypeId);
    claimed.set(place, next.PrototypeId);
    return clash ? [fieldError('StockNum', MSG.stockNumberExists)] : [];
  });
}

/** Registers the colorway's rules with the records pipeline (server/features.ts, once per process). */
export function registerColorwayHooks() {
  onPrepare('colorway', ({ q, rows }) => prepareLookups(q, rows));
  for (const hook of [fixedPattern, factory, release, responsible, approvals, costing, milestones, launch, volumes, hts]) onUpdate('colorway', hook);
  onSetCheck('colorway', stockNumbers);
}
