/**
 * Size ranges of a colorway (CW-067, CW-069) and the user's size range presets (CW-070, CW-073):
 * round trips, the rules and their messages, the colorway's version and read-only statuses, scope
 * and permissions, and a new colorway started from a preset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let designer: string, admin: string, viewer: string, factory: string;
let designerId: number;

beforeAll(async () => {
  t = await createTestApp();
  // The factory partner gets colorway edit here, so only the factory scope can refuse it.
  await t.ctx.db.query('INSERT INTO role_permissions (roleid, moduleid, actionid) VALUES (5, 5, 2) ON CONFLICT DO NOTHING');
  [designer, admin, viewer, factory] = await t.tokens('designer', 'admin', 'viewer', 'factory');
  [{ userid: designerId }] = await t.ctx.db.query(`SELECT userid FROM users WHERE username = 'designer@example.com'`);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.ctx.db;
type Row = { SizeRangeId?: number; RegionId?: number | null; WidthId?: number | null; SizeRange?: string | null; IsDelete?: boolean };

/** A colorway of brand 1 in status 1 (the `skip`-th), optionally at one factory. */
async function colorway(skip = 0, factoryKey?: string) {
  const rows = await db().query(
    `SELECT prototypeseasonalid AS id FROM colorway_view
      WHERE brandid = 1 AND statusid = 1 AND NOT isdeleted ${factoryKey ? 'AND factnameky = $1' : ''} ORDER BY 1`,
    factoryKey ? [factoryKey] : [],
  );
  return rows[skip].id as number;
}
const version = async (id: number) =>
  (await db().query('SELECT rowversion FROM prototype_seasonals WHERE prototypeseasonalid = $1', [id]))[0].rowversion as number;
const stored = (id: number) =>
  db().query('SELECT regionid, widthid, sizerange FROM size_ranges WHERE prototypeseasonalid = $1 ORDER BY regionid, widthid', [id]);
const read = (id: number, token = designer) => t.request('GET', `/api/Prototype/GetSizeRanges?PrototypeSeasonalId=${id}`, { token });
const save = async (id: number, rows: Row[], token = designer, rowVersion?: number) =>
  t.request('POST', '/api/Prototype/SaveSizeRanges', {
    token,
    json: { PrototypeSeasonalId: id, RowVersion: rowVersion ?? (await version(id)), SizeRanges: rows },
  });

