/** Deleting a pattern seasonal (PAT-024): status 1 (Created) and no colorways, else the spec's message; soft and audited. */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { AppError } from '../../core/http/errors';
import { applyAction } from '../../core/records/actions';
import { readPattern } from './pattern-read';
import { canDelete, MSG } from './pattern-rules';

export async function deletePattern(ctx: AppContext, user: SessionUser, id: number) {
  await readPattern(ctx, user, id);
  await ctx.db.tx(async (q) => {
    const [row] = await q.query('SELECT statusid, isdeleted FROM pattern_seasonals WHERE patternseasonalid = $1 FOR UPDATE', [id]);
    if (!(await canDelete(q, { StatusId: row.statusid, IsDeleted: row.isdeleted, PatternSeasonalId: id }))) {
      throw new AppError(409, 'delete_refused', MSG.deleteRefused);
    }
    await applyAction(ctx, q, user, 'pattern', id, { IsDeleted: true });
  });
}
