/**
 * Critical paths (issue 15): details, lists, cancel checks and the four writes of CP-044 per ID;
 * the approval rules end to end (flags on the colorway and in its history); scope (brand, factory
 * user), permissions (PERM-014), the CP-046 and stale-save answers; the demo data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { businessToday } from '../../server/domain/business-date';
import { zoneAwayFromUtc } from '../helpers/business-zone';

// DECISIONS "Dates": the server runs in a business time zone on another day than UTC, so the stamped dates show the zone is used.
const ZONE = zoneAwayFromUtc();
const today = () => businessToday(ZONE);
let t: TestApp;
let designer: string, admin: string, viewer: string, factory: string, costing: string;
let factoryKeys: string[];

beforeAll(async () => {
  t = await createTestApp({ businessTimeZone: ZONE });
  [designer, admin, viewer, factory, costing] = await t.tokens('designer', 'admin', 'viewer', 'factory', 'costing');
  factoryKeys = (await t.ctx.db.query(`SELECT array_agg(uf.factorykey) AS keys FROM user_factories uf JOIN users u USING (userid) WHERE u.username = 'factory@example.com'`))[0].keys as string[];
});
afterAll(async () => { await t?.close(); });

const db = () => t.ctx.db;
const get = (url: string, token = designer) => t.request('GET', url, { token });
const post = (url: string, json: unknown, token = designer) => t.request('POST', url, { token, json });
const details = async (id: number, token = designer) => {
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
  await db().query(`UPDATE critical_path_dev_prototype_final_processes SET criticalpathprocessapprovedid = NULL, approvedby = NULL, approvedbyname = NULL,
                      approvaldate = NULL, actualcompletedate = NULL WHERE criticalpathdevprototypeid = $1`, [id]);
  await db().query(`UPDATE prototype_seasonals SET isfinalspecapprlocked = false, isleatherapproved = false, isconfirmationsampleapproved = false, rscomplete = false,
                      isfinalcostconfcbdloaded = false, isthreeonetestcomplete = false, ismatlreffoldersigned = false, ismodelsizeapproved = false,
                      isconfsamplesent = false, lthrapprvdate = NULL, lthrapprvby = NULL WHERE criticalpathdevprototypeid = $1`, [id]);
  return details(id);
};
const approve = (d: any, approvals: Record<string, number | null>, extra: object = {}) => ({
  CriticalPathDevPrototypeId: d.Header.CriticalPathDevPrototypeId, RowVersion: d.Header.RowVersion,
  CriticalPathDevPrototypeName: d.Header.CriticalPathDevPrototypeName,
  FinalProcesses: d.FinalProcesses.filter((p: any) => p.ProcessType in approvals).map((p: any) => ({
    CriticalPathDevPrototypeFinalProcessId: p.CriticalPathDevPrototypeFinalProcessId, ProcessName: p.ProcessName,
    CriticalPathProcessApprovedId: approvals[p.ProcessType], SortOrder: p.SortOrder,
  })),
  ...extra,
});
const proc = (d: any, type: string) => d.FinalProcesses.find((p: any) => p.ProcessType === type);
const colorway = async (ps: number) => (await db().query('SELECT * FROM prototype_seasonals WHERE prototypeseasonalid = $1', [ps]))[0];

describe('lookups and data (CP-029, CP-035, CP-037, CP-043)', () => {
  it('CP-029 CP-037 CP-035 CP-043 statuses, approval ids, the flag mapping and the templates are data', async () => {
    const res = await get('/api/CriticalPath/GetCriticalPathLookups');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.HeaderStatuses.map((s: any) => s.StatusName)).toEqual(['Active', 'Completed', 'Canceled', 'On Hold']);
    expect(body.Approvals.map((a: any) => [a.CriticalPathProcessApprovedId, a.ApprovalName, a.SetsFlag])).toEqual([
      [1, 'Approved', true], [2, 'Rejected', false], [3, 'Pending', false], [4, 'Approved with comments', true], [5, 'Approved by exception', true]]);
    expect(body.ProcessFlags).toHaveLength(9);
    expect(body.ProcessFlags.find((f: any) => f.ProcessType === 'LTHAPP').FlagField).toBe('IsLeatherApproved');
    const kinds = (k: string) => body.ProcessTemplates.filter((p: any) => p.Kind === k).map((p: any) => p.ProcessName);
    expect(kinds('devpattern')).toEqual(['Brief handover', 'First pattern', 'Proto 1', 'Fit review', 'Proto 2', 'Pattern approval']);
    expect(kinds('devprototypeactual')).toEqual(['Initial prototype', 'ISR', 'LDM', 'SM']);
    expect(kinds('commercialization')).toEqual(['PO issued', 'Materials ordered', 'Production start', 'Inline inspection', 'Final inspection', 'Ex-factory']);
  });

  it('CP-035 the mapping table and the server\'s flag columns agree', async () => {
    const { FLAG_COLUMNS } = await import('../../server/features/critical-paths/dev-prototype');
    const rows = await db().query('SELECT flagfield, flagcolumn FROM critical_path_process_flags');
    expect(Object.fromEntries(rows.map((r) => [r.flagfield, r.flagcolumn]))).toEqual(FLAG_COLUMNS);
  });

  it('CP-034 every demo colorway has a dev prototype path with the default processes; flags agree with the approvals; some seasons mostly approved', async () => {
    const [missing] = await db().query('SELECT count(*)::int AS n FROM prototype_seasonals WHERE NOT isdeleted AND criticalpathdevprototypeid IS NULL');
    expect(missing.n).toBe(0);
    const [counts] = await db().query(`SELECT min(n)::int AS lo, max(n)::int AS hi FROM (SELECT count(*) AS n FROM critical_path_dev_prototype_final_processes GROUP BY criticalpathdevprototypeid) x`);
    expect(counts).toEqual({ lo: 9, hi: 9 });
    const mismatch = await db().query(`SELECT ps.prototypeseasonalid FROM prototype_seasonals ps JOIN critical_path_process_flags m ON true
        JOIN critical_path_dev_prototype_final_processes f ON f.criticalpathdevprototypeid = ps.criticalpathdevprototypeid AND f.processtype = m.processtype
       WHERE (to_jsonb(ps) ->> m.flagcolumn)::boolean IS DISTINCT FROM coalesce(f.criticalpathprocessapprovedid IN (1, 4, 5), false)`);
    expect(mismatch).toEqual([]);
    const seasons = await db().query(`SELECT ps.seasonid, avg((ps.isfinalspecapprlocked)::int)::float AS share FROM prototype_seasonals ps WHERE NOT ps.isdeleted GROUP BY 1`);
    expect(seasons.some((s) => (s.share as number) >= 0.6)).toBe(true);
    expect(seasons.some((s) => (s.share as number) < 0.6)).toBe(true);
  });
});

describe('dev prototype details (CP-030..034, CP-039, CP-048)', () => {
  it('CP-030 CP-031 CP-032 CP-033 header, final and actual processes, stock numbers with flags, purchase orders', async () => {
    const d = await freshPath();
    expect(Object.keys(d.Header)).toEqual(expect.arrayContaining(['CriticalPathDevPrototypeId', 'CriticalPathDevPrototypeName', 'Designer', 'USDeveloper',
      'AsiaDeveloper', 'CriticalPathHeaderStatusId', 'Notes', 'PrototypeSeasonalId', 'RowVersion']));
    expect(Object.keys(d.FinalProcesses[0])).toEqual(expect.arrayContaining(['CriticalPathDevPrototypeFinalProcessId', 'ProcessName', 'ProcessType', 'SortOrder',
      'CanBeDeleted', 'CanChangeName', 'OverrideRevisedTargetDate', 'EstStartDate', 'TargetDate', 'RevStartDate', 'RevisedTargetDate', 'ActualCompleteDate',
      'CriticalPathProcessApprovedId', 'ApprovedBy', 'ApprovedByName', 'ApprovalDate', 'IsProcessLocked', 'IsProcessReadOnly', 'Notes', 'Notes2']));
    expect(d.ActualProcesses.map((p: any) => p.ProcessName)).toEqual(['Initial prototype', 'ISR', 'LDM', 'SM']);
    expect(Object.keys(d.StockNumbers[0])).toEqual(expect.arrayContaining(['PrototypeSeasonalId', 'IsLeatherApproved', 'IsConfirmationSampleApproved',
      'IsFinalSpecApprLocked', 'IsFinalCostConfCBDLoaded', 'IsThreeOneTestComplete', 'IsRSTestComplete', 'IsMatlRefFolderSigned', 'IsModelSizeApproved',
      'IsConfSampleSent', 'IsDefault']));
    expect(d.StockNumbers[0].IsDefault).toBe(true);
    expect(Array.isArray(d.PurchaseOrders)).toBe(true);
    for (const part of ['FinalProcesses', 'ActualProcesses', 'StockNumbers', 'PurchaseOrders']) {
      const res = await get(`/api/CriticalPath/GetCriticalPathDevPrototype${part}?CriticalPathDevPrototypeId=${d.Header.CriticalPathDevPrototypeId}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(d[part]);
    }
  });

  it('CP-039 with SPECAPP not approved, every row but SPECAPP (and PROP65LEAD first / read-only) is locked', async () => {
    const d = await freshPath();
    expect(d.FinalProcesses.map((p: any) => p.IsProcessLocked)).toEqual(d.FinalProcesses.map((p: any) => p.ProcessType !== 'SPECAPP'));
  });

  it('CP-046 CP-048 a missing path answers 404 with Result 1 and the spec text', async () => {
    const res = await get('/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=999999');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ Result: 1, Message: 'The critical path you are updating does not exist. Please contact your system administrator' });
    const upd = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', { CriticalPathDevPrototypeId: 999999, CriticalPathDevPrototypeName: 'x' });
    expect(upd.status).toBe(404);
    expect(await upd.json()).toMatchObject({ IsSuccessful: false, Result: 1, Message: 'The critical path you are updating does not exist. Please contact your system administrator' });
  });

  it('CP-049 every parameter is declared and validated', async () => {
    expect((await get('/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=abc')).status).toBe(400);
    expect((await get('/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=99999999999')).status).toBe(400);
    const doc = await (await get('/api/openapi.json', admin)).json();
    const paths = Object.keys(doc.paths).map((p) => p.toLowerCase());
    for (const p of ['updatecriticalpathdevprototype', 'getcriticalpathdevprototypedetails', 'createcriticalpathcommercialization', 'getcriticalpathlistbypatternseasonal',
      'cancriticalpathdevprototypebecancelled', 'getcriticalpathlistbydevprototype']) {
      expect(paths.some((x) => x.endsWith(p)), p).toBe(true);
    }
  });
});

describe('dev prototype approvals (CP-035..040, CP-045)', () => {
  it('CP-036 CP-038 CP-045 approving SPECAPP stamps the user and today, sets the colorway flag and unlocks the rows; answer IsSuccessful and Result', async () => {
    const d = await freshPath();
    const res = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', approve(d, { SPECAPP: 1 }));
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ IsSuccessful: true, Result: 0, Message: 'Record Saved Successfully.' });
    const spec = proc(body.Data, 'SPECAPP');
    expect(spec).toMatchObject({ CriticalPathProcessApprovedId: 1, ApprovedByName: 'Dana Whitfield', ApprovalDate: today() });
    expect(body.Data.FinalProcesses.every((p: any) => !p.IsProcessLocked)).toBe(true);
    const cw = await colorway(d.Header.PrototypeSeasonalId);
    expect(cw.isfinalspecapprlocked).toBe(true);
    expect(cw.finalspecapprlockeddt).toBe(today());
  });

  it('CP-035 CP-036 CP-037 approving LTHAPP (ids 1, 4, 5) sets leather approved on the colorway screen and its history; 2, 3, empty clear it', async () => {
    let d = await freshPath(1);
    const ps = d.Header.PrototypeSeasonalId;
    for (const [id, flag] of [[1, true], [2, false], [4, true], [3, false], [5, true], [null, false]] as const) {
      const res = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', approve(d, { SPECAPP: 1, LTHAPP: id }));
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(200);
      d = body.Data;
      const screen = await get(`/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${ps}`);
      expect(screen.status).toBe(200);
      expect(JSON.stringify(await screen.json())).toContain(`"IsLeatherApproved":${flag}`);
      expect((await colorway(ps)).isleatherapproved, `approval ${id}`).toBe(flag);
      expect(d.StockNumbers[0].IsLeatherApproved).toBe(flag);
    }
    const history = await (await get(`/api/Audit/GetRecordHistory?ProjectLevelId=4&ProjectId=${ps}`)).json();
    expect(history.filter((h: any) => h.Field === 'IsLeatherApproved').map((h: any) => [h.FieldTitle, h.NewValue]).reverse()).toEqual(
      ['true', 'false', 'true', 'false', 'true', 'false'].map((v) => ['Leather Approved', v]));
  });

  it('CP-039 a locked process cannot be approved while SPECAPP is not', async () => {
    const d = await freshPath(2);
    const res = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', approve(d, { LTHAPP: 1 }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.Message).toBe('Please review all fields indicated in red');
    expect(body.Errors[0].Message).toBe('This process is locked until the final spec is approved.');
  });

  it('CP-040 revoking SPECAPP resets the other flags and approvals except PROP65LEAD', async () => {
    let d = await freshPath(3);
    const all = Object.fromEntries(d.FinalProcesses.map((p: any) => [p.ProcessType, 1]));
    let res = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', approve(d, { SPECAPP: 1 }));
    d = (await res.json()).Data;
    res = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', approve(d, all));
    d = (await res.json()).Data;
    expect(Object.values(d.StockNumbers[0]).filter((v) => v === true).length).toBeGreaterThanOrEqual(9);
    res = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', approve(d, { SPECAPP: 2 }));
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    d = body.Data;
    expect(d.FinalProcesses.filter((p: any) => p.CriticalPathProcessApprovedId !== null).map((p: any) => p.ProcessType).sort()).toEqual(['PROP65LEAD', 'SPECAPP']);
    expect(proc(d, 'LTHAPP')).toMatchObject({ ApprovedBy: null, ApprovedByName: null, ApprovalDate: null });
    const cw = await colorway(d.Header.PrototypeSeasonalId);
    expect([cw.isfinalspecapprlocked, cw.isleatherapproved, cw.isconfirmationsampleapproved, cw.ismodelsizeapproved, cw.rscomplete]).toEqual([false, false, false, false, true]);
  });

  it('CP-026 an approver must be a user of the brand', async () => {
    const d = await freshPath(4);
    const [outsider] = await db().query('SELECT u.userid FROM users u WHERE NOT EXISTS (SELECT 1 FROM user_brands b WHERE b.userid = u.userid AND b.brandid = 1) LIMIT 1');
    let res = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', approve(d, { SPECAPP: 1 }));
    const saved = (await res.json()).Data;
    const body = approve(saved, { SPECAPP: 1 });
    body.FinalProcesses[0].ApprovedBy = outsider.userid;
    res = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', body);
    expect(res.status).toBe(400);
    expect((await res.json()).Errors[0]).toMatchObject({ Field: '/FinalProcesses/0/ApprovedBy', Message: 'The approver must be a user of the brand.' });
    const approvers = await (await get('/api/CriticalPath/GetCriticalPathApprovers?BrandId=1')).json();
    const other = approvers.find((a: any) => a.Name !== 'Dana Whitfield');
    body.FinalProcesses[0].ApprovedBy = other.UserId;
    body.RowVersion = saved.Header.RowVersion;
    res = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', body);
    expect(res.status).toBe(200);
    expect(proc((await res.json()).Data, 'SPECAPP').ApprovedByName).toBe(other.Name);
  });

  it('CP-025 end not before start for estimated and revised dates', async () => {
    const d = await freshPath(5);
    const body = approve(d, { SPECAPP: null });
    Object.assign(body.FinalProcesses[0], { EstStartDate: '2026-03-10', TargetDate: '2026-03-01', RevStartDate: '2026-04-10', RevisedTargetDate: '2026-04-01' });
    const res = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', body);
    expect(res.status).toBe(400);
    expect((await res.json()).Errors.map((e: any) => e.Field)).toEqual(['/FinalProcesses/0/TargetDate', '/FinalProcesses/0/RevisedTargetDate']);
  });

  it('CP-019 CP-024 rows are renumbered in steps of 10; IsDeleted rows go; rows that cannot be deleted stay', async () => {
    const d = await freshPath(6);
    const [a, b] = d.ActualProcesses;
    const res = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', {
      CriticalPathDevPrototypeId: d.Header.CriticalPathDevPrototypeId, RowVersion: d.Header.RowVersion, CriticalPathDevPrototypeName: d.Header.CriticalPathDevPrototypeName,
      ActualProcesses: [
        { CriticalPathDevPrototypeActualProcessId: b.CriticalPathDevPrototypeActualProcessId, ProcessName: b.ProcessName, SortOrder: 1 },
        { CriticalPathDevPrototypeActualProcessId: a.CriticalPathDevPrototypeActualProcessId, ProcessName: a.ProcessName, SortOrder: 2 },
        { CriticalPathDevPrototypeActualProcessId: d.ActualProcesses[3].CriticalPathDevPrototypeActualProcessId, ProcessName: 'SM', IsDeleted: true },
        { CriticalPathDevPrototypeActualProcessId: 0, ProcessName: 'Extra fitting', SortOrder: 999 },
      ],
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.Data.ActualProcesses.map((p: any) => [p.ProcessName, p.SortOrder])).toEqual([['ISR', 10], ['Initial prototype', 20], ['LDM', 30], ['Extra fitting', 40]]);
    const spec = proc(body.Data, 'SPECAPP');
    const refused = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', {
      CriticalPathDevPrototypeId: d.Header.CriticalPathDevPrototypeId, RowVersion: body.Data.Header.RowVersion, CriticalPathDevPrototypeName: 'x',
      FinalProcesses: [{ CriticalPathDevPrototypeFinalProcessId: spec.CriticalPathDevPrototypeFinalProcessId, ProcessName: spec.ProcessName, IsDeleted: true }],
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).Errors[0].Message).toBe('This process cannot be deleted.');
  });

  it('CP-047 any other save failure answers the spec text (and is logged)', async () => {
    const d = await freshPath(11);
    await db().query('ALTER TABLE critical_path_dev_prototype_purchase_orders RENAME TO cp_po_away');
    try {
      const res = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', approve(d, {}));
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({ IsSuccessful: false, Message: 'There was an error while saving the record. Please contact your system administrator' });
    } finally {
      await db().query('ALTER TABLE cp_po_away RENAME TO critical_path_dev_prototype_purchase_orders');
    }
  });

  it('CP-045 a stale save answers 409 and changes nothing', async () => {
    const d = await freshPath(7);
    const first = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', { ...approve(d, {}), Notes: 'first' });
    expect(first.status).toBe(200);
    const second = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', { ...approve(d, { SPECAPP: 1 }), Notes: 'second' }, admin);
    expect(second.status).toBe(409);
    expect((await second.json()).Message).toMatch(/^This record was changed by Dana Whitfield on .* UTC after you opened it/);
    const now = await details(d.Header.CriticalPathDevPrototypeId);
    expect(now.Header.Notes).toBe('first');
    expect(proc(now, 'SPECAPP').CriticalPathProcessApprovedId).toBeNull();
  });

  it('CP-028 CP-029 cancel only in status 1 and without an actual complete date', async () => {
    const d = await freshPath(8);
    const id = d.Header.CriticalPathDevPrototypeId;
    await db().query('UPDATE critical_path_dev_prototype_actual_processes SET actualcompletedate = NULL WHERE criticalpathdevprototypeid = $1', [id]);
    const can = async () => (await (await get(`/api/CriticalPath/CanCriticalPathDevPrototypeBeCancelled?CriticalPathDevPrototypeId=${id}`)).json()).CanBeCancelled;
    expect(await can()).toBe(true);
    await db().query(`UPDATE critical_path_dev_prototype_actual_processes SET actualcompletedate = '2026-01-01' WHERE criticalpathdevprototypeid = $1 AND sortorder = 10`, [id]);
    expect(await can()).toBe(false);
    const res = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', { ...approve(d, {}), CriticalPathHeaderStatusId: 3 });
    expect(res.status).toBe(400);
    expect((await res.json()).Errors[0].Message).toBe('A critical path with a completed process cannot be canceled.');
    await db().query('UPDATE critical_path_dev_prototype_actual_processes SET actualcompletedate = NULL WHERE criticalpathdevprototypeid = $1', [id]);
    const ok = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', { ...approve(d, {}), CriticalPathHeaderStatusId: 3 });
    expect(ok.status).toBe(200);
    expect((await ok.json()).Data.Header.CriticalPathHeaderStatusName).toBe('Canceled');
    expect(await can()).toBe(false);
  });

  it('CP-034 stock numbers: another colorway seasonal of the brand linked, made default; purchase orders entered by hand', async () => {
    const d = await freshPath(9);
    const [other] = await db().query(`SELECT ps.prototypeseasonalid AS id, ps.criticalpathdevprototypeid AS cp FROM prototype_seasonals ps JOIN prototypes p USING (prototypeid)
      WHERE p.brandid = 1 AND NOT ps.isdeleted AND ps.prototypeseasonalid <> $1 ORDER BY 1 LIMIT 1`, [d.Header.PrototypeSeasonalId]);
    // Linked elsewhere: refused.
    let res = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', { ...approve(d, {}), StockNumbers: [{ PrototypeSeasonalId: other.id }] });
    expect(res.status).toBe(400);
    expect((await res.json()).Errors[0].Message).toBe('This stock number already belongs to another critical path.');
    await db().query('UPDATE prototype_seasonals SET criticalpathdevprototypeid = NULL WHERE prototypeseasonalid = $1', [other.id]);
    res = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', { ...approve(d, {}), StockNumbers: [{ PrototypeSeasonalId: other.id, IsDefault: true }],
      PurchaseOrders: [{ CriticalPathDevPrototypePurchaseOrderId: 0, PONumber: 'PO-TEST-1', FactoryKey: factoryKeys[0], Quantity: 500, ExFactoryDate: '2026-08-01' }] });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.Data.Header.PrototypeSeasonalId).toBe(other.id);
    expect(body.Data.StockNumbers.map((s: any) => [s.PrototypeSeasonalId, s.IsDefault])).toEqual(expect.arrayContaining([[other.id, true], [d.Header.PrototypeSeasonalId, false]]));
    expect(body.Data.PurchaseOrders.at(-1)).toMatchObject({ PONumber: 'PO-TEST-1', Quantity: 500, ExFactoryDate: '2026-08-01' });
  });

  it('CP-043 a new dev prototype path (id 0) on a colorway seasonal starts with the default processes', async () => {
    const [ps] = await db().query(`SELECT ps.prototypeseasonalid AS id FROM prototype_seasonals ps JOIN prototypes p USING (prototypeid)
      WHERE p.brandid = 2 AND NOT ps.isdeleted ORDER BY 1 DESC LIMIT 1`);
    await db().query('UPDATE prototype_seasonals SET criticalpathdevprototypeid = NULL WHERE prototypeseasonalid = $1', [ps.id]);
    const res = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', { CriticalPathDevPrototypeId: 0, PrototypeSeasonalId: ps.id, CriticalPathDevPrototypeName: 'New path' });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.Data.FinalProcesses.map((p: any) => p.ProcessType)).toEqual(['SPECAPP', 'LTHAPP', 'FNLCSTCONF', '31MTLCOTST', 'SAMPAPP', 'MTLFLDSGND', 'PROP65LEAD', 'PATAPP', 'CNFSMPSND']);
    expect(body.Data.ActualProcesses).toHaveLength(4);
    expect((await colorway(ps.id)).criticalpathdevprototypeid).toBe(body.Data.Header.CriticalPathDevPrototypeId);
  });
});

describe('scope and permissions (PERM-014, PERM-022/023, PERM-029)', () => {
  it('PERM-014 module 12 read opens the details, edit is needed to save; no CP permission answers 403', async () => {
    const d = await freshPath(10);
    const id = d.Header.CriticalPathDevPrototypeId;
    expect((await get(`/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=${id}`, costing)).status).toBe(200);
    expect((await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', approve(d, {}), costing)).status).toBe(403);
    const [forecast] = await t.tokens('forecast');
    expect((await get(`/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=${id}`, forecast)).status).toBe(403);
    expect((await get('/api/CriticalPath/GetCriticalPathCommercializationDetails?CriticalPathCommercializationId=1', forecast)).status).toBe(403);
  });

  it('PERM-022 a path of a brand the user is not assigned to answers exactly like a missing one', async () => {
    const [other] = await db().query(`SELECT cp.criticalpathdevprototypeid AS id FROM critical_path_dev_prototypes cp JOIN prototype_seasonals ps USING (prototypeseasonalid)
      JOIN prototypes p USING (prototypeid) WHERE p.brandid = 1 LIMIT 1`);
    const hidden = await get(`/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=${other.id}`, viewer);
    const missing = await get('/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=999998', viewer);
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual(await missing.json());
  });

  it('PERM-023 PERM-029 a factory user sees only paths of its factories and no factory fields', async () => {
    const [own] = await db().query(`SELECT cp.criticalpathdevprototypeid AS id FROM critical_path_dev_prototypes cp JOIN prototype_seasonals ps USING (prototypeseasonalid)
      JOIN prototypes p USING (prototypeid) WHERE p.brandid = 1 AND ps.factnameky = ANY($1) LIMIT 1`, [factoryKeys]);
    const [foreign] = await db().query(`SELECT cp.criticalpathdevprototypeid AS id FROM critical_path_dev_prototypes cp JOIN prototype_seasonals ps USING (prototypeseasonalid)
      JOIN prototypes p USING (prototypeid) WHERE p.brandid = 1 AND (ps.factnameky IS NULL OR NOT ps.factnameky = ANY($1)) LIMIT 1`, [factoryKeys]);
    const mine = await get(`/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=${own.id}`, factory);
    expect(mine.status).toBe(200);
    const text = await mine.text();
    for (const f of ['FactNameKy', 'FactName', 'FactoryKey']) expect(text).not.toContain(`"${f}"`);
    const theirs = await get(`/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=${foreign.id}`, factory);
    expect(theirs.status).toBe(404);
    expect((await theirs.json()).Result).toBe(1);
    expect((await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', { CriticalPathDevPrototypeId: own.id, CriticalPathDevPrototypeName: 'x' }, factory)).status).toBe(403);
    const [comm] = await db().query('SELECT criticalpathcommercializationid AS id FROM critical_path_commercializations WHERE NOT factorykey = ANY($1) LIMIT 1', [factoryKeys]);
    expect((await get(`/api/CriticalPath/GetCriticalPathCommercializationDetails?CriticalPathCommercializationId=${comm.id}`, factory)).status).toBe(404);
  });
});

describe('the colorway side (CP-034, DECISIONS CP-034)', () => {
  it('CP-034 the colorway names its dev prototype critical path, and the link is read-only there', async () => {
    const [cw] = await db().query(`SELECT ps.prototypeseasonalid AS id, ps.rowversion, cp.criticalpathdevprototypename AS name FROM prototype_seasonals ps
      JOIN critical_path_dev_prototypes cp ON cp.criticalpathdevprototypeid = ps.criticalpathdevprototypeid JOIN prototypes p ON p.prototypeid = ps.prototypeid
     WHERE p.brandid = 1 AND NOT ps.isdeleted ORDER BY ps.prototypeseasonalid LIMIT 1`);
    const text = JSON.stringify(await (await get(`/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${cw.id}`)).json());
    expect(text).toContain(`"CriticalPathDevPrototypeName":${JSON.stringify(cw.name)}`);
    const res = await post('/api/Prototype/UpdatePrototype', { Id: cw.id, RowVersion: cw.rowversion, Changes: { CriticalPathDevPrototypeId: null } });
    expect(res.status).toBe(403);
  });
});

describe('dev pattern and commercialization (CP-022, CP-027, CP-041, CP-042, CP-044)', () => {
  it('PERM-023 PERM-029 a factory user with dev pattern read sees only dev pattern paths with a colorway at its factories, without factory fields', async () => {
    await db().query('INSERT INTO role_permissions (roleid, moduleid, actionid) VALUES (5, 11, 1) ON CONFLICT DO NOTHING');
    const [token] = await t.tokens('factory');
    const [own] = await db().query(`SELECT DISTINCT cp.patternseasonalid AS id FROM critical_path_dev_patterns cp JOIN prototype_seasonals ps USING (patternseasonalid)
      JOIN pattern_seasonals pas USING (patternseasonalid) JOIN patterns p ON p.patternid = pas.patternid
     WHERE p.brandid = 1 AND ps.factnameky = ANY($1) AND NOT ps.isdeleted LIMIT 1`, [factoryKeys]);
    const [foreign] = await db().query(`SELECT cp.patternseasonalid AS id FROM critical_path_dev_patterns cp JOIN pattern_seasonals pas USING (patternseasonalid)
      JOIN patterns p ON p.patternid = pas.patternid
     WHERE p.brandid = 1 AND NOT EXISTS (SELECT 1 FROM prototype_seasonals ps WHERE ps.patternseasonalid = cp.patternseasonalid AND ps.factnameky = ANY($1)) LIMIT 1`, [factoryKeys]);
    const mine = await get(`/api/CriticalPath/GetCriticalPathDevPatternDetails?PatternSeasonalId=${own.id}`, token);
    expect(mine.status).toBe(200);
    const text = await mine.text();
    for (const f of ['Factory1Name', 'DualSrcdPatt', 'FactoryTransfer']) expect(text).not.toContain(`"${f}"`);
    const theirs = await get(`/api/CriticalPath/GetCriticalPathDevPatternDetails?PatternSeasonalId=${foreign.id}`, token);
    expect(theirs.status).toBe(404);
    await db().query('DELETE FROM role_permissions WHERE roleid = 5 AND moduleid = 11 AND actionid = 1');
  });

  it('CP-041 CP-027 the dev pattern path of a pattern seasonal: details, save with the duplicate-name note, stale save 409', async () => {
    const [ps] = await db().query(`SELECT cp.patternseasonalid AS id FROM critical_path_dev_patterns cp JOIN pattern_seasonals ps USING (patternseasonalid)
      JOIN patterns p USING (patternid) WHERE p.brandid = 1 ORDER BY 1 LIMIT 1`);
    const [other] = await db().query(`SELECT cp.criticalpathname AS name FROM critical_path_dev_patterns cp JOIN pattern_seasonals ps USING (patternseasonalid)
      JOIN patterns p USING (patternid) WHERE p.brandid = 1 AND cp.patternseasonalid <> $1 LIMIT 1`, [ps.id]);
    const res = await get(`/api/CriticalPath/GetCriticalPathDevPatternDetails?PatternSeasonalId=${ps.id}`);
    expect(res.status).toBe(200);
    const d = await res.json();
    expect(d.Processes.map((p: any) => p.ProcessName)).toEqual(['Brief handover', 'First pattern', 'Proto 1', 'Fit review', 'Proto 2', 'Pattern approval']);
    const save = (name: string, rv: number) => post('/api/CriticalPath/UpdateCriticalPathDevPattern', {
      CriticalPathDevPatternId: d.Header.CriticalPathDevPatternId, PatternSeasonalId: ps.id, RowVersion: rv, CriticalPathName: name, Factory2Name: 'Second factory',
      Processes: [{ CriticalPathDevPatternProcessId: d.Processes[5].CriticalPathDevPatternProcessId, ProcessName: 'Pattern approval', SortOrder: 5 }],
    });
    const saved = await save(other.name, d.Header.RowVersion);
    const body = await saved.json();
    expect(saved.status, JSON.stringify(body)).toBe(200);
    expect(body.Warning).toBe('You may continue, but please note this name already exists.');
    expect(body.Data.Processes.map((p: any) => p.SortOrder)).toEqual([10, 20, 30, 40, 50, 60]);
    expect(body.Data.Processes[0].ProcessName).toBe('Pattern approval');
    const exists = await (await get(`/api/CriticalPath/IsCriticalPathNameExists?BrandId=1&SearchType=1&CriticalPathName=${encodeURIComponent(other.name)}`)).json();
    expect(exists).toEqual({ Exists: true, Message: 'You may continue, but please note this name already exists.' });
    expect((await save('Unique name 123', d.Header.RowVersion)).status).toBe(409);
  });

  it('CP-042 CP-043 CP-044 create a commercialization path with the default processes; update with approvals and dates', async () => {
    const [pattern] = await db().query('SELECT patternid FROM patterns WHERE brandid = 1 ORDER BY patternid LIMIT 1');
    const res = await post('/api/CriticalPath/CreateCriticalPathCommercialization', { CriticalPathName: 'Comm test', PatternId: pattern.patternid, FactoryKey: factoryKeys[0] });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    const d = body.Data;
    expect(d.Processes.map((p: any) => p.ProcessName)).toEqual(['PO issued', 'Materials ordered', 'Production start', 'Inline inspection', 'Final inspection', 'Ex-factory']);
    expect(d.Processes.every((p: any) => p.ProcessType === 'DEF')).toBe(true);
    const bad = await post('/api/CriticalPath/UpdateCriticalPathCommercialization', {
      CriticalPathCommercializationId: d.Header.CriticalPathCommercializationId, RowVersion: d.Header.RowVersion, CriticalPathName: 'Comm test',
      Processes: [{ CriticalPathCommercializationProcessId: d.Processes[0].CriticalPathCommercializationProcessId, ProcessName: 'PO issued', EstStartDate: '2026-05-02', EstEndDate: '2026-05-01' }],
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).Errors[0]).toMatchObject({ Field: '/Processes/0/EstEndDate', Message: 'The end date must not be before the start date.' });
    const ok = await post('/api/CriticalPath/UpdateCriticalPathCommercialization', {
      CriticalPathCommercializationId: d.Header.CriticalPathCommercializationId, RowVersion: d.Header.RowVersion, CriticalPathName: 'Comm test', Notes: 'n',
      Processes: [{ CriticalPathCommercializationProcessId: d.Processes[0].CriticalPathCommercializationProcessId, ProcessName: 'PO issued', CriticalPathProcessApprovedId: 4,
        RevStartDate: '2026-05-01', RevEndDate: '2026-05-03' }],
    });
    const saved = await ok.json();
    expect(ok.status, JSON.stringify(saved)).toBe(200);
    expect(saved.Data.Processes[0]).toMatchObject({ CriticalPathProcessApprovedId: 4, ApprovedByName: 'Dana Whitfield', ApprovalDate: today() });
  });

  it('CP-022 the lists per pattern seasonal id and per dev prototype id', async () => {
    const [row] = await db().query(`SELECT ps.patternseasonalid, ps.criticalpathdevprototypeid FROM prototype_seasonals ps JOIN prototypes p USING (prototypeid)
      WHERE p.brandid = 1 AND ps.statusid = 2 AND NOT ps.isdeleted ORDER BY 1 LIMIT 1`);
    const byPattern = await (await get(`/api/CriticalPath/GetCriticalPathListByPatternSeasonal?PatternSeasonalId=${row.patternseasonalid}`)).json();
    expect(byPattern.map((r: any) => r.SearchType)).toEqual(expect.arrayContaining([1, 2, 3]));
    const byProto = await (await get(`/api/CriticalPath/GetCriticalPathListByDevPrototype?CriticalPathDevPrototypeId=${row.criticalpathdevprototypeid}`)).json();
    expect(byProto.some((r: any) => r.SearchType === 2 && r.Id === row.criticalpathdevprototypeid)).toBe(true);
    // The factory user (no module 11) gets no dev pattern rows.
    const forFactory = await get(`/api/CriticalPath/GetCriticalPathListByPatternSeasonal?PatternSeasonalId=${row.patternseasonalid}`, factory);
    if (forFactory.status === 200) expect((await forFactory.json()).some((r: any) => r.SearchType === 1)).toBe(false);
  });
});
