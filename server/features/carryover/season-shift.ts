/**
 * Season shift of a colorway (CARRY-018/019) or a pattern (CARRY-017), pattern carryover (CARRY-016)
 * and their eligibility checks (ADR 025). A shift moves the seasonal itself to a line plan of another
 * season of the brand (its pattern, brief follow: reused or created in the target season); a colorway
 * takes its dual-sourced twins along (same stock number and pattern in the same season, CW-058), a
 * pattern its colorways. Set-based: one UPDATE per table and one audit insert per request.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { AppError, badRequest, forbidden } from '../../core/http/errors';
import { recordActions } from '../../core/records/actions';
import {
  CARRY_TEXT, colorwayShiftEligibility, patternCarryoverEligibility, patternShiftEligibility, shiftedText, type Eligibility,
} from '../../domain/carryover';
import { readColorway } from '../colorways';
import { readPattern } from '../patterns';
import { ensureBriefSeasonals, ensurePatternSeasonals, targetLinePlan } from './target-season';

const brandStaff = (user: SessionUser) => { if (user.isFactoryUser) throw forbidden(CARRY_TEXT.factoryUser); };
const refused = (e: Eligibility) => { if (!e.Allowed) throw new AppError(409, 'not_eligible', e.Message!); };

/** The colorway's facts and its dual-sourced twins that would move with it (not already in `toSeasonId`, when given). */
async function colorwayFacts(q: Queryable, id: number, toSeasonId = 0, lock = false) {
  const [f] = await q.query<{ statusid: number; isdeleted: boolean; seasons: number; seasonid: number; patternseasonalid: number; twins: number[] }>(
    `SELECT s.statusid, s.isdeleted, s.seasonid, s.patternseasonalid,
            (SELECT count(*)::int FROM prototype_seasonals o WHERE o.prototypeid = s.prototypeid) AS seasons,
            ARRAY(SELECT t.prototypeseasonalid FROM prototype_seasonals t JOIN prototypes tp ON tp.prototypeid = t.prototypeid
                   WHERE t.seasonid = s.seasonid AND t.prototypeid <> s.prototypeid AND NOT t.isdeleted AND tp.dualsrcdpatt AND p.dualsrcdpatt
                     AND tp.patternid = p.patternid AND lower(tp.stocknum) = lower(p.stocknum)
                     AND NOT EXISTS (SELECT 1 FROM prototype_seasonals x WHERE x.prototypeid = t.prototypeid AND x.seasonid = $2)
                   ORDER BY t.prototypeseasonalid) AS twins
       FROM prototype_seasonals s JOIN prototypes p ON p.prototypeid = s.prototypeid
      WHERE s.prototypeseasonalid = $1 ${lock ? 'FOR UPDATE OF s' : ''}`, [id, toSeasonId]);
  return f;
}

/** The season-shift eligibility of a colorway seasonal (CARRY-018) and the number of dual-sourced seasonals that would move with it. */
export async function colorwayShiftCheck(ctx: AppContext, user: SessionUser, id: number) {
  brandStaff(user);
  const cw = await readColorway(ctx, user, id);
  const f = await colorwayFacts(ctx.db, id);
  const e = colorwayShiftEligibility({ StatusId: f.statusid, IsDeleted: f.isdeleted, SeasonCount: f.seasons });
  return { CanShift: e.Allowed, Message: e.Message, DualSourcedCount: f.twins.length, BrandId: cw.BrandId, SeasonId: cw.SeasonId };
}

/** The target line plan: of the record's brand, in another season. */
async function shiftTarget(q: Queryable, linePlanId: number, brandId: unknown, seasonId: unknown) {
  const lp = await targetLinePlan(q, linePlanId);
  if (!lp || lp.brandid !== brandId) throw badRequest('Select a line plan of the brand.', [{ Field: '/LinePlanId', Message: 'Not a line plan of the brand.' }]);
  if (lp.seasonid === seasonId) throw badRequest(CARRY_TEXT.sameSeason, [{ Field: '/LinePlanId', Message: CARRY_TEXT.sameSeason }]);
  return lp;
}

