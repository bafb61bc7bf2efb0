/**
 * Issue 26 "one save path": every update route that takes a version answers a stale save with the
 * one stale-save 409 of server/core/records/stale.ts:
 *   { IsSuccessful: false, Code: 'stale', Message, Errors: [], ChangedBy, ChangedOn, RowVersion }
 * naming the user who saved the record since it was read, when, and the version it is at now.
 * The routes are taken from the router: a POST whose request (body or multipart form) schema
 * declares a version field is an update route that takes a version and must have a case here (read
 * the record, save it once, save again at the version read); an update or save route without one
 * is listed with the reason it takes none. A route added later fails the first test until it is
 * given one or the other.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../../server/app';
import { loadSchemas } from '../../server/core/schemas/registry';
import { createTestApp, type DemoUser, type TestApp } from '../helpers/test-app';

/** The request fields that carry the version a save was read at (a row version; a message's ChangedOn; a forecast cell's units read). */
const VERSION_FIELDS = ['RowVersion', 'ChangedOn', 'OldUnits'];

type Json = Record<string, any>;

/** The version fields a request schema declares, at any depth (nested objects and array items). */
function versionFields(schema: Json | undefined): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const own = Object.keys(schema.properties ?? {}).filter((f) => VERSION_FIELDS.includes(f));
  const nested = [...Object.values(schema.properties ?? {}), schema.items].flatMap((s) => versionFields(s as Json));
  return [...new Set([...own, ...nested])];
}

