/**
 * Briefs (BRIEF-001..023): create and copy with their gates and messages, the brief's update
 * rules, delete, relink, ensure-released, the lists of the brief screens, export, permissions
 * and brand scope. Demo data: brand 1 has Released line plans in seasons 1 and 2 and a Created
 * one in season 3; brand 2 has a Completed one in season 5; the designer (user 3) has brands 1, 2.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let designer: string, factory: string, viewer: string, admin: string;
beforeAll(async () => {
  t = await createTestApp();
  [designer, factory, viewer, admin] = await t.tokens('designer', 'factory', 'viewer', 'admin');
});
afterAll(async () => { await t?.close(); });

const REVIEW = 'Please review all fields indicated in red';
const SELECT_LP = 'Select a Line Plan that is in Released Status.';
const NOTE = 'You may continue, but please note this name already exists.';

const linePlan = async (brandId: number, status: number) => {
  const [lp] = await t.ctx.db.query('SELECT lineplanid, seasonid FROM line_plans WHERE brandid = $1 AND statusid = $2 ORDER BY lineplanid LIMIT 1', [brandId, status]);
  return { LinePlanId: lp.lineplanid as number, SeasonId: lp.seasonid as number };
};
const wfGroup = async (brandId: number, level = 2) =>
  (await t.ctx.db.query('SELECT wfgroupid FROM workflow_groups WHERE brandid = $1 AND objectlevel = $2 LIMIT 1', [brandId, level]))[0].wfgroupid as number;

let n = 0;
const payload = async (over: Record<string, unknown> = {}) => ({
  BriefName: `API Brief ${++n}`, BrandId: 1, ...(await linePlan(1, 2)), ResponsibleId: 3, WFGroupId: await wfGroup(1), ...over,
});
const create = (json: object, token = designer) => t.request('POST', '/api/Brief/CreateBriefSeasonal', { token, json });
const newBrief = async (over: Record<string, unknown> = {}) => {
  const res = await create(await payload(over));
  expect(res.status).toBe(200);
  return (await res.json()).briefSeasonalId as number;
};
const get = async (id: number, token = designer) => (await t.request('GET', `/api/Brief/GetBriefSeasonal?BriefSeasonalId=${id}`, { token })).json();
const update = async (id: number, changes: object, token = designer) => {
  const { RowVersion } = await get(id);
  return t.request('POST', '/api/Brief/UpdateBrief', { token, json: { Id: id, RowVersion, Changes: changes } });
};
/** A new pattern under the brief (status given), with an optional colorway in that status, straight in the database. */
const addPattern = async (briefSeasonalId: number, status: number, colorwayStatus?: number) => {
  const [b] = await t.ctx.db.query('SELECT b.brandid, bs.seasonid FROM brief_seasonals bs JOIN briefs b USING (briefid) WHERE briefseasonalid = $1', [briefSeasonalId]);
  const [pa] = await t.ctx.db.query(`INSERT INTO patterns (patternname, brandid, genderkey) SELECT 'Child of ' || $1, $2, min(genderkey) FROM genders RETURNING patternid`,
    [briefSeasonalId, b.brandid]);
  const [p] = await t.ctx.db.query(
    'INSERT INTO pattern_seasonals (patternid, seasonid, briefseasonalid, statusid, responsibleid) VALUES ($1, $2, $3, $4, 3) RETURNING patternseasonalid',
    [pa.patternid, b.seasonid, briefSeasonalId, status]);
  if (colorwayStatus !== undefined) {
    const [pr] = await t.ctx.db.query(
      `INSERT INTO prototypes (patternid, brandid, prototypename, divisionkey) SELECT $1, $2, 'Colorway of ' || $1::int, min(divisionkey) FROM divisions RETURNING prototypeid`,
      [pa.patternid, b.brandid]);
    await t.ctx.db.query(
      `INSERT INTO prototype_seasonals (prototypeid, patternseasonalid, seasonid, statusid, responsibleid, wfgroupid, producttypeid)
       SELECT $1, $2, $3, $4, 3, (SELECT min(wfgroupid) FROM workflow_groups WHERE brandid = $5 AND objectlevel = 4), (SELECT min(producttypeid) FROM product_types)`,
      [pr.prototypeid, p.patternseasonalid, b.seasonid, colorwayStatus, b.brandid]);
  }
  return p.patternseasonalid as number;
};