/** CARRY-018: answers Result 0, the CARRY-019 message and the count of dual-sourced seasonals moved along. */
export async function shiftPrototypeSeason(ctx: AppContext, user: SessionUser, id: number, linePlanId: number) {
  brandStaff(user);
  const cw = await readColorway(ctx, user, id);
  return ctx.db.tx(async (q) => {
    const lp = await shiftTarget(q, linePlanId, cw.BrandId, cw.SeasonId);
    const f = await colorwayFacts(q, id, lp.seasonid, true);
    refused(colorwayShiftEligibility({ StatusId: f.statusid, IsDeleted: f.isdeleted, SeasonCount: f.seasons }));
    const target = { seasonId: lp.seasonid, linePlanId: lp.lineplanid, userId: user.userId };
    await ensurePatternSeasonals(q, [f.patternseasonalid], target);
    const ids = [id, ...f.twins];
    const moved = await q.query<{ id: number; oldseason: number; oldpattern: number; pattern: number }>(
      `UPDATE prototype_seasonals s SET seasonid = $2, patternseasonalid = tp.patternseasonalid, lineplanlaunchdateid = NULL,
              rowversion = s.rowversion + 1, changedon = now(), changedby = $3
         FROM prototype_seasonals o
         JOIN pattern_seasonals op ON op.patternseasonalid = o.patternseasonalid
         JOIN pattern_seasonals tp ON tp.patternid = op.patternid AND tp.seasonid = $2
        WHERE o.prototypeseasonalid = s.prototypeseasonalid AND s.prototypeseasonalid = ANY($1::int[])
       RETURNING s.prototypeseasonalid AS id, o.seasonid AS oldseason, o.patternseasonalid AS oldpattern, tp.patternseasonalid AS pattern`,
      [ids, lp.seasonid, user.userId]);
    await recordActions(q, user.userId, 'colorway', moved.flatMap((m) => [
      { entityId: m.id, field: 'SeasonId', oldValue: m.oldseason, newValue: lp.seasonid },
      { entityId: m.id, field: 'PatternSeasonalId', oldValue: m.oldpattern, newValue: m.pattern }]));
    const twins = moved.length - 1;
    return { Result: 0, Message: shiftedText(twins), Data: twins };
  });
}

async function patternFacts(q: Queryable, id: number, lock = false) {
  const [f] = await q.query<{ statusid: number; isdeleted: boolean; seasons: number; elsewhere: number; briefseasonalid: number; patternid: number }>(
    `SELECT pas.statusid, pas.isdeleted, pas.briefseasonalid, pas.patternid,
            (SELECT count(*)::int FROM pattern_seasonals o WHERE o.patternid = pas.patternid) AS seasons,
            (SELECT count(*)::int FROM prototype_seasonals c WHERE c.patternseasonalid = pas.patternseasonalid
                AND EXISTS (SELECT 1 FROM prototype_seasonals x WHERE x.prototypeid = c.prototypeid AND x.seasonid <> c.seasonid)) AS elsewhere
       FROM pattern_seasonals pas WHERE pas.patternseasonalid = $1 ${lock ? 'FOR UPDATE' : ''}`, [id]);
  return f;
}

const shiftFacts = (f: Awaited<ReturnType<typeof patternFacts>>) =>
  ({ StatusId: f.statusid, IsDeleted: f.isdeleted, SeasonCount: f.seasons, ColorwaysInOtherSeasons: f.elsewhere });

/** CARRY-016/017: canPatternCarryover and canPatternShiftSeason of one pattern seasonal. */
export async function patternChecks(ctx: AppContext, user: SessionUser, id: number) {
  brandStaff(user);
  const p = await readPattern(ctx, user, id);
  const f = await patternFacts(ctx.db, id);
  const carry = patternCarryoverEligibility(shiftFacts(f));
  const shift = patternShiftEligibility(shiftFacts(f));
  return { CanCarryover: carry.Allowed, CarryoverMessage: carry.Message, CanShift: shift.Allowed, ShiftMessage: shift.Message, BrandId: p.BrandId, SeasonId: p.SeasonId };
}

