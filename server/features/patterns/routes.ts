/**
 * Patterns (PAT-001..028): create and copy, delete, relink, adoption check, developers and
 * development centers, spec log and the pattern's lookups. Reads, updates (with the rules of
 * server/features/patterns/pattern.ts) and history: server/features/hierarchy/routes.ts. Paths follow DECISIONS
 * "Paths not shown": /api/Pattern/{Verb}{Noun}.
 */
import { forbidden } from '../../core/http/errors';
import { intParam, queryParam } from '../../core/http/request';
import { perm, type ApiRouter } from '../../core/http/router';
import { searchRecords } from '../../core/records/search';
import type { SearchRequest } from '../../core/records/search-criteria';
import { updateRecord } from '../../core/records/write';
import { fieldAccess } from '../../core/schemas/visibility';
import { createPattern, patternNameExists } from './pattern-create';
import { readPattern } from './pattern-read';
import { RELEASED_STATUSES } from '../../domain/statuses';
import { canAdopt, MSG } from './pattern-rules';
import { deletePattern } from './pattern-delete';
import { developmentCenters, isDualSourced, originalAdoptedDate, patternLookups, patternSeasons, patternsByNameGender, relinkList } from './pattern-lists';
import { addSpecLogEntry, developersOfBrand, saveTeam, specLogOf, teamOf, type PatternTeam } from './pattern-team';

const READ = perm('pattern', 'read');
const SAVED = 'Record Saved Successfully.';
const BRIEF_COLUMNS = [
  'BriefSeasonalId',
  'BriefId',
  'BriefName',
  'BrandId',
  'SeasonId',
  'SeasonName',
  'StatusId',
  'StatusName',
  'LinePlanName',
  'ResponsibleName',
];

