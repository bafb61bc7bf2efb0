/**
 * Patterns (PAT-*): relink and delete, the developers, the spec log and the pattern lookups, with
 * permissions and brand scope. Create and the update rules: patterns.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patternSteps } from '../helpers/patterns';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { zoneAwayFromUtc } from '../helpers/business-zone';

let t: TestApp;
let admin: string, designer: string, costing: string, viewer: string;
let designerId: number;

beforeAll(async () => {
  t = await createTestApp({ businessTimeZone: ZONE });
  [admin, designer, costing, viewer] = await t.tokens('admin', 'designer', 'costing', 'viewer');
  [{ userid: designerId }] = await t.ctx.db.query(`SELECT userid FROM users WHERE username = 'designer@example.com'`);
});
afterAll(async () => {
  await t?.close();
});

const { briefOf, versionOf, newPattern, get, post } = patternSteps(
  () => t,
  () => designer,
  () => designerId,
);

// DECISIONS "Dates": the server runs in a business time zone on another day than UTC (as in patterns.test.ts).
const ZONE = zoneAwayFromUtc();

describe('relink and delete', () => {
  it('PAT-019 a pattern in one season without colorways moves to another released brief of its brand and season', async () => {
    const id = await newPattern();
    const { body: list } = await get(`GetRelinkList?PatternSeasonalId=${id}`);
    expect(list.CanRelink).toBe(true);
    const target = await briefOf(1, 1, 2, 1);
    expect(list.Briefs.map((b: { BriefSeasonalId: number }) => b.BriefSeasonalId)).toContain(target);
    const res = await post('RelinkPattern', { PatternSeasonalId: id, BriefSeasonalId: target, RowVersion: await versionOf(id) });
    expect(res.status).toBe(200);
    expect(res.body.Data.BriefSeasonalId).toBe(target);
    expect((await get(`GetBriefAndLinePlanForPattern?PatternSeasonalId=${id}`)).body.BriefSeasonalId).toBe(target);
    const notReleased = await post('RelinkPattern', { PatternSeasonalId: id, BriefSeasonalId: await briefOf(1, 2, 1), RowVersion: await versionOf(id) });
    expect(notReleased.status).toBe(400);
    expect(notReleased.body.Errors).toEqual([{ Field: '/BriefSeasonalId', Message: 'Select a Brief that is in Released Status.' }]);
  });

  it('PAT-019 a pattern with colorways, or in two seasons, cannot be relinked', async () => {
    const [withColorways] = await t.ctx.db.query(
      `SELECT ps.patternseasonalid FROM pattern_seasonals ps WHERE ps.statusid = 2 AND EXISTS (SELECT 1 FROM prototype_seasonals x WHERE x.patternseasonalid = ps.patternseasonalid)
          AND (SELECT count(*) FROM pattern_seasonals o WHERE o.patternid = ps.patternid) = 1 ORDER BY 1 LIMIT 1`,
    );
    const { body } = await get(`GetRelinkList?PatternSeasonalId=${withColorways.patternseasonalid}`, admin);
    expect(body).toMatchObject({ CanRelink: false, Message: 'The pattern has linked colorways and cannot be relinked.', Briefs: [] });
    const [twoSeasons] = await t.ctx.db.query(
      `SELECT min(patternseasonalid) AS id FROM pattern_seasonals GROUP BY patternid HAVING count(*) > 1 ORDER BY 1 LIMIT 1`,
    );
    const res = await post(
      'RelinkPattern',
      { PatternSeasonalId: twoSeasons.id, BriefSeasonalId: await briefOf(1, 1, 2, 2), RowVersion: await versionOf(twoSeasons.id) },
      admin,
    );
    expect(res.status).toBe(400);
    expect(res.body.Errors).toEqual([{ Field: '/BriefSeasonalId', Message: 'The pattern must exist in one season only to relink.' }]);
  });

  it('PAT-024 only a status-1 pattern without colorways is deleted; else the spec message', async () => {
    const [released] = await t.ctx.db.query('SELECT patternseasonalid FROM pattern_view WHERE brandid = 1 AND statusid = 2 ORDER BY 1 LIMIT 1');
    const refused = await post('DeletePatternSeasonal', { PatternSeasonalId: released.patternseasonalid });
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toBe('Record was not deleted. Please check current status and make sure there are no prototypes linked.');
    const id = await newPattern();
    expect((await post('DeletePatternSeasonal', { PatternSeasonalId: id }, costing)).status).toBe(403);
    expect((await post('DeletePatternSeasonal', { PatternSeasonalId: id })).status).toBe(200);
    const gone = await get(`GetPatternSeasonalDetails?PatternSeasonalId=${id}`);
    expect(gone).toMatchObject({ status: 404, body: { Code: 'record_deleted', Message: 'The Pattern you are trying to access is deleted.' } });
    expect((await get(`GetSpecLogData?PatternSeasonalId=${id}`)).body.Message).toBe('The Pattern you are trying to access is deleted.');
  });
});

describe('developers, spec log and lookups', () => {
  it('PAT-006 developers by role and development centers are saved as a set and read back', async () => {
    const id = await newPattern();
    const { body: devs } = await get('GetAllDevelopersList?BrandId=1&DeveloperRoleId=2');
    expect(devs.length).toBeGreaterThan(0);
    expect(devs.every((d: { DeveloperRoleId: number }) => d.DeveloperRoleId === 2)).toBe(true);
    const saveRes = await post('SavePatternDevelopers', {
      PatternSeasonalId: id,
      Developers: [{ DeveloperRoleId: 2, DeveloperId: devs[0].DeveloperId }],
      DevelopmentCenterIds: [1, 3],
    });
    expect(saveRes.status).toBe(200);
    const { body } = await get(`GetPatternDetails?PatternSeasonalId=${id}`);
    expect(body.Developers).toEqual([
      expect.objectContaining({ DeveloperRoleId: 2, DeveloperId: devs[0].DeveloperId, IsActive: true, DeveloperName: devs[0].DeveloperName }),
    ]);
    expect(body.DevelopmentCenters.map((c: { DevelopmentCenterId: number }) => c.DevelopmentCenterId).sort()).toEqual([1, 3]);
    const [foreign] = await t.ctx.db.query('SELECT developerid, developerroleid FROM developers WHERE brandid = 2 LIMIT 1');
    const bad = await post('SavePatternDevelopers', {
      PatternSeasonalId: id,
      Developers: [{ DeveloperRoleId: foreign.developerroleid, DeveloperId: foreign.developerid }],
      DevelopmentCenterIds: [],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.Errors).toEqual([{ Field: '/Developers/0/DeveloperId', Message: 'Select a developer of the brand in this role.' }]);
    expect((await post('SavePatternDevelopers', { PatternSeasonalId: id, Developers: [], DevelopmentCenterIds: [] }, viewer)).status).toBe(403);
  });

  it('PAT-007 a spec log entry records pattern, level 3, season, pattern key and author', async () => {
    const id = await newPattern({ PatternNameKey: 'SPEC-KEY' });
    const added = await post('SaveSpecLogEntry', { PatternSeasonalId: id, Description: 'Toe spring raised 2 mm.' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const { body } = await get(`GetSpecLogData?PatternSeasonalId=${id}`);
    expect(body).toEqual([
      expect.objectContaining({
        ProjectLevelId: 3,
        SeasonId: 1,
        Description: 'Toe spring raised 2 mm.',
        PatternNameKey: 'SPEC-KEY',
        CreatedBy: designerId,
        CreatedByName: 'Dana Whitfield',
      }),
    ]);
    expect((await post('SaveSpecLogEntry', { PatternSeasonalId: id, Description: '   ' })).status).toBe(400);
  });

  it('PAT-021 PAT-028 the pattern lookups answer for the pattern', async () => {
    const [p] = await t.ctx.db.query('SELECT patternseasonalid, patternid, patternname, genderkey FROM pattern_view WHERE brandid = 1 ORDER BY 1 LIMIT 1');
    const seasons = (await get(`GetPatternSeasons?PatternSeasonalId=${p.patternseasonalid}`)).body;
    expect(seasons.map((s: { PatternSeasonalId: number }) => s.PatternSeasonalId)).toContain(p.patternseasonalid);
    const byName = (await get(`GetPatternByBrandNameGender?BrandId=1&PatternName=${encodeURIComponent(p.patternname)}&GenderKey=${p.genderkey}`)).body;
    expect(byName.map((x: { PatternId: number }) => x.PatternId)).toContain(p.patternid);
    expect(typeof (await get(`IsDualSourced?PatternSeasonalId=${p.patternseasonalid}`)).body).toBe('boolean');
    const hier = (await get(`GetBriefAndLinePlanForPattern?PatternSeasonalId=${p.patternseasonalid}`)).body;
    expect(hier).toEqual(expect.objectContaining({ BriefSeasonalId: expect.any(Number), LinePlanName: expect.any(String) }));
  });

  it('PAT-022 the pattern pick lists are the values the brand uses', async () => {
    const { status, body } = await get('GetPatternLookups?BrandId=1');
    expect(status).toBe(200);
    const [row] = await t.ctx.db.query(`SELECT developmenttype, productline, membranesupplier FROM pattern_view WHERE brandid = 1 AND iswaterproof LIMIT 1`);
    expect(body.DevelopmentTypes).toContain(row.developmenttype);
    expect(body.ProductLines).toContain(row.productline);
    expect(body.MembraneSuppliers).toContain(row.membranesupplier);
    expect(body.Outsoles.length).toBeGreaterThan(0);
    expect(new Set(body.DevelopmentTypes).size).toBe(body.DevelopmentTypes.length);
    expect((await get('GetPatternLookups?BrandId=3', designer)).status).toBe(403);
  });

  it('PAT-020 the pattern search grid filters by brand, season, status, name and pattern id', async () => {
    const [p] = await t.ctx.db.query('SELECT patternid, patternname, seasonid FROM pattern_view WHERE brandid = 1 AND statusid = 2 ORDER BY 1 LIMIT 1');
    const search = async (json: object) => {
      const res = await t.request('POST', '/api/Grid/pattern-search/Search', { token: designer, json: { pageNumber: 1, pageSize: 999, ...json } });
      expect(res.status).toBe(200);
      return (await res.json()).Results as Record<string, unknown>[];
    };
    const byName = await search({ BrandId: 1, SeasonId: p.seasonid, StatusId: 2, searchText: p.patternname.slice(2, 9).toLowerCase() });
    expect(byName.map((r) => r.PatternName)).toContain(p.patternname);
    const part = p.patternname.slice(2, 9).toLowerCase();
    expect(byName.every((r) => `${String(r.PatternName)} ${String(r.PatternNameKey)}`.toLowerCase().includes(part))).toBe(true);
    expect(byName.length).toBeLessThan((await search({ BrandId: 1, SeasonId: p.seasonid, StatusId: 2 })).length);
    const byId = await search({ PatternId: p.patternid });
    expect(byId.length).toBeGreaterThan(0);
    expect(new Set(byId.map((r) => r.PatternName))).toEqual(new Set([p.patternname]));
    const dropped = await search({ BrandId: 1, StatusId: 7 });
    expect(dropped.length).toBeGreaterThan(0);
    expect(dropped.every((r) => r.StatusName === 'Dropped')).toBe(true);
  });

  it("PERM-022 pattern calls stay inside the user's brands", async () => {
    const [p] = await t.ctx.db.query('SELECT patternseasonalid FROM pattern_view WHERE brandid = 1 ORDER BY 1 LIMIT 1');
    for (const path of ['GetPatternDetails', 'GetSpecLogData', 'CanAdopt', 'GetRelinkList', 'GetPatternSeasons']) {
      expect((await get(`${path}?PatternSeasonalId=${p.patternseasonalid}`, viewer)).status, path).toBe(404);
    }
    expect((await get('GetAllDevelopersList?BrandId=1', viewer)).status).toBe(403);
    expect((await get('IsPatternNameExists?BrandId=3&PatternName=x', designer)).status).toBe(403);
  });
});
