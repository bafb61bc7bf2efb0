/**
 * What the pattern screens read besides the record (PAT-019, PAT-022, PAT-028): development
 * centers, patterns by name and gender, the first adoption date, dual sourcing, the brand's used
 * values, the seasons of a pattern and the briefs it may be relinked to.
 */
import type { Queryable } from '../../core/db/client';
import { RELEASED_STATUSES } from '../../domain/statuses';
import { relinkErrors } from './pattern-rules';

type Pattern = Record<string, unknown>;

export const developmentCenters = (q: Queryable) =>
  q.query(
    `SELECT developmentcenterid AS "DevelopmentCenterId", developmentcenterkey AS "DevelopmentCenterKey",
          developmentcentername AS "DevelopmentCenterName" FROM development_centers WHERE isactive ORDER BY developmentcentername`,
  );

export const patternsByNameGender = (q: Queryable, brandId: number, name: string, genderKey: string) =>
  q.query(
    `SELECT patternid AS "PatternId", max(patternseasonalid) AS "PatternSeasonalId", patternname AS "PatternName",
          patternnamekey AS "PatternNameKey", genderkey AS "GenderKey"
     FROM pattern_view WHERE brandid = $1 AND lower(patternname) = lower($2) AND genderkey = $3 AND NOT isdeleted
    GROUP BY patternid, patternname, patternnamekey, genderkey ORDER BY patternid`,
    [brandId, name, genderKey],
  );

export async function originalAdoptedDate(q: Queryable, pattern: Pattern) {
  const [first] = await q.query<{ newvalue: string }>(
    `SELECT a.newvalue FROM audit_log a JOIN pattern_seasonals ps ON a.entityid = ps.patternseasonalid::text
      WHERE a.entity = 'pattern' AND a.field = 'AdoptedDate' AND a.newvalue IS NOT NULL AND ps.patternid = $1
      ORDER BY a.newvalue LIMIT 1`,
    [pattern.PatternId],
  );
  const dates = [first?.newvalue, pattern.AdoptedDate as string | null].filter((d): d is string => !!d).sort();
  return dates[0] ?? null;
}

/** Whether any colorway of the pattern is dual sourced. */
export const isDualSourced = async (q: Queryable, patternId: unknown) =>
  (await q.query('SELECT 1 FROM prototypes WHERE patternid = $1 AND dualsrcdpatt LIMIT 1', [patternId])).length > 0;

export async function patternLookups(q: Queryable, brandId: number) {
  const used = async (column: string, table = 'pattern_view') =>
    (
      await q.query<{ v: string }>(`SELECT DISTINCT ${column} AS v FROM ${table} WHERE brandid = $1 AND ${column} IS NOT NULL AND ${column} <> '' ORDER BY 1`, [
        brandId,
      ])
    ).map((r) => r.v);
  return {
    DevelopmentTypes: await used('developmenttype'),
    ProductLines: await used('productline'),
    MembraneSuppliers: await used('membranesupplier'),
    MembranePackages: await used('membranepackage'),
    UpperMaterials: await used('uppermaterial'),
    BottomMaterials: await used('bottommaterial'),
    Outsoles: await used('outsolename', 'outsoles'),
  };
}

export const patternSeasons = (q: Queryable, patternId: unknown) =>
  q.query(
    `SELECT v.patternseasonalid AS "PatternSeasonalId", v.seasonid AS "SeasonId", v.seasonname AS "SeasonName",
          v.statusid AS "StatusId", v.statusname AS "StatusName", v.briefname AS "BriefName"
     FROM pattern_view v JOIN seasons s ON s.seasonid = v.seasonid
    WHERE v.patternid = $1 AND NOT v.isdeleted ORDER BY s.sortorder LIMIT 999`,
    [patternId],
  );

export async function relinkList(q: Queryable, pattern: Pattern) {
  const refused = await relinkErrors(q, pattern as { PatternId: unknown; PatternSeasonalId: unknown });
  const briefs = refused.length
    ? []
    : await q.query(
        `SELECT briefseasonalid AS "BriefSeasonalId", briefid AS "BriefId", briefname AS "BriefName", statusname AS "StatusName",
            lineplanname AS "LinePlanName"
       FROM brief_view WHERE brandid = $1 AND seasonid = $2 AND NOT isdeleted AND statusid = ANY($3) AND briefseasonalid <> $4
      ORDER BY lower(briefname)`,
        [pattern.BrandId, pattern.SeasonId, RELEASED_STATUSES, pattern.BriefSeasonalId],
      );
  return { CanRelink: !refused.length, Message: refused[0]?.Message ?? null, Briefs: briefs };
}