/** CARRY-017: the pattern seasonal and its colorway seasonals move to the line plan's season. */
export async function shiftPatternSeason(ctx: AppContext, user: SessionUser, id: number, linePlanId: number) {
  brandStaff(user);
  const p = await readPattern(ctx, user, id);
  return ctx.db.tx(async (q) => {
    const lp = await shiftTarget(q, linePlanId, p.BrandId, p.SeasonId);
    const f = await patternFacts(q, id, true);
    refused(patternShiftEligibility(shiftFacts(f)));
    const target = { seasonId: lp.seasonid, linePlanId: lp.lineplanid, userId: user.userId };
    await ensureBriefSeasonals(q, [f.briefseasonalid], target);
    const [moved] = await q.query<{ oldseason: number; oldbrief: number; brief: number }>(
      `UPDATE pattern_seasonals pas SET seasonid = $2, briefseasonalid = tb.briefseasonalid, rowversion = pas.rowversion + 1, changedon = now(), changedby = $3
         FROM pattern_seasonals o JOIN brief_seasonals ob ON ob.briefseasonalid = o.briefseasonalid
         JOIN brief_seasonals tb ON tb.briefid = ob.briefid AND tb.seasonid = $2
        WHERE o.patternseasonalid = pas.patternseasonalid AND pas.patternseasonalid = $1
       RETURNING o.seasonid AS oldseason, o.briefseasonalid AS oldbrief, tb.briefseasonalid AS brief`, [id, lp.seasonid, user.userId]);
    const colorways = await q.query<{ id: number; oldseason: number }>(
      `UPDATE prototype_seasonals s SET seasonid = $2, lineplanlaunchdateid = NULL, rowversion = s.rowversion + 1, changedon = now(), changedby = $3
         FROM prototype_seasonals o WHERE o.prototypeseasonalid = s.prototypeseasonalid AND s.patternseasonalid = $1
       RETURNING s.prototypeseasonalid AS id, o.seasonid AS oldseason`, [id, lp.seasonid, user.userId]);
    await recordActions(q, user.userId, 'pattern', [
      { entityId: id, field: 'SeasonId', oldValue: moved.oldseason, newValue: lp.seasonid },
      { entityId: id, field: 'BriefSeasonalId', oldValue: moved.oldbrief, newValue: moved.brief }]);
    await recordActions(q, user.userId, 'colorway', colorways.map((c) => ({ entityId: c.id, field: 'SeasonId', oldValue: c.oldseason, newValue: lp.seasonid })));
    return { Result: 0, Message: CARRY_TEXT.shifted, Data: colorways.length };
  });
}

/** CARRY-016: the pattern gets a seasonal in the target season under the line plan (result 0); its colorways are carried by DoPrototypeCarryover. */
export async function doPatternCarryover(ctx: AppContext, user: SessionUser, id: number, toSeasonId: number, linePlanId: number) {
  brandStaff(user);
  const p = await readPattern(ctx, user, id);
  return ctx.db.tx(async (q) => {
    const lp = await shiftTarget(q, linePlanId, p.BrandId, p.SeasonId);
    if (lp.seasonid !== toSeasonId) throw badRequest('Select a line plan of the target season.', [{ Field: '/ToLinePlanId', Message: 'Not a line plan of the target season.' }]);
    const f = await patternFacts(q, id, true);
    refused(patternCarryoverEligibility(shiftFacts(f)));
    const created = await ensurePatternSeasonals(q, [id], { seasonId: lp.seasonid, linePlanId: lp.lineplanid, userId: user.userId });
    if (!created) throw new AppError(409, 'already_carried_over', `The pattern ${String(p.PatternName)} already exists in ${lp.seasonname}.`);
    const [row] = await q.query<{ id: number }>('SELECT patternseasonalid AS id FROM pattern_seasonals WHERE patternid = $1 AND seasonid = $2', [f.patternid, lp.seasonid]);
    await recordActions(q, user.userId, 'pattern', [{ entityId: row.id, field: 'CarriedFromSeasonalId', oldValue: null, newValue: id }]);
    return { Result: 0, Message: 'Pattern carried over.', Data: row.id };
  });
}
