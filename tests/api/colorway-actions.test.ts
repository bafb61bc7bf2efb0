/**
 * Colorway create/copy (CW-002..008, CW-047), delete (CW-059), relink (CW-055/056), factory transfer
 * (CW-024, CW-057) and dual source (CW-025, CW-058): gates, messages, brand scope and permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let designer: string, costing: string, viewer: string, factory: string, admin: string;
let designerId: number;

beforeAll(async () => {
  t = await createTestApp();
  // The factory partner gets colorway edit here, so only the factory-user rule can refuse it.
  await t.ctx.db.query('INSERT INTO role_permissions (roleid, moduleid, actionid) VALUES (5, 5, 2) ON CONFLICT DO NOTHING');
  [designer, costing, viewer, factory, admin] = await t.tokens('designer', 'costing', 'viewer', 'factory', 'admin');
  [{ userid: designerId }] = await t.ctx.db.query(`SELECT userid FROM users WHERE username = 'designer@example.com'`);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.ctx.db;
const patternOf = async (brandId: number, seasonId: number, statusId: number, skip = 0) => {
  const rows = await db().query(
    'SELECT patternseasonalid, patternid FROM pattern_view WHERE brandid = $1 AND seasonid = $2 AND statusid = $3 AND NOT isdeleted ORDER BY 1',
    [brandId, seasonId, statusId],
  );
  return { PatternSeasonalId: rows[skip].patternseasonalid as number, PatternId: rows[skip].patternid as number };
};
const setPatternStatus = (id: number, status: number) => db().query('UPDATE pattern_seasonals SET statusid = $2 WHERE patternseasonalid = $1', [id, status]);
/** A released pattern of brand 1, season 1 put in `status` while `run` runs. */
const withPatternIn = async (status: number, run: (p: { PatternSeasonalId: number; PatternId: number }) => Promise<void>) => {
  const p = await patternOf(1, 1, 2, 2);
  await setPatternStatus(p.PatternSeasonalId, status);
  try {
    await run(p);
  } finally {
    await setPatternStatus(p.PatternSeasonalId, 2);
  }
};
const setStatus = (id: number, status: number) => db().query('UPDATE prototype_seasonals SET statusid = $2 WHERE prototypeseasonalid = $1', [id, status]);
const setFactory = (id: number, key: string) =>
  db().query(
    `UPDATE prototype_seasonals ps SET factnameky = f.factorykey, factname = f.factoryname, ctryoforig = f.countrycode, factorygroupkey = f.factorygroupkey
     FROM factories f WHERE f.factorykey = $2 AND ps.prototypeseasonalid = $1`,
    [id, key],
  );
const row = async (id: number) =>
  (
    await db().query(
      `SELECT ps.*, p.patternid, p.brandid, p.dualsrcdpatt, p.buyready, p.stocknum, p.colordesc, p.prototypename
     FROM prototype_seasonals ps JOIN prototypes p USING (prototypeid) WHERE ps.prototypeseasonalid = $1`,
      [id],
    )
  )[0];

let n = 0;
const form = async (over: { Prototype?: object; PrototypeSeasonal?: object; PatternSeasonalId?: number } = {}) => {
  const pattern = await patternOf(1, 1, 2);
  return {
    Prototype: {
      PatternId: pattern.PatternId,
      PrototypeName: `Test Colorway ${++n}`,
      BrandId: 1,
      ImageName: null,
      Division: 'Footwear',
      DivisionKey: '01',
      ...over.Prototype,
    },
    PrototypeSeasonal: { CopySeasonalId: null, SeasonId: 1, StatusId: 1, ResponsibleId: designerId, ProductTypeId: 1, WFGroupId: 7, ...over.PrototypeSeasonal },
    PatternSeasonalId: over.PatternSeasonalId ?? pattern.PatternSeasonalId,
  };
};
const create = (json: object, token = designer) => t.request('POST', '/api/Prototype/CreatePrototypeSeasonal', { token, json });
const newColorway = async (over: Parameters<typeof form>[0] = {}) => {
  const res = await create(await form(over));
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.Data.PrototypeSeasonalId as number;
};

