/**
 * The pattern's own rules on every update (run after the shared hierarchy rules):
 * adoption (PAT-013/014), PTA (PAT-015), waterproof off (PAT-016), US duty free (PAT-017),
 * target price for factory users (PAT-018), volume totals (CW-050/051), responsible user and
 * workflow group of the brand, pattern key + gender unique in the brand (PAT-010) and the
 * relink rule when the brief changes (PAT-019).
 */
import { can } from '../../core/auth/permissions';
import { businessToday } from '../../domain/business-date';
import { withVolumeTotals } from '../../domain/volume-changes';
import { badRequest, forbidden, permissionDenied, type FieldError } from '../../core/http/errors';
import { onUpdate, type UpdateHookArgs } from '../../core/records/hooks';
import { canAdopt, genderErrors, keyGenderErrors, MSG, relinkErrors, releasedBriefErrors, responsibleErrors, wfGroupErrors } from './pattern-rules';

type Changes = Record<string, unknown>;
const changed = (prev: Changes, changes: Changes, f: string) => f in changes && changes[f] !== prev[f];

/** PAT-013/014: toggling adoption needs the permission, status 2 and CanAdopt; it stamps or clears date and adopter. */
function adoption({ ctx, user, prev, changes }: UpdateHookArgs): Changes {
  if (!changed(prev, changes, 'AdoptedStatus')) return changes;
  if (!can(user, 'pattern', 'adopt')) throw permissionDenied();
  if (!canAdopt(user, prev)) {
    throw badRequest('Adoption can be changed only while the pattern is Released.', [
      { Field: '/AdoptedStatus', Message: 'Adoption can be changed only while the pattern is Released.' },
    ]);
  }
  return changes.AdoptedStatus
    ? { ...changes, AdoptedDate: businessToday(ctx.config.businessTimeZone), AdoptedBy: user.userId }
    : { ...changes, AdoptedDate: null, AdoptedBy: null };
}

/** PAT-015: the PTA toggle (PERM-006 action 9) stamps or clears its authorization date and user. */
function pta({ ctx, user, prev, changes }: UpdateHookArgs): Changes {
  if (!changed(prev, changes, 'PTAStatus')) return changes;
  if (!can(user, 'pattern', 'ptaEdit')) throw permissionDenied();
  return changes.PTAStatus
    ? { ...changes, PTADate: businessToday(ctx.config.businessTimeZone), PTABy: user.userId }
    : { ...changes, PTADate: null, PTABy: null };
}

/** PAT-016: waterproof off clears the membrane, its supplier and package, bootie and seam sealed. */
function waterproof({ changes }: UpdateHookArgs): Changes {
  if (changes.IsWaterproof !== false) return changes;
  return { ...changes, MembraneId: null, MembraneDesc: null, MembraneSupplier: null, MembranePackage: null, IsBootie: false, IsSeamSealed: false };
}

/** PAT-017: while US duty free is set, the US target duty is 0. */
function usDutyFree({ prev, changes }: UpdateHookArgs): Changes {
  const dutyFree = (changes.USDutyFree ?? prev.USDutyFree) === true;
  if (!dutyFree || !('USDutyFree' in changes || 'USTargetDuty' in changes)) return changes;
  return { ...changes, USTargetDuty: 0 };
}

/** PAT-018: factory users never change the target purchase price (the visibility document says so too). */
function targetPrice({ user, changes }: UpdateHookArgs): Changes {
  if (user.isFactoryUser && 'TargetPurPrice' in changes) {
    throw forbidden('You may not change some of these fields.').withErrors([{ Field: '/TargetPurPrice', Message: 'You may not change this field.' }]);
  }
  return changes;
}

/** CW-050/051 (DECISIONS FLASH-021): a volume write recomputes IntnlVolume and TotalVolume. */
const volumes = ({ prev, changes }: UpdateHookArgs): Changes => withVolumeTotals(prev, changes);

/** Responsible, workflow group, key + gender and brief (relink) checked against the database. */
async function references({ q, prev, changes }: UpdateHookArgs): Promise<Changes> {
  const next = { ...prev, ...changes };
  const errors: FieldError[] = [];
  // A value of the wrong type is left to the schema check that follows the hooks.
  const id = (f: string) => changed(prev, changes, f) && Number.isInteger(next[f]);
  const text = (f: string) => changed(prev, changes, f) && typeof next[f] === 'string';
  if (id('ResponsibleId')) errors.push(...(await responsibleErrors(q, next.BrandId, next.ResponsibleId)));
  if (id('WFGroupId')) errors.push(...(await wfGroupErrors(q, next.BrandId, next.WFGroupId)));
  if (text('GenderKey')) errors.push(...(await genderErrors(q, next.GenderKey)));
  if ((text('PatternNameKey') || text('GenderKey')) && typeof next.GenderKey === 'string') {
    errors.push(...(await keyGenderErrors(q, next.BrandId, next.PatternNameKey, next.GenderKey, prev.PatternId)));
  }
  if (id('BriefSeasonalId')) {
    const relink = await relinkErrors(q, prev as { PatternId: unknown; PatternSeasonalId: unknown });
    errors.push(...(relink.length ? relink : await releasedBriefErrors(q, next.BriefSeasonalId, next.BrandId, next.SeasonId)));
  }
  if (errors.length) throw badRequest(MSG.reviewFields, errors);
  return changes;
}

// Brand, season and brief are fixed references (x-ref `fixed`): the write path refuses a change; relink moves the brief.
/** Registers the pattern's rules with the records pipeline (server/features.ts, once per process). */
export function registerPatternHooks() {
  for (const hook of [targetPrice, adoption, pta, waterproof, usDutyFree, volumes, references]) onUpdate('pattern', hook);
}
