/**
 * Patterns (PAT-001..028): create and copy, delete, relink, adoption check, developers and
 * development centers, spec log and the pattern's lookups. Reads, updates (with the rules of
 * server/features/patterns/pattern.ts) and history: server/features/hierarchy/routes.ts. Paths follow DECISIONS
 * "Paths not shown": /api/Pattern/{Verb}{Noun}.
 */
import { AppError, forbidden } from '../../core/http/errors';
import { intParam, queryParam } from '../../core/http/request';
import { perm, type ApiRouter } from '../../core/http/router';
import { searchRecords } from '../../core/records/search';
import { type SearchRequest } from '../../core/records/search-criteria';
import { updateRecord } from '../../core/records/write';
import { writeAudit } from '../../core/records/audit';
import { fieldAccess } from '../../core/schemas/visibility';
import { createPattern, patternNameExists } from './pattern-create';
import { readPattern } from './pattern-read';
import { RELEASED_STATUSES } from '../../domain/statuses';
import { canAdopt, canDelete, MSG, relinkErrors } from './pattern-rules';
import { addSpecLogEntry, developersOfBrand, saveTeam, specLogOf, teamOf, type PatternTeam } from './pattern-team';

const READ = perm('pattern', 'read');
const SAVED = 'Record Saved Successfully.';
const BRIEF_COLUMNS = ['BriefSeasonalId', 'BriefId', 'BriefName', 'BrandId', 'SeasonId', 'SeasonName', 'StatusId', 'StatusName', 'LinePlanName', 'ResponsibleName'];

