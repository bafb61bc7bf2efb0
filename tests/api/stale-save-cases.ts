/**
 * The stale case of each update route that takes a version (stale-save.test.ts walks them): read a
 * record, save it once as one user, save it again at the version read as another. The test binds
 * the app and fills the demo users' tokens and names (`useApp`) before the cases run.
 */
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { DemoUser, TestApp } from '../helpers/test-app';
import { linePlanSteps } from '../helpers/line-plans';

type Json = Record<string, any>;

let t: TestApp;
export const token = {} as Record<DemoUser, string>;
export const nameOf = {} as Record<DemoUser, string>;
/** The app the cases run against (set in the test's beforeAll). */
export function useApp(app: TestApp) {
  t = app;
}

const db = () => t.ctx.db;
const get = async (url: string, as: DemoUser = 'admin') => {
  const res = await t.request('GET', url, { token: token[as] });
  const body = await res.json();
  expect(res.status, `${url} ${JSON.stringify(body)}`).toBe(200);
  return body;
};
const post = (url: string, json: unknown, as: DemoUser) => t.request('POST', url, { token: token[as], json });
const one = async (sql: string, params: unknown[] = []) => (await db().query(sql, params))[0];

/** A stale case: who saves first, and the two saves (the first moves the version, the second is sent at the version read). */
export interface StaleCase {
  first: DemoUser;
  /** The answer carries the refused rows (a grid save): the stale row is checked, not the status of the call. */
  grid?: boolean;
  run(): Promise<{ saved: Response; stale: Response; version: unknown }>;
}

let n = 0;
const linePlans = linePlanSteps(
  () => t,
  () => token.designer,
);
/** A new line plan of brand 1 (season 3, sub-seasons 5 and 6) in status 1, and its version. */
const newLinePlan = async () => {
  const id = await linePlans.create();
  return { id, v: await linePlans.rowVersion(id) };
};

/** A hierarchy update: the record read, one field saved by the designer, then again at the version read by the administrator. */
const hierarchyCase = (area: string, read: (id: number) => string, pick: () => Promise<number>, field: string): StaleCase => ({
  first: 'designer',
  async run() {
    const id = await pick();
    const rec = await get(read(id), 'designer');
    const saved = await post(`/api/${area}`, { Id: id, RowVersion: rec.RowVersion, Changes: { [field]: `Saved ${++n}` } }, 'designer');
    const stale = await post(`/api/${area}`, { Id: id, RowVersion: rec.RowVersion, Changes: { [field]: `Stale ${n}` } }, 'admin');
    return { saved, stale, version: rec.RowVersion + 1 };
  },
});

/** A grid save: a row read through the grid's search, one cell saved, then again at the version read. */
const gridCase = (search: string, save: string, key: string, first: DemoUser, change: (row: Json) => Json): StaleCase => ({
  first,
  grid: true,
  async run() {
    const rows = (await (await post(search, { pageSize: 20, sortColumn: key }, first)).json()).Results as Json[];
    // The first row the grid's rules let this user change (a released or read-only status may refuse it).
    for (const row of rows) {
      const saved = await post(save, { rows: [{ Key: row[key], RowVersion: row.RowVersion, Changes: change(row) }] }, first);
      if ((await saved.clone().json()).Failed.length) continue;
      const stale = await post(save, { rows: [{ Key: row[key], RowVersion: row.RowVersion, Changes: change(row) }] }, 'admin');
      return { saved, stale, version: row.RowVersion + 1 };
    }
    throw new Error(`no row of ${search} could be saved`);
  },
});

/** A line plan's child set saved at the line plan's version. */
const childCase = (set: string, items: Json[]): StaleCase => ({
  first: 'designer',
  async run() {
    const lp = await newLinePlan();
    const saved = await post(`/api/LinePlan/Save${set}`, { LinePlanId: lp.id, RowVersion: lp.v, Items: items }, 'designer');
    const stale = await post(`/api/LinePlan/Save${set}`, { LinePlanId: lp.id, RowVersion: lp.v, Items: items }, 'admin');
    return { saved, stale, version: lp.v + 1 };
  },
});

