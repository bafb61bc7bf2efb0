/**
 * Library entries (ADMIN-023..036, DECISIONS ADMIN-024 and PERM-026): listing per type, the extend
 * offers for soles and lasts, the last description rule, the simple entries, people by role, the
 * exact messages, permissions and brand checks, and the audit of every write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: string, designer: string, librarian: string, reader: string;

/** A role holding only the given libraries actions, given to a demo user (who then signs in afresh). */
async function withLibraryRole(user: string, roleName: string, actionIds: number[]) {
  const [{ roleid }] = await t.ctx.db.query(`INSERT INTO roles (rolename) VALUES ($1) RETURNING roleid`, [roleName]);
  for (const a of actionIds) await t.ctx.db.query('INSERT INTO role_permissions (roleid, moduleid, actionid) VALUES ($1, 9, $2)', [roleid, a]);
  await t.ctx.db.query('UPDATE users SET roleid = $1 WHERE username = $2', [roleid, `${user}@example.com`]);
  return (await t.login(user)).access_token;
}

beforeAll(async () => {
  t = await createTestApp();
  // ADMIN-030 needs brand 15; the admin is assigned to it.
  await t.ctx.db.query(`INSERT INTO brands (brandid, brandname, sapbrandid) VALUES (15, 'Westcoast Group', '1150')`);
  await t.ctx.db.query(`INSERT INTO user_brands (userid, brandid) SELECT userid, 15 FROM users WHERE username = 'admin@example.com'`);
  await t.ctx.db.query(`INSERT INTO seasons (seasonid, brandid, seasonname, seasoncode, sortorder) VALUES (150, 15, 'Spring/Summer 2026', 'SS26', 1)`);
  [admin, designer] = await t.tokens('admin', 'designer');
  librarian = await withLibraryRole('viewer', 'Librarian', [1, 2]); // brand 3 only
  reader = await withLibraryRole('forecast', 'Library Reader', [1]);
});
afterAll(async () => {
  await t?.close();
});

const post = (token: string, path: string, json: object) => t.request('POST', `/api/Library/${path}`, { token, json });
const ok = async (token: string, path: string, json: object) => {
  const res = await post(token, path, json);
  expect(res.status, `${path} ${JSON.stringify(json)}`).toBe(200);
  return res.json();
};
const entries = async (token: string, query: string) => {
  const res = await t.request('GET', `/api/Library/GetEntries?${query}`, { token });
  expect(res.status, query).toBe(200);
  return res.json();
};
const audits = async (entity: string, id: unknown) =>
  await t.ctx.db.query('SELECT field, newvalue FROM audit_log WHERE entity = $1 AND entityid = $2', [entity, String(id)]);

describe('permissions', () => {
  it('PERM-026: any module-9 permission lists entries; changing needs 9/2 or 9/3', async () => {
    expect((await t.request('GET', '/api/Library/GetEntries?type=Outsole', { token: designer })).status).toBe(403);
    expect((await entries(reader, 'type=CuttingPattern')).TotalRecords).toBeGreaterThan(0);
    expect((await post(reader, 'AddCuttingPattern', { CuttingPattern: 'CP-READER' })).status).toBe(403);
    expect((await post(designer, 'AddCuttingPattern', { CuttingPattern: 'CP-DESIGNER' })).status).toBe(403);
    expect((await post(librarian, 'AddCuttingPattern', { CuttingPattern: 'CP-LIBRARIAN' })).status).toBe(200);
    expect((await post('', 'AddCuttingPattern', { CuttingPattern: 'CP-NOBODY' })).status).toBe(401);
  });

  it("ADMIN-029, PERM-022: a branded entry needs a brand, one of the user's, and a season of that brand", async () => {
    const missing = await post(admin, 'AddOutsole', { OutsoleName: 'No Brand Lug', SeasonId: 1, Price: 4 });
    expect(missing.status).toBe(400);
    expect((await missing.json()).Errors.map((e: any) => e.Field)).toContain('/BrandId');
    expect((await post(librarian, 'AddOutsole', { BrandId: 1, OutsoleName: 'Foreign Lug', SeasonId: 1, Price: 4 })).status).toBe(403);
    expect((await post(librarian, 'AddLast', { brandId: 1, lastName: 'FOREIGN-01' })).status).toBe(403);
    expect((await post(librarian, 'AddDeveloper', { brandId: 1, roleId: 1, firstName: 'A', lastName: 'B' })).status).toBe(403);
    const season = await post(admin, 'AddOutsole', { BrandId: 1, OutsoleName: 'Wrong Season Lug', SeasonId: 5, Price: 4 });
    expect(season.status).toBe(400);
    expect((await season.json()).Errors[0].Field).toBe('/SeasonId');
    expect((await t.request('GET', '/api/Library/GetEntries?type=Last&brandId=1', { token: librarian })).status).toBe(403);
    expect((await t.request('GET', '/api/Library/GetEntries?type=Spaceship', { token: admin })).status).toBe(400);
  });
});

