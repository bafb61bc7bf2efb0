/**
 * Carryover and season shift (issue 16, CARRY-001..020, ADR 025): the carryover search, the colorway
 * and pattern carryovers, the season shifts of colorways and patterns and their eligibility checks.
 * Gate: PERM-015, module 14 edit, for every call; factory users never (refused after the permission
 * rule, whatever their role holds). Unexpected failures answer CARRY-013's texts.
 */
import { intParam } from '../../core/http/request';
import { access, type ApiRouter } from '../../core/http/router';
import { CARRYOVER as CARRYOVER_RULE } from '../../domain/access';
import { failing } from '../../core/http/spec-failure';
import { forbidden } from '../../core/http/errors';
import { CARRY_TEXT } from '../../domain/carryover';
import { searchCarryover, type CarryoverSearch } from './search';
import { doPrototypeCarryover, skippedText, type CarryoverRequest } from './prototype-carryover';
import { colorwayShiftCheck, doPatternCarryover, patternChecks, shiftPatternSeason, shiftPrototypeSeason } from './season-shift';

/** CARRY-001 / PERM-015 (@domain/access, as the web's routes); factory users get CARRY_TEXT.factoryUser from the handlers. */
const CARRYOVER = access('carryover (CARRY-001: 14/2, no factory user)', CARRYOVER_RULE, { factory: 'handler' });
const PATTERN_Q = { query: { PatternSeasonalId: 'id' } } as const;

export function carryoverRoutes(r: ApiRouter) {
  // CARRY-006/007/008: the colorways of the source season (the review step passes the ticked ids).
  r.post(
    '/api/Carryover/SearchPrototypesForCarryover',
    CARRYOVER,
    { body: 'carryover-search', brandParam: 'BrandId' },
    failing(CARRY_TEXT.loadError, async (c) => c.json(await searchCarryover(c.get('ctx'), c.get('user'), c.get('body') as unknown as CarryoverSearch))),
  );

  // The final step's line plans: of the brand and target season, not deleted, Created, Released or Completed.
  r.get('/api/Carryover/GetTargetLinePlans', CARRYOVER, { brandParam: 'BrandId', query: { BrandId: 'id', SeasonId: 'id' } }, async (c) => {
    if (c.get('user').isFactoryUser) throw forbidden(CARRY_TEXT.factoryUser);
    return c.json(
      await c.get('ctx').db.query(
        `SELECT lineplanid AS "LinePlanId", lineplanname AS "LinePlanName", seasonid AS "SeasonId", seasonname AS "SeasonName", statusname AS "StatusName"
         FROM line_plan_view WHERE brandid = $1 AND ($2 = 0 OR seasonid = $2) AND NOT isdeleted AND statusid IN (1, 2, 3)
        ORDER BY seasonname, lineplanname`,
        [intParam(c, 'BrandId'), intParam(c, 'SeasonId', 0)],
      ),
    );
  });

  // CARRY-005, CARRY-011..015: the answer is DECISIONS CARRY-015's text; colorways carried over before are
  // skipped and named in CARRY-013's text (Data.Skipped), the others carried (DECISIONS CARRY-013).
  // Up to 5,000 colorways with their volumes (the schema's limit) fit in 4 MiB.
  r.post(
    '/api/Carryover/DoPrototypeCarryover',
    CARRYOVER,
    { body: 'carryover-prototypes', maxBody: 4 * 1024 * 1024 },
    failing(CARRY_TEXT.processError, async (c) => {
      const result = await doPrototypeCarryover(c.get('ctx'), c.get('user'), c.get('body') as unknown as CarryoverRequest);
      const skipped = skippedText(result);
      return c.json({
        IsSuccessful: true,
        Message: CARRY_TEXT.completed,
        Data: {
          Count: result.created.length,
          PrototypeSeasonalIds: result.created.map((x) => x.id),
          Skipped: skipped ? { Message: skipped, PrototypeSeasonalIds: result.skipped.map((s) => s.id) } : null,
        },
      });
    }),
  );

  // CARRY-016: canPatternCarryover and canPatternShiftSeason (one answer carries both).
  for (const path of ['/api/Carryover/CanPatternCarryover', '/api/Carryover/CanPatternShiftSeason']) {
    r.get(path, CARRYOVER, PATTERN_Q, async (c) => c.json(await patternChecks(c.get('ctx'), c.get('user'), intParam(c, 'PatternSeasonalId'))));
  }

  r.post(
    '/api/Carryover/DoPatternCarryover',
    CARRYOVER,
    { body: 'carryover-pattern' },
    failing(CARRY_TEXT.error, async (c) => {
      const b = c.get('body') as { PatternSeasonalId: number; ToSeasonId: number; ToLinePlanId: number };
      return c.json(await doPatternCarryover(c.get('ctx'), c.get('user'), b.PatternSeasonalId, b.ToSeasonId, b.ToLinePlanId));
    }),
  );

  // CARRY-017.
  r.post(
    '/api/Carryover/ShiftPatternSeason',
    CARRYOVER,
    { body: 'season-shift-pattern' },
    failing(CARRY_TEXT.error, async (c) => {
      const b = c.get('body') as { PatternSeasonalId: number; LinePlanId: number };
      return c.json(await shiftPatternSeason(c.get('ctx'), c.get('user'), b.PatternSeasonalId, b.LinePlanId));
    }),
  );

  // CARRY-018/019: the season-shift eligibility lookup of the colorway screen, then the shift.
  r.get('/api/Prototype/GetSeasonShiftEligibility', CARRYOVER, { query: { PrototypeSeasonalId: 'id' } }, async (c) =>
    c.json(await colorwayShiftCheck(c.get('ctx'), c.get('user'), intParam(c, 'PrototypeSeasonalId'))),
  );
  r.post(
    '/api/Carryover/ShiftPrototypeSeason',
    CARRYOVER,
    { body: 'season-shift-prototype' },
    failing(CARRY_TEXT.error, async (c) => {
      const b = c.get('body') as { PrototypeSeasonalId: number; LinePlanId: number };
      return c.json(await shiftPrototypeSeason(c.get('ctx'), c.get('user'), b.PrototypeSeasonalId, b.LinePlanId));
    }),
  );
}
