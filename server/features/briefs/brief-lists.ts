/**
 * The lists the brief screens read (BRIEF-020): pick lists of the edit page, the line plan a brief
 * is created from and those it may be created under or relinked to (BRIEF-001, BRIEF-003,
 * BRIEF-019), the statuses, briefs of a brand and season, the seasons of a brief, and its patterns (all of them, or for a factory user only those with a
 * colorway at one of the user's factories).
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { notFound } from '../../core/http/errors';
import { paged } from '../../core/records/paging';
import { searchRecords } from '../../core/records/search';
import { RELEASED_STATUSES } from '../../domain/statuses';

/** Pick lists of the brief edit screen for a brand (brand must be the user's); a factory user gets only the groups of its factories (PERM-029). */
export async function editPageLists(ctx: AppContext, user: SessionUser, brandId: number) {
  // The fixed lists are the brief schema's labelled options (oneOf consts), which also validate the values.
  const schema = ctx.schemas.entities.get('brief')!;
  const list = (field: string) =>
    ((schema.properties[field].oneOf ?? []) as { const: unknown; title?: string }[])
      .filter((o) => o.const !== null)
      .map((o) => ({ Id: o.const as number, Name: o.title ?? String(o.const) }));
  const [workflowGroups, responsibles, retailChannels, factoryGroups] = await Promise.all([
    ctx.db.query(
      'SELECT wfgroupid AS "WFGroupId", wfgroupname AS "WFGroupName" FROM workflow_groups WHERE brandid = $1 AND objectlevel = 2 ORDER BY wfgroupname',
      [brandId],
    ),
    ctx.db.query(
      `SELECT u.userid AS "UserId", u.firstname || ' ' || u.lastname AS "Name" FROM users u JOIN user_brands ub ON ub.userid = u.userid
                   WHERE ub.brandid = $1 AND u.isactive ORDER BY lower(u.lastname), lower(u.firstname)`,
      [brandId],
    ),
    ctx.db.query('SELECT retailchannelkey AS "Key", retailchannelname AS "Name" FROM retail_channels ORDER BY retailchannelname'),
    ctx.db.query(
      `SELECT g.factorygroupkey AS "Key", g.factorygroupname AS "Name" FROM factory_groups g
                   WHERE NOT $1 OR EXISTS (SELECT 1 FROM factories f WHERE f.factorygroupkey = g.factorygroupkey AND f.factorykey = ANY($2))
                   ORDER BY g.factorygroupname`,
      [user.isFactoryUser, [...user.factoryKeys]],
    ),
  ]);
  return {
    BriefTypes: list('BriefTypeId'),
    ConsumerSegmentations: list('ConsumerSegmentationId'),
    Packagings: list('PackagingId'),
    ProductPositionings: list('ProductPositioningId'),
    WorkflowGroups: workflowGroups,
    Responsibles: responsibles,
    RetailChannels: retailChannels,
    FactoryGroups: factoryGroups,
  };
}

/** The line plan a brief is created from (/briefFromLinePlan, BRIEF-001); one the user may not see answers like a missing one (records/access.ts). */
export async function startLinePlan(ctx: AppContext, user: SessionUser, id: number) {
  const [lp] = await ctx.db.query(
    `SELECT lineplanid AS "LinePlanId", lineplanname AS "LinePlanName", brandid AS "BrandId", seasonid AS "SeasonId",
            statusid AS "StatusId", statusname AS "StatusName", isdeleted AS "IsDeleted" FROM line_plan_view WHERE lineplanid = $1`,
    [id],
  );
  if (!lp || lp.IsDeleted || !user.brandIds.has(lp.BrandId as number)) throw notFound('No Line Plan Found');
  return lp;
}

export interface LinePlanQuery {
  BrandId: number;
  SeasonId: number;
  LinePlanName?: string;
  pageNumber: number;
  pageSize: number;
}

/** BRIEF-003: Released or Completed line plans of the brand and season, by name, paged. */
export function briefLinePlans(ctx: AppContext, user: SessionUser, q: LinePlanQuery) {
  return searchRecords(
    ctx,
    user,
    'line-plan',
    'LinePlanId',
    {
      pageNumber: q.pageNumber,
      pageSize: q.pageSize,
      sortColumn: 'LinePlanName',
      sortDirection: 'ASC',
      BrandId: q.BrandId,
      SeasonId: q.SeasonId,
      StatusId: RELEASED_STATUSES[0],
      StatusIdSecondary: RELEASED_STATUSES[1],
    },
    ['LinePlanId', 'LinePlanName', 'BrandName', 'SeasonName', 'StatusId', 'StatusName', 'ResponsibleName'],
    { text: q.LinePlanName ? { fields: ['LinePlanName'], value: q.LinePlanName } : undefined },
  );
}

