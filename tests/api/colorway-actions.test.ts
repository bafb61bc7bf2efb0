/**
 * Colorway create/copy (CW-002..008, CW-047), delete (CW-059), relink (CW-055/056), factory transfer
 * (CW-024, CW-057) and dual source (CW-025, CW-058): gates, messages, brand scope and permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { create, db, form, newColorway, patternOf, row, setPatternStatus, startColorwayApp, withPatternIn } from './colorway-action-steps';

let t: TestApp;
let designer: string, viewer: string, factory: string;
let designerId: number;

beforeAll(async () => {
  ({ t, designer, viewer, factory, designerId } = await startColorwayApp());
});
afterAll(async () => {
  await t?.close();
});

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