describe('create (BRIEF-003..007)', () => {
  it('BRIEF-007 creates a brief under a Released line plan and answers briefSeasonalId and operationType', async () => {
    const body = await payload({ BriefName: 'Trail Runner Concept' });
    const res = await create(body);
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer).toMatchObject({ IsSuccessful: true, operationType: 'Create', NameNote: null });
    const rec = await get(answer.briefSeasonalId);
    expect(rec).toMatchObject({ BriefName: 'Trail Runner Concept', BrandId: 1, SeasonId: body.SeasonId, LinePlanId: body.LinePlanId,
      ResponsibleId: 3, WFGroupId: body.WFGroupId, StatusId: 1, ParentBriefSeasonalId: null });
  });

  it('BRIEF-004 brand, season, line plan and responsible are required, with the form message', async () => {
    const res = await create({ BriefName: 'No fields' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.Message).toBe(REVIEW);
    expect(body.Errors).toEqual(expect.arrayContaining([
      { Field: '/BrandId', Message: 'Required.' }, { Field: '/SeasonId', Message: 'Required.' },
      { Field: '/ResponsibleId', Message: 'Required.' }, { Field: '/LinePlanId', Message: SELECT_LP }]));
  });

  it('BRIEF-003 BRIEF-004 the line plan must be Released or Completed, of that brand and season', async () => {
    const created = await linePlan(1, 1);
    const res = await create(await payload(created));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ Message: REVIEW, Errors: [{ Field: '/LinePlanId', Message: SELECT_LP }] });
    const otherSeason = await linePlan(1, 2);
    const wrong = await create(await payload({ LinePlanId: otherSeason.LinePlanId, SeasonId: otherSeason.SeasonId + 1 }));
    expect((await wrong.json()).Errors).toEqual([{ Field: '/LinePlanId', Message: SELECT_LP }]);
    // Completed (status 3) is accepted: brand 2 has one.
    const completed = await linePlan(2, 3);
    expect((await create(await payload({ BrandId: 2, ...completed, WFGroupId: await wfGroup(2) }))).status).toBe(200);
  });

  it('BRIEF-016 the responsible must be a known user of the brand', async () => {
    // User 7 (viewer) is only in brand 3; user 1 is the inactive System User.
    for (const ResponsibleId of [7, 1, 99999]) {
      const res = await create(await payload({ ResponsibleId }));
      expect(res.status).toBe(400);
      expect((await res.json()).Errors).toEqual([{ Field: '/ResponsibleId', Message: 'The responsible person must be a known user of the brand.' }]);
    }
  });

  it('LOOKUP-037 the workflow group must be a brief (level 2) group of the brand', async () => {
    const res = await create(await payload({ WFGroupId: await wfGroup(1, 1) }));
    expect((await res.json()).Errors).toEqual([{ Field: '/WFGroupId', Message: 'Select a workflow group of the brand for briefs.' }]);
  });

  it('BRIEF-005 CONST-031 a duplicate name is only a note, on the check call and on create', async () => {
    const body = await payload({ BriefName: 'Duplicate Me' });
    expect((await create(body)).status).toBe(200);
    const check = await t.request('GET', '/api/Brief/IsBriefNameExists?BrandId=1&BriefName=duplicate%20me', { token: designer });
    expect(await check.json()).toEqual({ Exists: true, Message: NOTE });
    const other = await t.request('GET', '/api/Brief/IsBriefNameExists?BrandId=2&BriefName=Duplicate%20Me', { token: designer });
    expect(await other.json()).toEqual({ Exists: false, Message: null });
    const again = await create(body);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ operationType: 'Create', NameNote: NOTE });
  });

  it('BRIEF-007 a copy keeps the parent link, the parent content and the parent brand', async () => {
    const parent = await newBrief({ BriefName: 'Parent Brief' });
    expect((await update(parent, { Trends: 'Bold colour blocking', RegionUSA: true, CompetitiveBrand1: 'Rival' })).status).toBe(200);
    const res = await create(await payload({ BriefName: 'Copied Brief', ParentBriefSeasonalId: parent, BrandId: undefined }));
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer.operationType).toBe('Copy');
    expect(await get(answer.briefSeasonalId)).toMatchObject({
      BriefName: 'Copied Brief', BrandId: 1, ParentBriefSeasonalId: parent, StatusId: 1, Trends: 'Bold colour blocking', RegionUSA: true, CompetitiveBrand1: 'Rival',
    });
    const otherBrand = await create(await payload({ BriefName: 'Wrong brand copy', ParentBriefSeasonalId: parent, BrandId: 2 }));
    expect((await otherBrand.json()).Errors).toEqual([{ Field: '/BrandId', Message: 'A copy keeps the brand of the brief it copies.' }]);
  });

  it('CONST-005 BRIEF-007 a form-encoded create works like JSON; the name check leaves the brief itself out', async () => {
    const body = await payload({ BriefName: 'Form Encoded Brief' });
    const res = await t.request('POST', '/api/Brief/CreateBriefSeasonal', { token: designer, form: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])) });
    expect(res.status).toBe(200);
    const { briefSeasonalId } = await res.json();
    const { BriefId } = await get(briefSeasonalId);
    const self = await t.request('GET', `/api/Brief/IsBriefNameExists?BrandId=1&BriefName=Form%20Encoded%20Brief&BriefId=${BriefId}`, { token: designer });
    expect(await self.json()).toEqual({ Exists: false, Message: null });
  });

  it('PERM-005 viewer and factory users cannot create; brand scope applies (PERM-022)', async () => {
    for (const token of [viewer, factory]) {
      const res = await create(await payload(), token);
      expect(res.status).toBe(403);
      expect((await res.json()).Code).toBe('permission_denied');
    }
    const [lp] = await t.ctx.db.query('SELECT lineplanid, seasonid FROM line_plans WHERE brandid = 3 AND statusid = 2 LIMIT 1');
    const res = await create(await payload({ BrandId: 3, LinePlanId: lp.lineplanid, SeasonId: lp.seasonid, ResponsibleId: 10, WFGroupId: null }));
    expect(res.status).toBe(403);
  });
});

