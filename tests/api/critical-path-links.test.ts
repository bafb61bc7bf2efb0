/**
 * A dev prototype path's stock numbers and purchase orders (DECISIONS CP-034) and the approver
 * lookup (CP-026): the link picker, link / default / unlink, a colorway of another path refused,
 * purchase orders added, changed and removed (an unknown factory refused), an approver named from
 * the brand's users (one outside it refused).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let designer: string, factory: string;

beforeAll(async () => {
  t = await createTestApp();
  [designer, factory] = await t.tokens('designer', 'factory');
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.ctx.db;
const get = (url: string, token = designer) => t.request('GET', url, { token });
const post = (url: string, json: unknown, token = designer) => t.request('POST', url, { token, json });
const details = async (id: number) => (await get(`/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=${id}`)).json();
const update = (d: any, extra: object) =>
  post('/api/CriticalPath/UpdateCriticalPathDevPrototype', {
    CriticalPathDevPrototypeId: d.Header.CriticalPathDevPrototypeId,
    RowVersion: d.Header.RowVersion,
    CriticalPathDevPrototypeName: d.Header.CriticalPathDevPrototypeName,
    ...extra,
  });

/** Three brand-1 colorway seasonals with their own paths, in stock number order. */
const paths = async (skip: number) =>
  db().query(
    `SELECT cp.criticalpathdevprototypeid AS id, ps.prototypeseasonalid AS ps, p.stocknum
    FROM critical_path_dev_prototypes cp JOIN prototype_seasonals ps ON ps.prototypeseasonalid = cp.prototypeseasonalid JOIN prototypes p ON p.prototypeid = ps.prototypeid
   WHERE p.brandid = 1 AND NOT ps.isdeleted AND ps.criticalpathdevprototypeid = cp.criticalpathdevprototypeid ORDER BY p.stocknum OFFSET $1 LIMIT 3`,
    [skip],
  );

