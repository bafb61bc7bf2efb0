/**
 * The brief actions besides create and the field update: delete (status Created, no patterns),
 * relink to another line plan (BRIEF-019) and ensure-released (the wizard's call before it adds
 * patterns under a brief, spec 001 §4). Relink and ensure-released go through the records
 * pipeline (field rights, shared status rules, the brief hooks, audit).
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { AppError, conflict, notFound } from '../../core/http/errors';
import { applyAction } from '../../core/records/actions';
import { updateRecordIn } from '../../core/records/write';
import { recordDeleted } from '../hierarchy';
import { BRIEF, isReleasedLinePlanOf, linkedPatternCount, RELINK_BLOCKED, SELECT_RELEASED_LINE_PLAN } from './brief';

/** Delete refused: the brief is not Created or has patterns (the pattern message of spec 001 §8, for briefs). */
export const DELETE_REFUSED = 'Record was not deleted. Please check current status and make sure there are no patterns linked.';

interface BriefRow {
  BriefSeasonalId: number;
  BrandId: number;
  SeasonId: number;
  LinePlanId: number;
  StatusId: number;
  IsDeleted: boolean;
  RowVersion: number;
}

/** The brief seasonal, locked, in the user's brands and not deleted. */
export async function lockedBrief(q: Queryable, user: SessionUser, id: number): Promise<BriefRow> {
  const [row] = await q.query<BriefRow>(
    `SELECT bs.briefseasonalid AS "BriefSeasonalId", b.brandid AS "BrandId", bs.seasonid AS "SeasonId", bs.lineplanid AS "LinePlanId",
            bs.statusid AS "StatusId", bs.isdeleted AS "IsDeleted", bs.rowversion AS "RowVersion"
       FROM brief_seasonals bs JOIN briefs b ON b.briefid = bs.briefid WHERE bs.briefseasonalid = $1 FOR UPDATE OF bs`,
    [id],
  );
  // One the user may not see answers like a missing one (records/access.ts).
  if (!row || !user.brandIds.has(row.BrandId)) throw notFound('The brief was not found.');
  if (row.IsDeleted) throw recordDeleted(BRIEF);
  return row;
}

export async function deleteBrief(ctx: AppContext, user: SessionUser, id: number) {
  await ctx.db.tx(async (q) => {
    const brief = await lockedBrief(q, user, id);
    if (brief.StatusId !== 1 || (await linkedPatternCount(q, id)) > 0) throw conflict(DELETE_REFUSED);
    await applyAction(ctx, q, user, 'brief', id, { IsDeleted: true });
  });
  return { IsSuccessful: true, Message: 'Record Deleted Successfully.' };
}

/** BRIEF-019: refused while patterns are linked; the target is a Released/Completed line plan of the same brand and season. */
export async function relinkBrief(ctx: AppContext, user: SessionUser, id: number, linePlanId: number) {
  return ctx.db.tx(async (q) => {
    const brief = await lockedBrief(q, user, id);
    if (await linkedPatternCount(q, id)) throw conflict(RELINK_BLOCKED);
    if (linePlanId === brief.LinePlanId) throw conflict('The brief is already linked to this line plan.');
    if (!(await isReleasedLinePlanOf(q, linePlanId, brief.BrandId, brief.SeasonId))) throw conflict(SELECT_RELEASED_LINE_PLAN);
    // The line plan is a fixed reference: this call, its checks above, is the one way to move it.
    const record = await updateRecordIn(ctx, q, user, 'brief', 'BriefSeasonalId', {
      id,
      rowVersion: brief.RowVersion,
      changes: { LinePlanId: linePlanId },
      allowFixed: ['LinePlanId'],
    });
    return { IsSuccessful: true, Message: 'Relink succeeded.', Data: record };
  });
}

/**
 * Ensure-released: a brief in status Created is set to Released (through the status rules, so
 * the user needs the brief status permission) when its line plan is Released or Completed; a
 * brief already past Created is answered as it is. Answers the brief's status afterwards; the
 * wizard treats anything not above 1 as "could not be set to Released" (WIZ-007).
 */
export async function ensureBriefReleased(ctx: AppContext, user: SessionUser, id: number) {
  return ctx.db.tx(async (q) => {
    const brief = await lockedBrief(q, user, id);
    if (brief.StatusId !== 1) return { IsSuccessful: true, StatusId: brief.StatusId, Message: 'The brief is already released.' };
    if (!(await isReleasedLinePlanOf(q, brief.LinePlanId, brief.BrandId, brief.SeasonId))) {
      throw new AppError(409, 'line_plan_not_released', SELECT_RELEASED_LINE_PLAN, [], { StatusId: brief.StatusId });
    }
    const record = await updateRecordIn(ctx, q, user, 'brief', 'BriefSeasonalId', { id, rowVersion: brief.RowVersion, changes: { StatusId: 2 } });
    return { IsSuccessful: true, StatusId: record.StatusId as number, Message: 'The brief was set to Released.' };
  });
}