describe('colorway size ranges (CW-067, CW-069)', () => {
  it('CW-067 save and read round trip: rows added, changed and deleted as a set; the colorway version moves; history written', async () => {
    const id = await colorway(0);
    const before = await (await read(id)).json();
    expect(before.length).toBeGreaterThan(0);
    expect(Object.keys(before[0]).sort()).toEqual(['PrototypeSeasonalId', 'RegionId', 'RegionName', 'SizeRange', 'SizeRangeId', 'WidthId', 'WidthName']);
    const [us, ...rest] = before;
    const v = await version(id);
    const res = await save(id, [
      { SizeRangeId: us.SizeRangeId, SizeRange: ' 6-12 ' },
      ...rest.map((r: Row) => ({ SizeRangeId: r.SizeRangeId, IsDelete: true })),
      { RegionId: 3, WidthId: 2, SizeRange: '5-11' },
    ]);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.Message).toBe('Record Saved Successfully.');
    expect(body.RowVersion).toBe(v + 1);
    expect(await version(id)).toBe(v + 1);
    expect(body.SizeRanges.map((r: Row & { RegionName: string; WidthName: string }) => [r.RegionName, r.WidthName, r.SizeRange])).toEqual([
      [us.RegionName, us.WidthName, '6-12'],
      ['UK', 'Wide', '5-11'],
    ]);
    expect(await (await read(id)).json()).toEqual(body.SizeRanges);
    const [audit] = await db().query(`SELECT field, newvalue FROM audit_log WHERE entity = 'colorway' AND entityid = $1 ORDER BY auditid DESC LIMIT 1`, [
      String(id),
    ]);
    expect(audit).toEqual({ field: 'SizeRanges', newvalue: `${us.RegionName} ${us.WidthName} 6-12; UK Wide 5-11` });
  });

  it('CW-069 a duplicate region/width combination is a 400 on the later row and nothing is written, also against rows not in the list', async () => {
    const id = await colorway(1);
    const was = await stored(id);
    const v = await version(id);
    let res = await save(id, [
      { RegionId: 4, WidthId: 1, SizeRange: '36-40' },
      { RegionId: 4, WidthId: 1, SizeRange: '36-41' },
    ]);
    const body = await res.json();
    expect(res.status).toBe(400);
    expect(body.Message).toBe('Duplicate region/width combination.');
    expect(body.Errors).toEqual([
      { Field: '/SizeRanges/1/RegionId', Message: 'Duplicate region/width combination.' },
      { Field: '/SizeRanges/1/WidthId', Message: 'Duplicate region/width combination.' },
    ]);
    // The colorway already has US/Medium (demo data); adding it again without naming the old row is refused too.
    res = await save(id, [{ RegionId: 1, WidthId: 1, SizeRange: '8-14' }]);
    expect(res.status).toBe(400);
    expect((await res.json()).Errors[0].Field).toBe('/SizeRanges/0/RegionId');
    expect(await stored(id)).toEqual(was);
    expect(await version(id)).toBe(v);
  });

  it('CW-069 two rows may swap their combinations in one save', async () => {
    const id = await colorway(2);
    const [a, b] = await (await read(id)).json();
    const res = await save(id, [
      { SizeRangeId: a.SizeRangeId, RegionId: b.RegionId, SizeRange: b.SizeRange },
      { SizeRangeId: b.SizeRangeId, RegionId: a.RegionId, SizeRange: a.SizeRange },
    ]);
    expect(res.status).toBe(200);
  });

  it('CW-071 missing region, width or size range and unknown ids are field errors with the review message', async () => {
    const id = await colorway(1);
    const res = await save(id, [
      { RegionId: null, WidthId: 9, SizeRange: ' ' },
      { SizeRangeId: 999999, IsDelete: true },
    ]);
    const body = await res.json();
    expect(res.status).toBe(400);
    expect(body.Message).toBe('Please review all fields indicated in red.');
    expect(body.Errors).toEqual([
      { Field: '/SizeRanges/1/SizeRangeId', Message: 'Not a size range of this colorway.' },
      { Field: '/SizeRanges/0/RegionId', Message: 'Required.' },
      { Field: '/SizeRanges/0/WidthId', Message: 'Select a width.' },
      { Field: '/SizeRanges/0/SizeRange', Message: 'Required.' },
    ]);
  });

  it('CW-067 a stale RowVersion is a 409 naming who changed the colorway; nothing is written', async () => {
    const id = await colorway(3);
    const v = await version(id);
    expect((await save(id, [{ RegionId: 3, WidthId: 1, SizeRange: '6-12' }], admin, v)).status).toBe(200);
    const res = await save(id, [{ RegionId: 4, WidthId: 1, SizeRange: '39-46' }], designer, v);
    expect(res.status).toBe(409);
    const [a] = await db().query("SELECT firstname || ' ' || lastname AS name FROM users WHERE username = 'admin@example.com'");
    expect((await res.json()).Message).toContain(a.name);
    expect((await stored(id)).some((r) => r.regionid === 4)).toBe(false);
  });

  it('CW-067 a colorway in a read-only status (3..7) or deleted refuses the save', async () => {
    const id = await colorway(4);
    await db().query('UPDATE prototype_seasonals SET statusid = 3 WHERE prototypeseasonalid = $1', [id]);
    try {
      const res = await save(id, [{ RegionId: 3, WidthId: 1, SizeRange: '6-12' }]);
      expect(res.status).toBe(409);
      expect((await res.json()).Message).toMatch(/read-only/);
      expect((await stored(id)).some((r) => r.regionid === 3)).toBe(false);
    } finally {
      await db().query('UPDATE prototype_seasonals SET statusid = 1 WHERE prototypeseasonalid = $1', [id]);
    }
    await db().query('UPDATE prototype_seasonals SET isdeleted = true WHERE prototypeseasonalid = $1', [id]);
    try {
      const res = await save(id, [{ RegionId: 3, WidthId: 1, SizeRange: '6-12' }]);
      expect(res.status).toBe(404);
      expect((await res.json()).Message).toBe('Colorway Deleted: The Colorway you are trying to access is deleted.');
      expect((await read(id)).status).toBe(404);
    } finally {
      await db().query('UPDATE prototype_seasonals SET isdeleted = false WHERE prototypeseasonalid = $1', [id]);
    }
  });

  it('CW-067 permissions and scope: viewers read nothing of other brands and save nothing; factory users only their factory', async () => {
    const id = await colorway(0);
    expect((await read(id, viewer)).status).toBe(404); // brand 3 only
    const [own] = await db().query(
      'SELECT ps.prototypeseasonalid AS id FROM prototype_seasonals ps JOIN prototypes p USING (prototypeid) WHERE p.brandid = 3 LIMIT 1',
    );
    expect((await read(own.id, viewer)).status).toBe(200);
    const denied = await save(own.id, [], viewer);
    expect(denied.status).toBe(403);
    expect((await denied.json()).Code).toBe('permission_denied');

    const mine = await colorway(0, '310101');
    const [other] = await db().query(`SELECT prototypeseasonalid AS id FROM colorway_view
      WHERE brandid = 1 AND statusid = 1 AND factnameky IS DISTINCT FROM '310101' AND NOT isdeleted LIMIT 1`);
    expect((await read(mine, factory)).status).toBe(200);
    expect((await read(other.id, factory)).status).toBe(404);
    expect((await save(other.id, [{ RegionId: 4, WidthId: 4, SizeRange: '40' }], factory)).status).toBe(404);
    expect((await stored(other.id)).some((r) => r.regionid === 4 && r.widthid === 4)).toBe(false);
  });

  it('CW-064 region and width lookups', async () => {
    expect(await (await t.request('GET', '/api/Prototype/GetSizeRegions', { token: designer })).json()).toEqual([
      { RegionId: 1, RegionName: 'US' },
      { RegionId: 2, RegionName: 'EU' },
      { RegionId: 3, RegionName: 'UK' },
      { RegionId: 4, RegionName: 'Asia' },
    ]);
    expect((await (await t.request('GET', '/api/Prototype/GetWidths', { token: designer })).json()).map((w: { WidthName: string }) => w.WidthName)).toEqual([
      'Medium',
      'Wide',
      'Narrow',
      'Extra Wide',
    ]);
  });
});