describe('listing (DECISIONS ADMIN-024)', () => {
  it("lists a type's entries filtered by brand and season where the type has them, paged", async () => {
    const p = await entries(admin, 'type=outsole&brandId=2&seasonId=5&pageSize=3');
    expect(p).toMatchObject({ CurrentPageNumber: 1, PageSize: 3 });
    expect(p.TotalRecords).toBeGreaterThan(3);
    for (const r of p.Results) expect(r).toMatchObject({ BrandId: 2, SeasonId: 5 });
    const mine = await entries(librarian, 'type=Last');
    expect(new Set(mine.Results.map((r: any) => r.BrandId))).toEqual(new Set([3]));
    const colorists = await entries(admin, 'type=Developer&brandId=1&roleId=5');
    expect(colorists.Results).toEqual([expect.objectContaining({ FirstName: 'Aisha', LastName: 'Rahman', DeveloperRoleId: 5 })]);
    for (const type of ['Midsole', 'PatternDescription', 'PatternName', 'Color', 'CuttingPattern', 'DevelopmentCenter']) {
      expect((await entries(admin, `type=${type}`)).TotalRecords, type).toBeGreaterThan(0);
    }
  });
});

describe('outsoles and midsoles', () => {
  it.each(['Outsole', 'Midsole'])(
    'ADMIN-028/031/035/036: add a %s; the same name elsewhere offers to extend the brand, the second call extends it',
    async (kind) => {
      const name = `Test ${kind} Alpha`;
      const first = await ok(admin, `Add${kind}`, { BrandId: 1, [`${kind}Name`]: name, SeasonId: 1, Price: 5.5 });
      expect(first).toMatchObject({ IsSuccessful: true, Message: 'Item added successfully.', Data: { ExtendBrand: false } });
      const item = first.Data.Item;
      expect(item[`${kind}Key`]).toMatch(kind === 'Outsole' ? /^OS-\d+$/ : /^MS-\d+$/);
      expect(await audits(kind.toLowerCase(), item[`${kind}Id`])).toEqual(expect.arrayContaining([{ field: `${kind}Name`, newvalue: name }]));

      const again = await post(admin, `Add${kind}`, { BrandId: 1, [`${kind}Name`]: name.toUpperCase(), SeasonId: 1, Price: 6 });
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ IsSuccessful: false, Data: { ExtendBrand: false } });

      const offer = await ok(admin, `Add${kind}`, { BrandId: 2, [`${kind}Name`]: name, SeasonId: 5, Price: 7 });
      expect(offer).toMatchObject({ IsSuccessful: false, Data: { ExtendBrand: true } });
      expect(offer.Message).toContain(name);
      expect((await entries(admin, `type=${kind}&brandId=2&seasonId=5&pageSize=9999`)).Results.some((r: any) => r[`${kind}Name`] === name)).toBe(false);

      const extended = await ok(admin, `Add${kind}`, { BrandId: 2, [`${kind}Name`]: name, SeasonId: 5, Price: 7, ExtendBrand: true });
      expect(extended).toMatchObject({ IsSuccessful: true, Message: 'Item added successfully.' });
      expect(extended.Data.Item).toMatchObject({ [`${kind}Key`]: item[`${kind}Key`], BrandId: 2, SeasonId: 5, Price: 7 });
      // The sole lookup now finds it for the extended brand.
      const lookup = await (
        await t.request('POST', `/api/SearchHelp/Search${kind}s`, {
          token: admin,
          json: { brandId: 2, searchParameters: { [`${kind}Key`]: item[`${kind}Key`] } },
        })
      ).json();
      expect(lookup.TotalRecords).toBe(1);
    },
  );
});

