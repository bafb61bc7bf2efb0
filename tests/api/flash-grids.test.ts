/**
 * The server side of the flash-edit grids (issue 12): the criteria bar and column filters of a
 * grid search, the reload of some rows by key, whole criteria results in one page, the streamed
 * .xlsx export of every row, the spec's named calls over the same grid path, and the lookups of the
 * forecast and HTS screens. Expected rows come from the database with the same rules, never from
 * hard-coded results.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: string, costing: string, forecast: string, factory: string, viewer: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, costing, forecast, factory, viewer] = await t.tokens('admin', 'costing', 'forecast', 'factory', 'viewer');
});
afterAll(async () => {
  await t?.close();
});

const post = (token: string, url: string, json: object) => t.request('POST', url, { token, json });
const search = (token: string, grid: string, body: object = {}) => post(token, `/api/Grid/${grid}/Search`, { pageSize: 20000, ...body });
const keysOf = (page: { Results: Record<string, unknown>[] }, key = 'PrototypeSeasonalId') => page.Results.map((r) => r[key] as number).sort((a, b) => a - b);

/** The visible, not deleted colorways of a user's brands (and factories) matching `where` ($1 = value). */
async function expectedKeys(user: string, where: string, value?: unknown) {
  const rows = await t.ctx.db.query<{ id: number }>(
    `
    SELECT v.prototypeseasonalid AS id FROM colorway_view v JOIN users u ON u.username = $1
     WHERE NOT v.isdeleted AND v.brandid IN (SELECT brandid FROM user_brands WHERE userid = u.userid)
       AND (NOT u.isfactoryuser OR v.factnameky IN (SELECT factorykey FROM user_factories WHERE userid = u.userid))
       AND ${where.replace(/\$1/g, '$2')} ORDER BY 1`,
    value === undefined ? [`${user}@example.com`] : [`${user}@example.com`, value],
  );
  return rows.map((r) => r.id);
}

async function workbook(res: Response) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
  const ws = wb.worksheets[0];
  const rows: unknown[][] = [];
  ws.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return { header: rows[0] as string[], data: rows.slice(1) };
}

