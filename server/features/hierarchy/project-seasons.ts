/** LOOKUP-027: the seasons a project lives in (projId is the base record's id), of the rows the user may see. */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { column, viewOf } from '../../core/records/columns';
import { scope } from '../../core/records/scope';
import type { HIERARCHY } from './levels';

export async function projectSeasons(ctx: AppContext, user: SessionUser, h: (typeof HIERARCHY)[number], projId: number) {
  const schema = ctx.schemas.entities.get(h.entity)!;
  const baseKey = Object.values(schema['x-tables'] ?? {})[0];
  const s = scope(schema, user, 1);
  const rows = await ctx.db.query(
    `SELECT DISTINCT v.seasonid AS "SeasonId", s.seasonname AS "SeasonName", s.sortorder
       FROM (SELECT seasonid FROM ${viewOf(h.entity)} WHERE ${[`${column(schema, baseKey)} = $1`, 'NOT isdeleted', ...s.where].join(' AND ')}) v
       JOIN seasons s ON s.seasonid = v.seasonid ORDER BY s.sortorder`,
    [projId, ...s.params],
  );
  return rows.map(({ SeasonId, SeasonName }) => ({ SeasonId, SeasonName }));
}
