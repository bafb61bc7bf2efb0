/**
 * The project-create wizard's own calls (WIZ-001..018, spec 001 §7 "Wizard"). The rows themselves
 * are created through the single-record calls (CreateBriefSeasonal, CreatePatternSeasonal,
 * CreatePrototypeSeasonal with IsProjectCreate and SizeRangePresetId, WIZ-014), so each row gets
 * exactly the checks of its own screen; searches, name-exists checks and pick lists are the
 * existing ones too. What the wizard adds: where it starts (WIZ-001), ensure brief/pattern released
 * with the WIZ-007 texts (WIZ-006) and the stock-number check of a colorway not yet created (WIZ-009).
 * Every call needs create on brief, pattern and colorway (WIZ-003); factory users never create.
 * Paths follow DECISIONS "Paths not shown": /api/ProjectCreate/{Verb}{Noun}.
 */

import { access, type ApiRouter } from '../../core/http/router';
import { PROJECT_CREATE } from '../../domain/access';
import { badRequest } from '../../core/http/errors';
import { intParam, queryParam } from '../../core/http/request';
import { readRecord } from '../../core/records/read';
import { ensureReleasedForWizard } from './ensure-released';
import { newStockNumberError } from '../colorways';
import { readPattern } from '../patterns';
import { HIERARCHY, withDeletedMessage } from '../hierarchy';

/** WIZ-003: create (action 3) on brief, pattern and colorway (modules 3, 4, 5). */
export const WIZARD = access('create on brief, pattern and colorway, not a factory user', PROJECT_CREATE);

type Row = Record<string, unknown>;
const only = (r: Row | null, fields: string[]) => (r ? Object.fromEntries(fields.map((f) => [f, r[f] ?? null])) : null);
const LINE_PLAN = ['LinePlanId', 'LinePlanName', 'BrandId', 'BrandName', 'SeasonId', 'SeasonName', 'StatusId', 'StatusName'];
const BRIEF = ['BriefSeasonalId', 'BriefId', 'BriefName', 'StatusId', 'StatusName', 'LinePlanId'];
const PATTERN = ['PatternSeasonalId', 'PatternId', 'PatternName', 'StatusId', 'StatusName', 'BriefSeasonalId', 'GenderKey'];

export function projectCreateRoutes(r: ApiRouter) {
  // WIZ-001: the hierarchy a link preloads; a pattern brings its brief and line plan, a brief its line plan.
  r.get('/api/ProjectCreate/GetStart', WIZARD, { query: { LinePlanId: 'id', BriefSeasonalId: 'id', PatternSeasonalId: 'id' } }, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const read = (level: 1 | 2, id: number) =>
      withDeletedMessage(HIERARCHY[level - 1], () => readRecord(ctx, user, HIERARCHY[level - 1].entity, HIERARCHY[level - 1].key, id));
    const patternId = intParam(c, 'PatternSeasonalId', 0);
    const pattern = patternId ? await readPattern(ctx, user, patternId) : null;
    const briefId = (pattern?.BriefSeasonalId as number | undefined) ?? intParam(c, 'BriefSeasonalId', 0);
    const brief = briefId ? await read(2, briefId) : null;
    const linePlanId = (brief?.LinePlanId as number | undefined) ?? intParam(c, 'LinePlanId', 0);
    if (!linePlanId) throw badRequest('This link requires an ID for the specific module.', [{ Field: 'LinePlanId', Message: 'Required.' }]);
    const linePlan = await read(1, linePlanId);
    return c.json({ LinePlan: only(linePlan, LINE_PLAN), Brief: only(brief, BRIEF), Pattern: only(pattern, PATTERN) });
  });

  // WIZ-006/007: ensure brief released, ensure pattern released.
  r.post('/api/ProjectCreate/EnsureBriefReleased', WIZARD, { body: 'brief-id' }, async (c) =>
    c.json(await ensureReleasedForWizard(c.get('ctx'), c.get('user'), 'brief', c.get('body').BriefSeasonalId as number)),
  );
  r.post('/api/ProjectCreate/EnsurePatternReleased', WIZARD, { body: 'pattern-id' }, async (c) =>
    c.json(await ensureReleasedForWizard(c.get('ctx'), c.get('user'), 'pattern', c.get('body').PatternSeasonalId as number)),
  );

  // WIZ-009: the stock number of a new colorway of the season (the wizard also keeps its rows' numbers unique).
  r.get('/api/ProjectCreate/IsStockNumberValid', WIZARD, { query: { SeasonId: 'id', StockNum: 'text', ProductTypeId: 'id' } }, async (c) => {
    const seasonId = intParam(c, 'SeasonId');
    const [season] = await c.get('ctx').db.query<{ brandid: number }>('SELECT brandid FROM seasons WHERE seasonid = $1', [seasonId]);
    // A season of another brand answers like a missing one.
    if (!season || !c.get('user').brandIds.has(season.brandid)) throw badRequest('Select a season.', [{ Field: 'SeasonId', Message: 'Select a season.' }]);
    const productType = intParam(c, 'ProductTypeId', 0) || null;
    const message = await newStockNumberError(c.get('ctx').db, queryParam(c, 'StockNum') ?? '', seasonId, productType);
    return c.json({ IsValid: message === null, Message: message });
  });
}