describe('stock numbers (DECISIONS CP-034)', () => {
  it("CP-034 the picker lists the brand's colorways with the path that holds them; link, make default, unlink", async () => {
    const [a, b, c] = await paths(20);
    // b becomes a colorway without a path of its own.
    await db().query('UPDATE prototype_seasonals SET criticalpathdevprototypeid = NULL WHERE prototypeseasonalid = $1', [b.ps]);
    const picker = await (
      await get(`/api/CriticalPath/GetLinkableStockNumbers?CriticalPathDevPrototypeId=${a.id}&SearchText=${encodeURIComponent(b.stocknum)}`)
    ).json();
    expect(picker.find((r: any) => r.PrototypeSeasonalId === b.ps)).toMatchObject({ StockNum: b.stocknum, LinkedTo: null });
    const other = await (
      await get(`/api/CriticalPath/GetLinkableStockNumbers?CriticalPathDevPrototypeId=${a.id}&SearchText=${encodeURIComponent(c.stocknum)}`)
    ).json();
    expect(other.find((r: any) => r.PrototypeSeasonalId === c.ps)?.LinkedTo).toBeTruthy();

    let d = await details(a.id);
    let res = await update(d, { StockNumbers: [{ PrototypeSeasonalId: b.ps, IsDefault: false }] });
    expect(res.status).toBe(200);
    d = await details(a.id);
    expect(d.StockNumbers.map((s: any) => s.PrototypeSeasonalId).sort()).toEqual([a.ps, b.ps].sort());
    // The newly linked colorway carries the path's flags (one truth).
    const spec = d.FinalProcesses.find((p: any) => p.ProcessType === 'SPECAPP');
    const [row] = await db().query('SELECT isfinalspecapprlocked FROM prototype_seasonals WHERE prototypeseasonalid = $1', [b.ps]);
    expect(row.isfinalspecapprlocked).toBe([1, 4, 5].includes(spec.CriticalPathProcessApprovedId));

    // A colorway of another path is refused, naming the row.
    res = await update(d, { StockNumbers: [{ PrototypeSeasonalId: c.ps }] });
    expect(res.status).toBe(400);
    expect((await res.json()).Errors[0].Field).toBe('/StockNumbers/0/PrototypeSeasonalId');

    // b the default, then a unlinked.
    res = await update(d, {
      StockNumbers: [
        { PrototypeSeasonalId: b.ps, IsDefault: true },
        { PrototypeSeasonalId: a.ps, IsDeleted: true },
      ],
    });
    expect(res.status).toBe(200);
    d = await details(a.id);
    expect(d.StockNumbers.map((s: any) => [s.PrototypeSeasonalId, s.IsDefault])).toEqual([[b.ps, true]]);
    // Restore: a back as the default, b unlinked.
    res = await update(d, {
      StockNumbers: [
        { PrototypeSeasonalId: a.ps, IsDefault: true },
        { PrototypeSeasonalId: b.ps, IsDeleted: true },
      ],
    });
    expect(res.status).toBe(200);
  });

  it("CP-034 a factory user's picker holds only their factories' colorways; another brand's path answers like a missing one", async () => {
    const [a] = await paths(0);
    const keys = (
      await db().query(`SELECT array_agg(uf.factorykey) AS k FROM user_factories uf JOIN users u USING (userid) WHERE u.username = 'factory@example.com'`)
    )[0].k as string[];
    const res = await get(`/api/CriticalPath/GetLinkableStockNumbers?CriticalPathDevPrototypeId=${a.id}&SearchText=a`, factory);
    if (res.status === 200) {
      const ids = (await res.json()).map((r: any) => r.PrototypeSeasonalId);
      const [{ n }] = await db().query(
        'SELECT count(*)::int AS n FROM prototype_seasonals WHERE prototypeseasonalid = ANY($1) AND NOT (factnameky = ANY($2))',
        [ids, keys],
      );
      expect(n).toBe(0);
    } else {
      expect(res.status).toBe(404);
    }
    const missing = await get('/api/CriticalPath/GetLinkableStockNumbers?CriticalPathDevPrototypeId=999999&SearchText=ab');
    expect(missing.status).toBe(404);
    expect((await get('/api/CriticalPath/GetLinkableStockNumbers?CriticalPathDevPrototypeId=abc&SearchText=ab')).status).toBe(400);
  });
});

describe('purchase orders (DECISIONS CP-034)', () => {
  it('CP-034 purchase orders are added, changed and removed in one save; an unknown factory is refused by row', async () => {
    const [a] = await paths(5);
    const [f] = await db().query('SELECT factorykey, factoryname FROM factories ORDER BY factorykey LIMIT 1');
    let d = await details(a.id);
    const before = d.PurchaseOrders.length;
    let res = await update(d, {
      PurchaseOrders: [
        { CriticalPathDevPrototypePurchaseOrderId: 0, PONumber: 'PO-T1', FactoryKey: f.factorykey, Quantity: 1200, ExFactoryDate: '2026-03-01' },
        { CriticalPathDevPrototypePurchaseOrderId: 0, PONumber: 'PO-T2', Quantity: 300 },
      ],
    });
    expect(res.status).toBe(200);
    d = await details(a.id);
    expect(d.PurchaseOrders).toHaveLength(before + 2);
    const t1 = d.PurchaseOrders.find((p: any) => p.PONumber === 'PO-T1');
    expect(t1).toMatchObject({ FactoryKey: f.factorykey, FactoryName: f.factoryname, Quantity: 1200 });
    expect(String(t1.ExFactoryDate).slice(0, 10)).toBe('2026-03-01');

    res = await update(d, { PurchaseOrders: [{ CriticalPathDevPrototypePurchaseOrderId: 0, PONumber: 'PO-T3', FactoryKey: 'NOPE9' }] });
    expect(res.status).toBe(400);
    expect((await res.json()).Errors).toEqual([{ Field: '/PurchaseOrders/0/FactoryKey', Message: 'There is no factory with this key.' }]);
    // A new order with a quantity but no PO number (the screen sends it, so nothing typed vanishes) is refused by its field.
    res = await update(d, { PurchaseOrders: [{ CriticalPathDevPrototypePurchaseOrderId: 0, PONumber: '', Quantity: 40 }] });
    expect(res.status).toBe(400);
    expect((await res.json()).Errors.map((e: { Field: string }) => e.Field)).toEqual(['/PurchaseOrders/0/PONumber']);

    const t2 = d.PurchaseOrders.find((p: any) => p.PONumber === 'PO-T2');
    res = await update(d, {
      PurchaseOrders: [
        { CriticalPathDevPrototypePurchaseOrderId: t1.CriticalPathDevPrototypePurchaseOrderId, PONumber: 'PO-T1b', Quantity: 1300 },
        { CriticalPathDevPrototypePurchaseOrderId: t2.CriticalPathDevPrototypePurchaseOrderId, PONumber: 'PO-T2', IsDeleted: true },
      ],
    });
    expect(res.status).toBe(200);
    d = await details(a.id);
    expect(d.PurchaseOrders.map((p: any) => p.PONumber)).toContain('PO-T1b');
    expect(d.PurchaseOrders.map((p: any) => p.PONumber)).not.toContain('PO-T2');
    expect(d.PurchaseOrders).toHaveLength(before + 1);
  });
});

