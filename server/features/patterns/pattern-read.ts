/**
 * One pattern seasonal as the user may see it, for the pattern calls outside the generic update:
 * brand scope, hidden fields removed, and a deleted pattern answers its own message (PAT-027).
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { HIERARCHY, withDeletedMessage } from '../hierarchy';
import { AppError } from '../../core/http/errors';
import { readRecord } from '../../core/records/read';
import { READ_ONLY_STATUSES } from '../hierarchy';

const PATTERN = HIERARCHY.find((h) => h.entity === 'pattern')!;

export async function readPattern(ctx: AppContext, user: SessionUser, patternSeasonalId: number) {
  return withDeletedMessage(PATTERN, () => readRecord(ctx, user, 'pattern', 'PatternSeasonalId', patternSeasonalId));
}

/** The seasonal record the user may change: readable, not deleted, not in a read-only status (PAT-012). */
export async function editablePattern(ctx: AppContext, user: SessionUser, patternSeasonalId: number) {
  const pattern = await readPattern(ctx, user, patternSeasonalId);
  if (READ_ONLY_STATUSES.has(pattern.StatusId as number)) {
    throw new AppError(409, 'read_only', 'This record is read-only in its current status; only the status can be changed.');
  }
  return pattern;
}
