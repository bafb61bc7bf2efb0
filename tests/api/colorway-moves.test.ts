/**
 * Colorway actions, continued from colorway-actions.test.ts: delete (CW-059), relink (CW-055/056),
 * factory transfer (CW-024, CW-057) and dual source (CW-025, CW-058): gates, messages, brand scope
 * and permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { db, newColorway, patternOf, row, setFactory, setStatus, startColorwayApp, withPatternIn } from './colorway-action-steps';

let t: TestApp;
let designer: string, costing: string, viewer: string, factory: string, admin: string;
let designerId: number;

beforeAll(async () => {
  ({ t, designer, costing, viewer, factory, admin, designerId } = await startColorwayApp());
});
afterAll(async () => {
  await t?.close();
});

describe('delete (CW-059)', () => {
  const del = (id: number, token = designer) => t.request('POST', '/api/Prototype/DeletePrototypeSeasonal', { token, json: { PrototypeSeasonalId: id } });

  it('CW-059 a colorway in status 1 is soft deleted and then reads as deleted', async () => {
    const id = await newColorway();
    const res = await del(id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ IsSuccessful: true, Message: 'Record Deleted Successfully.' });
    expect((await row(id)).isdeleted).toBe(true);
    const read = await t.request('GET', `/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${id}`, { token: designer });
    expect(read.status).toBe(404);
    expect((await read.json()).Message).toBe('Colorway Deleted: The Colorway you are trying to access is deleted.');
  });

  it('CW-059 a colorway past status 1 is not deleted', async () => {
    const id = await newColorway();
    await setStatus(id, 2);
    const res = await del(id);
    expect(res.status).toBe(409);
    expect((await res.json()).Message).toBe('Record was not deleted. Please check current status.');
    expect((await row(id)).isdeleted).toBe(false);
  });

  it('CW-059 delete needs the colorway delete permission', async () => {
    const id = await newColorway();
    expect((await del(id, costing)).status).toBe(403);
    expect((await del(id, factory)).status).toBe(403);
    expect((await row(id)).isdeleted).toBe(false);
  });
});

describe('relink (CW-055, CW-056)', () => {
  const relink = (json: object, token = designer) => t.request('POST', '/api/Prototype/RelinkPrototype', { token, json });

  it('CW-055 the relink list offers the other patterns in status 2 or 3 of the brand and season', async () => {
    const id = await newColorway();
    const res = await t.request('GET', `/api/Prototype/GetRelinkList?PrototypeSeasonalId=${id}`, { token: designer });
    const body = await res.json();
    expect(body.CanRelink).toBe(true);
    expect(body.Patterns.length).toBeGreaterThan(0);
    const current = (await row(id)).patternid;
    expect(body.Patterns.some((p: { PatternId: number }) => p.PatternId === current)).toBe(false);
    const statuses = await db().query('SELECT DISTINCT statusid FROM pattern_seasonals WHERE patternseasonalid = ANY($1)', [
      body.Patterns.map((p: { PatternSeasonalId: number }) => p.PatternSeasonalId),
    ]);
    for (const s of statuses) expect([2, 3]).toContain(s.statusid);
  });

  it('CW-056 a relink moves the colorway to the new pattern', async () => {
    const id = await newColorway();
    const old = (await row(id)).patternid as number;
    const target = await patternOf(1, 1, 2, 1);
    const res = await relink({ PrototypeSeasonalId: id, NewPatternId: target.PatternId, OldPatternId: old });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ IsSuccessful: true, Message: 'Relink succeeded.' });
    expect(await row(id)).toMatchObject({ patternid: target.PatternId, patternseasonalid: target.PatternSeasonalId });
  });

  it('CW-055 CW-056 a target pattern not in status 2 or 3 fails the relink', async () => {
    const id = await newColorway();
    await withPatternIn(1, async (target) => {
      const res = await relink({ PrototypeSeasonalId: id, NewPatternId: target.PatternId, OldPatternId: (await row(id)).patternid });
      expect(res.status).toBe(400);
      expect((await res.json()).Message).toBe('Re-link failed. Select a Pattern that is in Released Status.');
    });
  });

  it('CW-055 a colorway in more than one season cannot be relinked', async () => {
    const id = await newColorway();
    const r = await row(id);
    await db().query(
      `INSERT INTO prototype_seasonals (prototypeid, patternseasonalid, seasonid, statusid, responsibleid, wfgroupid, producttypeid)
      VALUES ($1, $2, 2, 1, $3, 7, 1)`,
      [r.prototypeid, r.patternseasonalid, designerId],
    );
    const list = await (await t.request('GET', `/api/Prototype/GetRelinkList?PrototypeSeasonalId=${id}`, { token: designer })).json();
    expect(list).toMatchObject({ CanRelink: false, Message: 'The colorway must exist in only one season to relink', Patterns: [] });
    const target = await patternOf(1, 1, 2, 1);
    const res = await relink({ PrototypeSeasonalId: id, NewPatternId: target.PatternId, OldPatternId: r.patternid });
    expect(res.status).toBe(409);
    expect((await res.json()).Message).toBe('Re-link failed. The colorway must exist in only one season to relink');
    expect((await row(id)).patternid).toBe(r.patternid);
  });

  it('CW-056 relink and its list need colorway edit', async () => {
    const id = await newColorway();
    expect((await t.request('GET', `/api/Prototype/GetRelinkList?PrototypeSeasonalId=${id}`, { token: costing })).status).toBe(403);
    const target = await patternOf(1, 1, 2, 1);
    const res = await relink({ PrototypeSeasonalId: id, NewPatternId: target.PatternId, OldPatternId: (await row(id)).patternid }, viewer);
    expect(res.status).toBe(403);
  });
});

describe('factory transfer (CW-024, CW-057) and dual source (CW-025, CW-058)', () => {
  const transfer = (json: object, token = designer) => t.request('POST', '/api/Prototype/FactoryTransferUpdate', { token, json });
  const dual = (json: object, token = designer) => t.request('POST', '/api/Prototype/DualSourceUpdate', { token, json });
  const colorwayAt = async (status: number, factoryKey = '310101') => {
    const id = await newColorway();
    await setFactory(id, factoryKey);
    await setStatus(id, status);
    return id;
  };

  it('CW-024 CW-057 a released colorway moves to the new factory and keeps where it came from', async () => {
    const id = await colorwayAt(2);
    await db().query('UPDATE prototypes SET buyready = true WHERE prototypeid = (SELECT prototypeid FROM prototype_seasonals WHERE prototypeseasonalid = $1)', [
      id,
    ]);
    const res = await transfer({
      PrototypeSeasonalId: id,
      FactoryKey: '310102',
      FactoryName: 'Binh Duong Sole Works',
      IsTariffMitigation: false,
      CopyBuyReady: false,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ Result: 0, Message: 'Factory Transfer completed successfully.', Data: id, TransferChecklistId: expect.any(Number) });
    expect(await row(id)).toMatchObject({
      factnameky: '310102',
      factname: 'Binh Duong Sole Works',
      transferfactoryky: '310101',
      factorytransfer: true,
      buyready: false,
    });
  });

  it('CW-024 CW-043 a transfer takes the service fee of the new factory and recomputes the prices from it', async () => {
    const id = await colorwayAt(2);
    await db().query('UPDATE prototype_seasonals SET ffc = 20, estffc = 18, issfoverride = false, servfee = 0 WHERE prototypeseasonalid = $1', [id]);
    const [fee] = await db().query(
      `SELECT sf.servicefee FROM service_fees sf JOIN brands b ON b.sapbrandid = sf.sapbrandid JOIN factories f ON f.factorygroupkey = sf.factorygroupkey
        WHERE b.brandid = (SELECT brandid FROM colorway_view WHERE prototypeseasonalid = $1) AND f.factorykey = '310102'`,
      [id],
    );
    expect(fee, 'the demo data has a fee for the new factory').toBeTruthy();
    expect((await transfer({ PrototypeSeasonalId: id, FactoryKey: '310102' })).status).toBe(200);
    const after = await row(id);
    expect(Number(after.servfee)).toBe(Number(fee.servicefee));
    const [priced] = await db().query('SELECT actpurprice, estpurprice FROM prototype_seasonals WHERE prototypeseasonalid = $1', [id]);
    expect(priced.actpurprice).not.toBeNull();
    expect(Number(priced.actpurprice)).toBeGreaterThan(20);
    expect(Number(priced.estpurprice)).toBeGreaterThan(18);
  });

  it('CW-057 buy ready is kept when copied', async () => {
    const id = await colorwayAt(3);
    await db().query('UPDATE prototypes SET buyready = true WHERE prototypeid = (SELECT prototypeid FROM prototype_seasonals WHERE prototypeseasonalid = $1)', [
      id,
    ]);
    expect((await transfer({ PrototypeSeasonalId: id, FactoryKey: '310103', CopyBuyReady: true })).status).toBe(200);
    expect(await row(id)).toMatchObject({ factnameky: '310103', buyready: true });
  });

  it('CW-024 factory transfer is allowed in statuses 2, 3, 4 and 6 only', async () => {
    for (const status of [1, 5, 7]) {
      const id = await colorwayAt(status);
      const res = await transfer({ PrototypeSeasonalId: id, FactoryKey: '310102' });
      expect(res.status, `status ${status}`).toBe(409);
      expect((await row(id)).factnameky).toBe('310101');
    }
    for (const status of [4, 6]) {
      const id = await colorwayAt(status);
      expect((await transfer({ PrototypeSeasonalId: id, FactoryKey: '310102' })).status, `status ${status}`).toBe(200);
    }
  });

  it('CW-024 factory users cannot transfer; an unknown or the same factory is refused', async () => {
    const id = await colorwayAt(2);
    const res = await transfer({ PrototypeSeasonalId: id, FactoryKey: '310102' }, factory);
    expect(res.status).toBe(403);
    expect((await res.json()).Message).toBe('Factory users cannot transfer or dual source a colorway.');
    expect((await transfer({ PrototypeSeasonalId: id, FactoryKey: '310101' })).status).toBe(400);
    expect((await transfer({ PrototypeSeasonalId: id, FactoryKey: 'NOPE' })).status).toBe(400);
    expect((await row(id)).factnameky).toBe('310101');
  });

  it('CW-025 CW-058 dual source creates the colorway at the other factory, linked both ways', async () => {
    const id = await colorwayAt(2);
    await db().query(
      `UPDATE prototypes SET stocknum = 'DS-100' WHERE prototypeid = (SELECT prototypeid FROM prototype_seasonals WHERE prototypeseasonalid = $1)`,
      [id],
    );
    const res = await dual({ PrototypeSeasonalId: id, FactoryKey: '310102', UserId: designerId, IsTariffMitigation: false, CopyBuyReady: false });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ IsSuccessful: true, Message: 'Dual Source completed successfully' });
    const source = await row(id);
    const copy = await row(body.Data.PrototypeSeasonalId);
    expect(source).toMatchObject({ dsfactoryky: '310102', dualsrcdpatt: true, factnameky: '310101' });
    expect(copy).toMatchObject({
      factnameky: '310102',
      dsfactoryky: '310101',
      dualsrcdpatt: true,
      stocknum: 'DS-100',
      statusid: 1,
      seasonid: source.seasonid,
      patternseasonalid: source.patternseasonalid,
      copyseasonalid: id,
      prototypename: source.prototypename,
    });
    expect(copy.prototypeid).not.toBe(source.prototypeid);
  });

  it('CW-025 dual source is allowed in statuses 1, 2 and 3 only', async () => {
    for (const status of [4, 6, 7]) {
      const id = await colorwayAt(status);
      expect((await dual({ PrototypeSeasonalId: id, FactoryKey: '310102' })).status, `status ${status}`).toBe(409);
      expect((await row(id)).dsfactoryky).toBeNull();
    }
    const created = await newColorway();
    expect((await dual({ PrototypeSeasonalId: created, FactoryKey: '310102' })).status).toBe(200);
  });

  it('CW-025 factory users cannot dual source', async () => {
    const id = await colorwayAt(1);
    const res = await dual({ PrototypeSeasonalId: id, FactoryKey: '310102' }, factory);
    expect(res.status).toBe(403);
    expect((await res.json()).Message).toBe('Factory users cannot transfer or dual source a colorway.');
    expect((await row(id)).dsfactoryky).toBeNull();
  });

  it('PERM transfer and dual source need colorway edit and the brand', async () => {
    const id = await colorwayAt(2);
    expect((await transfer({ PrototypeSeasonalId: id, FactoryKey: '310102' }, viewer)).status).toBe(403);
    expect((await dual({ PrototypeSeasonalId: id, FactoryKey: '310102' }, costing)).status).toBe(403);
    expect((await transfer({ PrototypeSeasonalId: id, FactoryKey: '310102' }, admin)).status).toBe(200);
  });
});