describe('update rules (BRIEF-011..018)', () => {
  it('BRIEF-014 the end date must not be before the start date', async () => {
    const id = await newBrief();
    const res = await update(id, { StartDate: '2026-03-10', EndDate: '2026-03-01' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ Message: REVIEW, Errors: [{ Field: '/EndDate', Message: 'The end date must not be before the start date.' }] });
    expect((await update(id, { StartDate: '2026-03-01', EndDate: '2026-03-01' })).status).toBe(200);
    // Moving only the start past the saved end is refused too.
    expect((await update(id, { StartDate: '2026-04-01' })).status).toBe(400);
  });

  it('BRIEF-015 packaging 5 (special) requires the special packaging text', async () => {
    const id = await newBrief();
    const res = await update(id, { PackagingId: 5 });
    expect(res.status).toBe(400);
    expect((await res.json()).Errors).toEqual([{ Field: '/SpecialPackag', Message: 'Special packaging is required when the packaging is Special.' }]);
    expect((await update(id, { PackagingId: 5, SpecialPackag: '   ' })).status).toBe(400);
    expect((await update(id, { PackagingId: 5, SpecialPackag: 'Wooden crate' })).status).toBe(200);
    expect((await update(id, { SpecialPackag: null })).status).toBe(400);
    expect((await update(id, { PackagingId: 1 })).status).toBe(200);
    // Only the listed packagings exist (editPageLists serves the same list).
    expect((await update(id, { PackagingId: 9 })).status).toBe(400);
  });

  it('BRIEF-007 brand and season are set on create and cannot be changed by the update call', async () => {
    const id = await newBrief();
    for (const changes of [{ BrandId: 2 }, { SeasonId: 2 }]) {
      const res = await update(id, changes);
      expect(res.status).toBe(403);
      expect((await res.json()).Errors).toEqual([{ Field: `/${Object.keys(changes)[0]}`, Message: 'You may not change this field.' }]);
    }
  });

  it('BRIEF-016 a new responsible must be a known user of the brand', async () => {
    const id = await newBrief();
    const res = await update(id, { ResponsibleId: 7 });
    expect((await res.json()).Errors).toEqual([{ Field: '/ResponsibleId', Message: 'The responsible person must be a known user of the brand.' }]);
    expect((await update(id, { ResponsibleId: 8 })).status).toBe(200);
  });

  it('BRIEF-011 BRIEF-012 BRIEF-013 sourcing, regions and competitive info are saved through the update call', async () => {
    const id = await newBrief();
    const [f] = await t.ctx.db.query('SELECT factorykey, factoryname FROM factories ORDER BY factorykey LIMIT 1');
    const [g] = await t.ctx.db.query('SELECT factorygroupkey, factorygroupname FROM factory_groups ORDER BY 1 LIMIT 1');
    const channels = await t.ctx.db.query('SELECT retailchannelkey FROM retail_channels ORDER BY 1 LIMIT 5');
    const changes = {
      Factory1Key: f.factorykey, FactoryGroup1Key: g.factorygroupkey,
      ...Object.fromEntries(channels.map((c, i) => [`RetailChannel${i + 1}Key`, c.retailchannelkey])),
      RegionUSA: true, RegionEmeaOwned: true, RegionCanada: true, RegionSamer: true, RegionAspac: true, RegionEmea3p: true, RegionEmeaDistributor: true,
      CompetitiveBrand1: 'Brand A', CompetitiveProduct1: 'Runner', CompetitiveRetailPrice1: 129.99,
      CompetitiveBrand2: 'Brand B', CompetitiveProduct2: 'Hiker', CompetitiveRetailPrice2: 149.5,
    };
    const res = await update(id, changes);
    expect(res.status).toBe(200);
    const rec = await get(id);
    expect(rec).toMatchObject({ ...changes, Factory1Name: f.factoryname, FactoryGroup1Name: g.factorygroupname });
    expect(channels.length).toBe(5);
    // Factory users never see the factory fields (PERM-025).
    const [fb] = await t.ctx.db.query('SELECT 1 FROM user_brands WHERE userid = 6 AND brandid = 1');
    expect(fb).toBeDefined();
    const asFactory = await get(id, factory);
    expect(asFactory).not.toHaveProperty('Factory1Key');
    expect(asFactory).not.toHaveProperty('MinFOB');
  });

  it('BRIEF-018 a brief with active patterns or prototypes cannot be set to status 4, 5 or 7', async () => {
    const message = 'A brief with active patterns or prototypes cannot be set to Canceled, Archive or Dropped.';
    const id = await newBrief();
    await addPattern(id, 2);
    for (const StatusId of [4, 7]) {
      const res = await update(id, { StatusId });
      expect(res.status).toBe(400);
      expect((await res.json()).Errors).toEqual([{ Field: '/StatusId', Message: message }]);
    }
    // A dropped pattern with an active colorway still counts; with everything closed the brief may be canceled.
    const closed = await newBrief();
    const p = await addPattern(closed, 7, 1);
    expect((await update(closed, { StatusId: 4 })).status).toBe(400);
    await t.ctx.db.query('UPDATE prototype_seasonals SET statusid = 4 WHERE patternseasonalid = $1', [p]);
    expect((await update(closed, { StatusId: 4 })).status).toBe(200);
    // No children: allowed.
    expect((await update(await newBrief(), { StatusId: 7 })).status).toBe(200);
  });

  it('BRIEF-019 the line plan cannot be changed through the update call while patterns are linked', async () => {
    const id = await newBrief();
    await addPattern(id, 1);
    const [other] = await t.ctx.db.query(
      'INSERT INTO line_plans (lineplanname, brandid, seasonid, responsibleid, statusid) SELECT \'Second plan\', brandid, seasonid, 3, 2 FROM line_plans WHERE lineplanid = (SELECT lineplanid FROM brief_seasonals WHERE briefseasonalid = $1) RETURNING lineplanid', [id]);
    const res = await update(id, { LinePlanId: other.lineplanid });
    expect(res.status).toBe(400);
    expect((await res.json()).Errors[0].Field).toBe('/LinePlanId');
  });
});

