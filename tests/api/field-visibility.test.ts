/**
 * PERM-022, PERM-023, PERM-027, DECISIONS PERM-029: brand and factory scope, and fields a user may
 * not see never leave the server (detail, search, schemas, grids).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { SCHEMAS_DIR } from '../../server/core/schemas/registry';

const visibility = JSON.parse(fs.readFileSync(path.join(SCHEMAS_DIR, 'visibility/colorway.visibility.json'), 'utf8'));
const FACTORY_HIDDEN: string[] = visibility.rules.filter((r: any) => r.hiddenFromFactoryUsers).flatMap((r: any) => r.fields);

let t: TestApp;
let factory: string, designer: string, viewer: string;
let factoryKeys: string[];
beforeAll(async () => {
  t = await createTestApp();
  factory = (await t.login('factory')).access_token;
  designer = (await t.login('designer')).access_token;
  viewer = (await t.login('viewer')).access_token;
  factoryKeys = (await t.ctx.db.query(`SELECT factorykey FROM user_factories uf JOIN users u USING (userid) WHERE u.username = 'factory@example.com'`)).map(
    (r) => r.factorykey,
  );
});
afterAll(async () => {
  await t?.close();
});

const search = (token: string, body: object = {}) => t.request('POST', '/api/Prototype/SearchPrototypes', { token, json: { pageSize: 500, ...body } });

describe('factory users (PERM-027, PERM-029)', () => {
  it('the costing and factory field list is configuration and covers the costing fields', () => {
    for (const f of ['FFC', 'EstFFC', 'ActPurPrice', 'EstPurPrice', 'ServFee', 'WsPrice', 'RetailPrice', 'FactNameKy', 'FactName']) {
      expect(FACTORY_HIDDEN, f).toContain(f);
    }
  });

  it("PERM-023: a colorway search returns only colorways of the user's factories, without any costing or factory field", async () => {
    const res = await search(factory);
    expect(res.status).toBe(200);
    const text = await res.clone().text();
    const page = await res.json();
    expect(page.TotalRecords).toBeGreaterThan(0);
    const ids = page.Results.map((r: any) => r.PrototypeSeasonalId);
    const rows = await t.ctx.db.query('SELECT DISTINCT factnameky FROM colorway_view WHERE prototypeseasonalid = ANY($1)', [ids]);
    expect(rows.map((r) => r.factnameky)).toEqual(expect.arrayContaining(factoryKeys));
    for (const r of rows) expect(factoryKeys).toContain(r.factnameky);
    for (const f of FACTORY_HIDDEN) expect(text, f).not.toContain(`"${f}"`);
  });

  it("the detail of an own colorway has no costing or factory field; another factory's colorway is 403", async () => {
    const [own] = await t.ctx.db.query('SELECT prototypeseasonalid AS id FROM colorway_view WHERE factnameky = ANY($1) LIMIT 1', [factoryKeys]);
    const res = await t.request('GET', `/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${own.id}`, { token: factory });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text).PrototypeSeasonalId).toBe(own.id);
    for (const f of FACTORY_HIDDEN) expect(text, f).not.toContain(`"${f}"`);

    const [brand] = await t.ctx.db.query(`SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'factory@example.com'`);
    const [other] = await t.ctx.db.query(
      'SELECT prototypeseasonalid AS id FROM colorway_view WHERE brandid = $1 AND (factnameky IS NULL OR NOT factnameky = ANY($2)) LIMIT 1',
      [brand.brandid, factoryKeys],
    );
    expect(other).toBeDefined();
    expect((await t.request('GET', `/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${other.id}`, { token: factory })).status).toBe(404);
  });

  it('sorting by a hidden field is refused without naming data', async () => {
    const res = await search(factory, { sortColumn: 'FFC' });
    expect(res.status).toBe(400);
  });

  it("the colorway schema and grids a factory user receives lack those fields; an internal user's have them", async () => {
    const mine = await (await t.request('GET', '/schemas/entities/colorway.schema.json', { token: factory })).json();
    const theirs = await (await t.request('GET', '/schemas/entities/colorway.schema.json', { token: designer })).json();
    for (const f of FACTORY_HIDDEN) {
      expect(mine.properties[f], f).toBeUndefined();
      expect(theirs.properties[f], f).toBeDefined();
    }
    const grid = await (await t.request('GET', '/schemas/grids/costing.grid.json', { token: factory })).json();
    for (const col of grid.columns) expect(FACTORY_HIDDEN).not.toContain(col.field);
    expect(grid.frozen).toBe(2);
  });

  it('a key column the user may not see is no longer counted as frozen', async () => {
    const grids = t.ctx.schemas.grids;
    const costing = grids.get('costing')!;
    grids.set('costing-keyed-ffc', { ...costing, id: 'costing-keyed-ffc', frozen: 2, columns: [{ field: 'FFC', width: 90 }, ...costing.columns] });
    try {
      const doc = async (token: string) => (await t.request('GET', '/schemas/grids/costing-keyed-ffc.grid.json', { token })).json();
      expect((await doc(factory)).frozen).toBe(1);
      expect((await doc(designer)).frozen).toBe(2);
    } finally {
      grids.delete('costing-keyed-ffc');
    }
  });

  it('an internal user with colorway read sees the costing fields in the detail', async () => {
    const [any] = await t.ctx.db.query('SELECT prototypeseasonalid AS id, brandid FROM colorway_view WHERE brandid = ANY($1) AND ffc IS NOT NULL LIMIT 1', [
      (await t.ctx.db.query(`SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'designer@example.com'`)).map((r) => r.brandid),
    ]);
    const rec = await (await t.request('GET', `/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${any.id}`, { token: designer })).json();
    expect(rec).toHaveProperty('FFC');
    expect(rec).toHaveProperty('FactNameKy');
  });
});

describe('brand scope (PERM-022)', () => {
  it('a search returns only assigned brands; a record of another brand answers like a missing one (404)', async () => {
    const brands = (await t.ctx.db.query(`SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'viewer@example.com'`)).map(
      (r) => r.brandid,
    );
    for (const path of ['/api/Prototype/SearchPrototypes', '/api/Pattern/SearchPatterns', '/api/Brief/SearchBriefs', '/api/LinePlan/SearchLinePlans']) {
      const page = await (await t.request('POST', path, { token: viewer, json: { pageSize: 9999 } })).json();
      expect(page.TotalRecords, path).toBeGreaterThan(0);
      for (const r of page.Results) expect(brands, path).toContain(r.BrandId);
    }
    const [other] = await t.ctx.db.query('SELECT prototypeseasonalid AS id FROM colorway_view WHERE NOT brandid = ANY($1) LIMIT 1', [brands]);
    expect((await t.request('GET', `/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${other.id}`, { token: viewer })).status).toBe(404);
  });

  it('CONST-008: search answers the one paged-result shape', async () => {
    const page = await (await search(designer, { pageSize: 5, pageNumber: 2, sortColumn: 'PrototypeName', sortDirection: 'DESC' })).json();
    expect(Object.keys(page).sort()).toEqual(['CurrentPageNumber', 'FirstRecord', 'LastRecord', 'PageSize', 'Results', 'TotalPageCount', 'TotalRecords']);
    expect(page).toMatchObject({ CurrentPageNumber: 2, PageSize: 5, FirstRecord: 6, LastRecord: 10 });
    expect(page.TotalPageCount).toBe(Math.ceil(page.TotalRecords / 5));
    const brands = (await t.ctx.db.query(`SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'designer@example.com'`)).map(
      (r) => r.brandid,
    );
    const expected = await t.ctx.db.query(
      'SELECT prototypeseasonalid FROM colorway_view WHERE brandid = ANY($1) ORDER BY prototypename DESC, prototypeseasonalid LIMIT 5 OFFSET 5',
      [brands],
    );
    expect(page.Results.map((r: any) => r.PrototypeSeasonalId)).toEqual(expected.map((r) => r.prototypeseasonalid));
  });
});