describe('create (CW-002..008)', () => {
  it('CW-007 CW-008 a colorway under a released pattern starts in status 1 and answers its seasonal id', async () => {
    const json = await form();
    const res = await create(json);
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ IsSuccessful: true, Message: 'Colorway created or copied successfully.' });
    const created = await row(body.Data.PrototypeSeasonalId);
    expect(created).toMatchObject({
      statusid: 1,
      brandid: 1,
      seasonid: 1,
      patternid: json.Prototype.PatternId,
      patternseasonalid: json.PatternSeasonalId,
      responsibleid: designerId,
      wfgroupid: 7,
      prototypename: json.Prototype.PrototypeName,
    });
    const read = await t.request('GET', `/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${body.Data.PrototypeSeasonalId}`, { token: designer });
    expect(read.status).toBe(200);
  });

  it('CW-004 a pattern in status 3 is accepted too', async () => {
    const p = await patternOf(1, 1, 2, 1);
    await setPatternStatus(p.PatternSeasonalId, 3);
    try {
      await newColorway({ Prototype: { PatternId: p.PatternId }, PatternSeasonalId: p.PatternSeasonalId });
    } finally {
      await setPatternStatus(p.PatternSeasonalId, 2);
    }
  });

  it('CW-004 CW-005 a pattern that is not Released or Completed is refused with the pattern message', async () => {
    for (const status of [1, 4, 6]) {
      await withPatternIn(status, async (p) => {
        const res = await create(await form({ Prototype: { PatternId: p.PatternId }, PatternSeasonalId: p.PatternSeasonalId }));
        const body = await res.json();
        expect(res.status, `pattern status ${status}`).toBe(400);
        expect(body.Message).toBe('Select a Pattern that is in Released Status.');
        expect(JSON.stringify(body)).toContain('/PatternSeasonalId');
      });
    }
  });

  it('CW-005 form errors and a wrong pattern are joined with " And "', async () => {
    await withPatternIn(1, async (p) => {
      const res = await create(
        await form({ Prototype: { PatternId: p.PatternId }, PrototypeSeasonal: { WFGroupId: 5 }, PatternSeasonalId: p.PatternSeasonalId }),
      );
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.Message).toBe('Please review all fields indicated in red. And Select a Pattern that is in Released Status.');
      expect(JSON.stringify(body)).toContain('/PrototypeSeasonal/WFGroupId');
    });
  });

  it('CW-005 a form error alone gives the review message; a pattern of another season is no released pattern', async () => {
    const res = await create(await form({ Prototype: { PrototypeName: '  ' } }));
    expect(res.status).toBe(400);
    expect((await res.json()).Message).toBe('Please review all fields indicated in red.');
    const other = await create(await form({ PrototypeSeasonal: { SeasonId: 2 } }));
    expect((await other.json()).Message).toBe('Select a Pattern that is in Released Status.');
  });

  it('CW-005 a missing pattern alone gives only the pattern message', async () => {
    const { PatternSeasonalId: _omitted, ...json } = await form();
    const res = await create(json);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.Message).toBe('Select a Pattern that is in Released Status.');
    expect(JSON.stringify(body)).toContain('PatternSeasonalId');
  });

  it('CW-006 a responsible with an id of 0 or less is cleared and then required', async () => {
    for (const id of [0, -3, null]) {
      const res = await create(await form({ PrototypeSeasonal: { ResponsibleId: id } }));
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.Message).toBe('Please review all fields indicated in red.');
      expect(JSON.stringify(body)).toContain('/PrototypeSeasonal/ResponsibleId');
    }
  });

  it('CW-002 the responsible must be a user of the brand and the workflow group a colorway group of the brand', async () => {
    const [{ userid: viewerId }] = await db().query(`SELECT userid FROM users WHERE username = 'viewer@example.com'`);
    const res = await create(await form({ PrototypeSeasonal: { ResponsibleId: viewerId, WFGroupId: 1 } }));
    expect(res.status).toBe(400);
    const text = JSON.stringify(await res.json());
    expect(text).toContain('/PrototypeSeasonal/ResponsibleId');
    expect(text).toContain('/PrototypeSeasonal/WFGroupId');
  });

  it('CW-003 a copy keeps the source brand and its design, and records the source seasonal', async () => {
    const [source] = await db().query(`SELECT prototypeseasonalid, colordesc FROM prototype_seasonals JOIN prototypes USING (prototypeid)
      WHERE brandid = 1 AND seasonid = 1 AND colordesc IS NOT NULL AND NOT isdeleted ORDER BY 1 LIMIT 1`);
    const id = await newColorway({ Prototype: { BrandId: 2 }, PrototypeSeasonal: { CopySeasonalId: source.prototypeseasonalid } });
    const copy = await row(id);
    expect(copy).toMatchObject({ brandid: 1, colordesc: source.colordesc, copyseasonalid: source.prototypeseasonalid, statusid: 1, stocknum: null });
    // CW-067: the copy offers the source's sizes.
    const sizes = async (seasonalId: number) =>
      (await db().query('SELECT regionid, widthid, sizerange FROM size_ranges WHERE prototypeseasonalid = $1 ORDER BY 1, 2', [seasonalId])).map(
        (r) => `${r.regionid}/${r.widthid} ${r.sizerange}`,
      );
    const theirs = await sizes(source.prototypeseasonalid);
    expect(theirs.length).toBeGreaterThan(0);
    expect(await sizes(id)).toEqual(theirs);
  });

  it('CW-047 a duplicate name only notes the duplication', async () => {
    const json = await form();
    await newColorway({ Prototype: { PrototypeName: json.Prototype.PrototypeName } });
    const res = await create({ ...json });
    expect(res.status).toBe(200);
    expect((await res.json()).Warning).toBe('Name duplication: You may continue, but please note this name already exists.');
    const check = await t.request(
      'GET',
      `/api/Prototype/IsPrototypeNameExists?BrandId=1&PrototypeName=${encodeURIComponent(json.Prototype.PrototypeName.toUpperCase())}`,
      { token: designer },
    );
    expect(await check.json()).toEqual({ Exists: true, Message: 'Name duplication: You may continue, but please note this name already exists.' });
    const fresh = await t.request('GET', '/api/Prototype/IsPrototypeNameExists?BrandId=1&PrototypeName=Never%20Used%20Name', { token: designer });
    expect((await fresh.json()).Exists).toBe(false);
  });

  it('PERM brand scope and create permission are enforced', async () => {
    const p = await patternOf(3, 9, 2).catch(() => null);
    if (p) {
      const res = await create(await form({ Prototype: { BrandId: 3, PatternId: p.PatternId }, PatternSeasonalId: p.PatternSeasonalId }));
      expect(res.status).toBe(403);
    }
    const other = await create(await form({ Prototype: { BrandId: 4 } }));
    expect(other.status).toBe(403);
    expect((await create(await form(), viewer)).status).toBe(403);
    expect((await create(await form(), factory)).status).toBe(403);
  });

  it('CW-002 the pattern list holds only patterns in status 2 or 3 of the brand and season, filtered by name', async () => {
    const res = await t.request('POST', '/api/Prototype/SearchPatternsForPrototype', {
      token: designer,
      json: { BrandId: 1, SeasonId: 1, pageNumber: 1, pageSize: 999 },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    const rows = body.Results;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect([2, 3]).toContain(r.StatusId);
    const name = rows[0].PatternName as string;
    const filtered = await (
      await t.request('POST', '/api/Prototype/SearchPatternsForPrototype', { token: designer, json: { BrandId: 1, SeasonId: 1, PatternName: name } })
    ).json();
    const filteredRows = filtered.Results;
    expect(filteredRows.every((r: { PatternName: string }) => r.PatternName.toLowerCase().includes(name.toLowerCase()))).toBe(true);
    const scoped = await t.request('POST', '/api/Prototype/SearchPatternsForPrototype', { token: designer, json: { BrandId: 3, SeasonId: 9 } });
    expect(scoped.status).toBe(403);
  });
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
