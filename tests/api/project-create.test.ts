/**
 * The project-create wizard's calls (WIZ-001..018): where it starts, ensure brief/pattern released
 * with the DECISIONS WIZ-007 texts, the stock-number check of a new colorway (and the wizard's
 * create with a stock number and a size range preset, WIZ-014), permissions (WIZ-003) and the
 * per-brand defaults (WIZ-015/016). Demo data: brand 1 has Released line plans in seasons 1 and 2
 * and a Created one in season 3; the designer has brands 1 and 2.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let designer: string, factory: string, viewer: string, admin: string;
let designerId: number;
beforeAll(async () => {
  t = await createTestApp();
  [designer, factory, viewer, admin] = await t.tokens('designer', 'factory', 'viewer', 'admin');
  [{ userid: designerId }] = await t.ctx.db.query(`SELECT userid FROM users WHERE username = 'designer@example.com'`);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.ctx.db;
const post = (path: string, json: object, token = designer) => t.request('POST', path, { token, json });
const get = (path: string, token = designer) => t.request('GET', path, { token });
const wfGroup = async (brandId: number, level: number) =>
  (await db().query('SELECT wfgroupid FROM workflow_groups WHERE brandid = $1 AND objectlevel = $2 ORDER BY 1 LIMIT 1', [brandId, level]))[0]
    .wfgroupid as number;
const releasedLinePlan = async () => {
  const [lp] = await db().query('SELECT lineplanid, seasonid FROM line_plans WHERE brandid = 1 AND statusid = 2 ORDER BY lineplanid LIMIT 1');
  return { LinePlanId: lp.lineplanid as number, SeasonId: lp.seasonid as number };
};

let n = 0;
const unique = (what: string) => `Wizard ${what} ${Date.now().toString(36)}-${++n}`;

/** A new brief (status 1) through the brief's own create call. */
const newBrief = async () => {
  const lp = await releasedLinePlan();
  const res = await post('/api/Brief/CreateBriefSeasonal', {
    BriefName: unique('Brief'),
    BrandId: 1,
    ...lp,
    ResponsibleId: designerId,
    WFGroupId: await wfGroup(1, 2),
  });
  expect(res.status).toBe(200);
  return { id: (await res.json()).briefSeasonalId as number, ...lp };
};
/** A new pattern (status 1) under a brief, through the pattern's own create call. */
const newPattern = async (briefSeasonalId: number, seasonId: number) => {
  const res = await post('/api/Pattern/CreatePatternSeasonal', {
    PatternName: unique('Pattern'),
    BrandId: 1,
    SeasonId: seasonId,
    BriefSeasonalId: briefSeasonalId,
    GenderKey: '01',
    ResponsibleId: designerId,
    WFGroupId: await wfGroup(1, 3),
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.Data.PatternSeasonalId as number;
};
const status = async (table: 'brief_seasonals' | 'pattern_seasonals', key: string, id: number) =>
  (await db().query(`SELECT statusid FROM ${table} WHERE ${key} = $1`, [id]))[0].statusid as number;

describe('ensure released (WIZ-006, WIZ-007)', () => {
  it('WIZ-006 a created brief and its created pattern are set to Released, then answered as they are', async () => {
    const brief = await newBrief();
    const res = await post('/api/ProjectCreate/EnsureBriefReleased', { BriefSeasonalId: brief.id });
    expect(await res.json()).toMatchObject({ IsSuccessful: true, StatusId: 2 });
    expect(await status('brief_seasonals', 'briefseasonalid', brief.id)).toBe(2);
    const pattern = await newPattern(brief.id, brief.SeasonId);
    const released = await (await post('/api/ProjectCreate/EnsurePatternReleased', { PatternSeasonalId: pattern })).json();
    expect(released).toMatchObject({ IsSuccessful: true, StatusId: 2 });
    expect(await status('pattern_seasonals', 'patternseasonalid', pattern)).toBe(2);
    expect(await (await post('/api/ProjectCreate/EnsurePatternReleased', { PatternSeasonalId: pattern })).json()).toMatchObject({
      IsSuccessful: true,
      StatusId: 2,
    });
  });

  it('WIZ-007 a brief under a line plan that is not released answers the brief text and stays Created', async () => {
    const brief = await newBrief();
    const [{ briefname }] = await db().query('SELECT b.briefname FROM briefs b JOIN brief_seasonals s USING (briefid) WHERE s.briefseasonalid = $1', [
      brief.id,
    ]);
    await db().query('UPDATE line_plans SET statusid = 1 WHERE lineplanid = $1', [brief.LinePlanId]);
    try {
      const res = await post('/api/ProjectCreate/EnsureBriefReleased', { BriefSeasonalId: brief.id });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        IsSuccessful: false,
        StatusId: 1,
        Message: `The brief ${briefname} could not be set to Released; its patterns were not created.`,
      });
      expect(await status('brief_seasonals', 'briefseasonalid', brief.id)).toBe(1);
    } finally {
      await db().query('UPDATE line_plans SET statusid = 2 WHERE lineplanid = $1', [brief.LinePlanId]);
    }
  });

  it('WIZ-007 a pattern whose brief went back to Created answers the pattern text and stays Created', async () => {
    const brief = await newBrief();
    await post('/api/ProjectCreate/EnsureBriefReleased', { BriefSeasonalId: brief.id });
    const pattern = await newPattern(brief.id, brief.SeasonId);
    const [{ patternname }] = await db().query(
      'SELECT p.patternname FROM patterns p JOIN pattern_seasonals s USING (patternid) WHERE s.patternseasonalid = $1',
      [pattern],
    );
    await db().query('UPDATE brief_seasonals SET statusid = 1 WHERE briefseasonalid = $1', [brief.id]);
    const body = await (await post('/api/ProjectCreate/EnsurePatternReleased', { PatternSeasonalId: pattern })).json();
    expect(body).toEqual({
      IsSuccessful: false,
      StatusId: 1,
      Message: `The pattern ${patternname} could not be set to Released; its colorways were not created.`,
    });
    expect(await status('pattern_seasonals', 'patternseasonalid', pattern)).toBe(1);
  });

  it('WIZ-006 a record the user may not see answers like a missing one', async () => {
    const [other] = await db().query('SELECT briefseasonalid FROM brief_view WHERE brandid = 3 LIMIT 1');
    expect((await post('/api/ProjectCreate/EnsureBriefReleased', { BriefSeasonalId: other.briefseasonalid })).status).toBe(404);
    expect((await post('/api/ProjectCreate/EnsurePatternReleased', { PatternSeasonalId: 999999999 })).status).toBe(404);
  });
});