const calendarUpload = async (id: number, rowVersion: number, as: DemoUser) => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Calendar');
  ws.addRow(['Sub-Season', 'Name', 'Stage', 'Group', 'Sort', 'Start Date', 'End Date']);
  ws.addRow(['Spring 2027', 'Kick-off', 'Concept', 1, 10, '2026-02-01', null]);
  const form = new FormData();
  form.set('LinePlanId', String(id));
  form.set('RowVersion', String(rowVersion));
  form.set('file', new Blob([await wb.xlsx.writeBuffer()]), 'calendar.xlsx');
  return t.request('POST', '/api/LinePlan/ImportCalendar', { token: token[as], body: form });
};

const colorwayOfBrand1 = async (skip: number) =>
  (
    await one('SELECT prototypeseasonalid AS id FROM colorway_view WHERE brandid = 1 AND statusid IN (1, 2) AND NOT isdeleted ORDER BY 1 OFFSET $1 LIMIT 1', [
      skip,
    ])
  ).id as number;
const colorwayVersion = async (id: number) =>
  (await one('SELECT rowversion FROM prototype_seasonals WHERE prototypeseasonalid = $1', [id])).rowversion as number;

/** A dev prototype path of brand 1 (the designer's brand), by position. */
const devPrototypePath = async (skip: number) =>
  (
    await one(
      `SELECT cp.criticalpathdevprototypeid AS id FROM critical_path_dev_prototypes cp JOIN prototype_seasonals ps USING (prototypeseasonalid)
     JOIN prototypes p USING (prototypeid) WHERE p.brandid = 1 AND cp.criticalpathheaderstatusid = 1 ORDER BY 1 OFFSET $1 LIMIT 1`,
      [skip],
    )
  ).id as number;

