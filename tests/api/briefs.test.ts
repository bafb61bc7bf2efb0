/**
 * Briefs (BRIEF-001..019): create and copy with their gates and messages, the brief's update
 * rules, permissions and brand scope. Demo data: brand 1 has Released line plans in seasons 1 and
 * 2 and a Created one in season 3; brand 2 has a Completed one in season 5; the designer (user 3)
 * has brands 1, 2. Relink, delete and the screens' lists: briefs-lists.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefSteps } from '../helpers/briefs';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let designer: string, factory: string, viewer: string;
beforeAll(async () => {
  t = await createTestApp();
  [designer, factory, viewer] = await t.tokens('designer', 'factory', 'viewer');
});
afterAll(async () => {
  await t?.close();
});

const REVIEW = 'Please review all fields indicated in red';
const SELECT_LP = 'Select a Line Plan that is in Released Status.';
const NOTE = 'You may continue, but please note this name already exists.';

const { linePlan, wfGroup, payload, create, newBrief, get, update, addPattern } = briefSteps(
  () => t,
  () => designer,
);

describe('create (BRIEF-003..007)', () => {
  it('BRIEF-007 creates a brief under a Released line plan and answers briefSeasonalId and operationType', async () => {
    const body = await payload({ BriefName: 'Trail Runner Concept' });
    const res = await create(body);
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer).toMatchObject({ IsSuccessful: true, operationType: 'Create', NameNote: null });
    const rec = await get(answer.briefSeasonalId);
    expect(rec).toMatchObject({
      BriefName: 'Trail Runner Concept',
      BrandId: 1,
      SeasonId: body.SeasonId,
      LinePlanId: body.LinePlanId,
      ResponsibleId: 3,
      WFGroupId: body.WFGroupId,
      StatusId: 1,
      ParentBriefSeasonalId: null,
    });
  });

  it('BRIEF-004 brand, season, line plan and responsible are required, with the form message', async () => {
    const res = await create({ BriefName: 'No fields' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.Message).toBe(REVIEW);
    expect(body.Errors).toEqual(
      expect.arrayContaining([
        { Field: '/BrandId', Message: 'Required.' },
        { Field: '/SeasonId', Message: 'Required.' },
        { Field: '/ResponsibleId', Message: 'Required.' },
        { Field: '/LinePlanId', Message: SELECT_LP },
      ]),
    );
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
      BriefName: 'Copied Brief',
      BrandId: 1,
      ParentBriefSeasonalId: parent,
      StatusId: 1,
      Trends: 'Bold colour blocking',
      RegionUSA: true,
      CompetitiveBrand1: 'Rival',
    });
    const otherBrand = await create(await payload({ BriefName: 'Wrong brand copy', ParentBriefSeasonalId: parent, BrandId: 2 }));
    expect((await otherBrand.json()).Errors).toEqual([{ Field: '/BrandId', Message: 'A copy keeps the brand of the brief it copies.' }]);
  });

  it('CONST-005 BRIEF-007 a form-encoded create works like JSON; the name check leaves the brief itself out', async () => {
    const body = await payload({ BriefName: 'Form Encoded Brief' });
    const res = await t.request('POST', '/api/Brief/CreateBriefSeasonal', {
      token: designer,
      form: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])),
    });
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
      Factory1Key: f.factorykey,
      FactoryGroup1Key: g.factorygroupkey,
      ...Object.fromEntries(channels.map((c, i) => [`RetailChannel${i + 1}Key`, c.retailchannelkey])),
      RegionUSA: true,
      RegionEmeaOwned: true,
      RegionCanada: true,
      RegionSamer: true,
      RegionAspac: true,
      RegionEmea3p: true,
      RegionEmeaDistributor: true,
      CompetitiveBrand1: 'Brand A',
      CompetitiveProduct1: 'Runner',
      CompetitiveRetailPrice1: 129.99,
      CompetitiveBrand2: 'Brand B',
      CompetitiveProduct2: 'Hiker',
      CompetitiveRetailPrice2: 149.5,
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
      "INSERT INTO line_plans (lineplanname, brandid, seasonid, responsibleid, statusid) SELECT 'Second plan', brandid, seasonid, 3, 2 FROM line_plans WHERE lineplanid = (SELECT lineplanid FROM brief_seasonals WHERE briefseasonalid = $1) RETURNING lineplanid",
      [id],
    );
    const res = await update(id, { LinePlanId: other.lineplanid });
    expect(res.status).toBe(400);
    expect((await res.json()).Errors[0].Field).toBe('/LinePlanId');
  });
});