describe('lasts', () => {
  it('ADMIN-032: last-exists answers existsInBrand and lastNameExists', async () => {
    const check = async (brandId: number, lastName: string) =>
      (await t.request('GET', `/api/Library/LastExists?lastName=${lastName}&brandId=${brandId}`, { token: admin })).json();
    expect(await check(4, 'ib-work-w10')).toEqual({ existsInBrand: true, lastNameExists: true });
    expect(await check(2, 'IB-WORK-W10')).toEqual({ existsInBrand: false, lastNameExists: true });
    expect(await check(2, 'NO-SUCH-LAST')).toEqual({ existsInBrand: false, lastNameExists: false });
    expect((await t.request('GET', '/api/Library/LastExists?lastName=X&brandId=1', { token: librarian })).status).toBe(403);
  });

  it("ADMIN-030: the default description is 'WCG LAST' for brand 15, else the brand name followed by ' LAST'; a given one is kept", async () => {
    expect((await ok(admin, 'AddLast', { brandId: 15, lastName: 'WCG-RUN-01' })).Data.Item.LastDesc).toBe('WCG LAST');
    expect((await ok(admin, 'AddLast', { brandId: 2, lastName: 'HL-BOAT-07' })).Data.Item.LastDesc).toBe('Harborline LAST');
    expect((await ok(admin, 'AddLast', { brandId: 2, lastName: 'HL-BOAT-08', lastDesc: 'Narrow boat last' })).Data.Item.LastDesc).toBe('Narrow boat last');
  });

  it('ADMIN-027: a last of this brand is refused; a last of another brand is offered, then extended', async () => {
    const dup = await post(admin, 'AddLast', { brandId: 2, lastName: 'hl-boat-07' });
    expect(dup.status).toBe(409);
    expect((await dup.json()).Message).toBe('This last already exists for this brand.');
    const offer = await ok(admin, 'AddLast', { brandId: 3, lastName: 'HL-BOAT-07' });
    expect(offer).toMatchObject({ IsSuccessful: false, Data: { ExtendBrand: true } });
    const extended = await ok(admin, 'AddLast', { brandId: 3, lastName: 'hl-boat-07', extend: true });
    expect(extended).toMatchObject({ IsSuccessful: true, Message: 'Item added successfully.' });
    expect(extended.Data.Item).toMatchObject({ LastName: 'HL-BOAT-07', BrandId: 3, LastDesc: 'Velocity Run LAST' });
    expect(await audits('last', extended.Data.Item.LastId)).toEqual(expect.arrayContaining([{ field: 'BrandId', newvalue: '3' }]));
  });
});

