/**
 * The critical path search (issue 15, CP-002..017): the three grids (CP-006/007 columns), their
 * criteria (CP-004/005), the named search calls (CP-012: RecordCount on the first row), scope
 * (brand, factory user: no factory field, only their factories' paths), permissions (PERM-014),
 * the Excel export of every result (CP-013) and saved searches as UserSearchCP (CP-014..016).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let designer: string, admin: string, factory: string;
let factoryKeys: string[];

beforeAll(async () => {
  t = await createTestApp();
  [designer, admin, factory] = await t.tokens('designer', 'admin', 'factory');
  factoryKeys = (
    await t.ctx.db.query(`SELECT array_agg(uf.factorykey) AS keys FROM user_factories uf JOIN users u USING (userid) WHERE u.username = 'factory@example.com'`)
  )[0].keys as string[];
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.ctx.db;
const post = (url: string, json: unknown, token = designer) => t.request('POST', url, { token, json });
const grid = (kind: string) => `/api/Grid/critical-path-${kind}-search`;
const search = async (kind: string, body: object, token = designer) => {
  const res = await post(`${grid(kind)}/Search`, { pageNumber: 1, pageSize: 100, ...body }, token);
  expect(res.status).toBe(200);
  return res.json() as Promise<{ Results: Record<string, any>[]; TotalRecords: number }>;
};
const userBrands = async (user: string) =>
  (await db().query(`SELECT array_agg(ub.brandid) AS b FROM user_brands ub JOIN users u USING (userid) WHERE u.username = $1`, [`${user}@example.com`]))[0]
    .b as number[];

describe('the three result grids (CP-002, CP-006, CP-007, CP-011)', () => {
  it("CP-006 the pattern type lists every dev pattern path of the user's brands with its columns", async () => {
    const brands = await userBrands('designer');
    const [{ n }] = await db().query(
      `SELECT count(*)::int AS n FROM critical_path_dev_patterns cp JOIN pattern_seasonals ps USING (patternseasonalid)
      JOIN patterns p ON p.patternid = ps.patternid WHERE p.brandid = ANY($1) AND NOT ps.isdeleted`,
      [brands],
    );
    expect(n).toBeGreaterThan(0);
    const page = await search('dev-pattern', { pageSize: 15 });
    expect(page.TotalRecords).toBe(n);
    expect(page.Results).toHaveLength(Math.min(15, n));
    const row = page.Results[0];
    for (const f of [
      'CriticalPathDevPatternId',
      'CriticalPathHeaderStatusName',
      'CriticalPathName',
      'ProjectName',
      'PatternName',
      'BrandName',
      'Notes',
      'GenderName',
      'DevelopmentType',
      'SeasonName',
      'FactoryKey',
      'FactoryName',
      'CntryOrgKey',
      'DivisionName',
      'LaunchDescription',
      'CreatedOn',
      'CreatedBy',
      'ChangedOn',
      'ChangedBy',
    ]) {
      expect(row).toHaveProperty(f);
    }
    // Names, never ids: the stamps' users are named.
    expect(typeof row.ChangedByName).toBe('string');
    // The row opens its pattern seasonal's path (CP-003).
    const [cp] = await db().query('SELECT patternseasonalid FROM critical_path_dev_patterns WHERE criticalpathdevpatternid = $1', [
      row.CriticalPathDevPatternId,
    ]);
    expect(row.PatternSeasonalId).toBe(cp.patternseasonalid);
  });

  it('CP-007 the prototype type carries stock number, division key, original season, all seasons and factory group', async () => {
    const page = await search('dev-prototype', { pageSize: 25 });
    expect(page.TotalRecords).toBeGreaterThan(0);
    const row = page.Results[0];
    for (const f of ['StockNum', 'DivisionKey', 'OriginalSeason', 'AllSeasons', 'FactoryGroupName', 'PrototypeSeasonalId']) expect(row).toHaveProperty(f);
    const [cw] = await db().query(
      `SELECT v.stocknum, v.factorygroupname, v.divisionkey FROM critical_path_dev_prototypes cp JOIN colorway_view v USING (prototypeseasonalid)
      WHERE cp.criticalpathdevprototypeid = $1`,
      [row.CriticalPathDevPrototypeId],
    );
    expect([row.StockNum, row.FactoryGroupName, row.DivisionKey]).toEqual([cw.stocknum, cw.factorygroupname, cw.divisionkey]);
    expect(String(row.AllSeasons)).toContain(String(row.OriginalSeason));
  });

  it("CP-007 the commercialization type: the factory's name, country and group, the pattern's seasons", async () => {
    const page = await search('commercialization', {});
    expect(page.TotalRecords).toBeGreaterThan(0);
    const row = page.Results[0];
    const [f] = await db().query(
      `SELECT f.factoryname, f.countrycode, g.factorygroupname FROM critical_path_commercializations cp JOIN factories f USING (factorykey)
      JOIN factory_groups g ON g.factorygroupkey = f.factorygroupkey WHERE cp.criticalpathcommercializationid = $1`,
      [row.CriticalPathCommercializationId],
    );
    expect([row.FactoryName, row.CntryOrgKey, row.FactoryGroupName]).toEqual([f.factoryname, f.countrycode, f.factorygroupname]);
    expect(row.AllSeasons).toBeTruthy();
  });

  it('CP-008 sort by any column both ways', async () => {
    const asc = await search('dev-prototype', { sortColumn: 'StockNum', sortDirection: 'ASC', pageSize: 50 });
    const desc = await search('dev-prototype', { sortColumn: 'StockNum', sortDirection: 'DESC', pageSize: 50 });
    const a = asc.Results.map((r) => r.StockNum as string);
    expect(a).toEqual([...a].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    expect(desc.Results[0].StockNum >= asc.Results[0].StockNum).toBe(true);
  });
});

describe('criteria (CP-004, CP-005)', () => {
  it('CP-004 brand, season, header status, gender, division and the name text narrow the result', async () => {
    const [cp] = await db().query(
      `SELECT v.* FROM critical_path_dev_prototype_view v WHERE v.brandid = 1 AND NOT v.isdeleted ORDER BY v.criticalpathdevprototypeid LIMIT 1`,
    );
    const page = await search('dev-prototype', {
      BrandId: 1,
      SeasonId: cp.seasonid,
      CriticalPathHeaderStatusId: cp.criticalpathheaderstatusid,
      GenderKey: cp.genderkey,
      DivisionKey: cp.divisionkey,
      searchText: cp.stocknum,
    });
    expect(page.Results.map((r) => r.CriticalPathDevPrototypeId)).toContain(cp.criticalpathdevprototypeid);
    for (const r of page.Results) expect([r.BrandName, r.SeasonName, r.StockNum.includes(cp.stocknum)]).toEqual([cp.brandname, cp.seasonname, true]);
    const none = await search('dev-prototype', { BrandId: 1, CriticalPathHeaderStatusId: 3, searchText: cp.stocknum });
    expect(none.Results.every((r) => r.CriticalPathHeaderStatusName === 'Canceled')).toBe(true);
  });

  it('CP-005 adopted 1 is true, 0 is false', async () => {
    const brands = await userBrands('designer');
    const counts = await db().query(
      `SELECT adoptedstatus, count(*)::int AS n FROM critical_path_dev_pattern_view WHERE brandid = ANY($1) AND NOT isdeleted GROUP BY 1`,
      [brands],
    );
    const of = (b: boolean) => counts.find((c) => c.adoptedstatus === b)?.n ?? 0;
    expect((await search('dev-pattern', { AdoptedStatus: 1 })).TotalRecords).toBe(of(true));
    expect((await search('dev-pattern', { AdoptedStatus: 0 })).TotalRecords).toBe(of(false));
    expect(of(true) + of(false)).toBeGreaterThan(0);
  });

  it('CP-004 a commercialization path matches a season criterion of any season of its pattern', async () => {
    const [cp] = await db().query(`SELECT cp.criticalpathcommercializationid AS id, array_agg(ps.seasonid) AS seasons FROM critical_path_commercializations cp
      JOIN pattern_seasonals ps ON ps.patternid = cp.patternid AND NOT ps.isdeleted JOIN patterns p ON p.patternid = cp.patternid
      WHERE p.brandid = 1 GROUP BY 1 ORDER BY 1 LIMIT 1`);
    for (const season of cp.seasons as number[]) {
      expect((await search('commercialization', { SeasonId: season })).Results.map((r) => r.CriticalPathCommercializationId)).toContain(cp.id);
    }
    const [other] = await db().query('SELECT seasonid FROM seasons WHERE brandid = 1 AND NOT (seasonid = ANY($1)) LIMIT 1', [cp.seasons]);
    if (other)
      expect((await search('commercialization', { SeasonId: other.seasonid })).Results.map((r) => r.CriticalPathCommercializationId)).not.toContain(cp.id);
  });

  it('CP-004 the criteria lookups: header statuses, countries and product lines', async () => {
    const statuses = await (await t.request('GET', '/api/Reference/criticalPathHeaderStatuses', { token: designer })).json();
    expect(statuses.map((s: any) => s.label)).toEqual(['Active', 'Completed', 'Canceled', 'On Hold']);
    const countries = await (await t.request('GET', '/api/Reference/countries', { token: designer })).json();
    expect(countries.length).toBeGreaterThan(0);
    const lines = await (await t.request('GET', '/api/Reference/productLines?BrandId=1', { token: designer })).json();
    const [{ n }] = await db().query('SELECT count(DISTINCT productline)::int AS n FROM patterns WHERE brandid = 1 AND productline IS NOT NULL');
    expect(lines).toHaveLength(n);
  });

  it('CP-004 a bad criterion is a 400, never a 500', async () => {
    for (const body of [{ AdoptedStatus: 7 }, { CriticalPathHeaderStatusId: 2 ** 31 }, { CntryOrgKey: 'x'.repeat(50) }, { SeasonId: 'abc' }]) {
      const res = await post(`${grid('dev-pattern')}/Search`, { pageNumber: 1, pageSize: 15, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('CP-012 the named search calls', () => {
  it('CP-012 SearchCriticalPath… take criteria, page, size and sort; the first row carries RecordCount', async () => {
    for (const [call, kind, key] of [
      ['DevPatterns', 'dev-pattern', 'CriticalPathDevPatternId'],
      ['DevPrototypes', 'dev-prototype', 'CriticalPathDevPrototypeId'],
      ['Commercializations', 'commercialization', 'CriticalPathCommercializationId'],
    ]) {
      const res = await post(`/api/CriticalPath/SearchCriticalPath${call}`, {
        BrandId: 1,
        pageNumber: 2,
        pageSize: 15,
        sortColumn: key,
        sortDirection: 'DESC',
      });
      expect(res.status).toBe(200);
      const rows = await res.json();
      const all = await search(kind, { BrandId: 1, pageSize: 100, sortColumn: key, sortDirection: 'DESC' });
      expect(rows.map((r: any) => r[key])).toEqual(all.Results.slice(15, 30).map((r) => r[key]));
      if (rows.length) expect(rows[0].RecordCount).toBe(all.TotalRecords);
    }
  });
});

describe('scope and permissions (PERM-014, PERM-029)', () => {
  it("PERM-014 each kind needs its module's read: a user without critical path permissions is refused every search", async () => {
    const [forecast] = await t.tokens('forecast');
    for (const call of ['DevPatterns', 'DevPrototypes', 'Commercializations']) {
      expect((await post(`/api/CriticalPath/SearchCriticalPath${call}`, { pageNumber: 1, pageSize: 15 }, forecast)).status).toBe(403);
    }
    for (const kind of ['dev-pattern', 'dev-prototype', 'commercialization']) {
      expect((await post(`${grid(kind)}/Search`, { pageNumber: 1, pageSize: 15 }, forecast)).status).toBe(403);
      expect((await post(`${grid(kind)}/Export`, { pageNumber: 1, pageSize: 0 }, forecast)).status).toBe(403);
    }
    // The grids are read-only: nothing saves through them.
    expect((await post(`${grid('dev-prototype')}/Save`, { rows: [{ Key: 1, RowVersion: 1, Changes: { Notes: 'x' } }] }, admin)).status).toBe(404);
  });

  it("PERM-029 a factory user sees only their factories' paths and no factory field (and no kind without its read)", async () => {
    const holds = async (module: number) =>
      (
        await db().query(
          `SELECT 1 FROM users u JOIN role_permissions rp ON rp.roleid = u.roleid
      WHERE u.username = 'factory@example.com' AND rp.moduleid = $1 AND rp.actionid = 1`,
          [module],
        )
      ).length > 0;
    const kinds: [string, number, string, string][] = [
      [
        'dev-pattern',
        11,
        'CriticalPathDevPatternId',
        'SELECT count(*)::int AS n FROM critical_path_dev_pattern_view WHERE criticalpathdevpatternid = ANY($1) AND NOT (factorykeys && $2::text[])',
      ],
      [
        'dev-prototype',
        12,
        'CriticalPathDevPrototypeId',
        'SELECT count(*)::int AS n FROM critical_path_dev_prototype_view WHERE criticalpathdevprototypeid = ANY($1) AND NOT (factorykey = ANY($2))',
      ],
      [
        'commercialization',
        13,
        'CriticalPathCommercializationId',
        'SELECT count(*)::int AS n FROM critical_path_commercializations WHERE criticalpathcommercializationid = ANY($1) AND NOT (factorykey = ANY($2))',
      ],
    ];
    let checked = 0;
    for (const [kind, module, key, outside] of kinds) {
      const res = await post(`${grid(kind)}/Search`, { pageNumber: 1, pageSize: 100 }, factory);
      if (!(await holds(module))) {
        expect(res.status, kind).toBe(403);
        continue;
      }
      expect(res.status, kind).toBe(200);
      const page = await res.json();
      expect(page.TotalRecords, kind).toBeGreaterThan(0);
      for (const r of page.Results) {
        for (const f of ['FactoryKey', 'FactoryName', 'CntryOrgKey', 'FactoryGroupName', 'FactoryGroupKey']) expect(r, kind).not.toHaveProperty(f);
      }
      const [{ n }] = await db().query(outside, [page.Results.map((r: any) => r[key]), factoryKeys]);
      expect(n, kind).toBe(0);
      // A criterion on a field hidden from them is refused, telling nothing about it.
      expect((await post(`${grid(kind)}/Search`, { pageNumber: 1, pageSize: 15, CntryOrgKey: 'CN' }, factory)).status).toBe(400);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('PERM-022 paths of brands the user lacks are not listed', async () => {
    const brands = await userBrands('designer');
    const page = await search('commercialization', { pageSize: 100 });
    const [{ n }] = await db().query(
      `SELECT count(*)::int AS n FROM critical_path_commercialization_view WHERE criticalpathcommercializationid = ANY($1) AND NOT (brandid = ANY($2))`,
      [page.Results.map((r) => r.CriticalPathCommercializationId), brands],
    );
    expect(n).toBe(0);
    expect((await search('commercialization', { BrandId: 999999 })).TotalRecords).toBe(0);
  });
});

describe('CP-013 export of every result', () => {
  it('CP-013 the export holds every matching path, columns in the asked order without the hidden ones', async () => {
    const all = await search('dev-prototype', { BrandId: 1, pageSize: 100 });
    const res = await post(
      `${grid('dev-prototype')}/Export`,
      {
        BrandId: 1,
        pageNumber: 1,
        pageSize: 0,
        columnsHidden: ['Notes'],
        columnsOrder: [
          { column: 'StockNum', index: 0 },
          { column: 'CriticalPathDevPrototypeName', index: 1 },
        ],
      },
      admin,
    );
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as any);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 2)).toEqual(['Stock Number', 'Name']);
    expect(header).not.toContain('Notes');
    expect(ws.actualRowCount - 1).toBe(all.TotalRecords);
  });
});

describe('saved searches as UserSearchCP (CP-014..016)', () => {
  it('CP-014 CP-015 CP-016 save, list, overwrite by name and delete; stored as UserSearchCP', async () => {
    const value = (name: string, module: number) =>
      JSON.stringify({
        Id: 0,
        name,
        searchModule: module,
        searchType: 2,
        searchTerms: { BrandId: 1, pageNumber: 1, pageSize: 25, sortColumn: 'StockNum', sortDirection: 'ASC' },
        columnsHidden: ['Notes'],
        columnsOrder: [{ column: 'StockNum', index: 0 }],
        changedOn: '1/01/2026',
        createdOn: '1/01/2026',
      });
    const save = (name: string, module: number, id = 0) =>
      post('/api/UserPreference/UpdateUserPreferenceSearch', { UserPreferenceId: id, SearchType: 2, Value: value(name, module) });
    const first = await (await save('My prototypes', 2)).json();
    const list = async () => (await (await t.request('GET', '/api/UserPreference/GetUserPreferenceSearch?SearchType=2', { token: designer })).json()) as any[];
    expect((await list()).map((r) => JSON.parse(r.Value).name)).toContain('My prototypes');
    const [{ preferencename }] = await db().query('SELECT preferencename FROM user_preferences WHERE userpreferenceid = $1', [first.UserPreferenceId]);
    expect(preferencename).toBe('UserSearchCP');
    // The hierarchy's saved searches (type 1) do not list it.
    const type1 = await (await t.request('GET', '/api/UserPreference/GetUserPreferenceSearch?SearchType=1', { token: designer })).json();
    expect(type1.map((r: any) => r.UserPreferenceId)).not.toContain(first.UserPreferenceId);
    // The same name overwrites (CP-014): one row, the new type.
    const again = await (await save('My prototypes', 3, first.UserPreferenceId)).json();
    expect(again.UserPreferenceId).toBe(first.UserPreferenceId);
    expect((await list()).filter((r) => JSON.parse(r.Value).name === 'My prototypes').map((r) => JSON.parse(r.Value).searchModule)).toEqual([3]);
    const del = await t.request('POST', `/api/UserPreference/DeleteUserPreferenceSearch?idList=${first.UserPreferenceId}`, { token: designer, json: {} });
    expect(del.status).toBe(200);
    expect((await list()).map((r) => r.UserPreferenceId)).not.toContain(first.UserPreferenceId);
  });
});
