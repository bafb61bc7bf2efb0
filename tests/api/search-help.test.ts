/**
 * Search-help (LOOKUP-001..039): the generic handler answers every registry entry, pages, sorts and
 * filters; bad requests name their field; brand filters and factory scope hold; favourites are per user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { LOOKUPS, lookupEntry } from '../../server/core/search-help/registry';
import { loadSchemas } from '../../server/core/schemas/registry';

let t: TestApp;
let admin: string, designer: string, costing: string, factory: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, designer, costing, factory] = await t.tokens('admin', 'designer', 'costing', 'factory');
});
afterAll(async () => {
  await t?.close();
});

const search = (token: string, entity: string, body: object = {}) => t.request('POST', `/api/SearchHelp/Search${entity}`, { token, json: body });
const page = async (token: string, entity: string, body: object = {}) => {
  const res = await search(token, entity, body);
  expect(res.status, `${entity} ${JSON.stringify(body)}`).toBe(200);
  return res.json();
};

const SPEC_ENTITIES = [
  'Factories',
  'PatternNames',
  'PlanningCategories',
  'Customers',
  'StrategicBusinessUnits',
  'Midsoles',
  'Outsoles',
  'RetailChannels',
  'BasicMaterials',
  'Collections',
  'BusinessSegments',
  'Genders',
  'HTSDutys',
  'ProductHierarchys',
  'Divisions',
  'BasicColors',
  'Lasts',
  'Constructions',
  'CuttingPatterns',
  'UpperDescriptions',
  'Membranes',
  'MaterialGrids',
  'FreightGroups',
  'Qualitys',
  'Compounds',
  'ToeComponents',
  'PatternDescriptions',
  'NrfColors',
  'StoryTypes',
  'ConsumerTerritorys',
  'ActivityTypes',
  'Developers',
  'DevelopmentCenters',
];

describe('registry', () => {
  it('LOOKUP-005: the registry has an entry for every search-help entity of the specification', () => {
    const names = LOOKUPS.map((e) => e.name);
    for (const name of SPEC_ENTITIES) expect(names, name).toContain(name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(LOOKUPS.map((e) => [e.name, e] as const))('LOOKUP-002/003: Search%s answers a CONST-008 page of key and description columns', async (name, entry) => {
    const p = await page(admin, name);
    expect(Object.keys(p)).toEqual(['Results', 'CurrentPageNumber', 'PageSize', 'TotalPageCount', 'TotalRecords', 'FirstRecord', 'LastRecord']);
    expect(p.TotalRecords, name).toBeGreaterThan(0);
    expect(p.PageSize).toBe(9999);
    expect(Object.keys(p.Results[0]).sort()).toEqual(entry.columns.map((c) => c.field).sort());
    expect(p.Results[0][entry.keyField]).not.toBeNull();
    const fav = await t.request('GET', `/api/SearchHelp/Get${name}Favorites`, { token: admin });
    expect(fav.status).toBe(200);
    expect(await fav.json()).toEqual([]);
  });

  it('GET /api/SearchHelp/Registry describes every lookup with titled columns; it needs a signed-in user', async () => {
    const res = await t.request('GET', '/api/SearchHelp/Registry', { token: designer });
    const doc = await res.json();
    expect(doc).toHaveLength(LOOKUPS.length);
    const factories = doc.find((d: any) => d.Name === 'Factories');
    expect(factories).toMatchObject({
      KeyField: 'FactoryKey',
      DescriptionField: 'FactoryName',
      SearchPath: '/api/SearchHelp/SearchFactories',
      BrandFilter: false,
    });
    expect(factories.Columns.find((c: any) => c.Field === 'FactoryName')).toEqual({ Field: 'FactoryName', Title: 'Factory', Type: 'text', Match: 'contains' });
    expect(doc.find((d: any) => d.Name === 'Midsoles').FavoriteParameters).toEqual(['brandId', 'sapBrandId']);
    for (const d of doc) for (const c of d.Columns) expect(c.Title, `${d.Name}.${c.Field}`).toBeTruthy();
    expect((await t.request('GET', '/api/SearchHelp/Registry')).status).toBe(401);
    expect((await search('', 'Factories')).status).toBe(401);
  });
});

describe('paging, sorting, filtering', () => {
  it('LOOKUP-003: pages and sorts by a result column in either direction; the page size is capped at 9999', async () => {
    const all = await page(admin, 'Factories', { sortColumn: 'FactoryName', sortDirection: 'DESC' });
    const names = all.Results.map((r: any) => r.FactoryName);
    const asc = (await page(admin, 'Factories', { sortColumn: 'factoryname' })).Results.map((r: any) => r.FactoryName);
    expect(names).toEqual([...asc].reverse());
    const p2 = await page(admin, 'Factories', { pageNumber: 2, pageSize: 5, sortColumn: 'FactoryName', sortDirection: 'DESC' });
    expect(p2).toMatchObject({ CurrentPageNumber: 2, PageSize: 5, TotalRecords: 20, TotalPageCount: 4, FirstRecord: 6, LastRecord: 10 });
    expect(p2.Results.map((r: any) => r.FactoryName)).toEqual(names.slice(5, 10));
    expect((await page(admin, 'Factories', { pageSize: 50000 })).PageSize).toBe(9999);
  });

  it('LOOKUP-002: keys match by case-insensitive equals, names by case-insensitive contains, ids by number', async () => {
    expect((await page(admin, 'Factories', { searchParameters: { FactoryKey: '310101' } })).TotalRecords).toBe(1);
    expect((await page(admin, 'Factories', { searchParameters: { FactoryKey: '3101' } })).TotalRecords).toBe(0);
    const vn = await page(admin, 'Factories', { searchParameters: { CountryCode: 'vn', FactoryName: 'FOOTWEAR', FactoryGroupKey: '' } });
    expect(vn.TotalRecords).toBeGreaterThan(0);
    for (const r of vn.Results) {
      expect(r.CountryCode).toBe('VN');
      expect(r.FactoryName.toLowerCase()).toContain('footwear');
    }
    expect((await page(admin, 'Factories', { searchParameters: { FactoryId: 3 } })).Results.map((r: any) => r.FactoryId)).toEqual([3]);
    // A % typed by the user is a character, not a wildcard.
    expect((await page(admin, 'Factories', { searchParameters: { FactoryName: '%' } })).TotalRecords).toBe(0);
    expect((await page(admin, 'DevelopmentCenters', { searchParameters: { IsActive: 'true' } })).TotalRecords).toBeGreaterThan(0);
  });

  it('LOOKUP-015/016/017: each characteristic lookup answers only its characteristic key', async () => {
    for (const [name, key] of [
      ['ActivityTypes', '0000002525'],
      ['StrategicBusinessUnits', '0000002530'],
      ['ConsumerTerritorys', '0000002586'],
      ['StoryTypes', '0000002587'],
      ['PlanningCategories', '0000002600'],
    ]) {
      const p = await page(admin, name);
      expect(p.TotalRecords, name).toBeGreaterThan(0);
      for (const r of p.Results) expect(r.CharacteristicKey, name).toBe(key);
    }
  });

  it('keys are answered as stored: leading zeros are kept', async () => {
    const p = await page(admin, 'Customers', { searchParameters: { CustomerKey: '0000100010' } });
    expect(p.Results).toEqual([{ CustomerKey: '0000100010', CustomerName: 'Alpine Outfitters Co-op' }]);
  });

  it('LOOKUP-008: GET SearchCurrencies filters by currencyKey and currencyName', async () => {
    const res = await t.request('GET', '/api/SearchHelp/SearchCurrencies?currencyKey=usd', { token: designer });
    expect((await res.json()).Results).toEqual([{ CurrencyKey: 'USD', CurrencyName: 'US Dollar', CurrencySymbol: '$', CurrencySymbolUnicode: 'U+0024' }]);
    const dollars = await (await t.request('GET', '/api/SearchHelp/SearchCurrencies?currencyName=dollar', { token: designer })).json();
    expect(dollars.Results.map((r: any) => r.CurrencyKey).sort()).toEqual(['CAD', 'HKD', 'USD']);
  });
});

describe('bad requests', () => {
  it('a sort column that is not a result column, an unknown parameter or a bad value is a 400 naming the field', async () => {
    const cases: [object, string][] = [
      [{ sortColumn: 'passwordhash' }, '/sortColumn'],
      [{ searchParameters: { Nope: 'x' } }, '/searchParameters/Nope'],
      [{ searchParameters: { FactoryId: 'abc' } }, '/searchParameters/FactoryId'],
      [{ pageNumber: 0 }, '/pageNumber'],
      [{ sortDirection: 'SIDEWAYS' }, '/sortDirection'],
      [{ searchParameters: 'FactoryKey=1' }, '/searchParameters'],
    ];
    for (const [body, field] of cases) {
      const res = await search(admin, 'Factories', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        (await res.json()).Errors.map((e: any) => e.Field),
        JSON.stringify(body),
      ).toContain(field);
    }
  });
});

describe('scope', () => {
  it("PERM-022: a brand filter for an unassigned brand is 403; without one, branded lookups answer the user's brands only", async () => {
    for (const entity of ['Lasts', 'Outsoles', 'Midsoles', 'Developers']) {
      expect((await search(designer, entity, { brandId: 3 })).status, entity).toBe(403);
      const own = await page(designer, entity, { brandId: 1 });
      expect(own.TotalRecords, entity).toBeGreaterThan(0);
      for (const r of own.Results) expect(r.BrandId).toBe(1);
      const mine = await page(designer, entity);
      expect(new Set(mine.Results.map((r: any) => r.BrandId))).toEqual(new Set([1, 2]));
    }
    expect((await t.request('GET', '/api/SearchHelp/GetLastsFavorites?brandId=4', { token: designer })).status).toBe(403);
    expect((await t.request('GET', '/api/SearchHelp/GetMidsolesFavorites?sapBrandId=1030', { token: designer })).status).toBe(403);
  });

  it('LOOKUP-024: developers filter by brand and role', async () => {
    const p = await page(admin, 'Developers', { brandId: 2, searchParameters: { RoleId: 2 } });
    expect(p.Results).toEqual([expect.objectContaining({ BrandId: 2, RoleId: 2, FirstName: 'Chiara', LastName: 'Romano' })]);
  });

  it('PERM-023: a factory user finds only their own factories', async () => {
    const p = await page(factory, 'Factories');
    expect(p.Results.map((r: any) => r.FactoryKey)).toEqual(['310101']);
    const save = await t.request('POST', '/api/SearchHelp/SavePersonalFavorite', { token: factory, json: { favoriteEntity: 'Factories', id: '310102' } });
    expect(save.status).toBe(404);
  });
});

describe('favourites', () => {
  const fav = (token: string, verb: 'Save' | 'Remove', favoriteEntity: string, id: string | number) =>
    t.request('POST', `/api/SearchHelp/${verb}PersonalFavorite`, { token, json: { favoriteEntity, id } });
  const list = async (token: string, path: string) => {
    const res = await t.request('GET', `/api/SearchHelp/${path}`, { token });
    expect(res.status).toBe(200);
    return res.json();
  };

  it('LOOKUP-006/007: favourites are saved, listed and removed per user', async () => {
    expect((await fav(designer, 'Save', 'factories', '310102')).status).toBe(200);
    expect((await fav(designer, 'Save', 'Factories', '310102')).status).toBe(200);
    expect((await list(designer, 'GetFactoriesFavorites')).map((r: any) => r.FactoryKey)).toEqual(['310102']);
    expect(await list(costing, 'GetFactoriesFavorites')).toEqual([]);
    const removed = await (await fav(designer, 'Remove', 'Factories', '310102')).json();
    expect(removed).toMatchObject({ IsSuccessful: true, Data: { Removed: 1 } });
    expect(await list(designer, 'GetFactoriesFavorites')).toEqual([]);
  });

  it('LOOKUP-006: favourites filters: brandId and sapBrandId for soles and lasts, origin and destination for HTS duties', async () => {
    const [vnUs] = (await page(costing, 'HTSDutys', { searchParameters: { CountryOrigin: 'VN', CountryDestination: 'US' }, pageSize: 1 })).Results;
    const [cnCa] = (await page(costing, 'HTSDutys', { searchParameters: { CountryOrigin: 'CN', CountryDestination: 'CA' }, pageSize: 1 })).Results;
    for (const r of [vnUs, cnCa]) expect((await fav(costing, 'Save', 'HTSDutys', r.HTSKey)).status).toBe(200);
    expect((await list(costing, 'GetHTSDutysFavorites')).length).toBe(2);
    expect((await list(costing, 'GetHTSDutysFavorites?originCountry=VN&destCountry=US')).map((r: any) => r.HTSKey)).toEqual([vnUs.HTSKey]);

    const [sole] = (await page(costing, 'Midsoles', { brandId: 3, pageSize: 1 })).Results;
    expect((await fav(costing, 'Save', 'Midsoles', sole.MidsoleKey)).status).toBe(200);
    expect((await list(costing, 'GetMidsolesFavorites?sapBrandId=1030')).every((r: any) => r.SAPBrandId === '1030')).toBe(true);
    expect((await list(costing, 'GetMidsolesFavorites?sapBrandId=1030')).length).toBeGreaterThan(0);
    expect(await list(costing, 'GetMidsolesFavorites?brandId=1')).toEqual([]);
  });

  it('an unknown lookup is a 400; an item the lookup does not have is a 404; a missing id is a 400', async () => {
    const bad = await fav(designer, 'Save', 'Spaceships', '1');
    expect(bad.status).toBe(400);
    expect((await bad.json()).Errors[0].Field).toBe('/favoriteEntity');
    expect((await fav(designer, 'Save', 'Factories', 'NOPE')).status).toBe(404);
    // Another brand's last is not found for this user.
    const [last] = (await page(admin, 'Lasts', { brandId: 3, pageSize: 1 })).Results;
    expect((await fav(designer, 'Save', 'Lasts', last.LastName)).status).toBe(404);
    const missing = await t.request('POST', '/api/SearchHelp/SavePersonalFavorite', { token: designer, json: { favoriteEntity: 'Factories' } });
    expect((await missing.json()).Errors[0].Field).toBe('/id');
  });
});

describe('demo data', () => {
  it('LOOKUP-005: every lookup value a demo pattern or colorway holds is found by its lookup', async () => {
    const schemas = loadSchemas();
    let checked = 0;
    for (const entity of ['pattern', 'colorway']) {
      for (const [field, prop] of Object.entries(schemas.entities.get(entity)!.properties)) {
        const name = prop['x-lookup'];
        if (!name) continue;
        const entry = lookupEntry(name)!;
        // HTS fields hold the code (HTSStawn), not the duty row's key.
        const param = name === 'HTSDutys' ? 'HTSStawn' : entry.keyField;
        const values = await t.ctx.db.query(`SELECT DISTINCT ${field.toLowerCase()}::text AS v FROM ${entity}_view WHERE ${field.toLowerCase()} IS NOT NULL`);
        for (const { v } of values) {
          const p = await page(admin, name, { searchParameters: { [param]: v }, pageSize: 1 });
          expect(p.TotalRecords, `${entity}.${field} = ${v} in ${name}`).toBeGreaterThan(0);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
