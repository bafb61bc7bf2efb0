/** Lists of line plans the screens read: the sub-seasons of a line plan, and the line plans of a brand and season (LP-010). */
import type { Queryable } from '../../core/db/client';
import { RELEASED_STATUSES_SQL } from '../../domain/statuses';

export const subSeasonsOf = (q: Queryable, linePlanId: unknown) =>
  q.query(
    `SELECT s.subseasonid AS "SubSeasonId", s.subseasonname AS "SubSeasonName" FROM line_plan_subseasons l
     JOIN subseasons s ON s.subseasonid = l.subseasonid WHERE l.lineplanid = $1 ORDER BY s.subseasonid`,
    [linePlanId],
  );

export const linePlansByBrandSeason = (q: Queryable, brandId: number, seasonId: number, released: boolean) =>
  q.query(
    `SELECT lineplanid AS "LinePlanId", lineplanname AS "LinePlanName", statusid AS "StatusId", statusname AS "StatusName"
     FROM line_plan_view WHERE brandid = $1 AND seasonid = $2 AND NOT isdeleted ${released ? `AND statusid IN (${RELEASED_STATUSES_SQL})` : ''}
    ORDER BY lineplanname`,
    [brandId, seasonId],
  );
