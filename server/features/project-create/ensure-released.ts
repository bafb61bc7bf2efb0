/**
 * Ensure-released for the project-create wizard (WIZ-006/007): before the wizard adds children
 * under a brief or pattern in status 1 (Created) it asks for the parent to be set to Released.
 * The brief goes through the brief's own call (brief-actions.ts); the pattern here, the same way:
 * through the records pipeline (status permission, shared status rules, the pattern hooks,
 * audit), and only under a brief in status 2 or 3. A parent that cannot be released answers the
 * DECISIONS WIZ-007 text instead of an error, so the wizard keeps it on the row and skips the children.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { AppError, conflict } from '../../core/http/errors';
import { updateRecordIn } from '../../core/records/write';
import { ensureBriefReleased } from '../briefs';
import { readPattern } from '../patterns';
import { MSG, releasedBriefErrors } from '../patterns';

/** DECISIONS WIZ-007. */
export const NOT_RELEASED = {
  brief: (name: string) => `The brief ${name} could not be set to Released; its patterns were not created.`,
  pattern: (name: string) => `The pattern ${name} could not be set to Released; its colorways were not created.`,
} as const;

export interface EnsureAnswer {
  IsSuccessful: boolean;
  StatusId: number;
  Message: string;
}

/** A pattern in status 1 is set to Released when its brief is Released or Completed; one past 1 is answered as it is. */
export async function ensurePatternReleased(ctx: AppContext, user: SessionUser, id: number): Promise<EnsureAnswer> {
  await readPattern(ctx, user, id); // brand and factory scope, deleted message
  return ctx.db.tx(async (q) => {
    const [row] = await q.query<{ StatusId: number; RowVersion: number; BriefSeasonalId: number; BrandId: number; SeasonId: number }>(
      `SELECT ps.statusid AS "StatusId", ps.rowversion AS "RowVersion", ps.briefseasonalid AS "BriefSeasonalId", p.brandid AS "BrandId", ps.seasonid AS "SeasonId"
         FROM pattern_seasonals ps JOIN patterns p ON p.patternid = ps.patternid WHERE ps.patternseasonalid = $1 FOR UPDATE OF ps`,
      [id],
    );
    if (row.StatusId !== 1) return { IsSuccessful: true, StatusId: row.StatusId, Message: 'The pattern is already released.' };
    if ((await releasedBriefErrors(q, row.BriefSeasonalId, row.BrandId, row.SeasonId)).length) throw conflict(MSG.releasedBrief, { StatusId: 1 });
    const record = await updateRecordIn(ctx, q, user, 'pattern', 'PatternSeasonalId', { id, rowVersion: row.RowVersion, changes: { StatusId: 2 } });
    return { IsSuccessful: true, StatusId: record.StatusId as number, Message: 'The pattern was set to Released.' };
  });
}

/** Missing and deleted records keep their answer; any other refusal (rules, status permission) is "could not be set to Released". */
const keepsItsAnswer = (e: unknown) => e instanceof AppError && e.status === 404;

async function nameOf(ctx: AppContext, level: 'brief' | 'pattern', id: number): Promise<string> {
  const sql =
    level === 'brief'
      ? 'SELECT b.briefname AS name FROM brief_seasonals s JOIN briefs b ON b.briefid = s.briefid WHERE s.briefseasonalid = $1'
      : 'SELECT p.patternname AS name FROM pattern_seasonals s JOIN patterns p ON p.patternid = s.patternid WHERE s.patternseasonalid = $1';
  const [row] = await ctx.db.query<{ name: string }>(sql, [id]);
  return row?.name ?? String(id);
}

/** The wizard's call: the parent released (StatusId above 1), or IsSuccessful false with the WIZ-007 text. */
export async function ensureReleasedForWizard(ctx: AppContext, user: SessionUser, level: 'brief' | 'pattern', id: number): Promise<EnsureAnswer> {
  let answer: EnsureAnswer | null = null;
  try {
    answer = level === 'brief' ? await ensureBriefReleased(ctx, user, id) : await ensurePatternReleased(ctx, user, id);
  } catch (e) {
    if (keepsItsAnswer(e) || !(e instanceof AppError)) throw e;
  }
  if (answer && answer.StatusId > 1) return answer;
  // 200 with IsSuccessful false by the spec: the wizard reads the result's status and skips the children (WIZ-006).
  return { IsSuccessful: false, StatusId: answer?.StatusId ?? 1, Message: NOT_RELEASED[level](await nameOf(ctx, level, id)) };
}