export function patternRoutes(r: ApiRouter) {
  // PAT-008..010: a new pattern (or a copy of ParentPatternSeasonalId); the form is checked here so every error comes back at once.
  r.post('/api/Pattern/CreatePatternSeasonal', perm('pattern', 'create'), async (c) => {
    const created = await createPattern(c.get('ctx'), c.get('user'), c.get('body'));
    return c.json({ IsSuccessful: true, Message: SAVED, Warning: created.Warning, Data: { PatternId: created.PatternId, PatternSeasonalId: created.PatternSeasonalId } });
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
    return c.json(await searchRecords(c.get('ctx'), c.get('user'), 'brief', 'BriefSeasonalId',
      { ...body, StatusId: status, StatusIdSecondary: secondary }, BRIEF_COLUMNS,
      { text: { fields: ['BriefName'], value: body.BriefName ?? '' }, equals: body.BriefId ? { BriefId: body.BriefId } : {} }));
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
    return c.json({ Pattern: pattern, ...await teamOf(ctx.db, pattern.PatternId as number) });
  });

  r.post('/api/Pattern/SavePatternDevelopers', perm('pattern', 'edit'), { body: 'pattern-team' }, async (c) => {
    const body = c.get('body') as PatternTeam & { PatternSeasonalId: number };
    return c.json({ IsSuccessful: true, Message: SAVED, Data: await saveTeam(c.get('ctx'), c.get('user'), body.PatternSeasonalId, body) });
  });

  r.get('/api/Pattern/GetAllDevelopersList', READ, { brandParam: 'BrandId', query: { DeveloperRoleId: 'id', BrandId: 'id' } }, async (c) => {
    const role = intParam(c, 'DeveloperRoleId', 0);
    return c.json(await developersOfBrand(c.get('ctx').db, intParam(c, 'BrandId'), role || undefined));
  });

  r.get('/api/Pattern/GetDevelopmentCenters', READ, async (c) =>
    c.json(await c.get('ctx').db.query(
      `SELECT developmentcenterid AS "DevelopmentCenterId", developmentcenterkey AS "DevelopmentCenterKey",
              developmentcentername AS "DevelopmentCenterName" FROM development_centers WHERE isactive ORDER BY developmentcentername`)));

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

  r.get('/api/Pattern/GetPatternByBrandNameGender', READ, { brandParam: 'BrandId', query: { BrandId: 'id', PatternName: 'text', GenderKey: 'text' } }, async (c) =>
    c.json(await c.get('ctx').db.query(
      `SELECT patternid AS "PatternId", max(patternseasonalid) AS "PatternSeasonalId", patternname AS "PatternName",
              patternnamekey AS "PatternNameKey", genderkey AS "GenderKey"
         FROM pattern_view WHERE brandid = $1 AND lower(patternname) = lower($2) AND genderkey = $3 AND NOT isdeleted
        GROUP BY patternid, patternname, patternnamekey, genderkey ORDER BY patternid`,
      [intParam(c, 'BrandId'), (queryParam(c, 'PatternName') ?? '').trim(), queryParam(c, 'GenderKey') ?? ''])));

  // The first adoption date of the pattern in any season (the audit log), else its current one.
  r.get('/api/Pattern/GetOriginalAdoptedDate', READ, { query: { PatternSeasonalId: 'id' } }, async (c) => {
    const ctx = c.get('ctx');
    const pattern = await readPattern(ctx, c.get('user'), intParam(c, 'PatternSeasonalId'));
    const [first] = await ctx.db.query<{ newvalue: string }>(
      `SELECT a.newvalue FROM audit_log a JOIN pattern_seasonals ps ON a.entityid = ps.patternseasonalid::text
        WHERE a.entity = 'pattern' AND a.field = 'AdoptedDate' AND a.newvalue IS NOT NULL AND ps.patternid = $1
        ORDER BY a.newvalue LIMIT 1`, [pattern.PatternId]);
    const dates = [first?.newvalue, pattern.AdoptedDate as string | null].filter((d): d is string => !!d).sort();
    return c.json(dates[0] ?? null);
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
    const [row] = await ctx.db.query('SELECT 1 FROM prototypes WHERE patternid = $1 AND dualsrcdpatt LIMIT 1', [pattern.PatternId]);
    return c.json(!!row);
  });

  // PAT-022: pick lists without a library of their own — the values the brand's patterns already use.
  r.get('/api/Pattern/GetPatternLookups', READ, { brandParam: 'BrandId', query: { BrandId: 'id' } }, async (c) => {
    const { db } = c.get('ctx');
    const brandId = intParam(c, 'BrandId');
    const used = async (column: string, table = 'pattern_view') => (await db.query<{ v: string }>(
      `SELECT DISTINCT ${column} AS v FROM ${table} WHERE brandid = $1 AND ${column} IS NOT NULL AND ${column} <> '' ORDER BY 1`, [brandId])).map((r) => r.v);
    return c.json({
      DevelopmentTypes: await used('developmenttype'), ProductLines: await used('productline'),
      MembraneSuppliers: await used('membranesupplier'), MembranePackages: await used('membranepackage'),
      UpperMaterials: await used('uppermaterial'), BottomMaterials: await used('bottommaterial'), Outsoles: await used('outsolename', 'outsoles'),
    });
  });

  // PAT-028: the seasons of a pattern (page size 999).
  r.get('/api/Pattern/GetPatternSeasons', READ, { query: { PatternSeasonalId: 'id' } }, async (c) => {
    const ctx = c.get('ctx');
    const pattern = await readPattern(ctx, c.get('user'), intParam(c, 'PatternSeasonalId'));
    return c.json(await ctx.db.query(
      `SELECT v.patternseasonalid AS "PatternSeasonalId", v.seasonid AS "SeasonId", v.seasonname AS "SeasonName",
              v.statusid AS "StatusId", v.statusname AS "StatusName", v.briefname AS "BriefName"
         FROM pattern_view v JOIN seasons s ON s.seasonid = v.seasonid
        WHERE v.patternid = $1 AND NOT v.isdeleted ORDER BY s.sortorder LIMIT 999`, [pattern.PatternId]));
  });

  // PAT-024: status 1 (Created) and no colorways, else the spec's message.
  r.post('/api/Pattern/DeletePatternSeasonal', perm('pattern', 'delete'), { body: 'pattern-delete' }, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const id = (c.get('body') as { PatternSeasonalId: number }).PatternSeasonalId;
    await readPattern(ctx, user, id);
    await ctx.db.tx(async (q) => {
      const [row] = await q.query('SELECT statusid, isdeleted FROM pattern_seasonals WHERE patternseasonalid = $1 FOR UPDATE', [id]);
      if (!(await canDelete(q, { StatusId: row.statusid, IsDeleted: row.isdeleted, PatternSeasonalId: id }))) {
        throw new AppError(409, 'delete_refused', MSG.deleteRefused);
      }
      await q.query(`UPDATE pattern_seasonals SET isdeleted = true, rowversion = rowversion + 1, changedon = now(), changedby = $2
                      WHERE patternseasonalid = $1`, [id, user.userId]);
      await writeAudit(q, user.userId, 'pattern', id, [{ field: 'IsDeleted', oldValue: false, newValue: true }]);
    });
    return c.json({ IsSuccessful: true, Message: 'Record deleted.' });
  });

  // PAT-019: the briefs the pattern may move to, and whether it may move at all.
  r.get('/api/Pattern/GetRelinkList', READ, { query: { PatternSeasonalId: 'id' } }, async (c) => {
    const ctx = c.get('ctx');
    const pattern = await readPattern(ctx, c.get('user'), intParam(c, 'PatternSeasonalId'));
    const refused = await relinkErrors(ctx.db, pattern as { PatternId: unknown; PatternSeasonalId: unknown });
    const briefs = refused.length ? [] : await ctx.db.query(
      `SELECT briefseasonalid AS "BriefSeasonalId", briefid AS "BriefId", briefname AS "BriefName", statusname AS "StatusName",
              lineplanname AS "LinePlanName"
         FROM brief_view WHERE brandid = $1 AND seasonid = $2 AND NOT isdeleted AND statusid = ANY($3) AND briefseasonalid <> $4
        ORDER BY lower(briefname)`, [pattern.BrandId, pattern.SeasonId, RELEASED_STATUSES, pattern.BriefSeasonalId]);
    return c.json({ CanRelink: !refused.length, Message: refused[0]?.Message ?? null, Briefs: briefs });
  });

  // PAT-019: a relink is an update of BriefSeasonalId; the pattern's update rules check it. The brief is a
  // fixed reference: this call is the one way to move it.
  r.post('/api/Pattern/RelinkPattern', perm('pattern', 'edit'), { body: 'pattern-relink' }, async (c) => {
    const body = c.get('body') as { PatternSeasonalId: number; BriefSeasonalId: number; RowVersion: number };
    await readPattern(c.get('ctx'), c.get('user'), body.PatternSeasonalId);
    const record = await updateRecord(c.get('ctx'), c.get('user'), 'pattern', 'PatternSeasonalId',
      { id: body.PatternSeasonalId, rowVersion: body.RowVersion, changes: { BriefSeasonalId: body.BriefSeasonalId }, allowFixed: ['BriefSeasonalId'] });
    return c.json({ IsSuccessful: true, Message: SAVED, Data: record });
  });
}
