/**
 * The set-up the critical path API test files share (tests/api/critical-path*.test.ts): one app per
 * file in a business time zone on another day than UTC, the demo users' tokens, and the helpers
 * that read a dev prototype path, reset one to no approvals and build an approval save.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { businessToday } from '../../server/domain/business-date';
import { zoneAwayFromUtc } from './business-zone';

// DECISIONS "Dates": the server runs in a business time zone on another day than UTC, so the stamped dates show the zone is used.
const ZONE = zoneAwayFromUtc();

/** The file's app and tokens, filled by the beforeAll `setUpCriticalPaths` registers. */
export const cp = { t: undefined as unknown as TestApp, designer: '', admin: '', viewer: '', factory: '', costing: '', factoryKeys: [] as string[] };

/** Registers the file's app (beforeAll / afterAll) and answers the helpers over it. */
export function setUpCriticalPaths() {
  beforeAll(async () => {
    cp.t = await createTestApp({ businessTimeZone: ZONE });
    [cp.designer, cp.admin, cp.viewer, cp.factory, cp.costing] = await cp.t.tokens('designer', 'admin', 'viewer', 'factory', 'costing');
    cp.factoryKeys = (
      await cp.t.ctx.db.query(
        `SELECT array_agg(uf.factorykey) AS keys FROM user_factories uf JOIN users u USING (userid) WHERE u.username = 'factory@example.com'`,
      )
    )[0].keys as string[];
  });
  afterAll(async () => {
    await cp.t?.close();
  });

  const today = () => businessToday(ZONE);
  const db = () => cp.t.ctx.db;
  const get = (url: string, token = cp.designer) => cp.t.request('GET', url, { token });
  const post = (url: string, json: unknown, token = cp.designer) => cp.t.request('POST', url, { token, json });
  const details = async (id: number, token = cp.designer) => {
    const res = await get(`/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=${id}`, token);
    expect(res.status).toBe(200);
    return res.json();
  };
  /** A brand-1 colorway seasonal's path whose final spec is not approved (so its rows are locked), reset to no approvals. */
  const freshPath = async (skip = 0) => {
    const rows = await db().query(`SELECT cp.criticalpathdevprototypeid AS id FROM critical_path_dev_prototypes cp
        JOIN prototype_seasonals ps ON ps.prototypeseasonalid = cp.prototypeseasonalid JOIN prototypes p ON p.prototypeid = ps.prototypeid
       WHERE p.brandid = 1 AND cp.criticalpathheaderstatusid = 1 ORDER BY cp.criticalpathdevprototypeid`);
    const id = rows[rows.length - 1 - skip].id as number;
    await db().query(
      `UPDATE critical_path_dev_prototype_final_processes SET criticalpathprocessapprovedid = NULL, approvedby = NULL, approvedbyname = NULL,
                        approvaldate = NULL, actualcompletedate = NULL WHERE criticalpathdevprototypeid = $1`,
      [id],
    );
    await db().query(
      `UPDATE prototype_seasonals SET isfinalspecapprlocked = false, isleatherapproved = false, isconfirmationsampleapproved = false, rscomplete = false,
                        isfinalcostconfcbdloaded = false, isthreeonetestcomplete = false, ismatlreffoldersigned = false, ismodelsizeapproved = false,
                        isconfsamplesent = false, lthrapprvdate = NULL, lthrapprvby = NULL WHERE criticalpathdevprototypeid = $1`,
      [id],
    );
    return details(id);
  };
  const approve = (d: any, approvals: Record<string, number | null>, extra: object = {}) => ({
    CriticalPathDevPrototypeId: d.Header.CriticalPathDevPrototypeId,
    RowVersion: d.Header.RowVersion,
    CriticalPathDevPrototypeName: d.Header.CriticalPathDevPrototypeName,
    FinalProcesses: d.FinalProcesses.filter((p: any) => p.ProcessType in approvals).map((p: any) => ({
      CriticalPathDevPrototypeFinalProcessId: p.CriticalPathDevPrototypeFinalProcessId,
      ProcessName: p.ProcessName,
      CriticalPathProcessApprovedId: approvals[p.ProcessType],
      SortOrder: p.SortOrder,
    })),
    ...extra,
  });
  const proc = (d: any, type: string) => d.FinalProcesses.find((p: any) => p.ProcessType === type);
  const colorway = async (ps: number) => (await db().query('SELECT * FROM prototype_seasonals WHERE prototypeseasonalid = $1', [ps]))[0];
  return { today, db, get, post, details, freshPath, approve, proc, colorway };
}
