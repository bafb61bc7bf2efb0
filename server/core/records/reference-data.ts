/**
 * Reference data (S0 §7): brands, seasons, sub-seasons, statuses and workflow groups, read by the
 * reference calls (core/api/reference.ts). Anything under a brand is the caller's to check (PERM-022).
 */
import type { Queryable } from '../db/client';

const BRAND_COLS = `brandid AS "BrandId", brandname AS "BrandName", sapbrandid AS "SAPBrandId",
  ispdmready AS "IsPDMReady", cansfoverride AS "CanSfOverride"`;
const SEASON_COLS = `seasonid AS "SeasonId", brandid AS "BrandId", seasonname AS "SeasonName",
  seasoncode AS "SeasonCode", sortorder AS "SortOrder", isactive AS "IsActive"`;

export const allBrands = (q: Queryable) => q.query(`SELECT ${BRAND_COLS} FROM brands ORDER BY brandname`);

export const brandsByIds = (q: Queryable, brandIds: number[]) =>
  q.query(`SELECT ${BRAND_COLS} FROM brands WHERE brandid = ANY($1) ORDER BY brandname`, [brandIds]);

/** One flag column of a brand (sapbrandid, cansfoverride, ispdmready); undefined when there is no such brand. */
export async function brandFlag(q: Queryable, brandId: number, column: 'sapbrandid' | 'cansfoverride' | 'ispdmready') {
  const [row] = await q.query(`SELECT ${column} AS v FROM brands WHERE brandid = $1`, [brandId]);
  return row;
}

export const seasonsOfBrands = (q: Queryable, brandIds: number[]) =>
  q.query(`SELECT ${SEASON_COLS} FROM seasons WHERE brandid = ANY($1) ORDER BY brandid, sortorder`, [brandIds]);

/** LOOKUP-027: a brand's seasons, only those after season `after` unless it is 0. */
export const brandSeasons = (q: Queryable, brandId: number, after: number) =>
  q.query(
    `SELECT ${SEASON_COLS} FROM seasons s WHERE brandid = $1
      AND ($2 = 0 OR sortorder > (SELECT sortorder FROM seasons WHERE seasonid = $2))
    ORDER BY sortorder`,
    [brandId, after],
  );

/** The brand of a season; undefined when there is no such season. */
export async function seasonBrand(q: Queryable, seasonId: number): Promise<number | undefined> {
  const [season] = await q.query('SELECT brandid FROM seasons WHERE seasonid = $1', [seasonId]);
  return season?.brandid;
}

export const subSeasons = (q: Queryable, seasonId: number) =>
  q.query(
    `SELECT subseasonid AS "SubSeasonId", seasonid AS "SeasonId", subseasonname AS "SubSeasonName"
     FROM subseasons WHERE seasonid = $1 ORDER BY subseasonid`,
    [seasonId],
  );

/** LOOKUP-030..032: statuses and the synthetic groups. */
export const statusList = (q: Queryable) =>
  q.query(
    `SELECT statusid AS "StatusId", statusname AS "StatusName", isactive AS "IsActive" FROM statuses
   UNION ALL SELECT statusgroupid, statusname, true FROM status_groups ORDER BY 1`,
  );

/** LOOKUP-033: the statuses the transition table allows after `current`. */
export const nextStatuses = (q: Queryable, current: number) =>
  q.query(
    `SELECT s.statusid AS "StatusId", s.statusname AS "StatusName", s.isactive AS "IsActive"
     FROM status_transitions t JOIN statuses s ON s.statusid = t.tostatusid
    WHERE t.fromstatusid = $1 ORDER BY s.statusid`,
    [current],
  );

export const workflowGroups = (q: Queryable, brandId: number, objectLevel: number) =>
  q.query(
    `SELECT wfgroupid AS "WFGroupId", wfgroupname AS "WFGroupName", objectlevel AS "ObjectLevel"
     FROM workflow_groups WHERE brandid = $1 AND objectlevel = $2 ORDER BY wfgroupname`,
    [brandId, objectLevel],
  );
