/**
 * Critical paths (issue 15): the dev prototype save (CP-045) with its approval rules end to end
 * (flags on the colorway and in its history, CP-035..040), process rows, stock numbers, purchase
 * orders, the CP-046/047 and stale-save answers; saved by the records pipeline with its child rows (ADR 031).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cp, setUpCriticalPaths } from '../helpers/critical-paths';

const { today, db, get, post, details, freshPath, approve, proc, colorway } = setUpCriticalPaths();
let admin: string;
let factoryKeys: string[];
beforeAll(() => {
  ({ admin, factoryKeys } = cp);
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
    for (const [id, flag] of [
      [1, true],
      [2, false],
      [4, true],
      [3, false],
      [5, true],
      [null, false],
    ] as const) {
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
    expect(
      history
        .filter((h: any) => h.Field === 'IsLeatherApproved')
        .map((h: any) => [h.FieldTitle, h.NewValue])
        .reverse(),
    ).toEqual(['true', 'false', 'true', 'false', 'true', 'false'].map((v) => ['Leather Approved', v]));
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
    expect(
      d.FinalProcesses.filter((p: any) => p.CriticalPathProcessApprovedId !== null)
        .map((p: any) => p.ProcessType)
        .sort(),
    ).toEqual(['PROP65LEAD', 'SPECAPP']);
    expect(proc(d, 'LTHAPP')).toMatchObject({ ApprovedBy: null, ApprovedByName: null, ApprovalDate: null });
    const cw = await colorway(d.Header.PrototypeSeasonalId);
    expect([cw.isfinalspecapprlocked, cw.isleatherapproved, cw.isconfirmationsampleapproved, cw.ismodelsizeapproved, cw.rscomplete]).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('CP-026 an approver must be a user of the brand', async () => {
    const d = await freshPath(4);
    const [outsider] = await db().query(
      'SELECT u.userid FROM users u WHERE NOT EXISTS (SELECT 1 FROM user_brands b WHERE b.userid = u.userid AND b.brandid = 1) LIMIT 1',
    );
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
    Object.assign(body.FinalProcesses[0], {
      EstStartDate: '2026-03-10',
      TargetDate: '2026-03-01',
      RevStartDate: '2026-04-10',
      RevisedTargetDate: '2026-04-01',
    });
    const res = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', body);
    expect(res.status).toBe(400);
    expect((await res.json()).Errors.map((e: any) => e.Field)).toEqual(['/FinalProcesses/0/TargetDate', '/FinalProcesses/0/RevisedTargetDate']);
  });

  it('CP-019 CP-024 rows are renumbered in steps of 10; IsDeleted rows go; rows that cannot be deleted stay', async () => {
    const d = await freshPath(6);
    const [a, b] = d.ActualProcesses;
    const res = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', {
      CriticalPathDevPrototypeId: d.Header.CriticalPathDevPrototypeId,
      RowVersion: d.Header.RowVersion,
      CriticalPathDevPrototypeName: d.Header.CriticalPathDevPrototypeName,
      ActualProcesses: [
        { CriticalPathDevPrototypeActualProcessId: b.CriticalPathDevPrototypeActualProcessId, ProcessName: b.ProcessName, SortOrder: 1 },
        { CriticalPathDevPrototypeActualProcessId: a.CriticalPathDevPrototypeActualProcessId, ProcessName: a.ProcessName, SortOrder: 2 },
        { CriticalPathDevPrototypeActualProcessId: d.ActualProcesses[3].CriticalPathDevPrototypeActualProcessId, ProcessName: 'SM', IsDeleted: true },
        { CriticalPathDevPrototypeActualProcessId: 0, ProcessName: 'Extra fitting', SortOrder: 999 },
      ],
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.Data.ActualProcesses.map((p: any) => [p.ProcessName, p.SortOrder])).toEqual([
      ['ISR', 10],
      ['Initial prototype', 20],
      ['LDM', 30],
      ['Extra fitting', 40],
    ]);
    const spec = proc(body.Data, 'SPECAPP');
    const refused = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', {
      CriticalPathDevPrototypeId: d.Header.CriticalPathDevPrototypeId,
      RowVersion: body.Data.Header.RowVersion,
      CriticalPathDevPrototypeName: 'x',
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
      expect(await res.json()).toMatchObject({
        IsSuccessful: false,
        Message: 'There was an error while saving the record. Please contact your system administrator',
      });
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
    const can = async () =>
      (await (await get(`/api/CriticalPath/CanCriticalPathDevPrototypeBeCancelled?CriticalPathDevPrototypeId=${id}`)).json()).CanBeCancelled;
    expect(await can()).toBe(true);
    await db().query(
      `UPDATE critical_path_dev_prototype_actual_processes SET actualcompletedate = '2026-01-01' WHERE criticalpathdevprototypeid = $1 AND sortorder = 10`,
      [id],
    );
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
    const [other] = await db().query(
      `SELECT ps.prototypeseasonalid AS id, ps.criticalpathdevprototypeid AS cp FROM prototype_seasonals ps JOIN prototypes p USING (prototypeid)
      WHERE p.brandid = 1 AND NOT ps.isdeleted AND ps.prototypeseasonalid <> $1 ORDER BY 1 LIMIT 1`,
      [d.Header.PrototypeSeasonalId],
    );
    // Linked elsewhere: refused.
    let res = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', { ...approve(d, {}), StockNumbers: [{ PrototypeSeasonalId: other.id }] });
    expect(res.status).toBe(400);
    expect((await res.json()).Errors[0].Message).toBe('This stock number already belongs to another critical path.');
    await db().query('UPDATE prototype_seasonals SET criticalpathdevprototypeid = NULL WHERE prototypeseasonalid = $1', [other.id]);
    res = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', {
      ...approve(d, {}),
      StockNumbers: [{ PrototypeSeasonalId: other.id, IsDefault: true }],
      PurchaseOrders: [
        { CriticalPathDevPrototypePurchaseOrderId: 0, PONumber: 'PO-TEST-1', FactoryKey: factoryKeys[0], Quantity: 500, ExFactoryDate: '2026-08-01' },
      ],
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.Data.Header.PrototypeSeasonalId).toBe(other.id);
    expect(body.Data.StockNumbers.map((s: any) => [s.PrototypeSeasonalId, s.IsDefault])).toEqual(
      expect.arrayContaining([
        [other.id, true],
        [d.Header.PrototypeSeasonalId, false],
      ]),
    );
    expect(body.Data.PurchaseOrders.at(-1)).toMatchObject({ PONumber: 'PO-TEST-1', Quantity: 500, ExFactoryDate: '2026-08-01' });
  });

  it('CP-043 a new dev prototype path (id 0) on a colorway seasonal starts with the default processes', async () => {
    const [ps] = await db().query(`SELECT ps.prototypeseasonalid AS id FROM prototype_seasonals ps JOIN prototypes p USING (prototypeid)
      WHERE p.brandid = 2 AND NOT ps.isdeleted ORDER BY 1 DESC LIMIT 1`);
    await db().query('UPDATE prototype_seasonals SET criticalpathdevprototypeid = NULL WHERE prototypeseasonalid = $1', [ps.id]);
    const res = await post('/api/CriticalPath/UpdateCriticalPathDevPrototype', {
      CriticalPathDevPrototypeId: 0,
      PrototypeSeasonalId: ps.id,
      CriticalPathDevPrototypeName: 'New path',
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.Data.FinalProcesses.map((p: any) => p.ProcessType)).toEqual([
      'SPECAPP',
      'LTHAPP',
      'FNLCSTCONF',
      '31MTLCOTST',
      'SAMPAPP',
      'MTLFLDSGND',
      'PROP65LEAD',
      'PATAPP',
      'CNFSMPSND',
    ]);
    expect(body.Data.ActualProcesses).toHaveLength(4);
    expect((await colorway(ps.id)).criticalpathdevprototypeid).toBe(body.Data.Header.CriticalPathDevPrototypeId);
  });
});