describe('stock number (WIZ-009, WIZ-014)', () => {
  it('WIZ-009 a stock number taken in the season (no factory) is refused, a free one is valid', async () => {
    const [taken] = await db().query(
      `SELECT p.stocknum, ps.seasonid FROM prototype_seasonals ps JOIN prototypes p USING (prototypeid)
        WHERE p.brandid = 1 AND p.stocknum IS NOT NULL AND ps.factnameky IS NULL AND NOT ps.isdeleted AND ps.producttypeid <> 3 LIMIT 1`,
    );
    expect(taken).toBeDefined();
    const check = async (stock: string) =>
      (await get(`/api/ProjectCreate/IsStockNumberValid?SeasonId=${taken.seasonid}&StockNum=${encodeURIComponent(stock)}`)).json();
    expect(await check(taken.stocknum)).toEqual({ IsValid: false, Message: 'Stock Number already exists for this season and factory.' });
    expect(await check(String(taken.stocknum).toLowerCase())).toMatchObject({ IsValid: false });
    expect(await check(`WZ${Date.now()}`.slice(0, 18))).toEqual({ IsValid: true, Message: null });
    expect(await check('X'.repeat(19))).toMatchObject({ IsValid: false, Message: 'At most 18 characters.' });
    const [brand3] = await db().query('SELECT seasonid FROM seasons WHERE brandid = 3 LIMIT 1');
    expect((await get(`/api/ProjectCreate/IsStockNumberValid?SeasonId=${brand3.seasonid}&StockNum=A1`)).status).toBe(400);
  });

  it('WIZ-014 the wizard creates a colorway with a stock number and a size range preset; a taken number stays on its field', async () => {
    const brief = await newBrief();
    await post('/api/ProjectCreate/EnsureBriefReleased', { BriefSeasonalId: brief.id });
    const pattern = await newPattern(brief.id, brief.SeasonId);
    await post('/api/ProjectCreate/EnsurePatternReleased', { PatternSeasonalId: pattern });
    const saved = await post('/api/User/SaveSizeRangePresets', {
      Presets: [{ PresetName: unique('Preset'), SizeRanges: [{ RegionId: 1, WidthId: 1, SizeRange: '7-12' }] }],
    });
    expect(saved.status, JSON.stringify(await saved.clone().json())).toBe(200);
    const presets = (await (await get('/api/User/SizeRangePresets')).json()) as { SizeRangePresetId: number }[];
    const presetId = presets[presets.length - 1].SizeRangePresetId;
    const stock = `WZ${Date.now()}`.slice(0, 18);
    const colorwayGroup = await wfGroup(1, 4);
    const payload = (name: string) => ({
      Prototype: { PrototypeName: name, BrandId: 1, DivisionKey: '01', StockNum: stock },
      PrototypeSeasonal: { SeasonId: brief.SeasonId, StatusId: 1, ResponsibleId: designerId, ProductTypeId: 1, WFGroupId: colorwayGroup },
      PatternSeasonalId: pattern,
      SizeRangePresetId: presetId,
      IsProjectCreate: true,
    });
    const res = await post('/api/Prototype/CreatePrototypeSeasonal', payload(unique('Colorway')));
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    const id = body.Data.PrototypeSeasonalId as number;
    const [row] = await db().query('SELECT p.stocknum FROM prototype_seasonals ps JOIN prototypes p USING (prototypeid) WHERE ps.prototypeseasonalid = $1', [
      id,
    ]);
    expect(row.stocknum).toBe(stock);
    expect((await db().query('SELECT sizerange FROM size_ranges WHERE prototypeseasonalid = $1', [id])).map((r) => r.sizerange)).toEqual(['7-12']);
    const again = await post('/api/Prototype/CreatePrototypeSeasonal', payload(unique('Colorway')));
    expect(again.status).toBe(400);
    expect((await again.json()).Errors).toContainEqual({ Field: '/Prototype/StockNum', Message: 'Stock Number already exists for this season and factory.' });
  });
});

