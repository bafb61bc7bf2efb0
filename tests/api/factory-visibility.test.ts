/**
 * DECISIONS PERM-029 (issue 10, ADR 014): factory users receive no costing or factory field from
 * lookups, library lists and grids, colorway duties, the pattern's target purchase price, or the
 * brief's factory group list (only their own factories' groups). DECISIONS SEARCH-014: their mass
 * upload from /Search changes only what they may edit.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bytesOf, commitUpload, importRowsOf, previewUpload } from '../helpers/uploads';

let t: TestApp;
let factory: string, designer: string;
let factoryKeys: string[];
let brandId: number;
beforeAll(async () => {
  t = await createTestApp();
  // Libraries read for the factory user's role, so the library lists are reachable at all (PERM-026).
  await t.ctx.db.query(`INSERT INTO role_permissions (roleid, moduleid, actionid)
    SELECT roleid, 9, 1 FROM users WHERE username = 'factory@example.com' ON CONFLICT DO NOTHING`);
  [factory, designer] = await t.tokens('factory', 'designer');
  const [fu] = await t.ctx.db.query(`SELECT array_agg(DISTINCT uf.factorykey) AS keys, min(ub.brandid) AS brandid
    FROM users u JOIN user_factories uf USING (userid) JOIN user_brands ub USING (userid) WHERE u.username = 'factory@example.com'`);
  factoryKeys = fu.keys;
  brandId = fu.brandid;
});
afterAll(async () => {
  await t?.close();
});

const lookup = async (token: string, name: string) => {
  const res = await t.request('POST', `/api/SearchHelp/Search${name}`, { token, json: {} });
  expect(res.status, name).toBe(200);
  return (await res.json()).Results as Record<string, unknown>[];
};

describe('factory users receive no costing or factory fields (DECISIONS PERM-029, issue 10)', () => {
  for (const [name, field] of [
    ['Outsoles', 'Price'],
    ['Midsoles', 'Price'],
    ['HTSDutys', 'Duty'],
  ]) {
    it(`PERM-029: Search${name} leaves out ${field} for a factory user; others still get it`, async () => {
      const mine = await lookup(factory, name);
      expect(mine.length, name).toBeGreaterThan(0);
      for (const row of mine) expect(row, name).not.toHaveProperty(field);
      const theirs = await lookup(designer, name);
      expect(theirs[0], name).toHaveProperty(field);
      const sorted = await t.request('POST', `/api/SearchHelp/Search${name}`, { token: factory, json: { sortColumn: field } });
      expect(sorted.status).toBe(400);
      const described = async (token: string) =>
        ((await (await t.request('GET', '/api/SearchHelp/Registry', { token })).json()) as any[])
          .find((e) => e.Name === name)
          .Columns.map((col: any) => col.Field);
      expect(await described(factory)).not.toContain(field);
      expect(await described(designer)).toContain(field);
    });
  }

  it('PERM-029: the library list and the library grid leave out the sole price for a factory user', async () => {
    const list = await t.request('GET', `/api/Library/GetEntries?type=Outsole&brandId=${brandId}`, { token: factory });
    expect(list.status).toBe(200);
    const rows = (await list.json()).Results;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).not.toHaveProperty('Price');
    const grid = await t.request('POST', '/api/Grid/library-outsole/Search', { token: factory, json: {} });
    expect(grid.status).toBe(200);
    const page = await grid.json();
    expect(page.Results.length).toBeGreaterThan(0);
    for (const row of page.Results) expect(row).not.toHaveProperty('Price');
  });

  it("PERM-029: a factory user's colorway has no assigned duties and its pattern no target purchase price", async () => {
    const [own] = await t.ctx.db.query(
      'SELECT prototypeseasonalid AS id, patternseasonalid AS pattern FROM colorway_view WHERE factnameky = ANY($1) AND NOT isdeleted LIMIT 1',
      [factoryKeys],
    );
    const colorway = await (await t.request('GET', `/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${own.id}`, { token: factory })).json();
    expect(colorway.PrototypeSeasonalId).toBe(own.id);
    for (const f of ['UsAssignDuty', 'CaAssignDuty', 'UkAssignDuty', 'EuAssignDuty']) expect(colorway, f).not.toHaveProperty(f);
    const pattern = await (await t.request('GET', `/api/Pattern/GetPatternSeasonalDetails?PatternSeasonalId=${own.pattern}`, { token: factory })).json();
    expect(pattern.PatternSeasonalId).toBe(own.pattern);
    expect(pattern).not.toHaveProperty('TargetPurPrice');
    const internal = await (await t.request('GET', `/api/Pattern/GetPatternSeasonalDetails?PatternSeasonalId=${own.pattern}`, { token: designer })).json();
    expect(internal).toHaveProperty('TargetPurPrice');
    // Whether the pattern's colorways are dual sourced is the colorway's factory field DualSrcdPatt.
    expect((await t.request('GET', `/api/Pattern/IsDualSourced?PatternSeasonalId=${own.pattern}`, { token: factory })).status).toBe(403);
  });

  it("PERM-029: Brief/editPageLists lists only the groups of the factory user's factories", async () => {
    const lists = await (await t.request('GET', `/api/Brief/editPageLists?BrandId=${brandId}`, { token: factory })).json();
    const own = await t.ctx.db.query('SELECT DISTINCT factorygroupkey AS key FROM factories WHERE factorykey = ANY($1) ORDER BY 1', [factoryKeys]);
    expect(lists.FactoryGroups.map((g: any) => g.Key).sort()).toEqual(own.map((g) => g.key));
    const [{ n }] = await t.ctx.db.query('SELECT count(*)::int AS n FROM factory_groups');
    expect(n).toBeGreaterThan(own.length);
  });
});

describe('mass upload from /Search (DECISIONS SEARCH-014)', () => {
  const file = async (rows: [string, string, string][]) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Colorways');
    ws.addRow(['Stock Number', 'Season', 'Color Description']);
    for (const r of rows) ws.addRow(r);
    return bytesOf(wb);
  };
  const colorDesc = async (id: number) => (await t.ctx.db.query('SELECT colordesc FROM colorway_view WHERE prototypeseasonalid = $1', [id]))[0].colordesc;

  it("SEARCH-014: a factory user may upload colorways; the upload changes only what they may edit, on their own factories' colorways", async () => {
    const pick = (where: string) =>
      t.ctx.db.query<{ id: number; stocknum: string; seasonname: string }>(
        `SELECT prototypeseasonalid AS id, stocknum, seasonname FROM colorway_view c WHERE ${where} AND NOT isdeleted AND statusid IN (1, 2) AND stocknum IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM colorway_view o WHERE lower(o.stocknum) = lower(c.stocknum) AND o.prototypeseasonalid <> c.prototypeseasonalid)
        ORDER BY 1 LIMIT 1`,
        [factoryKeys],
      );
    const [own] = await pick('factnameky = ANY($1)');
    const [other] = await pick('factnameky IS NOT NULL AND NOT factnameky = ANY($1)');
    const data = await file([
      [own.stocknum, own.seasonname, 'Factory Blue'],
      [other.stocknum, other.seasonname, 'Factory Red'],
    ]);
    // Colorway read only (the demo's factory role): offered, but every change is refused.
    const readOnly = await previewUpload(t, factory, '/api/Prototype/UploadPrototypes', data, 'colorways.xlsx');
    expect(readOnly.Status).toBe('Previewed');
    const refused = await importRowsOf(t, factory, readOnly.ImportId);
    expect(refused.map((r) => r.Outcome)).toEqual(['refused', 'unknown']);
    expect(await colorDesc(own.id)).not.toBe('Factory Blue');
    // With colorway edit: their own colorway changes; another factory's is not found (outside their scope) and stays.
    await t.ctx.db.query(
      'INSERT INTO role_permissions (roleid, moduleid, actionid) SELECT roleid, 5, 2 FROM users WHERE username = $1 ON CONFLICT DO NOTHING',
      ['factory@example.com'],
    );
    const [editor] = await t.tokens('factory');
    const imp = await previewUpload(t, editor, '/api/Prototype/UploadPrototypes', data, 'colorways.xlsx');
    expect(imp.Counts).toMatchObject({ Changed: 1, Unknown: 1 });
    const job = await commitUpload(t, editor, imp.ImportId);
    expect(job.Counts.Saved).toBe(1);
    expect(await colorDesc(own.id)).toBe('Factory Blue');
    expect(await colorDesc(other.id)).not.toBe('Factory Red');
    await t.ctx.db.query('DELETE FROM role_permissions WHERE moduleid = 5 AND actionid = 2 AND roleid = (SELECT roleid FROM users WHERE username = $1)', [
      'factory@example.com',
    ]);
  });
});
