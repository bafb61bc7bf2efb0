/**
 * Rules shared by the colorway actions outside the generic update (CW-004..008, CW-024/025,
 * CW-055..059): their texts, the statuses each action allows, the colorway as the user may see
 * it, the released-pattern check and the one audited write the actions use.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { HIERARCHY, withDeletedMessage } from '../hierarchy';
import { AppError, forbidden } from '../../core/http/errors';
import { readRecord } from '../../core/records/read';
import { RELEASED_STATUSES } from '../../domain/statuses';

export const MSG = {
  reviewFields: 'Please review all fields indicated in red.',
  releasedPattern: 'Select a Pattern that is in Released Status.',
  created: 'Colorway created or copied successfully.',
  nameDuplicate: 'Name duplication: You may continue, but please note this name already exists.',
  deleted: 'Record Deleted Successfully.',
  deleteRefused: 'Record was not deleted. Please check current status.',
  relinked: 'Relink succeeded.',
  relinkFailed: 'Re-link failed.',
  oneSeasonOnly: 'The colorway must exist in only one season to relink',
  transferred: 'Factory Transfer completed successfully.',
  dualSourced: 'Dual Source completed successfully',
  factoryUser: 'Factory users cannot transfer or dual source a colorway.',
  transferStatus: 'Factory transfer is allowed only in statuses Released, Completed, Canceled and Locked.',
  dualSourceStatus: 'Dual source is allowed only in statuses Created, Released and Completed.',
  sameFactory: 'Select a factory other than the current one.',
  unknownFactory: 'Select a factory from the list.',
  readOnly: 'This record is read-only in its current status; only the status can be changed.',
} as const;

/** CW-059: only a new (status 1) colorway seasonal may be deleted. */
export const DELETABLE_STATUSES = [1];
/** LOOKUP-037: colorway workflow groups are level 4. */
export const COLORWAY_WF_LEVEL = 4;

const COLORWAY = HIERARCHY.find((h) => h.entity === 'colorway')!;

/** One colorway seasonal as the user may see it; a deleted one answers CW-061's message. */
export function readColorway(ctx: AppContext, user: SessionUser, prototypeSeasonalId: number) {
  return withDeletedMessage(COLORWAY, () => readRecord(ctx, user, 'colorway', 'PrototypeSeasonalId', prototypeSeasonalId));
}

/** CW-024/025: factory users never transfer or dual source. */
export function requireBrandStaff(user: SessionUser) {
  if (user.isFactoryUser) throw forbidden(MSG.factoryUser);
}

export function requireStatus(statusId: unknown, allowed: readonly number[], message: string) {
  if (!allowed.includes(statusId as number)) throw new AppError(409, 'status_not_allowed', message);
}

/** The pattern seasonal a colorway may hang under: not deleted, of the brand and season, status 2 or 3. */
export async function releasedPattern(q: Queryable, where: { PatternSeasonalId?: unknown; PatternId?: unknown; BrandId: unknown; SeasonId: unknown }) {
  const [row] = await q.query<{ patternseasonalid: number; patternid: number }>(
    `SELECT patternseasonalid, patternid FROM pattern_view
      WHERE (patternseasonalid = $1::int OR $1::int IS NULL) AND (patternid = $2::int OR $2::int IS NULL)
        AND brandid = $3 AND seasonid = $4 AND NOT isdeleted AND statusid = ANY($5)`,
    [where.PatternSeasonalId ?? null, where.PatternId ?? null, where.BrandId, where.SeasonId, RELEASED_STATUSES],
  );
  return row ? { PatternSeasonalId: row.patternseasonalid, PatternId: row.patternid } : null;
}

/** Whether another colorway of the brand has this name (CW-047: a note, never a refusal). */
export async function prototypeNameExists(q: Queryable, brandId: unknown, name: string, exceptPrototypeId = 0) {
  const [row] = await q.query('SELECT 1 FROM prototypes WHERE brandid = $1 AND lower(prototypename) = lower($2) AND prototypeid <> $3 LIMIT 1', [
    brandId,
    name.trim(),
    exceptPrototypeId,
  ]);
  return !!row;
}