describe('relink, delete, ensure-released (BRIEF-019, BRIEF-021)', () => {
  const secondPlan = async (briefId: number, status = 2) => (await t.ctx.db.query(
    `INSERT INTO line_plans (lineplanname, brandid, seasonid, responsibleid, statusid)
     SELECT 'Relink target ' || $2::int, lp.brandid, lp.seasonid, 3, $2::int FROM line_plans lp
      WHERE lp.lineplanid = (SELECT lineplanid FROM brief_seasonals WHERE briefseasonalid = $1) RETURNING lineplanid`, [briefId, status]))[0].lineplanid as number;
  const relink = (BriefId: number, LinePlanId: number, token = designer) => t.request('POST', '/api/Brief/RelinkBrief', { token, json: { BriefId, LinePlanId } });

  it('BRIEF-019 relinks to a Released line plan of the same brand and season, listed by RelinkList', async () => {
    const id = await newBrief();
    const target = await secondPlan(id);
    const list = await (await t.request('GET', `/api/Brief/RelinkList?BriefSeasonalId=${id}`, { token: designer })).json();
    expect(list.map((l: { LinePlanId: number }) => l.LinePlanId)).toContain(target);
    const res = await relink(id, target);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ IsSuccessful: true, Message: 'Relink succeeded.' });
    expect((await get(id)).LinePlanId).toBe(target);
    const created = await secondPlan(id, 1);
    const refused = await relink(id, created);
    expect(await refused.json()).toMatchObject({ IsSuccessful: false, Message: SELECT_LP });
  });

  it('BRIEF-019 relink is blocked when the brief has linked patterns', async () => {
    const id = await newBrief();
    const target = await secondPlan(id);
    await addPattern(id, 1);
    const res = await relink(id, target);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ IsSuccessful: false, Message: 'The brief has linked patterns; it cannot be relinked to another line plan.' });
  });

  it('BRIEF-021 delete: only a Created brief without patterns; the deleted brief then answers its message (BRIEF-022)', async () => {
    const released = await newBrief();
    expect((await update(released, { StatusId: 2 })).status).toBe(200);
    const refused = await t.request('POST', '/api/Brief/DeleteBrief', { token: designer, json: { BriefSeasonalId: released } });
    expect(refused.status).toBe(409);
    expect((await refused.json()).Message).toBe('Record was not deleted. Please check current status and make sure there are no patterns linked.');
    const withPattern = await newBrief();
    await addPattern(withPattern, 1);
    expect((await t.request('POST', '/api/Brief/DeleteBrief', { token: designer, json: { BriefSeasonalId: withPattern } })).status).toBe(409);

    const id = await newBrief();
    const res = await t.request('POST', '/api/Brief/DeleteBrief', { token: designer, json: { BriefSeasonalId: id } });
    expect(await res.json()).toEqual({ IsSuccessful: true, Message: 'Record Deleted Successfully.' });
    const read = await t.request('GET', `/api/Brief/GetBriefSeasonal?BriefSeasonalId=${id}`, { token: designer });
    expect(await read.json()).toMatchObject({ Code: 'record_deleted', Message: 'The Brief you are trying to access is deleted.' });
    const view = await t.request('GET', `/api/brief/view/${id}`, { token: designer });
    expect((await view.json()).Message).toBe('The Brief you are trying to access is deleted.');
  });

  it('PERM-005 viewer and factory users cannot delete, relink or release; other brands are out of scope', async () => {
    const id = await newBrief();
    for (const token of [viewer, factory]) {
      expect((await t.request('POST', '/api/Brief/DeleteBrief', { token, json: { BriefSeasonalId: id } })).status).toBe(403);
      expect((await t.request('POST', '/api/Brief/EnsureReleased', { token, json: { BriefSeasonalId: id } })).status).toBe(403);
    }
    const [brand3] = await t.ctx.db.query('SELECT briefseasonalid FROM brief_view WHERE brandid = 3 AND statusid = 1 LIMIT 1');
    const res = await t.request('POST', '/api/Brief/DeleteBrief', { token: designer, json: { BriefSeasonalId: brand3.briefseasonalid } });
    expect(res.status).toBe(404);
    expect((await t.request('GET', `/api/brief/view/${brand3.briefseasonalid}`, { token: designer })).status).toBe(404);
    expect((await t.request('GET', `/api/brief/view/${brand3.briefseasonalid}`, { token: viewer })).status).toBe(200);
  });

  it('BRIEF-021 EnsureReleased sets a Created brief under a released line plan to Released', async () => {
    const id = await newBrief();
    const res = await t.request('POST', '/api/Brief/EnsureReleased', { token: designer, json: { BriefSeasonalId: id } });
    expect(await res.json()).toMatchObject({ IsSuccessful: true, StatusId: 2 });
    expect((await get(id)).StatusId).toBe(2);
    const again = await t.request('POST', '/api/Brief/EnsureReleased', { token: designer, json: { BriefSeasonalId: id } });
    expect(await again.json()).toMatchObject({ StatusId: 2 });
    // Under a line plan set back to Created it refuses with the line plan message.
    const other = await newBrief();
    await t.ctx.db.query('UPDATE line_plans SET statusid = 1 WHERE lineplanid = (SELECT lineplanid FROM brief_seasonals WHERE briefseasonalid = $1)', [other]);
    try {
      const refused = await t.request('POST', '/api/Brief/EnsureReleased', { token: designer, json: { BriefSeasonalId: other } });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ Message: SELECT_LP, StatusId: 1 });
    } finally {
      await t.ctx.db.query('UPDATE line_plans SET statusid = 2 WHERE lineplanid = (SELECT lineplanid FROM brief_seasonals WHERE briefseasonalid = $1)', [other]);
    }
  });
});