export const CASES: Record<string, StaleCase> = {
  'POST /api/LinePlan/UpdateLinePlan': hierarchyCase(
    'LinePlan/UpdateLinePlan',
    (id) => `/api/LinePlan/GetLinePlan?LinePlanId=${id}`,
    async () => (await newLinePlan()).id,
    'LinePlanName',
  ),
  'POST /api/Brief/UpdateBrief': hierarchyCase(
    'Brief/UpdateBrief',
    (id) => `/api/Brief/GetBriefSeasonal?BriefSeasonalId=${id}`,
    async () => (await one('SELECT briefseasonalid AS id FROM brief_view WHERE brandid = 1 AND statusid IN (1, 2) AND NOT isdeleted ORDER BY 1 LIMIT 1')).id,
    'Trends',
  ),
  'POST /api/Pattern/UpdatePattern': hierarchyCase(
    'Pattern/UpdatePattern',
    (id) => `/api/Pattern/GetPatternSeasonalDetails?PatternSeasonalId=${id}`,
    async () =>
      (await one('SELECT patternseasonalid AS id FROM pattern_view WHERE brandid = 1 AND statusid IN (1, 2) AND NOT isdeleted ORDER BY 1 LIMIT 1')).id,
    'UpperMaterial',
  ),
  'POST /api/Prototype/UpdatePrototype': hierarchyCase(
    'Prototype/UpdatePrototype',
    (id) => `/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${id}`,
    () => colorwayOfBrand1(0),
    'GenNotes',
  ),

  'POST /api/Grid/:gridId/Save': gridCase('/api/Grid/costing/Search', '/api/Grid/costing/Save', 'PrototypeSeasonalId', 'costing', (row) => ({
    EstFFC: Number(row.EstFFC ?? 0) + 1,
  })),
  'POST /api/Costing/UpdateProtoCosting': gridCase(
    '/api/Costing/GetProtoCostingList',
    '/api/Costing/UpdateProtoCosting',
    'PrototypeSeasonalId',
    'costing',
    (row) => ({ EstFFC: Number(row.EstFFC ?? 0) + 2 }),
  ),
  'POST /api/Forecast/UpdateProtoForecast': gridCase(
    '/api/Forecast/GetProtoForecastList',
    '/api/Forecast/UpdateProtoForecast',
    'PrototypeSeasonalId',
    'forecast',
    (row) => ({ CAVolume: Number(row.CAVolume ?? 0) + 1 }),
  ),
  'POST /api/Forecast/UpdatePatternForecast': gridCase(
    '/api/Forecast/GetPatternForecastList',
    '/api/Forecast/UpdatePatternForecast',
    'PatternSeasonalId',
    'forecast',
    (row) => ({ CAVolume: Number(row.CAVolume ?? 0) + 1 }),
  ),
  'POST /api/hts/UpdateHts': gridCase('/api/hts/HtsSearch', '/api/hts/UpdateHts', 'PrototypeSeasonalId', 'admin', () => ({ HTSNotes: `Saved ${++n}` })),

  'POST /api/User/UpdateUser': {
    first: 'admin',
    async run() {
      const u = await get('/api/User/GetUser?UserId=12');
      const saved = await post('/api/User/UpdateUser', { User: { UserId: 12, RowVersion: u.RowVersion, FirstName: 'Elena S.' } }, 'admin');
      const stale = await post('/api/User/UpdateUser', { User: { UserId: 12, RowVersion: u.RowVersion, LastName: 'Stale' } }, 'admin');
      return { saved, stale, version: u.RowVersion + 1 };
    },
  },
  'POST /api/Role/UpdateRole': {
    first: 'admin',
    async run() {
      const role = await get('/api/Role/GetRole?roleId=5');
      const saved = await post(
        '/api/Role/UpdateRole',
        { Role: { ...role, RoleName: `${role.RoleName} S` }, PermissionAssignment: role.PermissionAssignment },
        'admin',
      );
      const stale = await post('/api/Role/UpdateRole', { Role: { ...role, RoleName: 'Stale role' }, PermissionAssignment: [] }, 'admin');
      return { saved, stale, version: role.RowVersion + 1 };
    },
  },
  'POST /api/SystemMessage/UpdateMessage': {
    first: 'admin',
    async run() {
      const message = (title: string, changedOn?: string) => ({
        Title: title,
        Message: 'Maintenance tonight.',
        StartTime: new Date().toISOString(),
        ExpireTime: new Date(Date.now() + 86_400_000).toISOString(),
        ...(changedOn ? { ChangedOn: changedOn } : {}),
      });
      const created = await (await post('/api/SystemMessage/UpdateMessage?id=0', message('Stale test'), 'admin')).json();
      const { SystemMessageId: id, ChangedOn: read } = created.SystemMessage;
      const saved = await post(`/api/SystemMessage/UpdateMessage?id=${id}`, message('Saved', read), 'admin');
      const now = (await saved.clone().json()).SystemMessage?.ChangedOn;
      const stale = await post(`/api/SystemMessage/UpdateMessage?id=${id}`, message('Stale', read), 'admin');
      // A message's version is its ChangedOn (SYSMSG-006).
      return { saved, stale, version: now && new Date(now).toISOString() };
    },
  },

  'POST /api/LinePlan/SaveSeasonalPlanningItems': childCase('SeasonalPlanningItems', [{ Name: 'Line review', StartDate: '2026-01-05', EndDate: '2026-01-09' }]),
  'POST /api/LinePlan/SaveCalendarItems': childCase('CalendarItems', [{ SubSeasonId: 5, Name: 'Kick-off', Stage: 'Concept', GroupId: 1 }]),
  'POST /api/LinePlan/SaveLaunchDates': childCase('LaunchDates', [{ LaunchNumber: 1 }]),
  'POST /api/LinePlan/ImportCalendar': {
    first: 'designer',
    async run() {
      const lp = await newLinePlan();
      const saved = await calendarUpload(lp.id, lp.v, 'designer');
      const stale = await calendarUpload(lp.id, lp.v, 'admin');
      return { saved, stale, version: lp.v + 1 };
    },
  },

  'POST /api/Pattern/RelinkPattern': {
    first: 'designer',
    async run() {
      const briefs = (
        await db().query('SELECT briefseasonalid AS id FROM brief_view WHERE brandid = 1 AND seasonid = 1 AND statusid = 2 AND NOT isdeleted ORDER BY 1')
      ).map((r) => r.id as number);
      const [designer] = await db().query(`SELECT userid FROM users WHERE username = 'designer@example.com'`);
      const created = await post(
        '/api/Pattern/CreatePatternSeasonal',
        {
          PatternName: `Stale Pattern ${++n}`,
          BrandId: 1,
          SeasonId: 1,
          BriefSeasonalId: briefs[0],
          GenderKey: '01',
          PatternNameKey: `SP-${n}`,
          ResponsibleId: designer.userid,
          WFGroupId: 5,
        },
        'designer',
      );
      expect(created.status, JSON.stringify(await created.clone().json())).toBe(200);
      const id = (await created.json()).Data.PatternSeasonalId as number;
      const { RowVersion: read } = await get(`/api/Pattern/GetPatternSeasonalDetails?PatternSeasonalId=${id}`, 'designer');
      const saved = await post('/api/Pattern/RelinkPattern', { PatternSeasonalId: id, BriefSeasonalId: briefs[1], RowVersion: read }, 'designer');
      const stale = await post('/api/Pattern/RelinkPattern', { PatternSeasonalId: id, BriefSeasonalId: briefs[2] ?? briefs[0], RowVersion: read }, 'admin');
      return { saved, stale, version: read + 1 };
    },
  },
  'POST /api/Prototype/UpdatePrototypeData': {
    first: 'designer',
    async run() {
      const id = await colorwayOfBrand1(1);
      const v = await colorwayVersion(id);
      const saved = await post('/api/Prototype/UpdatePrototypeData', { PrototypeSeasonalId: id, RowVersion: v, Changes: { GenNotes: 'Saved.' } }, 'designer');
      const stale = await post('/api/Prototype/UpdatePrototypeData', { PrototypeSeasonalId: id, RowVersion: v, Changes: { GenNotes: 'Stale.' } }, 'admin');
      return { saved, stale, version: v + 1 };
    },
  },
  'POST /api/Prototype/SaveSizeRanges': {
    first: 'designer',
    async run() {
      const id = await colorwayOfBrand1(2);
      const v = await colorwayVersion(id);
      const body = (regionId: number, sizes: string) => ({
        PrototypeSeasonalId: id,
        RowVersion: v,
        SizeRanges: [{ RegionId: regionId, WidthId: 1, SizeRange: sizes }],
      });
      const saved = await post('/api/Prototype/SaveSizeRanges', body(3, '6-12'), 'designer');
      const stale = await post('/api/Prototype/SaveSizeRanges', body(4, '39-46'), 'admin');
      return { saved, stale, version: v + 1 };
    },
  },

  'POST /api/CriticalPath/UpdateCriticalPathDevPattern': {
    first: 'designer',
    async run() {
      const [ps] = await db().query(`SELECT cp.patternseasonalid AS id FROM critical_path_dev_patterns cp JOIN pattern_seasonals ps USING (patternseasonalid)
        JOIN patterns p USING (patternid) WHERE p.brandid = 1 AND cp.criticalpathheaderstatusid = 1 ORDER BY 1 LIMIT 1`);
      const d = await get(`/api/CriticalPath/GetCriticalPathDevPatternDetails?PatternSeasonalId=${ps.id}`, 'designer');
      const body = (notes: string) => ({
        CriticalPathDevPatternId: d.Header.CriticalPathDevPatternId,
        PatternSeasonalId: ps.id,
        RowVersion: d.Header.RowVersion,
        CriticalPathName: d.Header.CriticalPathName,
        Notes: notes,
      });
      const saved = await post('/api/CriticalPath/UpdateCriticalPathDevPattern', body('Saved.'), 'designer');
      const stale = await post('/api/CriticalPath/UpdateCriticalPathDevPattern', body('Stale.'), 'admin');
      return { saved, stale, version: d.Header.RowVersion + 1 };
    },
  },
  'POST /api/CriticalPath/UpdateCriticalPathDevPrototype': {
    first: 'designer',
    async run() {
      const d = await get(`/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=${await devPrototypePath(0)}`, 'designer');
      const body = (notes: string) => ({
        CriticalPathDevPrototypeId: d.Header.CriticalPathDevPrototypeId,
        RowVersion: d.Header.RowVersion,
        CriticalPathDevPrototypeName: d.Header.CriticalPathDevPrototypeName,
        Notes: notes,
      });
      const saved = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', body('Saved.'), 'designer');
      const stale = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', body('Stale.'), 'admin');
      return { saved, stale, version: d.Header.RowVersion + 1 };
    },
  },
  'POST /api/CriticalPath/UpdateCriticalPathCommercialization': {
    first: 'designer',
    async run() {
      const [cp] = await db().query(`SELECT cp.criticalpathcommercializationid AS id FROM critical_path_commercializations cp JOIN patterns p USING (patternid)
        WHERE p.brandid = 1 AND cp.criticalpathheaderstatusid = 1 ORDER BY 1 LIMIT 1`);
      const d = await get(`/api/CriticalPath/GetCriticalPathCommercializationDetails?CriticalPathCommercializationId=${cp.id}`, 'designer');
      const body = (notes: string) => ({
        CriticalPathCommercializationId: cp.id,
        RowVersion: d.Header.RowVersion,
        CriticalPathName: d.Header.CriticalPathName,
        Notes: notes,
      });
      const saved = await post('/api/CriticalPath/UpdateCriticalPathCommercialization', body('Saved.'), 'designer');
      const stale = await post('/api/CriticalPath/UpdateCriticalPathCommercialization', body('Stale.'), 'admin');
      return { saved, stale, version: d.Header.RowVersion + 1 };
    },
  },

  'POST /api/TransferChecklist/Save': {
    first: 'designer',
    async run() {
      const [p] = await db().query('SELECT prototypeid FROM prototypes WHERE brandid = 1 AND stocknum IS NOT NULL ORDER BY prototypeid DESC LIMIT 1');
      const pair = `prototypeId=${p.prototypeid}&fromFactoryKey=310102&toFactoryKey=310101`;
      const created = await t.request('POST', `/api/TransferChecklist/Create?${pair}`, { token: token.admin });
      expect(created.status).toBe(200);
      const c = await created.json();
      const body = (productType: number) => ({ TransferChecklistId: c.TransferChecklistId, RowVersion: c.RowVersion, TransferProductTypeId: productType });
      const saved = await post('/api/TransferChecklist/Save', body(1), 'designer');
      const stale = await post('/api/TransferChecklist/Save', body(2), 'admin');
      return { saved, stale, version: c.RowVersion + 1 };
    },
  },
  'POST /api/QuarterlyForecast/UpdateSalesForecastPairs': {
    first: 'forecast',
    async run() {
      const grid = await (await post('/api/QuarterlyForecast/SearchSalesForecast', { BrandId: 1, SeasonId: 2 }, 'forecast')).json();
      const [read] = grid.Rows as Json[];
      const pair = (units: number, as: DemoUser) =>
        post(
          '/api/QuarterlyForecast/UpdateSalesForecastPairs',
          {
            BrandId: 1,
            SeasonId: 2,
            Pairs: [{ SalesRegionId: read.SalesRegionId, Year: grid.Year1, Quarter: 1, Units: units, OldUnits: read.Y1Q1 }],
          },
          as,
        );
      const saved = await pair(read.Y1Q1 + 10, 'forecast');
      const stale = await pair(read.Y1Q1 + 20, 'admin');
      // The cells carry no row version: the units read stand for one.
      return { saved, stale, version: null };
    },
  },
};
