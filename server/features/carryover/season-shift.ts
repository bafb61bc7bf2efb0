/**
 * Season shift of a colorway (CARRY-018/019) or a pattern (CARRY-017), pattern carryover (CARRY-016)
 * and their eligibility checks (ADR 025). A shift moves the seasonal itself to a line plan of another
 * season of the brand (its pattern, brief follow: reused or created in the target season); a colorway
 * takes its dual-sourced twins along (same stock number and pattern in the same season, CW-058), a
 * pattern its colorways. Set-based: the moves are written by the core's action writer (one UPDATE per
 * table and one audit insert per entity, core/records/actions.ts).
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { AppError, badRequest, forbidden } from '../../core/http/errors';
import { applyAction, applyActions, recordActions } from '../../core/records/actions';
import {
  CARRY_TEXT,
  colorwayShiftEligibility,
  patternCarryoverEligibility,
  patternShiftEligibility,
  shiftedText,
  type Eligibility,
} from '../../domain/carryover';
import { readColorway } from '../colorways';
import { readPattern } from '../patterns';
import { ensureBriefSeasonals, ensurePatternSeasonals, targetLinePlan } from './target-season';

const brandStaff = (user: SessionUser) => {
  if (user.isFactoryUser) throw forbidden(CARRY_TEXT.factoryUser);
};
const refused = (e: Eligibility) => {
  if (!e.Allowed) throw new AppError(409, 'not_eligible', e.Message!);
};

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
      WHERE s.prototypeseasonalid = $1 ${lock ? 'FOR UPDATE OF s' : ''}`,
    [id, toSeasonId],
  );
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
    // Each seasonal takes its pattern's seasonal in the target season; written and audited by the core's action writer.
    const moved = await q.query<{ id: number; pattern: number }>(
      `SELECT s.prototypeseasonalid AS id, tp.patternseasonalid AS pattern FROM prototype_seasonals s
         JOIN pattern_seasonals op ON op.patternseasonalid = s.patternseasonalid
         JOIN pattern_seasonals tp ON tp.patternid = op.patternid AND tp.seasonid = $2
        WHERE s.prototypeseasonalid = ANY($1::int[])`,
      [ids, lp.seasonid],
    );
    await applyActions(
      ctx,
      q,
      user,
      'colorway',
      moved.map((m) => ({ id: m.id, set: { SeasonId: lp.seasonid, PatternSeasonalId: m.pattern, LinePlanLaunchDateId: null } })),
    );
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
       FROM pattern_seasonals pas WHERE pas.patternseasonalid = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return f;
}

const shiftFacts = (f: Awaited<ReturnType<typeof patternFacts>>) => ({
  StatusId: f.statusid,
  IsDeleted: f.isdeleted,
  SeasonCount: f.seasons,
  ColorwaysInOtherSeasons: f.elsewhere,
});

/** CARRY-016/017: canPatternCarryover and canPatternShiftSeason of one pattern seasonal. */
export async function patternChecks(ctx: AppContext, user: SessionUser, id: number) {
  brandStaff(user);
  const p = await readPattern(ctx, user, id);
  const f = await patternFacts(ctx.db, id);
  const carry = patternCarryoverEligibility(shiftFacts(f));
  const shift = patternShiftEligibility(shiftFacts(f));
  return {
    CanCarryover: carry.Allowed,
    CarryoverMessage: carry.Message,
    CanShift: shift.Allowed,
    ShiftMessage: shift.Message,
    BrandId: p.BrandId,
    SeasonId: p.SeasonId,
  };
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
    const [{ brief }] = await q.query<{ brief: number }>(
      `SELECT tb.briefseasonalid AS brief FROM pattern_seasonals o JOIN brief_seasonals ob ON ob.briefseasonalid = o.briefseasonalid
         JOIN brief_seasonals tb ON tb.briefid = ob.briefid AND tb.seasonid = $2 WHERE o.patternseasonalid = $1`,
      [id, lp.seasonid],
    );
    await applyAction(ctx, q, user, 'pattern', id, { SeasonId: lp.seasonid, BriefSeasonalId: brief });
    const colorways = await q.query<{ id: number }>('SELECT prototypeseasonalid AS id FROM prototype_seasonals WHERE patternseasonalid = $1 ORDER BY 1', [id]);
    await applyActions(
      ctx,
      q,
      user,
      'colorway',
      colorways.map((c) => ({ id: c.id, set: { SeasonId: lp.seasonid, LinePlanLaunchDateId: null } })),
    );
    return { Result: 0, Message: CARRY_TEXT.shifted, Data: colorways.length };
  });
}

/** CARRY-016: the pattern gets a seasonal in the target season under the line plan (result 0); its colorways are carried by DoPrototypeCarryover. */
export async function doPatternCarryover(ctx: AppContext, user: SessionUser, id: number, toSeasonId: number, linePlanId: number) {
  brandStaff(user);
  const p = await readPattern(ctx, user, id);
  return ctx.db.tx(async (q) => {
    const lp = await shiftTarget(q, linePlanId, p.BrandId, p.SeasonId);
    if (lp.seasonid !== toSeasonId)
      throw badRequest('Select a line plan of the target season.', [{ Field: '/ToLinePlanId', Message: 'Not a line plan of the target season.' }]);
    const f = await patternFacts(q, id, true);
    refused(patternCarryoverEligibility(shiftFacts(f)));
    const created = await ensurePatternSeasonals(q, [id], { seasonId: lp.seasonid, linePlanId: lp.lineplanid, userId: user.userId });
    if (!created) throw new AppError(409, 'already_carried_over', `The pattern ${String(p.PatternName)} already exists in ${lp.seasonname}.`);
    const [row] = await q.query<{ id: number }>('SELECT patternseasonalid AS id FROM pattern_seasonals WHERE patternid = $1 AND seasonid = $2', [
      f.patternid,
      lp.seasonid,
    ]);
    await recordActions(q, user.userId, 'pattern', [{ entityId: row.id, field: 'CarriedFromSeasonalId', oldValue: null, newValue: id }]);
    return { Result: 0, Message: 'Pattern carried over.', Data: row.id };
  });
}
