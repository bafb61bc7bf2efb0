/**
 * The /Search workbench's server side (issue 14): criteria on the four search grids, the quick
 * search text, export of the visible columns in order, the child-data calls (SEARCH-004/005) and
 * saved searches (SEARCH-016..022), with the factory user's scope and hidden fields.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { businessToday } from '../../server/domain/business-date';
import { savedSearchDate } from '../../server/domain/saved-search';

let t: TestApp;
let admin: string, designer: string, factory: string, viewer: string;
let factoryKeys: string[];
beforeAll(async () => {
  t = await createTestApp();
  [admin, designer, factory, viewer] = await t.tokens('admin', 'designer', 'factory', 'viewer');
  const [fu] = await t.ctx.db.query(
    `SELECT array_agg(DISTINCT uf.factorykey) AS keys FROM users u JOIN user_factories uf USING (userid) WHERE u.username = 'factory@example.com'`,
  );
  factoryKeys = fu.keys;
});
afterAll(async () => {
  await t?.close();
});

const search = async (token: string, grid: string, body: object = {}) => {
  const res = await t.request('POST', `/api/Grid/${grid}/Search`, { token, json: { pageSize: 100, ...body } });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json() as Promise<{ Results: Record<string, any>[]; TotalRecords: number }>;
};
const one = async (sql: string, params: unknown[] = []) => (await t.ctx.db.query(sql, params))[0] as Record<string, any>;
const FACTORY_FIELDS = ['FactNameKy', 'FactName', 'CtryOfOrig', 'FFC', 'WsPrice', 'RetailPrice', 'EstFFC'];

describe('SEARCH-017 criteria of each module', () => {
  it('SEARCH-017: colorway criteria: brand, season, division, status, text, gender and factory narrow the rows', async () => {
    const cw = await one(
      `SELECT brandid, seasonid, divisionkey, statusid, stocknum, genderkey, factnameky FROM colorway_view WHERE NOT isdeleted AND stocknum IS NOT NULL AND factnameky IS NOT NULL LIMIT 1`,
    );
    const all = await search(admin, 'colorway-search');
    for (const body of [
      { BrandId: cw.brandid },
      { SeasonId: cw.seasonid },
      { DivisionKey: cw.divisionkey },
      { StatusId: cw.statusid },
      { searchText: cw.stocknum },
      { GenderKey: cw.genderkey },
      { FactNameKy: cw.factnameky },
    ]) {
      const page = await search(admin, 'colorway-search', { ...body, pageSize: 1000 });
      expect(page.TotalRecords, JSON.stringify(body)).toBeGreaterThan(0);
      expect(page.TotalRecords, JSON.stringify(body)).toBeLessThanOrEqual(all.TotalRecords);
      const [field, value] = Object.entries(body)[0];
      const check: Record<string, string> = {
        BrandId: 'brandid',
        SeasonId: 'seasonid',
        DivisionKey: 'divisionkey',
        GenderKey: 'genderkey',
        FactNameKy: 'factnameky',
      };
      if (check[field]) {
        const { n } = await one(`SELECT count(*)::int AS n FROM colorway_view WHERE NOT isdeleted AND ${check[field]} = $1`, [value]);
        expect(page.TotalRecords, field).toBe(n);
      }
    }
  });

  it('SEARCH-017: a division narrows patterns, briefs and line plans to those with a colorway of it', async () => {
    const cw = await one(
      `SELECT divisionkey, patternseasonalid, briefseasonalid, lineplanid FROM colorway_view WHERE NOT isdeleted AND lineplanid IS NOT NULL LIMIT 1`,
    );
    for (const [grid, key, id, col] of [
      ['pattern-search', 'PatternSeasonalId', cw.patternseasonalid, 'patternseasonalid'],
      ['brief-search', 'BriefSeasonalId', cw.briefseasonalid, 'briefseasonalid'],
      ['line-plan-search', 'LinePlanId', cw.lineplanid, 'lineplanid'],
    ] as const) {
      const page = await search(admin, grid, { DivisionKey: cw.divisionkey, pageSize: 5000 });
      expect(page.Results.map((r) => r[key])).toContain(id);
      const { n } = await one(`SELECT count(DISTINCT ${col})::int AS n FROM colorway_view WHERE NOT isdeleted AND divisionkey = $1`, [cw.divisionkey]);
      expect(page.TotalRecords).toBeLessThanOrEqual(n);
      const none = await search(admin, grid, { DivisionKey: 'NO-SUCH' });
      expect(none.TotalRecords).toBe(0);
    }
  });

  it('SEARCH-017: line plan, brief and pattern name text and responsible criteria', async () => {
    for (const [grid, view, name] of [
      ['line-plan-search', 'line_plan_view', 'lineplanname'],
      ['brief-search', 'brief_view', 'briefname'],
      ['pattern-search', 'pattern_view', 'patternname'],
    ]) {
      const row = await one(`SELECT ${name} AS name, responsibleid FROM ${view} WHERE NOT isdeleted LIMIT 1`);
      const byText = await search(admin, grid, { searchText: row.name });
      expect(byText.TotalRecords).toBeGreaterThan(0);
      for (const r of byText.Results) expect(JSON.stringify(r).toLowerCase()).toContain(String(row.name).toLowerCase());
      const { n } = await one(`SELECT count(*)::int AS n FROM ${view} WHERE NOT isdeleted AND responsibleid = $1`, [row.responsibleid]);
      expect((await search(admin, grid, { ResponsibleId: row.responsibleid })).TotalRecords).toBe(n);
    }
  });

  it('SEARCH-017: quickSearchText matches a colorway by stock number and by name', async () => {
    const cw = await one(`SELECT prototypeseasonalid AS id, stocknum, prototypename FROM colorway_view WHERE NOT isdeleted AND stocknum IS NOT NULL LIMIT 1`);
    const byStock = await search(admin, 'colorway-search', { quickSearchText: cw.stocknum });
    expect(byStock.Results.map((r) => r.PrototypeSeasonalId)).toContain(cw.id);
    const byName = await search(admin, 'colorway-search', { quickSearchText: cw.prototypename, pageSize: 5000 });
    expect(byName.Results.map((r) => r.PrototypeSeasonalId)).toContain(cw.id);
    expect((await search(admin, 'colorway-search', { quickSearchText: 'zzqx-no-such-thing' })).TotalRecords).toBe(0);
  });

  it('SEARCH-017: the include-level flags and a bad criterion: flags accepted, a wrong type is 400', async () => {
    const page = await search(admin, 'colorway-search', { IncludePatternLevel: true, IncludeBriefLevel: true, IncludeLinePlanLevel: false });
    expect(page.TotalRecords).toBeGreaterThan(0);
    expect((await t.request('POST', '/api/Grid/colorway-search/Search', { token: admin, json: { IncludePatternLevel: 'x' } })).status).toBe(400);
    expect((await t.request('POST', '/api/Grid/colorway-search/Search', { token: admin, json: { columnsOrder: [{ column: 'x' }] } })).status).toBe(400);
  });

  it('SEARCH-001: search answers name the user who changed each record', async () => {
    const page = await search(admin, 'pattern-search', { pageSize: 10 });
    const row = page.Results.find((r) => r.ChangedBy);
    expect(row).toBeDefined();
    const { name } = await one(
      `SELECT CASE WHEN userid = 1 THEN 'System User' ELSE trim(coalesce(firstname, '') || ' ' || coalesce(lastname, '')) END AS name FROM users WHERE userid = $1`,
      [row!.ChangedBy],
    );
    expect(row!.ChangedByName).toBe(name);
  });
});

describe('SEARCH-012 export', () => {
  it('SEARCH-012: the export leaves out the hidden columns and writes the others in the given order', async () => {
    const res = await t.request('POST', '/api/Grid/pattern-search/Export', {
      token: admin,
      json: {
        pageNumber: 1,
        pageSize: 0,
        columnsHidden: ['BrandName', 'GenderName'],
        columnsOrder: [
          { column: 'SeasonName', index: 0 },
          { column: 'PatternName', index: 1 },
          { column: 'StatusName', index: 2 },
        ],
      },
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const header = (book.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 3)).toEqual(['Season', 'Pattern Name', 'Status'].map((h) => expect.stringContaining(h)));
    expect(header).not.toContain('Brand');
    expect(header.some((h) => /gender/i.test(String(h)))).toBe(false);
  });
});

describe('SEARCH-004/005 child data', () => {
  it('SEARCH-005: line plan briefs, brief patterns, pattern colorways and colorway siblings', async () => {
    const cw = await one(`SELECT prototypeseasonalid AS id, patternseasonalid AS pattern, briefseasonalid AS brief, lineplanid AS lp FROM colorway_view c
      WHERE NOT isdeleted AND lineplanid IS NOT NULL AND (SELECT count(*) FROM colorway_view s WHERE s.patternseasonalid = c.patternseasonalid AND NOT s.isdeleted) > 1 LIMIT 1`);
    const get = async (path: string) => {
      const r = await t.request('GET', path, { token: admin });
      expect(r.status, path).toBe(200);
      return r.json();
    };
    const briefs = await get(`/api/LinePlan/GetLinePlanBriefs?LinePlanId=${cw.lp}`);
    expect(briefs.Results.map((r: any) => r.BriefSeasonalId)).toContain(cw.brief);
    const patterns = await get(`/api/Brief/GetBriefPatterns?BriefSeasonalId=${cw.brief}`);
    expect(patterns.Results.map((r: any) => r.PatternSeasonalId)).toContain(cw.pattern);
    expect(patterns).toHaveProperty('TotalPageCount');
    const colorways = await get(`/api/Pattern/GetPatternPrototypes?PatternSeasonalId=${cw.pattern}&pageSize=200`);
    const { n } = await one('SELECT count(*)::int AS n FROM colorway_view WHERE patternseasonalid = $1 AND NOT isdeleted', [cw.pattern]);
    expect(colorways.TotalRecords).toBe(n);
    expect(colorways.Results.map((r: any) => r.PrototypeSeasonalId)).toContain(cw.id);
    const siblings = await get(`/api/Prototype/GetPrototypeSiblings?PrototypeSeasonalId=${cw.id}&pageSize=200`);
    expect(siblings.TotalRecords).toBe(n - 1);
    expect(siblings.Results.map((r: any) => r.PrototypeSeasonalId)).not.toContain(cw.id);
  });

  it('SEARCH-005: a missing parent is 404; a user without the module is 403', async () => {
    expect((await t.request('GET', '/api/Pattern/GetPatternPrototypes?PatternSeasonalId=999999', { token: admin })).status).toBe(404);
    const { roleid } = await one(`SELECT roleid FROM users WHERE username = 'viewer@example.com'`);
    const { n } = await one(
      `SELECT count(*)::int AS n FROM role_permissions WHERE roleid = $1 AND moduleid = (SELECT moduleid FROM modules WHERE lower(modulename) LIKE 'pattern%' LIMIT 1)`,
      [roleid],
    ).catch(() => ({ n: 1 }));
    if (n === 0) expect((await t.request('GET', '/api/Pattern/GetPatternPrototypes?PatternSeasonalId=1', { token: viewer })).status).toBe(403);
  });
});

describe('PERM-023/029: the factory user on the workbench', () => {
  it("PERM-023: search, export and child data never reveal another factory's colorway or a factory/costing field", async () => {
    const page = await search(factory, 'colorway-search', { pageSize: 5000 });
    expect(page.TotalRecords).toBeGreaterThan(0);
    const { n } = await one(
      'SELECT count(*)::int AS n FROM colorway_view WHERE NOT isdeleted AND factnameky = ANY($1) AND brandid IN (SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = $2)',
      [factoryKeys, 'factory@example.com'],
    );
    expect(page.TotalRecords).toBe(n);
    for (const r of page.Results) for (const f of FACTORY_FIELDS) expect(r, f).not.toHaveProperty(f);
    const ids = new Set(page.Results.map((r) => r.PrototypeSeasonalId));

    // Export: the same rows, no factory column.
    const res = await t.request('POST', '/api/Grid/colorway-search/Export', { token: factory, json: { pageNumber: 1, pageSize: 0 } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0];
    expect(sheet.rowCount - 1).toBe(n);
    expect((sheet.getRow(1).values as unknown[]).map(String).join('|')).not.toMatch(/Factory/);

    // Child data: the siblings of a mine colorway whose pattern also has another factory's colorway.
    const mixed = await one(
      `SELECT c.prototypeseasonalid AS id, c.patternseasonalid AS pattern FROM colorway_view c JOIN colorway_view o ON o.patternseasonalid = c.patternseasonalid
      WHERE NOT c.isdeleted AND NOT o.isdeleted AND c.factnameky = ANY($1) AND NOT (o.factnameky = ANY($1)) LIMIT 1`,
      [factoryKeys],
    );
    if (mixed) {
      const sib = await (await t.request('GET', `/api/Prototype/GetPrototypeSiblings?PrototypeSeasonalId=${mixed.id}&pageSize=500`, { token: factory })).json();
      for (const r of sib.Results) {
        expect(ids.has(r.PrototypeSeasonalId)).toBe(true);
        for (const f of FACTORY_FIELDS) expect(r).not.toHaveProperty(f);
      }
    }
    const other = await one('SELECT prototypeseasonalid AS id FROM colorway_view WHERE NOT isdeleted AND NOT (factnameky = ANY($1)) LIMIT 1', [factoryKeys]);
    expect((await t.request('GET', `/api/Prototype/GetPrototypeSiblings?PrototypeSeasonalId=${other.id}`, { token: factory })).status).toBe(404);
    // A quick search by a factory's name finds nothing for a factory user (the field is hidden from them), rows for others.
    const { factname } = await one('SELECT factname FROM colorway_view WHERE NOT isdeleted AND factnameky = ANY($1) AND factname IS NOT NULL LIMIT 1', [
      factoryKeys,
    ]);
    const byFactory = await search(factory, 'colorway-search', { quickSearchText: factname });
    for (const r of byFactory.Results) for (const f of FACTORY_FIELDS) expect(r).not.toHaveProperty(f);
    expect((await search(admin, 'colorway-search', { quickSearchText: factname })).TotalRecords).toBeGreaterThan(byFactory.TotalRecords);
    // A factory field as a criterion is refused, not answered.
    expect((await t.request('POST', '/api/Grid/colorway-search/Search', { token: factory, json: { FactNameKy: factoryKeys[0] } })).status).toBe(400);
  });
});

describe('SEARCH-016..022 saved searches', () => {
  const value = (name: string, extra: object = {}) =>
    JSON.stringify({
      Id: 0,
      name,
      searchModule: 4,
      searchType: 1,
      searchTerms: { BrandId: 1, pageNumber: 1, pageSize: 50, sortColumn: 'StockNum', sortDirection: 'DESC' },
      columnsHidden: ['ColorDesc'],
      columnsOrder: [{ column: 'PrototypeName', index: 0 }],
      changedOn: '',
      createdOn: '',
      ...extra,
    });
  const save = (token: string, v: string, id = 0) =>
    t.request('POST', '/api/UserPreference/UpdateUserPreferenceSearch', { token, json: { UserPreferenceId: id, SearchType: 1, Value: v } });
  const list = async (token: string) =>
    (await (await t.request('GET', '/api/UserPreference/GetUserPreferenceSearch?SearchType=1', { token })).json()) as {
      UserPreferenceId: number;
      Value: string;
    }[];

  it('SEARCH-016/018/022: a round trip: the name trimmed, Id and M/dd/yyyy dates set; the same name overwrites, a new one creates', async () => {
    const first = await (await save(designer, value('  My colorways  '))).json();
    const stored = JSON.parse(first.Value);
    expect(stored.name).toBe('My colorways');
    expect(stored.Id).toBe(first.UserPreferenceId);
    expect(stored.changedOn).toMatch(/^\d{1,2}\/\d{2}\/\d{4}$/);
    // DECISIONS "Dates": the day of the business time zone.
    expect(stored.changedOn).toBe(savedSearchDate(businessToday(t.ctx.config.businessTimeZone)));
    expect(stored.createdOn).toBe(stored.changedOn);
    expect(stored.searchTerms.sortColumn).toBe('StockNum');
    expect(stored.columnsOrder).toEqual([{ column: 'PrototypeName', index: 0 }]);

    const again = await (await save(designer, value('my colorways', { columnsHidden: [] }))).json();
    expect(again.UserPreferenceId).toBe(first.UserPreferenceId);
    expect(JSON.parse(again.Value).columnsHidden).toEqual([]);
    const other = await (await save(designer, value('Other one'))).json();
    expect(other.UserPreferenceId).not.toBe(first.UserPreferenceId);
    const mine = await list(designer);
    expect(mine.filter((m) => /colorways/i.test(JSON.parse(m.Value).name))).toHaveLength(1);
    expect((await save(designer, value('   '))).status).toBe(400);
  });

  it("SEARCH-020: delete by comma-joined ids; another user's ids are untouched", async () => {
    const a = await (await save(designer, value('Delete A'))).json();
    const b = await (await save(designer, value('Delete B'))).json();
    const theirs = await (await save(viewer, value('Viewer keeps this'))).json();
    const res = await t.request(
      'POST',
      `/api/UserPreference/DeleteUserPreferenceSearch?idList=${a.UserPreferenceId},${b.UserPreferenceId},${theirs.UserPreferenceId}`,
      { token: designer },
    );
    expect(res.status).toBe(200);
    expect((await res.json()).Deleted).toBe(2);
    const left = (await list(designer)).map((m) => m.UserPreferenceId);
    expect(left).not.toContain(a.UserPreferenceId);
    expect(left).not.toContain(b.UserPreferenceId);
    expect((await list(viewer)).map((m) => m.UserPreferenceId)).toContain(theirs.UserPreferenceId);
    // Another user's id cannot be overwritten either.
    expect((await save(designer, value('Steal'), theirs.UserPreferenceId)).status).toBe(404);
  });
});