const presets = (token = designer) => t.request('GET', '/api/User/SizeRangePresets', { token });
const savePresets = (Presets: object[], token = designer) => t.request('POST', '/api/User/SaveSizeRangePresets', { token, json: { Presets } });
const deletePreset = (id: number, token = designer) => t.request('POST', `/api/User/DeleteSizeRangePreset?id=${id}`, { token });

describe('size range presets (CW-070, CW-073)', () => {
  it('CW-073 save, read and rename presets; the answer says Presets saved successfully!', async () => {
    let res = await savePresets([
      {
        PresetName: 'Mens US/EU',
        SizeRanges: [
          { RegionId: 2, WidthId: 1, SizeRange: '40-47' },
          { RegionId: 1, WidthId: 1, SizeRange: '7-13' },
        ],
      },
      { PresetName: 'Womens', SizeRanges: [{ RegionId: 1, WidthId: 3, SizeRange: '5-10' }] },
    ]);
    let body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.Message).toBe('Presets saved successfully!');
    const mens = body.Data.find((p: { PresetName: string }) => p.PresetName === 'Mens US/EU');
    expect(mens.SizeRanges.map((r: Row) => [r.RegionId, r.WidthId, r.SizeRange])).toEqual([
      [1, 1, '7-13'],
      [2, 1, '40-47'],
    ]);
    expect(await (await presets()).json()).toEqual(body.Data);

    res = await savePresets([{ SizeRangePresetId: mens.SizeRangePresetId, PresetName: 'Mens', SizeRanges: [{ RegionId: 3, WidthId: 1, SizeRange: '6-12' }] }]);
    body = await res.json();
    expect(res.status).toBe(200);
    expect(body.Data.map((p: { PresetName: string }) => p.PresetName)).toEqual(['Mens', 'Womens']);
    expect(body.Data[0].SizeRanges).toEqual([{ RegionId: 3, WidthId: 1, SizeRange: '6-12', RegionName: 'UK', WidthName: 'Medium' }]);
    // Presets are the user's own: another user sees none of them.
    expect(await (await presets(admin)).json()).toEqual([]);
  });

  it('CW-070 a preset needs a name and at least one row; CW-069 a combination once; nothing is saved', async () => {
    const count = async () => (await db().query('SELECT count(*)::int AS n FROM size_range_presets'))[0].n;
    const n = await count();
    let res = await savePresets([{ PresetName: 'Empty', SizeRanges: [] }]);
    let body = await res.json();
    expect(res.status).toBe(400);
    expect(body.Message).toBe('You must add at least one default value.');
    expect(body.Errors).toEqual([{ Field: '/Presets/0/SizeRanges', Message: 'You must add at least one default value.' }]);

    res = await savePresets([{ PresetName: ' ', SizeRanges: [{ RegionId: 1, WidthId: 1, SizeRange: '7' }] }]);
    body = await res.json();
    expect(res.status).toBe(400);
    expect(body.Message).toBe('Please review all fields indicated in red.');
    expect(body.Errors).toEqual([{ Field: '/Presets/0/PresetName', Message: 'Required.' }]);

    res = await savePresets([
      { PresetName: 'Fine', SizeRanges: [{ RegionId: 1, WidthId: 1, SizeRange: '7' }] },
      {
        PresetName: 'Twice',
        SizeRanges: [
          { RegionId: 1, WidthId: 2, SizeRange: '7' },
          { RegionId: 1, WidthId: 2, SizeRange: '8' },
        ],
      },
    ]);
    body = await res.json();
    expect(res.status).toBe(400);
    expect(body.Message).toBe('Duplicate region/width combination.');
    expect(body.Errors.map((e: { Field: string }) => e.Field)).toEqual(['/Presets/1/SizeRanges/1/RegionId', '/Presets/1/SizeRanges/1/WidthId']);

    res = await savePresets([{ PresetName: 'womens', SizeRanges: [{ RegionId: 1, WidthId: 1, SizeRange: '7' }] }]);
    expect(res.status).toBe(400);
    expect((await res.json()).Errors).toEqual([{ Field: '/Presets/0/PresetName', Message: 'A preset with this name already exists.' }]);
    expect(await count()).toBe(n);
  });

  it("CW-073 delete only one's own presets; another user cannot change or delete them", async () => {
    const body = await (await savePresets([{ PresetName: 'To delete', SizeRanges: [{ RegionId: 4, WidthId: 1, SizeRange: '36-42' }] }])).json();
    const id = body.Data.find((p: { PresetName: string }) => p.PresetName === 'To delete').SizeRangePresetId;
    expect((await deletePreset(id, admin)).status).toBe(404);
    const taken = await savePresets([{ SizeRangePresetId: id, PresetName: 'Mine now', SizeRanges: [{ RegionId: 1, WidthId: 1, SizeRange: '7' }] }], admin);
    expect(taken.status).toBe(400);
    expect((await taken.json()).Errors).toEqual([{ Field: '/Presets/0/SizeRangePresetId', Message: 'Not one of your presets.' }]);
    const res = await deletePreset(id);
    expect(res.status).toBe(200);
    expect((await presets()).status).toBe(200);
    expect((await (await presets()).json()).some((p: { SizeRangePresetId: number }) => p.SizeRangePresetId === id)).toBe(false);
    expect((await db().query('SELECT 1 FROM size_range_preset_rows WHERE sizerangepresetid = $1', [id])).length).toBe(0);
    expect((await deletePreset(id)).status).toBe(404);
  });
});