describe('the approver lookup (CP-026)', () => {
  it('CP-026 an approved process names another user of the brand as its approver; a user outside the brand is refused', async () => {
    const [a] = await paths(10);
    let d = await details(a.id);
    const spec = d.FinalProcesses.find((p: any) => p.ProcessType === 'SPECAPP');
    // Approve first (stamped with the designer).
    let res = await update(d, {
      FinalProcesses: [
        {
          CriticalPathDevPrototypeFinalProcessId: spec.CriticalPathDevPrototypeFinalProcessId,
          ProcessName: spec.ProcessName,
          CriticalPathProcessApprovedId: 1,
        },
      ],
    });
    expect(res.status).toBe(200);
    d = await details(a.id);
    const approvers = await (await get(`/api/CriticalPath/GetCriticalPathApprovers?BrandId=${d.Header.BrandId}`)).json();
    const stamped = d.FinalProcesses.find((p: any) => p.ProcessType === 'SPECAPP');
    const other = approvers.find((u: any) => u.UserId !== stamped.ApprovedBy);
    res = await update(d, {
      FinalProcesses: [
        {
          CriticalPathDevPrototypeFinalProcessId: spec.CriticalPathDevPrototypeFinalProcessId,
          ProcessName: spec.ProcessName,
          CriticalPathProcessApprovedId: 1,
          ApprovedBy: other.UserId,
        },
      ],
    });
    expect(res.status).toBe(200);
    d = await details(a.id);
    expect(d.FinalProcesses.find((p: any) => p.ProcessType === 'SPECAPP')).toMatchObject({ ApprovedBy: other.UserId, ApprovedByName: other.Name });

    const [outside] = await db().query(
      `SELECT u.userid FROM users u WHERE NOT EXISTS (SELECT 1 FROM user_brands b WHERE b.userid = u.userid AND b.brandid = $1) LIMIT 1`,
      [d.Header.BrandId],
    );
    res = await update(d, {
      FinalProcesses: [
        {
          CriticalPathDevPrototypeFinalProcessId: spec.CriticalPathDevPrototypeFinalProcessId,
          ProcessName: spec.ProcessName,
          CriticalPathProcessApprovedId: 1,
          ApprovedBy: outside.userid,
        },
      ],
    });
    expect(res.status).toBe(400);
    expect((await res.json()).Errors[0].Field).toMatch(/\/FinalProcesses\/0\/ApprovedBy/);
  });
});
