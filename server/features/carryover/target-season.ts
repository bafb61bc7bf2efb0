/**
 * The target season's brief and pattern seasonals a carryover or a season shift hangs its records
 * under (ADR 025). A brief and a pattern live once per season (UNIQUE briefid/patternid + seasonid):
 * one already in the target season is reused wherever its line plan is; a missing one is created
 * under the chosen line plan, status 1 (Created), with the source's responsible, workflow group and
 * plan fields. Each is one INSERT … SELECT for all rows of the request, never a statement per row.
 */
import type { Queryable } from '../../core/db/client';

/** Line plan checked by the caller (brand and season of the target). */
export interface Target {
  seasonId: number;
  linePlanId: number;
  userId: number;
}

/** Brief seasonals in the target season for the briefs of these brief seasonals (created where missing). */
export async function ensureBriefSeasonals(q: Queryable, briefSeasonalIds: number[], t: Target) {
  if (!briefSeasonalIds.length) return;
  await q.query(
    `INSERT INTO brief_seasonals (briefid, seasonid, lineplanid, statusid, responsibleid, wfgroupid, targetnumberpatterns, targetnumbercolors,
            projectedquantity, ordersequence, projectminimum, minfob, maxfob, factory1key, factory2key, factory3key,
            factorygroup1key, factorygroup2key, factorygroup3key, retailchannel1key, retailchannel2key, retailchannel3key, retailchannel4key, retailchannel5key,
            regionusa, regionemeaowned, regioncanada, regionsamer, regionaspac, regionemea3p, regionemeadistributor, createdby, changedby)
     SELECT DISTINCT ON (bs.briefid) bs.briefid, $2, $3, 1, bs.responsibleid, bs.wfgroupid, bs.targetnumberpatterns, bs.targetnumbercolors,
            bs.projectedquantity, bs.ordersequence, bs.projectminimum, bs.minfob, bs.maxfob, bs.factory1key, bs.factory2key, bs.factory3key,
            bs.factorygroup1key, bs.factorygroup2key, bs.factorygroup3key, bs.retailchannel1key, bs.retailchannel2key, bs.retailchannel3key, bs.retailchannel4key, bs.retailchannel5key,
            bs.regionusa, bs.regionemeaowned, bs.regioncanada, bs.regionsamer, bs.regionaspac, bs.regionemea3p, bs.regionemeadistributor, $4, $4
       FROM brief_seasonals bs
      WHERE bs.briefseasonalid = ANY($1::int[])
        AND NOT EXISTS (SELECT 1 FROM brief_seasonals t WHERE t.briefid = bs.briefid AND t.seasonid = $2)
      ORDER BY bs.briefid, bs.briefseasonalid
     ON CONFLICT (briefid, seasonid) DO NOTHING`,
    [briefSeasonalIds, t.seasonId, t.linePlanId, t.userId],
  );
}

/**
 * Pattern seasonals in the target season for the patterns of these pattern seasonals (created where
 * missing, with their briefs'): targets, duties and sole numbers are copied, volumes are not (a
 * pattern's forecast is per season). Answers how many were created.
 */
export async function ensurePatternSeasonals(q: Queryable, patternSeasonalIds: number[], t: Target): Promise<number> {
  if (!patternSeasonalIds.length) return 0;
  const missing = await q.query<{ briefseasonalid: number }>(
    `SELECT DISTINCT pas.briefseasonalid FROM pattern_seasonals pas
      WHERE pas.patternseasonalid = ANY($1::int[])
        AND NOT EXISTS (SELECT 1 FROM pattern_seasonals t WHERE t.patternid = pas.patternid AND t.seasonid = $2)`,
    [patternSeasonalIds, t.seasonId],
  );
  if (!missing.length) return 0;
  await ensureBriefSeasonals(
    q,
    missing.map((m) => m.briefseasonalid),
    t,
  );
  const created = await q.query(
    `INSERT INTO pattern_seasonals (patternid, seasonid, briefseasonalid, statusid, responsibleid, wfgroupid, developmenttype, origfobtarget,
            targetpurprice, ustargetduty, catargetduty, uktargetduty, eutargetduty, usdutyfree, outsolenumber, outsolenumbername,
            midsolenumber, midsolenumbername, carriedfromseasonalid, createdby, changedby)
     SELECT DISTINCT ON (pas.patternid) pas.patternid, $2, tb.briefseasonalid, 1, pas.responsibleid, pas.wfgroupid, pas.developmenttype, pas.origfobtarget,
            pas.targetpurprice, pas.ustargetduty, pas.catargetduty, pas.uktargetduty, pas.eutargetduty, pas.usdutyfree, pas.outsolenumber, pas.outsolenumbername,
            pas.midsolenumber, pas.midsolenumbername, pas.patternseasonalid, $3, $3
       FROM pattern_seasonals pas
       JOIN brief_seasonals bs ON bs.briefseasonalid = pas.briefseasonalid
       JOIN brief_seasonals tb ON tb.briefid = bs.briefid AND tb.seasonid = $2
      WHERE pas.patternseasonalid = ANY($1::int[])
      ORDER BY pas.patternid, pas.patternseasonalid
     ON CONFLICT (patternid, seasonid) DO NOTHING
     RETURNING patternseasonalid`,
    [patternSeasonalIds, t.seasonId, t.userId],
  );
  return created.length;
}

/** The line plan a carryover or shift goes to: of the brand and target season, not deleted, not Canceled/Archive/Dropped. */
export async function targetLinePlan(q: Queryable, linePlanId: number) {
  const [lp] = await q.query<{
    lineplanid: number;
    lineplanname: string;
    brandid: number;
    seasonid: number;
    seasonname: string;
    statusid: number;
    isdeleted: boolean;
  }>(
    `SELECT lp.lineplanid, lp.lineplanname, lp.brandid, lp.seasonid, se.seasonname, lp.statusid, lp.isdeleted
       FROM line_plans lp JOIN seasons se ON se.seasonid = lp.seasonid WHERE lp.lineplanid = $1`,
    [linePlanId],
  );
  return lp && !lp.isdeleted && [1, 2, 3].includes(lp.statusid) ? lp : null;
}
