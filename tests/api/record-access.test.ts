/**
 * PERM-022, PERM-023 (issue 10): a record a user may not see — another factory's colorway for a
 * factory user, any record of a brand the user is not assigned to — answers every call that takes
 * its id exactly like a missing record (status, message and body), whether live or deleted; logs
 * and last-used lists never name it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

const MISSING = 2_000_000_000;

let t: TestApp;
let factory: string;
/** Users with one brand (read only) and two brands (editor): each meets records of brands not assigned to them. */
const BRAND_USERS = ['viewer', 'designer'] as const;
const tokens: Record<string, string> = {};
/** Colorways of the factory user's brand: one of its factories, another factory's (live), another factory's (deleted). */
let own: number, otherLive: number, otherDeleted: number, otherLiveBase: number;
/** Records of a brand the user is not assigned to, by user and level. */
const foreign: Record<string, Record<number, { id: number; base: number }>> = {};

beforeAll(async () => {
  t = await createTestApp();
  [factory, tokens.viewer, tokens.designer] = await t.tokens('factory', ...BRAND_USERS);
  const db = t.ctx.db;
  const [fu] = await db.query(`SELECT u.userid, array_agg(DISTINCT uf.factorykey) AS keys, min(ub.brandid) AS brandid
    FROM users u JOIN user_factories uf USING (userid) JOIN user_brands ub USING (userid) WHERE u.username = 'factory@example.com' GROUP BY u.userid`);
  const mine = await db.query('SELECT prototypeseasonalid AS id FROM colorway_view WHERE brandid = $1 AND factnameky = ANY($2) AND NOT isdeleted LIMIT 1', [
    fu.brandid,
    fu.keys,
  ]);
  const others = await db.query(
    `SELECT prototypeseasonalid AS id, prototypeid AS base FROM colorway_view
      WHERE brandid = $1 AND (factnameky IS NULL OR NOT factnameky = ANY($2)) AND NOT isdeleted ORDER BY prototypeseasonalid LIMIT 2`,
    [fu.brandid, fu.keys],
  );
  expect(mine.length).toBe(1);
  expect(others.length).toBe(2);
  own = mine[0].id;
  [otherLive, otherDeleted] = others.map((r) => r.id);
  otherLiveBase = others[0].base;
  await db.query('UPDATE prototype_seasonals SET isdeleted = true WHERE prototypeseasonalid = $1', [otherDeleted]);

  const levels = [
    [1, 'line_plan_view', 'lineplanid', 'lineplanid'],
    [2, 'brief_view', 'briefseasonalid', 'briefid'],
    [3, 'pattern_view', 'patternseasonalid', 'patternid'],
    [4, 'colorway_view', 'prototypeseasonalid', 'prototypeid'],
  ] as const;
  for (const user of BRAND_USERS) {
    const [ub] = await db.query(`SELECT array_agg(ub.brandid) AS brands FROM user_brands ub JOIN users u USING (userid) WHERE u.username = $1`, [
      `${user}@example.com`,
    ]);
    foreign[user] = {};
    for (const [level, view, key, base] of levels) {
      const [row] = await db.query(`SELECT ${key} AS id, ${base} AS base FROM ${view} WHERE NOT brandid = ANY($1) AND NOT isdeleted LIMIT 1`, [ub.brands]);
      expect(row, view).toBeDefined();
      foreign[user][level] = row as { id: number; base: number };
    }
  }
});
afterAll(async () => {
  await t?.close();
});

interface Call {
  name: string;
  method: 'GET' | 'POST';
  url: (id: number) => string;
  json?: (id: number) => unknown;
}
const get = (name: string, url: (id: number) => string): Call => ({ name, method: 'GET', url });
const post = (name: string, url: string, json: (id: number) => unknown): Call => ({ name, method: 'POST', url: () => url, json });