/** BRIEF-019: the line plans the brief may be relinked to (same brand and season, Released or Completed, not its own). */
export async function relinkList(ctx: AppContext, user: SessionUser, briefSeasonalId: number) {
  const [brief] = await ctx.db.query<{ brandid: number; seasonid: number; lineplanid: number }>(
    'SELECT brandid, seasonid, lineplanid FROM brief_view WHERE briefseasonalid = $1 AND NOT isdeleted',
    [briefSeasonalId],
  );
  // A brief the user may not see has no list, like a missing one (records/access.ts).
  if (!brief || !user.brandIds.has(brief.brandid)) return [];
  return ctx.db.query(
    `SELECT lineplanid AS "LinePlanId", lineplanname AS "LinePlanName", statusid AS "StatusId", statusname AS "StatusName"
       FROM line_plan_view WHERE brandid = $1 AND seasonid = $2 AND statusid = ANY($3) AND NOT isdeleted AND lineplanid <> $4
      ORDER BY lineplanname`,
    [brief.brandid, brief.seasonid, RELEASED_STATUSES, brief.lineplanid],
  );
}

export const briefStatuses = (ctx: AppContext, current: number | null) =>
  ctx.db.query(
    `SELECT s.statusid AS "StatusId", s.statusname AS "StatusName" FROM statuses s
    WHERE $1::int IS NULL OR s.statusid = $1 OR EXISTS (SELECT 1 FROM status_transitions t WHERE t.fromstatusid = $1 AND t.tostatusid = s.statusid)
    ORDER BY s.statusid`,
    [current],
  );

/** Briefs of a brand and season (optionally only some statuses), by name. */
export function briefsByBrandSeason(ctx: AppContext, brandId: number, seasonId: number, statuses: number[]) {
  return ctx.db.query(
    `SELECT briefseasonalid AS "BriefSeasonalId", briefid AS "BriefId", briefname AS "BriefName", lineplanid AS "LinePlanId",
            statusid AS "StatusId", statusname AS "StatusName"
       FROM brief_view WHERE brandid = $1 AND seasonid = $2 AND NOT isdeleted AND (cardinality($3::int[]) = 0 OR statusid = ANY($3))
      ORDER BY lower(briefname), briefseasonalid`,
    [brandId, seasonId, statuses],
  );
}

/** The seasonal records of one base brief (the seasons it lives in). */
export async function briefSeasonalList(ctx: AppContext, user: SessionUser, briefId: number) {
  const rows = await ctx.db.query(
    `SELECT briefseasonalid AS "BriefSeasonalId", briefid AS "BriefId", briefname AS "BriefName", brandid AS "BrandId", seasonid AS "SeasonId",
            seasonname AS "SeasonName", lineplanid AS "LinePlanId", lineplanname AS "LinePlanName", statusid AS "StatusId", statusname AS "StatusName"
       FROM brief_view WHERE briefid = $1 AND NOT isdeleted ORDER BY seasonid`,
    [briefId],
  );
  return rows.length && user.brandIds.has(rows[0].BrandId as number) ? rows : [];
}

const PATTERN_FIELDS = ['PatternSeasonalId', 'PatternId', 'PatternName', 'SeasonName', 'StatusId', 'StatusName', 'ResponsibleName', 'GenderName'];

/** The patterns of a brief seasonal (brand scope and field visibility of the pattern entity apply). */
export function briefPatterns(ctx: AppContext, user: SessionUser, briefSeasonalId: number, pageNumber = 1, pageSize = 999) {
  return searchRecords(ctx, user, 'pattern', 'PatternSeasonalId', { pageNumber, pageSize, sortColumn: 'PatternName', sortDirection: 'ASC' }, PATTERN_FIELDS, {
    equals: { BriefSeasonalId: briefSeasonalId },
  });
}

/** The same for a factory user: only patterns with a colorway at one of the user's factories. */
export async function briefPatternsFactoryFiltered(ctx: AppContext, user: SessionUser, briefSeasonalId: number, pageNumber = 1, pageSize = 999) {
  const params = [briefSeasonalId, [...user.brandIds], [...user.factoryKeys]];
  const where = `p.briefseasonalid = $1 AND p.brandid = ANY($2) AND NOT p.isdeleted
    AND EXISTS (SELECT 1 FROM prototype_seasonals c WHERE c.patternseasonalid = p.patternseasonalid AND NOT c.isdeleted AND c.factnameky = ANY($3))`;
  const [{ n }] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pattern_view p WHERE ${where}`, params);
  const rows = await ctx.db.query(
    `SELECT p.patternseasonalid AS "PatternSeasonalId", p.patternid AS "PatternId", p.patternname AS "PatternName", p.seasonname AS "SeasonName",
            p.statusid AS "StatusId", p.statusname AS "StatusName", p.responsiblename AS "ResponsibleName", p.gendername AS "GenderName"
       FROM pattern_view p WHERE ${where} ORDER BY p.patternname, p.patternseasonalid LIMIT ${pageSize} OFFSET ${(pageNumber - 1) * pageSize}`,
    params,
  );
  return paged(rows, pageNumber, pageSize, n);
}
