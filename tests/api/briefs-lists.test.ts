/**
 * Briefs (BRIEF-019..023): relink, delete, ensure-released, the lists of the brief screens and the
 * export, with permissions and brand scope. Demo data as in briefs.test.ts.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefSteps } from '../helpers/briefs';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let designer: string, factory: string, viewer: string, admin: string;
beforeAll(async () => {
  t = await createTestApp();
  [designer, factory, viewer, admin] = await t.tokens('designer', 'factory', 'viewer', 'admin');
});
afterAll(async () => {
  await t?.close();
});

const SELECT_LP = 'Select a Line Plan that is in Released Status.';

const { linePlan, newBrief, get, update, addPattern } = briefSteps(
  () => t,
  () => designer,
);

describe('relink, delete, ensure-released (BRIEF-019, BRIEF-021)', () => {
  const secondPlan = async (briefId: number, status = 2) =>
    (
      await t.ctx.db.query(
        `INSERT INTO line_plans (lineplanname, brandid, seasonid, responsibleid, statusid)
     SELECT 'Relink target ' || $2::int, lp.brandid, lp.seasonid, 3, $2::int FROM line_plans lp
      WHERE lp.lineplanid = (SELECT lineplanid FROM brief_seasonals WHERE briefseasonalid = $1) RETURNING lineplanid`,
        [briefId, status],
      )
    )[0].lineplanid as number;
  const relink = (BriefId: number, LinePlanId: number, token = designer) =>
    t.request('POST', '/api/Brief/RelinkBrief', { token, json: { BriefId, LinePlanId } });

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
      await t.ctx.db.query('UPDATE line_plans SET statusid = 2 WHERE lineplanid = (SELECT lineplanid FROM brief_seasonals WHERE briefseasonalid = $1)', [
        other,
      ]);
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
    const filtered = await (
      await t.request('GET', `/api/Brief/BriefLinePlans?BrandId=1&SeasonId=${SeasonId}&LinePlanName=${encodeURIComponent(name.slice(1, 6))}`, {
        token: designer,
      })
    ).json();
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
        WHERE bs.brandid = 1 GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
    );
    const list = await (await t.request('GET', `/api/Brief/BriefPatterns?BriefSeasonalId=${b.briefseasonalid}`, { token: designer })).json();
    expect(list.TotalRecords).toBe(b.n);
    const count = await (await t.request('GET', `/api/Brief/BriefPatternsCount?BriefSeasonalId=${b.briefseasonalid}`, { token: designer })).json();
    expect(count).toEqual({ Count: b.n });
    const [{ n: atFactory }] = await t.ctx.db.query(
      `SELECT count(DISTINCT p.patternseasonalid)::int AS n FROM pattern_seasonals p JOIN prototype_seasonals c ON c.patternseasonalid = p.patternseasonalid
        WHERE p.briefseasonalid = $1 AND NOT p.isdeleted AND NOT c.isdeleted AND c.factnameky IN (SELECT factorykey FROM user_factories WHERE userid = 6)`,
      [b.briefseasonalid],
    );
    const asFactory = await (await t.request('GET', `/api/Brief/BriefPatterns?BriefSeasonalId=${b.briefseasonalid}`, { token: factory })).json();
    expect(asFactory.TotalRecords).toBe(atFactory);
    expect(atFactory).toBeLessThan(b.n);
  });

  it('BRIEF-020 BriefsByBrandSeason, BriefSeasonalList and GetBriefStatuses', async () => {
    const id = await newBrief({ BriefName: 'Listed Brief' });
    const rec = await get(id);
    const list = await (await t.request('GET', `/api/Brief/BriefsByBrandSeason?BrandId=1&SeasonId=${rec.SeasonId}`, { token: designer })).json();
    expect(list.map((b: { BriefSeasonalId: number }) => b.BriefSeasonalId)).toContain(id);
    const released = await (
      await t.request('GET', `/api/Brief/BriefsByBrandSeason?BrandId=1&SeasonId=${rec.SeasonId}&StatusIds=2,3`, { token: designer })
    ).json();
    expect(released.map((b: { BriefSeasonalId: number }) => b.BriefSeasonalId)).not.toContain(id);
    const seasons = await (await t.request('GET', `/api/Brief/BriefSeasonalList?BriefId=${rec.BriefId}`, { token: designer })).json();
    expect(seasons).toEqual([expect.objectContaining({ BriefSeasonalId: id, SeasonId: rec.SeasonId })]);
    const next = await (await t.request('GET', '/api/Brief/GetBriefStatuses?currentStatusId=1', { token: designer })).json();
    expect(next.map((s: { StatusId: number }) => s.StatusId)).toEqual([1, 2, 4, 7]);
  });

  it('BRIEF-021 ExportBriefs answers an xlsx of the search without hidden columns, text neutralised', async () => {
    await newBrief({ BriefName: '=HYPERLINK("x")' });
    const res = await t.request('POST', '/api/Brief/ExportBriefs', {
      token: designer,
      json: { BrandId: 1, HiddenColumns: ['ChangedOn'], ColumnOrder: ['StatusName', 'BriefName'] },
    });
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