/** Every call that takes a colorway seasonal id. */
const COLORWAY_CALLS: Call[] = [
  get('GetPrototypeSeasonalDetails', (id) => `/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${id}`),
  post('UpdatePrototype', '/api/Prototype/UpdatePrototype', (id) => ({ Id: id, RowVersion: 1, Changes: { PrototypeName: 'x' } })),
  get('IsRecordDeleted', (id) => `/api/Status/IsRecordDeleted?ProjectLevelId=4&ProjectId=${id}`),
  get('GetRecordHistory', (id) => `/api/Audit/GetRecordHistory?ProjectLevelId=4&ProjectId=${id}`),
  post('LogLastUseProject', '/api/User/LogLastUseProject', (id) => ({ ProjectLevelId: 4, ProjectId: id })),
  post('LogDataChangedEvent', '/api/Workflow/LogDataChangedEvent', (id) => ({ projLevel: 4, projId: id })),
  get('GetSpecLogData', (id) => `/api/Prototype/GetSpecLogData?PrototypeSeasonalId=${id}`),
  post('SaveSpecLogEntry', '/api/Prototype/SaveSpecLogEntry', (id) => ({ PrototypeSeasonalId: id, Description: 'x' })),
  get('IsStockNumberExists', (id) => `/api/Prototype/IsStockNumberExists?PrototypeSeasonalId=${id}&StockNum=X1`),
  get('GetSizeRanges', (id) => `/api/Prototype/GetSizeRanges?PrototypeSeasonalId=${id}`),
  get('DocumentsList', (id) => `/api/Document/DocumentsList?ProjectLevel=4&ProjectId=${id}`),
  get('GetImage', (id) => `/api/Image/GetImage?ProjectLevel=4&ProjectId=${id}&ImageType=1`),
  get('GetRelinkList', (id) => `/api/Prototype/GetRelinkList?PrototypeSeasonalId=${id}`),
  post('DeletePrototypeSeasonal', '/api/Prototype/DeletePrototypeSeasonal', (id) => ({ PrototypeSeasonalId: id })),
];

/** Calls that take a record id of each level (brand scope). */
const LEVEL_CALLS: Record<number, Call[]> = {
  1: [
    get('GetLinePlan', (id) => `/api/LinePlan/GetLinePlan?LinePlanId=${id}`),
    get('IsRecordDeleted', (id) => `/api/Status/IsRecordDeleted?ProjectLevelId=1&ProjectId=${id}`),
    get('GetLinePlanBriefs', (id) => `/api/LinePlan/GetLinePlanBriefs?LinePlanId=${id}`),
    get('brief/create', (id) => `/api/brief/create/${id}`),
    post('LogLastUseProject', '/api/User/LogLastUseProject', (id) => ({ ProjectLevelId: 1, ProjectId: id })),
    post('DeleteLinePlan', '/api/LinePlan/DeleteLinePlan', (id) => ({ LinePlanId: id })),
  ],
  2: [
    get('brief/view', (id) => `/api/brief/view/${id}`),
    get('BriefPatterns', (id) => `/api/Brief/BriefPatterns?BriefSeasonalId=${id}`),
    get('RelinkList', (id) => `/api/Brief/RelinkList?BriefSeasonalId=${id}`),
    get('GetRecordHistory', (id) => `/api/Audit/GetRecordHistory?ProjectLevelId=2&ProjectId=${id}`),
    post('DeleteBrief', '/api/Brief/DeleteBrief', (id) => ({ BriefSeasonalId: id })),
    post('UpdateBrief', '/api/Brief/UpdateBrief', (id) => ({ Id: id, RowVersion: 1, Changes: {} })),
  ],
  3: [
    get('GetPatternSeasonalDetails', (id) => `/api/Pattern/GetPatternSeasonalDetails?PatternSeasonalId=${id}`),
    get('GetPatternDetails', (id) => `/api/Pattern/GetPatternDetails?PatternSeasonalId=${id}`),
    get('GetSpecLogData', (id) => `/api/Pattern/GetSpecLogData?PatternSeasonalId=${id}`),
    get('GetPatternSeasons', (id) => `/api/Pattern/GetPatternSeasons?PatternSeasonalId=${id}`),
    get('IsDualSourced', (id) => `/api/Pattern/IsDualSourced?PatternSeasonalId=${id}`),
    get('CanAdopt', (id) => `/api/Pattern/CanAdopt?PatternSeasonalId=${id}`),
    get('IsRecordDeleted', (id) => `/api/Status/IsRecordDeleted?ProjectLevelId=3&ProjectId=${id}`),
    get('DocumentsList', (id) => `/api/Document/DocumentsList?ProjectLevel=3&ProjectId=${id}`),
  ],
  4: COLORWAY_CALLS,
};