export function patternRoutes(r: ApiRouter) {
  // PAT-008..010: a new pattern (or a copy of ParentPatternSeasonalId); the form is checked here so every error comes back at once.
  r.post('/api/Pattern/CreatePatternSeasonal', perm('pattern', 'create'), async (c) => {
    const created = await createPattern(c.get('ctx'), c.get('user'), c.get('body'));
    return c.json({
      IsSuccessful: true,
      Message: SAVED,
      Warning: created.Warning,
      Data: { PatternId: created.PatternId, PatternSeasonalId: created.PatternSeasonalId },
    });
  });

  // PAT-009, CONST-031: a duplicate name is only a note.
  r.get('/api/Pattern/IsPatternNameExists', READ, { brandParam: 'BrandId', query: { BrandId: 'id', PatternName: 'text', PatternId: 'id' } }, async (c) => {
    const exists = await patternNameExists(c.get('ctx'), intParam(c, 'BrandId'), queryParam(c, 'PatternName') ?? '', intParam(c, 'PatternId', 0));
    return c.json({ Exists: exists, Message: exists ? MSG.duplicateName : null });
  });

  // PAT-011: the briefs a pattern may be created under (released, status 2 or 3, of the brand and season).
  r.post('/api/Pattern/SearchBriefsForPattern', perm('pattern', 'create'), { body: 'pattern-brief-search', brandParam: 'BrandId' }, async (c) => {
    const body = c.get('body') as SearchRequest & { BriefName?: string; BriefId?: number };
    const [status, secondary] = RELEASED_STATUSES;
    return c.json(
      await searchRecords(c.get('ctx'), c.get('user'), 'brief', 'BriefSeasonalId', { ...body, StatusId: status, StatusIdSecondary: secondary }, BRIEF_COLUMNS, {
        text: { fields: ['BriefName'], value: body.BriefName ?? '' },
        equals: body.BriefId ? { BriefId: body.BriefId } : {},
      }),
    );
  });

  // PAT-013: whether this user may toggle adoption of this pattern seasonal now.
  r.get('/api/Pattern/CanAdopt', READ, { query: { PatternSeasonalId: 'id' } }, async (c) => {
    const pattern = await readPattern(c.get('ctx'), c.get('user'), intParam(c, 'PatternSeasonalId'));
    return c.json(canAdopt(c.get('user'), pattern));
  });

  // The pattern with its developers and development centers (PAT-006).
  r.get('/api/Pattern/GetPatternDetails', READ, { query: { PatternSeasonalId: 'id' } }, async (c) => {
    const ctx = c.get('ctx');
    const pattern = await readPattern(ctx, c.get('user'), intParam(c, 'PatternSeasonalId'));
    return c.json({ Pattern: pattern, ...(await teamOf(ctx.db, pattern.PatternId as number)) });
  });

  r.post('/api/Pattern/SavePatternDevelopers', perm('pattern', 'edit'), { body: 'pattern-team' }, async (c) => {
    const body = c.get('body') as PatternTeam & { PatternSeasonalId: number };
    return c.json({ IsSuccessful: true, Message: SAVED, Data: await saveTeam(c.get('ctx'), c.get('user'), body.PatternSeasonalId, body) });
  });

  r.get('/api/Pattern/GetAllDevelopersList', READ, { brandParam: 'BrandId', query: { DeveloperRoleId: 'id', BrandId: 'id' } }, async (c) => {
    const role = intParam(c, 'DeveloperRoleId', 0);
    return c.json(await developersOfBrand(c.get('ctx').db, intParam(c, 'BrandId'), role || undefined));
  });

  r.get('/api/Pattern/GetDevelopmentCenters', READ, async (c) => c.json(await developmentCenters(c.get('ctx').db)));

  // PAT-007: the spec log of the pattern, and a new entry.
  r.get('/api/Pattern/GetSpecLogData', READ, { query: { PatternSeasonalId: 'id' } }, async (c) => {
    const ctx = c.get('ctx');
    const pattern = await readPattern(ctx, c.get('user'), intParam(c, 'PatternSeasonalId'));
    return c.json(await specLogOf(ctx.db, pattern.PatternId as number));
  });

  r.post('/api/Pattern/SaveSpecLogEntry', perm('pattern', 'edit'), { body: 'pattern-spec-log' }, async (c) => {
    const body = c.get('body') as { PatternSeasonalId: number; Description: string };
    const keys = await addSpecLogEntry(c.get('ctx'), c.get('user'), body.PatternSeasonalId, body.Description.trim());
    return c.json({ IsSuccessful: true, Message: SAVED, Data: keys });
  });

  r.get(
    '/api/Pattern/GetPatternByBrandNameGender',
    READ,
    { brandParam: 'BrandId', query: { BrandId: 'id', PatternName: 'text', GenderKey: 'text' } },
    async (c) =>
      c.json(
        await patternsByNameGender(c.get('ctx').db, intParam(c, 'BrandId'), (queryParam(c, 'PatternName') ?? '').trim(), queryParam(c, 'GenderKey') ?? ''),
      ),
  );

  // The first adoption date of the pattern in any season (the audit log), else its current one.
  r.get('/api/Pattern/GetOriginalAdoptedDate', READ, { query: { PatternSeasonalId: 'id' } }, async (c) => {
    const ctx = c.get('ctx');
    return c.json(await originalAdoptedDate(ctx.db, await readPattern(ctx, c.get('user'), intParam(c, 'PatternSeasonalId'))));
  });

  r.get('/api/Pattern/GetBriefAndLinePlanForPattern', READ, { query: { PatternSeasonalId: 'id' } }, async (c) => {
    const p = await readPattern(c.get('ctx'), c.get('user'), intParam(c, 'PatternSeasonalId'));
    return c.json({ BriefSeasonalId: p.BriefSeasonalId, BriefId: p.BriefId, BriefName: p.BriefName, LinePlanId: p.LinePlanId, LinePlanName: p.LinePlanName });
  });

  // Whether any colorway of the pattern is dual sourced: the colorway's DualSrcdPatt, so only for those who may see it (PERM-029).
  r.get('/api/Pattern/IsDualSourced', READ, { query: { PatternSeasonalId: 'id' } }, async (c) => {
    const ctx = c.get('ctx');
    if (fieldAccess(ctx.schemas, c.get('user'), 'colorway').hidden.has('DualSrcdPatt')) throw forbidden();
    const pattern = await readPattern(ctx, c.get('user'), intParam(c, 'PatternSeasonalId'));
    return c.json(await isDualSourced(ctx.db, pattern.PatternId));
  });

  // PAT-022: pick lists without a library of their own — the values the brand's patterns already use.
  r.get('/api/Pattern/GetPatternLookups', READ, { brandParam: 'BrandId', query: { BrandId: 'id' } }, async (c) =>
    c.json(await patternLookups(c.get('ctx').db, intParam(c, 'BrandId'))),
  );

  // PAT-028: the seasons of a pattern (page size 999).
  r.get('/api/Pattern/GetPatternSeasons', READ, { query: { PatternSeasonalId: 'id' } }, async (c) => {
    const ctx = c.get('ctx');
    const pattern = await readPattern(ctx, c.get('user'), intParam(c, 'PatternSeasonalId'));
    return c.json(await patternSeasons(ctx.db, pattern.PatternId));
  });

  // PAT-024: status 1 (Created) and no colorways, else the spec's message.
  r.post('/api/Pattern/DeletePatternSeasonal', perm('pattern', 'delete'), { body: 'pattern-delete' }, async (c) => {
    await deletePattern(c.get('ctx'), c.get('user'), (c.get('body') as { PatternSeasonalId: number }).PatternSeasonalId);
    return c.json({ IsSuccessful: true, Message: 'Record deleted.' });
  });

  // PAT-019: the briefs the pattern may move to, and whether it may move at all.
  r.get('/api/Pattern/GetRelinkList', READ, { query: { PatternSeasonalId: 'id' } }, async (c) => {
    const ctx = c.get('ctx');
    return c.json(await relinkList(ctx.db, await readPattern(ctx, c.get('user'), intParam(c, 'PatternSeasonalId'))));
  });

  // PAT-019: a relink is an update of BriefSeasonalId; the pattern's update rules check it. The brief is a
  // fixed reference: this call is the one way to move it.
  r.post('/api/Pattern/RelinkPattern', perm('pattern', 'edit'), { body: 'pattern-relink' }, async (c) => {
    const body = c.get('body') as { PatternSeasonalId: number; BriefSeasonalId: number; RowVersion: number };
    await readPattern(c.get('ctx'), c.get('user'), body.PatternSeasonalId);
    const record = await updateRecord(c.get('ctx'), c.get('user'), 'pattern', 'PatternSeasonalId', {
      id: body.PatternSeasonalId,
      rowVersion: body.RowVersion,
      changes: { BriefSeasonalId: body.BriefSeasonalId },
      allowFixed: ['BriefSeasonalId'],
    });
    return c.json({ IsSuccessful: true, Message: SAVED, Data: record });
  });
}