describe('lists of the brief screens (BRIEF-020)', () => {
  it('BRIEF-003 BriefLinePlans lists Released and Completed line plans of the brand and season, filtered by name and paged', async () => {
    const { SeasonId } = await linePlan(1, 2);
    const res = await t.request('GET', `/api/Brief/BriefLinePlans?BrandId=1&SeasonId=${SeasonId}&pageNumber=1&pageSize=50`, { token: designer });
    const page = await res.json();
    expect(page.TotalRecords).toBeGreaterThan(0);
    for (const lp of page.Results) expect([2, 3]).toContain(lp.StatusId);
    const created = await linePlan(1, 1);
    const none = await (await t.request('GET', `/api/Brief/BriefLinePlans?BrandId=1&SeasonId=${created.SeasonId}`, { token: designer })).json();
    expect(none.Results.map((l: { LinePlanId: number }) => l.LinePlanId)).not.toContain(created.LinePlanId);
    const name = page.Results[0].LinePlanName as string;
    const filtered = await (await t.request('GET', `/api/Brief/BriefLinePlans?BrandId=1&SeasonId=${SeasonId}&LinePlanName=${encodeURIComponent(name.slice(1, 6))}`, { token: designer })).json();
    expect(filtered.Results.every((l: { LinePlanName: string }) => l.LinePlanName.toLowerCase().includes(name.slice(1, 6).toLowerCase()))).toBe(true);
    const one = await (await t.request('GET', `/api/Brief/BriefLinePlans?BrandId=1&SeasonId=${SeasonId}&pageSize=1&pageNumber=1`, { token: designer })).json();
    expect(one.PageSize).toBe(1);
    expect((await t.request('GET', `/api/Brief/BriefLinePlans?BrandId=3&SeasonId=${SeasonId}`, { token: designer })).status).toBe(403);
  });

  it('BRIEF-020 edit/view answer the record with its pick lists; create/{linePlanId} the line plan', async () => {
    const id = await newBrief();
    const view = await (await t.request('GET', `/api/brief/edit/${id}`, { token: designer })).json();
    expect(view.Record.BriefSeasonalId).toBe(id);
    expect(view.Lists.Packagings).toContainEqual({ Id: 5, Name: 'Special' });
    expect(view.Lists.WorkflowGroups.length).toBeGreaterThan(0);
    expect((await t.request('GET', `/api/brief/edit/${id}`, { token: viewer })).status).toBe(403);
    const lp = await linePlan(1, 2);
    const start = await (await t.request('GET', `/api/brief/create/${lp.LinePlanId}`, { token: designer })).json();
    expect(start.LinePlan).toMatchObject({ LinePlanId: lp.LinePlanId, BrandId: 1, SeasonId: lp.SeasonId, StatusId: 2 });
  });

  it('BRIEF-020 BriefPatterns, its count, and the factory-filtered list for factory users', async () => {
    const [b] = await t.ctx.db.query(
      `SELECT bs.briefseasonalid, count(*)::int AS n FROM brief_view bs JOIN pattern_seasonals p ON p.briefseasonalid = bs.briefseasonalid AND NOT p.isdeleted
        WHERE bs.brandid = 1 GROUP BY 1 ORDER BY 2 DESC LIMIT 1`);
    const list = await (await t.request('GET', `/api/Brief/BriefPatterns?BriefSeasonalId=${b.briefseasonalid}`, { token: designer })).json();
    expect(list.TotalRecords).toBe(b.n);
    const count = await (await t.request('GET', `/api/Brief/BriefPatternsCount?BriefSeasonalId=${b.briefseasonalid}`, { token: designer })).json();
    expect(count).toEqual({ Count: b.n });
    const [{ n: atFactory }] = await t.ctx.db.query(
      `SELECT count(DISTINCT p.patternseasonalid)::int AS n FROM pattern_seasonals p JOIN prototype_seasonals c ON c.patternseasonalid = p.patternseasonalid
        WHERE p.briefseasonalid = $1 AND NOT p.isdeleted AND NOT c.isdeleted AND c.factnameky IN (SELECT factorykey FROM user_factories WHERE userid = 6)`, [b.briefseasonalid]);
    const asFactory = await (await t.request('GET', `/api/Brief/BriefPatterns?BriefSeasonalId=${b.briefseasonalid}`, { token: factory })).json();
    expect(asFactory.TotalRecords).toBe(atFactory);
    expect(atFactory).toBeLessThan(b.n);
  });

  it('BRIEF-020 BriefsByBrandSeason, BriefSeasonalList and GetBriefStatuses', async () => {
    const id = await newBrief({ BriefName: 'Listed Brief' });
    const rec = await get(id);
    const list = await (await t.request('GET', `/api/Brief/BriefsByBrandSeason?BrandId=1&SeasonId=${rec.SeasonId}`, { token: designer })).json();
    expect(list.map((b: { BriefSeasonalId: number }) => b.BriefSeasonalId)).toContain(id);
    const released = await (await t.request('GET', `/api/Brief/BriefsByBrandSeason?BrandId=1&SeasonId=${rec.SeasonId}&StatusIds=2,3`, { token: designer })).json();
    expect(released.map((b: { BriefSeasonalId: number }) => b.BriefSeasonalId)).not.toContain(id);
    const seasons = await (await t.request('GET', `/api/Brief/BriefSeasonalList?BriefId=${rec.BriefId}`, { token: designer })).json();
    expect(seasons).toEqual([expect.objectContaining({ BriefSeasonalId: id, SeasonId: rec.SeasonId })]);
    const next = await (await t.request('GET', '/api/Brief/GetBriefStatuses?currentStatusId=1', { token: designer })).json();
    expect(next.map((s: { StatusId: number }) => s.StatusId)).toEqual([1, 2, 4, 7]);
  });

  it('BRIEF-021 ExportBriefs answers an xlsx of the search without hidden columns, text neutralised', async () => {
    await newBrief({ BriefName: '=HYPERLINK("x")' });
    const res = await t.request('POST', '/api/Brief/ExportBriefs', { token: designer, json: { BrandId: 1, HiddenColumns: ['ChangedOn'], ColumnOrder: ['StatusName', 'BriefName'] } });
    expect(res.status, await res.clone().text()).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.getWorksheet('Briefs')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 2)).toEqual(['Status Name', 'Brief Name']);
    expect(header).not.toContain('Changed On');
    const names = sheet.getColumn(2).values as unknown[];
    expect(names).toContain('\'=HYPERLINK("x")');
    // The shared sheet layout: frozen header row, autofilter over the data, widths fitted to the longest name.
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toMatch(new RegExp(`^A1:[A-Z]+${sheet.rowCount}$`));
    expect(sheet.getColumn(2).width).toBeGreaterThanOrEqual('\'=HYPERLINK("x")'.length);
    expect((await t.request('POST', '/api/Brief/ExportBriefs', { token: designer, json: { BrandId: 3 } })).status).toBe(403);
    expect((await t.request('POST', '/api/Brief/ExportBriefs', { token: admin, json: { BrandId: 3 } })).status).toBe(200);
  });
});