async function answer(token: string, call: Call, id: number) {
  const res = await t.request(call.method, call.url(id), { token, ...(call.json ? { json: call.json(id) } : {}) });
  return { status: res.status, body: await res.text() };
}

describe('records a user may not see answer like missing ones (PERM-022, PERM-023, issue 10)', () => {
  for (const call of COLORWAY_CALLS) {
    it(`PERM-023: ${call.name} answers another factory's colorway, live or deleted, like a missing one`, async () => {
      const missing = await answer(factory, call, MISSING);
      expect(await answer(factory, call, otherLive)).toEqual(missing);
      expect(await answer(factory, call, otherDeleted)).toEqual(missing);
    });
  }

  for (const user of BRAND_USERS) {
    for (const [level, calls] of Object.entries(LEVEL_CALLS)) {
      for (const call of calls) {
        it(`PERM-022: ${call.name} answers ${user} a record (level ${level}) of a brand not assigned to them like a missing one`, async () => {
          expect(await answer(tokens[user], call, foreign[user][Number(level)].id)).toEqual(await answer(tokens[user], call, MISSING));
        });
      }
    }
  }

  it("PERM-023: IsRecordDeleted still answers for the factory user's own colorway", async () => {
    const res = await t.request('GET', `/api/Status/IsRecordDeleted?ProjectLevelId=4&ProjectId=${own}`, { token: factory });
    expect(res.status).toBe(200);
    expect(await res.json()).toBe(false);
  });

  it("PERM-023: GetProjectsSeasons answers nothing for another factory's colorway or another brand's pattern", async () => {
    const seasons = (token: string, level: number, id: number) =>
      t
        .request('GET', `/api/Season/GetProjectsSeasons?projLevel=${level}&projId=${id}`, { token })
        .then(async (r) => ({ status: r.status, body: await r.json() }));
    expect(await seasons(factory, 4, otherLiveBase)).toEqual({ status: 200, body: [] });
    expect(await seasons(tokens.viewer, 3, foreign.viewer[3].base)).toEqual(await seasons(tokens.viewer, 3, MISSING));
  });

  it("PERM-023: LogLastUseProject refuses another factory's colorway and GetLastViewedProjects never names one", async () => {
    const log = await t.request('POST', '/api/User/LogLastUseProject', { token: factory, json: { ProjectLevelId: 4, ProjectId: otherLive } });
    expect(log.status).toBe(404);
    // One viewed while it was still at the user's factory, since moved: no longer offered.
    await t.ctx.db.query(
      `INSERT INTO last_used_projects (userid, projectlevelid, projectid)
      SELECT userid, 4, $1 FROM users WHERE username = 'factory@example.com'`,
      [otherLive],
    );
    expect((await t.request('POST', '/api/User/LogLastUseProject', { token: factory, json: { ProjectLevelId: 4, ProjectId: own } })).status).toBe(200);
    const rows = await (await t.request('GET', '/api/User/GetLastViewedProjects', { token: factory })).json();
    const ids = rows.map((r: any) => r.ProjectId);
    expect(ids).toContain(own);
    expect(ids).not.toContain(otherLive);
  });

  it("PERM-023: WFEventLogs lists no event of another factory's colorway", async () => {
    const [{ brandid }] = await t.ctx.db.query('SELECT brandid FROM colorway_view WHERE prototypeseasonalid = $1', [otherLive]);
    await t.ctx.db.query('INSERT INTO workflow_event_log (wfeventid, projlevel, projid, brandid, userid) VALUES (2, 4, $1, $2, 1), (2, 4, $3, $2, 1)', [
      otherLive,
      brandid,
      own,
    ]);
    const rows = await (await t.request('GET', '/api/Workflow/WFEventLogs', { token: factory })).json();
    const ids = rows.filter((r: any) => r.ProjLevel === 4).map((r: any) => r.ProjId);
    expect(ids).toContain(own);
    expect(ids).not.toContain(otherLive);
  });
});