describe('grid search criteria (the criteria bar)', () => {
  it('FLASH-001: each criterion of the costing grid narrows the rows to exactly the matching colorways', async () => {
    const [sample] = await t.ctx.db.query(`SELECT brandid, seasonid, lineplanid, divisionkey, genderkey, statusid, factnameky, patternid FROM colorway_view
      WHERE NOT isdeleted AND factnameky IS NOT NULL AND brandid = 1 ORDER BY prototypeseasonalid LIMIT 1`);
    const all = await expectedKeys('costing', 'true');
    const cases: [string, string, unknown][] = [
      ['BrandId', 'v.brandid = $1', sample.brandid],
      ['SeasonId', 'v.seasonid = $1', sample.seasonid],
      ['LinePlanId', 'v.lineplanid = $1', sample.lineplanid],
      ['DivisionKey', 'v.divisionkey = $1', sample.divisionkey],
      ['GenderKey', 'v.genderkey = $1', sample.genderkey],
      ['StatusId', 'v.statusid = $1', sample.statusid],
      ['FactNameKy', 'v.factnameky = $1', sample.factnameky],
      ['PatternId', 'v.patternid = $1', sample.patternid],
    ];
    for (const [criterion, where, value] of cases) {
      const res = await search(costing, 'costing', { [criterion]: value });
      expect(res.status, criterion).toBe(200);
      const page = await res.json();
      const expected = await expectedKeys('costing', where, value);
      expect(keysOf(page), criterion).toEqual(expected);
      expect(expected.length, criterion).toBeGreaterThan(0);
      expect(expected.length, criterion).toBeLessThanOrEqual(all.length);
      const none = await (await search(costing, 'costing', { [criterion]: typeof value === 'number' ? 2147483647 : 'ZZ' })).json();
      expect(none.TotalRecords, criterion).toBe(0);
    }
    const combined = await (await search(costing, 'costing', { BrandId: sample.brandid, SeasonId: sample.seasonid, StatusId: sample.statusid })).json();
    expect(keysOf(combined)).toEqual(
      await expectedKeys('costing', `v.brandid = ${Number(sample.brandid)} AND v.seasonid = ${Number(sample.seasonid)} AND v.statusid = $1`, sample.statusid),
    );
  });

  it('FLASH-001: the free text matches stock number, name, pattern or colour, as typed (no wildcards)', async () => {
    const [{ stocknum }] = await t.ctx.db.query(
      `SELECT stocknum FROM colorway_view WHERE NOT isdeleted AND stocknum IS NOT NULL ORDER BY prototypeseasonalid LIMIT 1`,
    );
    const text = String(stocknum).slice(0, 4).toLowerCase();
    const page = await (await search(costing, 'costing', { searchText: text })).json();
    expect(keysOf(page)).toEqual(
      await expectedKeys('costing', `(v.stocknum ILIKE $1 OR v.prototypename ILIKE $1 OR v.patternname ILIKE $1 OR v.colordesc ILIKE $1)`, `%${text}%`),
    );
    expect((await (await search(costing, 'costing', { searchText: '%' })).json()).TotalRecords).toBe(0);
  });

  it('PERM-022/023: criteria keep the record-level rules: a factory user sees only their factories, another brand gives nothing', async () => {
    const mine = await (await search(factory, 'costing', {})).json();
    expect(keysOf(mine)).toEqual(await expectedKeys('factory', 'true'));
    const other = await (await search(factory, 'costing', { BrandId: 2 })).json();
    expect(other.TotalRecords).toBe(0);
  });

  it('PERM-029: a criterion on a field the user may not see is a 400, not a filtered answer', async () => {
    const res = await search(factory, 'costing', { FactNameKy: '310101' });
    expect(res.status).toBe(400);
    expect((await res.json()).Errors[0].Field).toBe('/FactNameKy');
  });

  it('FLASH-001: a whole criteria result comes in one page: pageSize 20000 is accepted, 20001 refused', async () => {
    const res = await search(costing, 'costing', { pageSize: 20000 });
    expect(res.status).toBe(200);
    const page = await res.json();
    expect(page.Results.length).toBe(page.TotalRecords);
    expect(page).toMatchObject({ CurrentPageNumber: 1, PageSize: 20000, TotalPageCount: 1, FirstRecord: 1, LastRecord: page.TotalRecords });
    expect((await search(costing, 'costing', { pageSize: 20001 })).status).toBe(400);
  });

  it('a page answers the rows in the requested order, paged like every search (CONST-008)', async () => {
    const first = await (await search(costing, 'costing', { pageSize: 7, pageNumber: 2, sortColumn: 'StockNum', sortDirection: 'DESC' })).json();
    const all = await (await search(costing, 'costing', { sortColumn: 'StockNum', sortDirection: 'DESC' })).json();
    expect(first.Results).toEqual(all.Results.slice(7, 14));
    expect(first).toMatchObject({ CurrentPageNumber: 2, PageSize: 7, FirstRecord: 8, LastRecord: 14, TotalRecords: all.TotalRecords });
  });

  it('int4, NUL and non-numbers in criteria are refused by the request schema', async () => {
    for (const bad of [{ LinePlanId: 2147483648 }, { BrandId: -1 }, { DivisionKey: 'a\u0000' }, { SeasonId: 'abc' }, { Keys: [0] }, { Keys: ['x'] }]) {
      expect((await search(costing, 'costing', bad)).status, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('column filters', () => {
  it('FLASH-001: contains, equals and a numeric range narrow the rows; a reference column filters by its id or its shown name', async () => {
    const [row] = await t.ctx.db.query(
      `SELECT stocknum, statusid, statusname FROM colorway_view WHERE NOT isdeleted AND stocknum IS NOT NULL AND brandid = 1 ORDER BY prototypeseasonalid LIMIT 1`,
    );
    const text = String(row.stocknum).slice(-3);
    const cases: [object, string, unknown][] = [
      [{ StockNum: { contains: text } }, 'v.stocknum ILIKE $1', `%${text}%`],
      [{ StockNum: { equals: String(row.stocknum).toLowerCase() } }, 'lower(v.stocknum) = $1', String(row.stocknum).toLowerCase()],
      [{ FFC: { from: 10, to: 40 } }, 'v.ffc BETWEEN 10 AND $1', 40],
      [{ FFC: { from: 40 } }, 'v.ffc >= $1', 40],
      [{ StatusName: { contains: String(row.statusname).slice(0, 3) } }, 'v.statusname ILIKE $1', `%${String(row.statusname).slice(0, 3)}%`],
      [{ StatusId: { equals: row.statusid } }, 'v.statusid = $1', row.statusid],
      [{ CostingCompl: { equals: true } }, 'v.costingcompl = $1', true],
    ];
    for (const [columnFilters, where, value] of cases) {
      const res = await search(costing, 'costing', { columnFilters });
      expect(res.status, JSON.stringify(columnFilters)).toBe(200);
      expect(keysOf(await res.json()), JSON.stringify(columnFilters)).toEqual(await expectedKeys('costing', where, value));
    }
  });

  it('FLASH-001: a reference column the view does not name is filtered by the name the grid shows', async () => {
    const [d] = await t.ctx.db.query(
      `SELECT dv.divisionkey, dv.divisionname FROM divisions dv WHERE EXISTS (SELECT 1 FROM colorway_view v WHERE v.divisionkey = dv.divisionkey AND NOT v.isdeleted) ORDER BY 1 LIMIT 1`,
    );
    const page = await (await search(admin, 'prototype', { columnFilters: { DivisionKey: { equals: d.divisionname } } })).json();
    expect(keysOf(page)).toEqual(await expectedKeys('admin', 'v.divisionkey = $1', d.divisionkey));
    expect(page.Results[0].DivisionName).toBe(d.divisionname);
  });

  it('FLASH-001: a date range filters a date column', async () => {
    const [{ d }] = await t.ctx.db.query(`SELECT min(isrcompletedate)::text AS d FROM colorway_view WHERE isrcompletedate IS NOT NULL`);
    if (d === null) return;
    const page = await (await search(costing, 'costing', { columnFilters: { ISRCompleteDate: { from: d, to: d } } })).json();
    expect(keysOf(page)).toEqual(await expectedKeys('costing', 'v.isrcompletedate = $1::date', d));
  });

  it('PERM-029: a filter on a column the user may not see, or that the grid does not have, or of the wrong type is a 400', async () => {
    for (const [token, columnFilters] of [
      [factory, { WsPrice: { from: 1 } }],
      [factory, { FactNameKy: { equals: '310101' } }],
      [costing, { PatternName: { contains: 'a' } }],
      [costing, { Nope: { contains: 'a' } }],
      [costing, { FFC: { from: 'abc' } }],
      [costing, { StockNum: { from: 1 } }],
      [costing, { ISRCompleteDate: { from: '2026-02-30' } }],
      [costing, { StockNum: {} }],
      [costing, { StockNum: { contains: 'a', equals: 'b' } }],
      [costing, { StockNum: 'x' }],
    ] as [string, object][]) {
      const res = await search(token, 'costing', { columnFilters });
      expect(res.status, JSON.stringify(columnFilters)).toBe(400);
    }
  });
});

describe('reload of some rows', () => {
  it("FLASH-001: Keys answers just those rows, within the user's records", async () => {
    const all = await expectedKeys('costing', 'true');
    const wanted = [all[0], all[3], all[all.length - 1]];
    const page = await (await search(costing, 'costing', { Keys: wanted })).json();
    expect(keysOf(page)).toEqual([...wanted].sort((a, b) => a - b));
    const [outside] = await t.ctx.db.query(`SELECT prototypeseasonalid AS id FROM colorway_view WHERE brandid <> 1 ORDER BY 1 LIMIT 1`);
    const theirs = await (await search(factory, 'costing', { Keys: [outside.id] })).json();
    expect(theirs.Results).toEqual([]);
  });
});

describe('export of every row', () => {
  it('FLASH-004: the costing export is an .xlsx named {report}-Export.xlsx with the column titles (then the record key, issue 27) and every row of the search', async () => {
    const res = await post(costing, '/api/Grid/costing/Export', { BrandId: 1, sortColumn: 'StockNum' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain('filename="Costing-Export.xlsx"');
    const { header, data } = await workbook(res);
    const schema = t.ctx.schemas.entities.get('colorway')!;
    const grid = t.ctx.schemas.grids.get('costing')!;
    expect(header).toEqual([...grid.columns.map((c) => schema.properties[c.field].title), schema.properties.PrototypeSeasonalId.title]);
    const page = await (await search(costing, 'costing', { BrandId: 1, sortColumn: 'StockNum' })).json();
    expect(data.length).toBe(page.TotalRecords);
    expect(data.map((r) => r[0] ?? null)).toEqual(page.Results.map((r: any) => r.StockNum));
  });

  it('FLASH-004: numbers are numbers and dates are dates in the file', async () => {
    const { header, data } = await workbook(await post(costing, '/api/Grid/costing/Export', {}));
    const ffc = header.indexOf('Factory First Cost');
    const isrDate = header.indexOf(t.ctx.schemas.entities.get('colorway')!.properties.ISRCompleteDate.title!);
    const ffcs = data.map((r) => r[ffc]).filter((v) => v !== undefined && v !== null);
    expect(ffcs.length).toBeGreaterThan(0);
    for (const v of ffcs) expect(typeof v).toBe('number');
    const dates = data.map((r) => r[isrDate]).filter((v) => v !== undefined && v !== null);
    for (const v of dates) expect(v).toBeInstanceOf(Date);
    const [{ n }] = await t.ctx.db.query(`SELECT count(*)::int AS n FROM colorway_view v WHERE NOT isdeleted AND isrcompletedate IS NOT NULL
      AND brandid IN (SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'costing@example.com')`);
    expect(dates.length).toBe(n);
  });

  it('CONST-017: text starting with = + - @ is neutralised, never a formula', async () => {
    const [{ id, name }] = await t.ctx.db.query(
      `SELECT prototypeid AS id, prototypename AS name FROM colorway_view WHERE brandid = 1 AND NOT isdeleted ORDER BY 1 LIMIT 1`,
    );
    await t.ctx.db.query(`UPDATE prototypes SET prototypename = '=HYPERLINK("http://x","y")' WHERE prototypeid = $1`, [id]);
    try {
      const res = await post(costing, '/api/Grid/costing/Export', { columnFilters: { PrototypeName: { contains: 'HYPERLINK' } } });
      const { header, data } = await workbook(res);
      const col = header.indexOf('Prototype Name') >= 0 ? header.indexOf('Prototype Name') : 1;
      expect(data.length).toBeGreaterThan(0);
      for (const r of data) {
        expect(typeof r[col]).toBe('string');
        expect(r[col]).toBe(`'=HYPERLINK("http://x","y")`);
      }
    } finally {
      await t.ctx.db.query('UPDATE prototypes SET prototypename = $2 WHERE prototypeid = $1', [id, name]);
    }
  });

  it("FLASH-018/PERM-029: a factory user's costing export has no WsPrice, RetailPrice or factory field, only their rows", async () => {
    const res = await post(factory, '/api/Grid/costing/Export', {});
    expect(res.status).toBe(200);
    const { header, data } = await workbook(res);
    const schema = t.ctx.schemas.entities.get('colorway')!;
    const rules = t.ctx.schemas.visibility
      .get('colorway')!
      .rules.filter((r) => r.hiddenFromFactoryUsers)
      .flatMap((r) => r.fields);
    for (const f of ['WsPrice', 'RetailPrice', ...rules]) expect(header, f).not.toContain(schema.properties[f].title);
    expect(header.length).toBeGreaterThan(0);
    expect(data.length).toBe((await expectedKeys('factory', 'true')).length);
  });

  it("FLASH-004: every searchable grid exports its search's rows, reference columns by the names the grid shows", async () => {
    for (const grid of ['costing', 'forecast', 'pattern-forecast', 'hts', 'prototype', 'colorway-search', 'users', 'library-outsole']) {
      const body = { sortColumn: undefined };
      const res = await post(admin, `/api/Grid/${grid}/Export`, body);
      expect(res.status, grid).toBe(200);
      const { header, data } = await workbook(res);
      const page = await (await search(admin, grid, body)).json();
      expect(data.length, grid).toBe(page.TotalRecords);
      expect(header.length, grid).toBeGreaterThan(0);
    }
    // The colorway flash edit shows names for its division (named outside the view): the file carries them.
    const { header, data } = await workbook(await post(admin, '/api/Grid/prototype/Export', { sortColumn: 'PrototypeSeasonalId' }));
    const page = await (await search(admin, 'prototype', { sortColumn: 'PrototypeSeasonalId' })).json();
    const division = header.indexOf(t.ctx.schemas.entities.get('colorway')!.properties.DivisionKey.title!);
    expect(data.map((r) => r[division] ?? null)).toEqual(page.Results.map((r: any) => r.DivisionName ?? null));
  });

  it("an export needs the grid's read permission and refuses what the search refuses", async () => {
    expect((await post(forecast, '/api/Grid/costing/Export', {})).status).toBe(403);
    expect((await post(factory, '/api/Grid/costing/Export', { FactNameKy: 'x' })).status).toBe(400);
    expect((await post(costing, '/api/Grid/costing/Export', { sortColumn: 'Nope' })).status).toBe(400);
  });
});

describe("the spec's named calls are the grid path", () => {
  it('FLASH-015/024/035: GetProtoCostingList, GetProtoForecastList, GetPatternForecastList and HtsSearch answer the grid search', async () => {
    for (const [url, grid, token] of [
      ['/api/Costing/GetProtoCostingList', 'costing', costing],
      ['/api/Forecast/GetProtoForecastList', 'forecast', forecast],
      ['/api/Forecast/GetPatternForecastList', 'pattern-forecast', forecast],
      ['/api/hts/HtsSearch', 'hts', admin],
    ] as const) {
      const body = { BrandId: 1, pageSize: 500, sortColumn: grid === 'pattern-forecast' ? 'PatternName' : 'StockNum' };
      const named = await post(token, url, body);
      expect(named.status, url).toBe(200);
      expect(await named.json(), url).toEqual(await (await search(token, grid, body)).json());
    }
    expect((await post(forecast, '/api/Costing/GetProtoCostingList', {})).status).toBe(403);
    expect((await post(costing, '/api/hts/HtsSearch', {})).status).toBe(403);
  });

  it('FLASH-014/015: UpdateProtoCosting saves like the grid; a failed row says "There was an error performing the update: …" once', async () => {
    const page = await (
      await post(costing, '/api/Costing/GetProtoCostingList', { BrandId: 1, StatusId: 1, pageSize: 2, sortColumn: 'PrototypeSeasonalId' })
    ).json();
    const [a, b] = page.Results;
    const res = await post(costing, '/api/Costing/UpdateProtoCosting', {
      rows: [
        { Key: a.PrototypeSeasonalId, RowVersion: a.RowVersion, Changes: { EstFFC: 12.5 } },
        { Key: b.PrototypeSeasonalId, RowVersion: b.RowVersion, Changes: { EstFFC: -3 } },
      ],
    });
    expect(res.status).toBe(200);
    const out = await res.json();
    expect(out.Saved.map((r: any) => r.PrototypeSeasonalId)).toEqual([a.PrototypeSeasonalId]);
    expect(out.Saved[0].EstFFC).toBe(12.5);
    const prefix = 'There was an error performing the update: ';
    expect(out.Failed[0].Message.startsWith(prefix)).toBe(true);
    expect(out.Failed[0].Message.indexOf(prefix, 1)).toBe(-1);
    expect(out.Failed[0].Errors[0].Field).toBe('/EstFFC');
    expect(
      (await post(viewer, '/api/Costing/UpdateProtoCosting', { rows: [{ Key: a.PrototypeSeasonalId, RowVersion: 1, Changes: { EstFFC: 1 } }] })).status,
    ).toBe(403);
  });

  it('FLASH-024: UpdateProtoForecast and UpdatePatternForecast need forecasting edit', async () => {
    for (const url of ['/api/Forecast/UpdateProtoForecast', '/api/Forecast/UpdatePatternForecast']) {
      expect((await post(costing, url, { rows: [{ Key: 1, RowVersion: 1, Changes: { USVolume: 1 } }] })).status, url).toBe(403);
    }
    expect((await post(viewer, '/api/hts/UpdateHts', { rows: [{ Key: 1, RowVersion: 1, Changes: { UsHtsStawn: '' } }] })).status).toBe(403);
  });
});

describe('lookups of the flash-edit screens', () => {
  it("FLASH-016: isBrandPDMReady answers the brand's flag", async () => {
    for (const b of await t.ctx.db.query<{ brandid: number; ispdmready: boolean }>('SELECT brandid, ispdmready FROM brands WHERE brandid IN (1, 2)')) {
      const res = await t.request('GET', `/api/Brand/isBrandPDMReady?BrandId=${b.brandid}`, { token: costing });
      expect(res.status).toBe(200);
      expect(await res.json()).toBe(b.ispdmready);
    }
  });

  it('FLASH-022: LaunchDateId answers the launch date of the colorway\'s line plan; another number is "Invalid Launch Number"', async () => {
    const [c] = await t.ctx.db.query(`SELECT v.prototypeseasonalid AS id, d.launchnumber AS n, d.lineplanlaunchdateid AS ld
      FROM colorway_view v JOIN line_plan_launch_dates d ON d.lineplanid = v.lineplanid
      WHERE v.brandid = 1 AND NOT v.isdeleted ORDER BY 1, 2 DESC LIMIT 1`);
    const get = (n: number | string, id = c.id) =>
      t.request('GET', `/api/forecast/LaunchDateId?PrototypeSeasonalId=${id}&LaunchNumber=${n}`, { token: forecast });
    const ok = await get(c.n);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ LinePlanLaunchDateId: c.ld });
    const [missing] = await t.ctx.db.query(
      `SELECT n FROM generate_series(1, 8) n WHERE NOT EXISTS (SELECT 1 FROM line_plan_launch_dates d
      JOIN colorway_view v ON v.lineplanid = d.lineplanid WHERE v.prototypeseasonalid = $1 AND d.launchnumber = n) ORDER BY n LIMIT 1`,
      [c.id],
    );
    for (const n of [9, 0, ...(missing ? [missing.n] : [])]) {
      const res = await get(n);
      expect(res.status, String(n)).toBe(400);
      expect((await res.json()).Message).toBe('Invalid Launch Number');
    }
    expect((await get('abc')).status).toBe(400);
    expect((await t.request('GET', `/api/forecast/LaunchDateId?PrototypeSeasonalId=${c.id}&LaunchNumber=1`, { token: costing })).status).toBe(403);
  });

  it('FLASH-031/032: DutySearch answers the duty codes of an origin, narrowed by destination and code; no origin is refused', async () => {
    const [{ countryorigin: origin, countrydestination: dest, htsstawn: code }] = await t.ctx.db.query(
      'SELECT countryorigin, countrydestination, htsstawn FROM hts_duties ORDER BY htskey LIMIT 1',
    );
    const duty = (body: object) => post(admin, '/api/hts/DutySearch', body);
    const byOrigin = await (await duty({ CountryOrigin: origin })).json();
    const [{ n }] = await t.ctx.db.query('SELECT count(*)::int AS n FROM hts_duties WHERE countryorigin = $1', [origin]);
    expect(byOrigin.length).toBe(n);
    expect(Object.keys(byOrigin[0]).sort()).toEqual(['CountryDestination', 'CountryOrigin', 'Duty', 'HTSKey', 'HTSStawn']);
    const narrowed = await (await duty({ CountryOrigin: origin, CountryDestination: dest, HTSStawn: code.slice(0, 4) })).json();
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.length).toBeLessThan(byOrigin.length);
    for (const r of narrowed) expect(r).toMatchObject({ CountryOrigin: origin, CountryDestination: dest });
    for (const r of narrowed) expect(r.HTSStawn).toContain(code.slice(0, 4));
    for (const body of [{}, { CountryOrigin: ' ' }]) {
      const res = await duty(body);
      expect(res.status).toBe(400);
      expect((await res.json()).Message).toBe('No valid country of origin found.');
    }
    expect((await post(costing, '/api/hts/DutySearch', { CountryOrigin: origin })).status).toBe(403);
  });
});