const schemas = loadSchemas();
const posts = buildApi().declared.filter((r) => r.method !== 'GET');
const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
const takesVersion = (r: (typeof posts)[number]) => [r.opts.body, r.opts.form].some((name) => name && versionFields(schemas.requests.get(name) as Json).length);
/** Update and save routes by their name (…Update…, …Save…), whatever their body. */
const namedUpdate = (r: (typeof posts)[number]) => /update|save/i.test(r.path.replace(/^\/api\//, ''));

/** Update and save routes that take no version, and why a stale save cannot happen there. */
const NO_VERSION: Record<string, string> = {
  'POST /api/User/CreateUser': 'creates a user; the shared user-save body carries a RowVersion for UpdateUser only',
  'POST /api/Role/CreateRole': 'creates a role; the shared role-save body carries a RowVersion for UpdateRole only',
  'POST /api/User/UpdateUserTheme': "the user's own theme: only its owner writes it",
  'POST /api/UserPreference/UpdateDashboardPreferences': "the user's own dashboard: only its owner writes it",
  'POST /api/UserPreference/UpdateUserPreferences': "the user's own preferences: only its owner writes them",
  'POST /api/UserPreference/UpdateSingleUserPreference': "one of the user's own preferences: only its owner writes it",
  'POST /api/UserPreference/fields/updateFieldConfiguration/:moduleId':
    'a field layout is replaced whole by the administrator or the user it belongs to (PREF-007)',
  'POST /api/UserPreference/UpdateUserPreferenceSearch': "the user's own saved search: only its owner writes it",
  'POST /api/User/UpdateUserProfile': "the user's own profile: only its owner writes it (PREF-007)",
  'POST /api/User/SaveProjectCreateDefaults': "the user's own wizard defaults: only their owner writes them",
  'POST /api/User/SaveSizeRangePresets': "the user's own size range presets: only their owner writes them",
  'POST /api/SearchHelp/SavePersonalFavorite': "the user's own favorite: adding one twice is the same favorite",
  'POST /api/Library/UpdateDevelopmentCenter': 'a library entry is its key and name; a taken name is refused (409), the spec call has no version',
  'POST /api/QuarterlyForecast/UpdateSalesForecastSettings': 'the list of sales regions replaces the set (QF-012); the spec call has no version',
  'POST /api/Pattern/SavePatternDevelopers': "the pattern's team replaces the set (PAT-006); the spec call has no version",
  'POST /api/Pattern/SaveSpecLogEntry': 'adds a spec log entry; nothing stored is overwritten',
  'POST /api/Prototype/SaveSpecLogEntry': 'adds a spec log entry; nothing stored is overwritten',
  'POST /api/Document/SavePrototypeAssociations': "the document's colorways replace the set (DOC-014); the spec call has no version",
  'POST /api/Prototype/FactoryTransferUpdate': "a factory move checks the colorway's current factory, not a version (CW-059)",
  'POST /api/Prototype/DualSourceUpdate': "a dual-source move checks the colorway's current factory, not a version (CW-060)",
  'POST /api/BuyReady/UpdateBuyReadyOverride': 'an override is keyed by stock number and factory (BR-006..010); the spec call has no version',
  'POST /api/ELC/UpdateBrandDefaults': "the brand's eleven calculator values are written whole (CALC-002); the spec call has no version",
};

let t: TestApp;
const token = {} as Record<DemoUser, string>;
const nameOf = {} as Record<DemoUser, string>;
beforeAll(async () => {
  t = await createTestApp();
  const users: DemoUser[] = ['admin', 'designer', 'costing', 'forecast'];
  const tokens = await t.tokens(...users);
  users.forEach((u, i) => {
    token[u] = tokens[i];
  });
  const names = await t.ctx.db.query(`SELECT username, firstname || ' ' || lastname AS name FROM users WHERE username = ANY($1)`, [
    users.map((u) => `${u}@example.com`),
  ]);
  for (const r of names) nameOf[r.username.split('@')[0] as DemoUser] = r.name;
  // New line plans start with empty calendars (the demo's corporate template would seed them).
  await t.ctx.db.query('UPDATE corporate_template_items SET isdeleted = true');
});
afterAll(async () => {
  await t?.close();
});

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
interface StaleCase {
  first: DemoUser;
  /** The answer carries the refused rows (a grid save): the stale row is checked, not the status of the call. */
  grid?: boolean;
  run(): Promise<{ saved: Response; stale: Response; version: unknown }>;
}

let n = 0;
/** A new line plan of brand 1 (season 3, sub-seasons 5 and 6) in status 1. */
const newLinePlan = async () => {
  const res = await post(
    '/api/LinePlan/CreateLinePlan',
    {
      LinePlanName: `Stale LP ${++n}`,
      BrandId: 1,
      SeasonId: 3,
      ResponsibleId: 8,
      WFGroupId: 1,
      SubSeasonIds: [5, 6],
    },
    'designer',
  );
  expect(res.status).toBe(200);
  const id = (await res.json()).LinePlanId as number;
  return { id, v: (await one('SELECT rowversion FROM line_plans WHERE lineplanid = $1', [id])).rowversion as number };
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

const CASES: Record<string, StaleCase> = {
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

describe('the stale-save 409 of every update route (issue 26)', () => {
  it('every update route that takes a version has a case here; every other update or save route is listed with why it takes none', () => {
    const versioned = posts.filter(takesVersion).map(routeKey).sort();
    expect(versioned.length).toBeGreaterThan(20);
    expect(
      versioned.filter((k) => !(k in CASES) && !(k in NO_VERSION)),
      'routes that take a version without a stale case',
    ).toEqual([]);
    expect(
      Object.keys(CASES).filter((k) => !versioned.includes(k)),
      'cases of routes the router does not have, or that take no version',
    ).toEqual([]);
    const unversioned = posts
      .filter((r) => namedUpdate(r) && !(routeKey(r) in CASES))
      .map(routeKey)
      .sort();
    expect(
      unversioned.filter((k) => !(k in NO_VERSION)),
      'update routes that take no version and are not listed',
    ).toEqual([]);
    expect(
      Object.keys(NO_VERSION).filter((k) => !posts.some((r) => routeKey(r) === k)),
      'listed routes the router does not have',
    ).toEqual([]);
  });

  for (const [route, c] of Object.entries(CASES)) {
    it(`${route}: a save at a version read before another save is the stale-save 409 naming that save`, async () => {
      const before = Date.now();
      const { saved, stale, version } = await c.run();
      const savedBody = await saved.json();
      expect(saved.status, JSON.stringify(savedBody)).toBe(200);
      let status = stale.status;
      let body = await stale.json();
      if (c.grid) {
        expect(savedBody.Failed).toEqual([]);
        expect(stale.status).toBe(200);
        expect(body.Failed).toHaveLength(1);
        const { Key: _k, Status, ...row } = body.Failed[0];
        status = Status;
        body = { IsSuccessful: body.IsSuccessful, ...row };
      }
      expect(status, JSON.stringify(body)).toBe(409);
      const name = nameOf[c.first];
      expect(body.ChangedOn, JSON.stringify(body)).toEqual(expect.any(String));
      expect(Date.parse(body.ChangedOn)).toBeGreaterThanOrEqual(before - 5000);
      expect(Date.parse(body.ChangedOn)).toBeLessThanOrEqual(Date.now());
      const when = `${body.ChangedOn.slice(0, 10)} ${body.ChangedOn.slice(11, 16)}`;
      expect(body).toEqual({
        IsSuccessful: false,
        Code: 'stale',
        Errors: [],
        ChangedBy: name,
        ChangedOn: new Date(body.ChangedOn).toISOString(),
        RowVersion: version,
        Message: `This record was changed by ${name} on ${when} UTC after you opened it. Reload it to see the changes; nothing was saved.`,
      });
    });
  }
});
