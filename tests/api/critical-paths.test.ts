/**
 * Critical paths (issue 15): lookups and demo data, dev prototype details, scope and permissions
 * (PERM-014, PERM-022/023, PERM-029), the colorway side. Saves: critical-path-approvals.test.ts
 * (dev prototype) and critical-path-kinds.test.ts (dev pattern, commercialization).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { cp, setUpCriticalPaths } from '../helpers/critical-paths';

const { db, get, post, freshPath, approve } = setUpCriticalPaths();
let t: TestApp;
let admin: string, viewer: string, factory: string, costing: string;
let factoryKeys: string[];
beforeAll(() => {
  ({ t, admin, viewer, factory, costing, factoryKeys } = cp);
});

describe('lookups and data (CP-029, CP-035, CP-037, CP-043)', () => {
  it('CP-029 CP-037 CP-035 CP-043 statuses, approval ids, the flag mapping and the templates are data', async () => {
    const res = await get('/api/CriticalPath/GetCriticalPathLookups');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.HeaderStatuses.map((s: any) => s.StatusName)).toEqual(['Active', 'Completed', 'Canceled', 'On Hold']);
    expect(body.Approvals.map((a: any) => [a.CriticalPathProcessApprovedId, a.ApprovalName, a.SetsFlag])).toEqual([
      [1, 'Approved', true],
      [2, 'Rejected', false],
      [3, 'Pending', false],
      [4, 'Approved with comments', true],
      [5, 'Approved by exception', true],
    ]);
    expect(body.ProcessFlags).toHaveLength(9);
    expect(body.ProcessFlags.find((f: any) => f.ProcessType === 'LTHAPP').FlagField).toBe('IsLeatherApproved');
    const kinds = (k: string) => body.ProcessTemplates.filter((p: any) => p.Kind === k).map((p: any) => p.ProcessName);
    expect(kinds('devpattern')).toEqual(['Brief handover', 'First pattern', 'Proto 1', 'Fit review', 'Proto 2', 'Pattern approval']);
    expect(kinds('devprototypeactual')).toEqual(['Initial prototype', 'ISR', 'LDM', 'SM']);
    expect(kinds('commercialization')).toEqual(['PO issued', 'Materials ordered', 'Production start', 'Inline inspection', 'Final inspection', 'Ex-factory']);
  });

  it("CP-035 the mapping table and the server's flag columns agree", async () => {
    const { FLAG_COLUMNS } = await import('../../server/features/critical-paths/dev-prototype');
    const rows = await db().query('SELECT flagfield, flagcolumn FROM critical_path_process_flags');
    expect(Object.fromEntries(rows.map((r) => [r.flagfield, r.flagcolumn]))).toEqual(FLAG_COLUMNS);
  });

  it('CP-034 every demo colorway has a dev prototype path with the default processes; flags agree with the approvals; some seasons mostly approved', async () => {
    const [missing] = await db().query('SELECT count(*)::int AS n FROM prototype_seasonals WHERE NOT isdeleted AND criticalpathdevprototypeid IS NULL');
    expect(missing.n).toBe(0);
    const [counts] = await db().query(
      `SELECT min(n)::int AS lo, max(n)::int AS hi FROM (SELECT count(*) AS n FROM critical_path_dev_prototype_final_processes GROUP BY criticalpathdevprototypeid) x`,
    );
    expect(counts).toEqual({ lo: 9, hi: 9 });
    const mismatch = await db().query(`SELECT ps.prototypeseasonalid FROM prototype_seasonals ps JOIN critical_path_process_flags m ON true
        JOIN critical_path_dev_prototype_final_processes f ON f.criticalpathdevprototypeid = ps.criticalpathdevprototypeid AND f.processtype = m.processtype
       WHERE (to_jsonb(ps) ->> m.flagcolumn)::boolean IS DISTINCT FROM coalesce(f.criticalpathprocessapprovedid IN (1, 4, 5), false)`);
    expect(mismatch).toEqual([]);
    const seasons = await db().query(
      `SELECT ps.seasonid, avg((ps.isfinalspecapprlocked)::int)::float AS share FROM prototype_seasonals ps WHERE NOT ps.isdeleted GROUP BY 1`,
    );
    expect(seasons.some((s) => (s.share as number) >= 0.6)).toBe(true);
    expect(seasons.some((s) => (s.share as number) < 0.6)).toBe(true);
  });
});

describe('dev prototype details (CP-030..034, CP-039, CP-048)', () => {
  it('CP-030 CP-031 CP-032 CP-033 header, final and actual processes, stock numbers with flags, purchase orders', async () => {
    const d = await freshPath();
    expect(Object.keys(d.Header)).toEqual(
      expect.arrayContaining([
        'CriticalPathDevPrototypeId',
        'CriticalPathDevPrototypeName',
        'Designer',
        'USDeveloper',
        'AsiaDeveloper',
        'CriticalPathHeaderStatusId',
        'Notes',
        'PrototypeSeasonalId',
        'RowVersion',
      ]),
    );
    expect(Object.keys(d.FinalProcesses[0])).toEqual(
      expect.arrayContaining([
        'CriticalPathDevPrototypeFinalProcessId',
        'ProcessName',
        'ProcessType',
        'SortOrder',
        'CanBeDeleted',
        'CanChangeName',
        'OverrideRevisedTargetDate',
        'EstStartDate',
        'TargetDate',
        'RevStartDate',
        'RevisedTargetDate',
        'ActualCompleteDate',
        'CriticalPathProcessApprovedId',
        'ApprovedBy',
        'ApprovedByName',
        'ApprovalDate',
        'IsProcessLocked',
        'IsProcessReadOnly',
        'Notes',
        'Notes2',
      ]),
    );
    expect(d.ActualProcesses.map((p: any) => p.ProcessName)).toEqual(['Initial prototype', 'ISR', 'LDM', 'SM']);
    expect(Object.keys(d.StockNumbers[0])).toEqual(
      expect.arrayContaining([
        'PrototypeSeasonalId',
        'IsLeatherApproved',
        'IsConfirmationSampleApproved',
        'IsFinalSpecApprLocked',
        'IsFinalCostConfCBDLoaded',
        'IsThreeOneTestComplete',
        'IsRSTestComplete',
        'IsMatlRefFolderSigned',
        'IsModelSizeApproved',
        'IsConfSampleSent',
        'IsDefault',
      ]),
    );
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
    expect(await res.json()).toMatchObject({
      Result: 1,
      Message: 'The critical path you are updating does not exist. Please contact your system administrator',
    });
    const upd = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', { CriticalPathDevPrototypeId: 999999, CriticalPathDevPrototypeName: 'x' });
    expect(upd.status).toBe(404);
    expect(await upd.json()).toMatchObject({
      IsSuccessful: false,
      Result: 1,
      Message: 'The critical path you are updating does not exist. Please contact your system administrator',
    });
  });

  it('CP-049 every parameter is declared and validated', async () => {
    expect((await get('/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=abc')).status).toBe(400);
    expect((await get('/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=99999999999')).status).toBe(400);
    const doc = await (await get('/api/openapi.json', admin)).json();
    const paths = Object.keys(doc.paths).map((p) => p.toLowerCase());
    for (const p of [
      'updatecriticalpathdevprototype',
      'getcriticalpathdevprototypedetails',
      'createcriticalpathcommercialization',
      'getcriticalpathlistbypatternseasonal',
      'cancriticalpathdevprototypebecancelled',
      'getcriticalpathlistbydevprototype',
    ]) {
      expect(
        paths.some((x) => x.endsWith(p)),
        p,
      ).toBe(true);
    }
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
    const [other] =
      await db().query(`SELECT cp.criticalpathdevprototypeid AS id FROM critical_path_dev_prototypes cp JOIN prototype_seasonals ps USING (prototypeseasonalid)
      JOIN prototypes p USING (prototypeid) WHERE p.brandid = 1 LIMIT 1`);
    const hidden = await get(`/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=${other.id}`, viewer);
    const missing = await get('/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=999998', viewer);
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual(await missing.json());
  });

  it('PERM-023 PERM-029 a factory user sees only paths of its factories and no factory fields', async () => {
    const [own] = await db().query(
      `SELECT cp.criticalpathdevprototypeid AS id FROM critical_path_dev_prototypes cp JOIN prototype_seasonals ps USING (prototypeseasonalid)
      JOIN prototypes p USING (prototypeid) WHERE p.brandid = 1 AND ps.factnameky = ANY($1) LIMIT 1`,
      [factoryKeys],
    );
    const [foreign] = await db().query(
      `SELECT cp.criticalpathdevprototypeid AS id FROM critical_path_dev_prototypes cp JOIN prototype_seasonals ps USING (prototypeseasonalid)
      JOIN prototypes p USING (prototypeid) WHERE p.brandid = 1 AND (ps.factnameky IS NULL OR NOT ps.factnameky = ANY($1)) LIMIT 1`,
      [factoryKeys],
    );
    const mine = await get(`/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=${own.id}`, factory);
    expect(mine.status).toBe(200);
    const text = await mine.text();
    for (const f of ['FactNameKy', 'FactName', 'FactoryKey']) expect(text).not.toContain(`"${f}"`);
    const theirs = await get(`/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=${foreign.id}`, factory);
    expect(theirs.status).toBe(404);
    expect((await theirs.json()).Result).toBe(1);
    expect(
      (await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', { CriticalPathDevPrototypeId: own.id, CriticalPathDevPrototypeName: 'x' }, factory))
        .status,
    ).toBe(403);
    const [comm] = await db().query(
      'SELECT criticalpathcommercializationid AS id FROM critical_path_commercializations WHERE NOT factorykey = ANY($1) LIMIT 1',
      [factoryKeys],
    );
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