describe('a new colorway from a preset (CW-064, 001 create wizard)', () => {
  const form = async (SizeRangePresetId: number | null) => {
    const [p] = await db().query(
      'SELECT patternseasonalid, patternid FROM pattern_view WHERE brandid = 1 AND seasonid = 1 AND statusid = 2 AND NOT isdeleted ORDER BY 1 LIMIT 1',
    );
    return {
      Prototype: {
        PatternId: p.patternid,
        PrototypeName: `Preset Colorway ${SizeRangePresetId}`,
        BrandId: 1,
        ImageName: null,
        Division: 'Footwear',
        DivisionKey: '01',
      },
      PrototypeSeasonal: { CopySeasonalId: null, SeasonId: 1, StatusId: 1, ResponsibleId: designerId, ProductTypeId: 1, WFGroupId: 7 },
      PatternSeasonalId: p.patternseasonalid,
      SizeRangePresetId,
    };
  };

  it("CW-064 SizeRangePresetId gives the new colorway the preset's rows; another user's preset is refused", async () => {
    const saved = await (
      await savePresets([
        {
          PresetName: 'Wizard',
          SizeRanges: [
            { RegionId: 1, WidthId: 2, SizeRange: '8-12' },
            { RegionId: 3, WidthId: 2, SizeRange: '7-11' },
          ],
        },
      ])
    ).json();
    const preset = saved.Data.find((p: { PresetName: string }) => p.PresetName === 'Wizard').SizeRangePresetId;
    const res = await t.request('POST', '/api/Prototype/CreatePrototypeSeasonal', { token: designer, json: await form(preset) });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(await stored(body.Data.PrototypeSeasonalId)).toEqual([
      { regionid: 1, widthid: 2, sizerange: '8-12' },
      { regionid: 3, widthid: 2, sizerange: '7-11' },
    ]);

    const refused = await t.request('POST', '/api/Prototype/CreatePrototypeSeasonal', { token: admin, json: await form(preset) });
    expect(refused.status).toBe(400);
    expect((await refused.json()).Errors).toContainEqual({ Field: '/SizeRangePresetId', Message: 'Select one of your size range presets.' });
  });
});