describe('start and permissions (WIZ-001, WIZ-003)', () => {
  it('WIZ-001 a pattern preloads its brief and line plan, a brief its line plan', async () => {
    const brief = await newBrief();
    await post('/api/ProjectCreate/EnsureBriefReleased', { BriefSeasonalId: brief.id });
    const pattern = await newPattern(brief.id, brief.SeasonId);
    const fromPattern = await (await get(`/api/ProjectCreate/GetStart?PatternSeasonalId=${pattern}`)).json();
    expect(fromPattern.LinePlan).toMatchObject({ LinePlanId: brief.LinePlanId, BrandId: 1, SeasonId: brief.SeasonId });
    expect(fromPattern.Brief).toMatchObject({ BriefSeasonalId: brief.id, StatusId: 2 });
    expect(fromPattern.Pattern).toMatchObject({ PatternSeasonalId: pattern, StatusId: 1 });
    const fromBrief = await (await get(`/api/ProjectCreate/GetStart?BriefSeasonalId=${brief.id}`)).json();
    expect(fromBrief).toMatchObject({ LinePlan: { LinePlanId: brief.LinePlanId }, Brief: { BriefSeasonalId: brief.id }, Pattern: null });
    const fromLinePlan = await (await get(`/api/ProjectCreate/GetStart?LinePlanId=${brief.LinePlanId}`)).json();
    expect(fromLinePlan).toMatchObject({ LinePlan: { LinePlanId: brief.LinePlanId, LinePlanName: expect.any(String) }, Brief: null, Pattern: null });
    expect((await get('/api/ProjectCreate/GetStart')).status).toBe(400);
    const [other] = await db().query('SELECT lineplanid FROM line_plans WHERE brandid = 3 LIMIT 1');
    expect((await get(`/api/ProjectCreate/GetStart?LinePlanId=${other.lineplanid}`)).status).toBe(404);
  });

  it('WIZ-003 the viewer and the factory user are refused every wizard call; the admin is not', async () => {
    const brief = await newBrief();
    for (const token of [viewer, factory]) {
      expect((await get(`/api/ProjectCreate/GetStart?LinePlanId=${brief.LinePlanId}`, token)).status).toBe(403);
      expect((await post('/api/ProjectCreate/EnsureBriefReleased', { BriefSeasonalId: brief.id }, token)).status).toBe(403);
      expect((await post('/api/ProjectCreate/EnsurePatternReleased', { PatternSeasonalId: 1 }, token)).status).toBe(403);
      expect((await get(`/api/ProjectCreate/IsStockNumberValid?SeasonId=${brief.SeasonId}&StockNum=A1`, token)).status).toBe(403);
    }
    expect((await get(`/api/ProjectCreate/GetStart?LinePlanId=${brief.LinePlanId}`, admin)).status).toBe(200);
  });

  it('WIZ-003 a user missing create on one of brief, pattern and colorway is refused', async () => {
    const [role] = await db().query(`SELECT roleid FROM users WHERE userid = $1`, [designerId]);
    const removed = await db().query('DELETE FROM role_permissions WHERE roleid = $1 AND moduleid = 5 AND actionid = 3 RETURNING roleid', [role.roleid]);
    try {
      const [token] = await t.tokens('designer');
      expect((await get('/api/ProjectCreate/GetStart?LinePlanId=1', token)).status).toBe(403);
    } finally {
      if (removed.length) await db().query('INSERT INTO role_permissions (roleid, moduleid, actionid) VALUES ($1, 5, 3)', [role.roleid]);
    }
  });
});

describe('project-create defaults (WIZ-015, WIZ-016)', () => {
  it('WIZ-016 the defaults of a brand round-trip with the success text; another brand is refused', async () => {
    const defaults = {
      Brief: { ResponsibleId: designerId, WFGroupId: await wfGroup(2, 2) },
      Pattern: { GenderKey: '02', DevelopmentType: 'New' },
      Colorway: { DivisionKey: '01', ProductTypeId: 1, SizeRangePresetId: null },
    };
    const res = await post('/api/User/SaveProjectCreateDefaults', { BrandId: 2, Defaults: defaults });
    expect(await res.json()).toMatchObject({ IsSuccessful: true, Message: 'Default values saved successfully!' });
    expect(await (await get('/api/User/GetProjectCreateDefaults?brandId=2')).json()).toEqual(defaults);
    expect(await (await get('/api/User/GetProjectCreateDefaults?brandId=2', admin)).json()).not.toEqual(defaults);
    expect((await post('/api/User/SaveProjectCreateDefaults', { BrandId: 3, Defaults: defaults })).status).toBe(403);
  });
});