describe('simple entries (ADMIN-033/034)', () => {
  it('pattern description and pattern name (with its description); duplicates are refused', async () => {
    expect(await ok(admin, 'AddPatternDescription', { PatternDesc: 'Cement lasted trail shoe' })).toMatchObject({
      IsSuccessful: true,
      Message: 'Item added successfully.',
    });
    expect((await post(admin, 'AddPatternDescription', { PatternDesc: 'CEMENT LASTED TRAIL SHOE' })).status).toBe(409);
    const name = await ok(admin, 'AddPatternName', { PatternName: 'Skyline Approach', PatternDesc: 'Sticky rubber approach shoe' });
    expect(name.Data.Item).toMatchObject({ PatternName: 'Skyline Approach', Description: 'Sticky rubber approach shoe' });
    expect(name.Data.Item.PatternNameKey).toMatch(/^PN\d{6}$/);
    const descs = await (
      await t.request('POST', '/api/SearchHelp/SearchPatternDescriptions', {
        token: admin,
        json: { searchParameters: { Description: 'sticky rubber approach' } },
      })
    ).json();
    expect(descs.TotalRecords).toBe(1);
    expect((await post(admin, 'AddPatternName', { PatternName: 'skyline approach' })).status).toBe(409);
    expect((await post(admin, 'AddPatternName', {})).status).toBe(400);
  });

  it('color with an NRF id (its name comes along), cutting pattern', async () => {
    const color = await ok(admin, 'AddColor', { ColorDesc: 'Charcoal Heather', NRFID: '001' });
    expect(color.Data.Item).toMatchObject({ BasicColorName: 'Charcoal Heather', NRFId: '001', NRFName: 'Black' });
    const bad = await post(admin, 'AddColor', { ColorDesc: 'Ultraviolet', NRFID: '999' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).Errors[0].Field).toBe('/NRFID');
    expect((await post(admin, 'AddColor', { ColorDesc: 'charcoal heather' })).status).toBe(409);
    expect((await ok(admin, 'AddCuttingPattern', { CuttingPattern: 'CP-TEST-01' })).Data.Item.CuttingPatternName).toBe('CP-TEST-01');
    expect((await post(admin, 'AddCuttingPattern', { CuttingPattern: 'cp-test-01' })).status).toBe(409);
  });

  it('development center: add, update (audited), duplicate key refused', async () => {
    const added = await ok(admin, 'AddDevelopmentCenter', { Key: 'MNL', Name: 'Manila Development Center', isActive: true });
    const id = added.Data.Item.DevelopmentCenterId;
    expect((await post(admin, 'AddDevelopmentCenter', { Key: 'mnl', Name: 'Other' })).status).toBe(409);
    const updated = await ok(admin, 'UpdateDevelopmentCenter', { DevelopmentCenterId: id, Key: 'MNL', Name: 'Manila Design Hub', isActive: false });
    expect(updated).toMatchObject({ IsSuccessful: true, Data: { Item: { DevelopmentCenterName: 'Manila Design Hub', IsActive: false } } });
    expect(await audits('development-center', id)).toEqual(
      expect.arrayContaining([
        { field: 'DevelopmentCenterName', newvalue: 'Manila Design Hub' },
        { field: 'IsActive', newvalue: 'false' },
      ]),
    );
    expect((await post(admin, 'UpdateDevelopmentCenter', { DevelopmentCenterId: 9999, Key: 'ZZZ', Name: 'Nowhere' })).status).toBe(404);
    expect((await post(admin, 'UpdateDevelopmentCenter', { DevelopmentCenterId: id, Key: 'PDX', Name: 'Clash' })).status).toBe(409);
  });

  it("ADMIN-026/034/036: people by role are added per brand and deleted with '{n} {type}(s) successfully deleted.'", async () => {
    expect((await post(admin, 'AddDeveloper', { brandId: 1, roleId: 6, firstName: 'Too', lastName: 'Many' })).status).toBe(400);
    const ids: number[] = [];
    for (const [firstName, lastName] of [
      ['Ines', 'Duarte'],
      ['Pavel', 'Novak'],
    ]) {
      const res = await ok(admin, 'AddDeveloper', { brandId: 1, roleId: 2, firstName, lastName });
      expect(res.Message).toBe('Item added successfully.');
      ids.push(res.Data.Item.DeveloperId);
    }
    const lookup = async () =>
      (await (await t.request('POST', '/api/SearchHelp/SearchDevelopers', { token: admin, json: { brandId: 1, searchParameters: { RoleId: 2 } } })).json())
        .TotalRecords;
    expect(await lookup()).toBe(3);
    // An id of another brand is not touched.
    const deleted = await ok(admin, 'DeleteDevelopers', { brandId: 1, roleId: 2, developerIds: [...ids, 7] });
    expect(deleted).toEqual({ IsSuccessful: true, Message: '2 Developer(s) successfully deleted.', Data: { DeletedIds: ids } });
    expect(await lookup()).toBe(1);
    expect((await ok(admin, 'DeleteDevelopers', { brandId: 1, roleId: 5, developerIds: [5] })).Message).toBe('1 Colorist(s) successfully deleted.');
    expect((await post(librarian, 'DeleteDevelopers', { brandId: 1, roleId: 2, developerIds: [2] })).status).toBe(403);
    expect(await audits('developer', ids[0])).toEqual(expect.arrayContaining([{ field: 'IsActive', newvalue: 'false' }]));
  });
});
