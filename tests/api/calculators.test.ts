/**
 * Calculators (issue 16, CALC-001/002, PERM-013, ADR 027): the brand defaults read and update, their
 * gates (10/2 to read; 10/2 and 18/2 to change; never a factory user), a brand the user lacks
 * answering like a missing one, validation (4xx, never 500), the audit of a change, the built-in
 * defaults of a brand without its own, and no costing figure for a factory user granted 10/2.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { BUILT_IN_DEFAULTS, DEFAULT_FIELDS, marginAt } from '../../server/domain/calculators';

const GET = '/api/ELC/GetBrandDefaults';
const UPDATE = '/api/ELC/UpdateBrandDefaults';
const COSTING = ['MSRP', 'Freight', 'Inflation', 'Discount', 'SourceComm', 'Admin', 'Misc', 'RetailMU', 'FOB', 'Duty'];
const SUMMIT = { MSRP: 120, Freight: 1.25, Inflation: 3, Discount: 5, SourceComm: 6, Admin: 2, Misc: 1, RetailMU: 2.2, Increment: 5, FOB: 22.5, Duty: 10 };

let t: TestApp;
let admin: string, designer: string, factory: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, designer, factory] = await t.tokens('admin', 'designer', 'factory');
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.ctx.db;
const get = (url: string, token = admin) => t.request('GET', url, { token });
const post = (json: unknown, token = admin) => t.request('POST', UPDATE, { token, json });
const grant = async (roleId: number, pairs: [number, number][]) => {
  for (const [m, a] of pairs)
    await db().query('INSERT INTO role_permissions (roleid, moduleid, actionid) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [roleId, m, a]);
};
const revoke = (roleId: number, moduleIds: number[]) =>
  db().query('DELETE FROM role_permissions WHERE roleid = $1 AND moduleid = ANY($2::int[])', [roleId, moduleIds]);

describe('brand defaults read (CALC-002)', () => {
  it('CALC-002 GetBrandDefaults answers the eleven defaults of the brand, seeded for the demo brands', async () => {
    const res = await get(`${GET}?BrandId=1`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ BrandId: 1, BrandName: 'Summit Ridge', IsStored: true, ...SUMMIT });
    for (const f of DEFAULT_FIELDS) expect(typeof body[f], f).toBe('number');
    // CALC-008: the demo brand's own row of the margin calculator, by hand: WHS 51.82, LDP 28.83, margin 44 %.
    expect(marginAt(body, body.MSRP, body.FOB, body.Duty)).toBe(44);
    const [{ n }] = await db().query('SELECT count(*)::int AS n FROM calculator_brand_defaults');
    expect(n).toBe(4);
  });

  it('CALC-002 the parameter is validated: missing, not a number, out of range → 400; an unknown brand → 404', async () => {
    expect((await get(GET)).status).toBe(400);
    expect((await get(`${GET}?BrandId=abc`)).status).toBe(400);
    expect((await get(`${GET}?BrandId=-1`)).status).toBe(400);
    expect((await get(`${GET}?BrandId=99999999999`)).status).toBe(400);
    const missing = await get(`${GET}?BrandId=999`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).Message).toBe('Brand not found.');
  });

  it('CALC-009 a brand without defaults of its own answers the built-in ones (Increment 5)', async () => {
    await db().query('DELETE FROM calculator_brand_defaults WHERE brandid = 4');
    const body = await (await get(`${GET}?BrandId=4`)).json();
    expect(body).toMatchObject({ BrandId: 4, IsStored: false, ChangedOn: null, ...BUILT_IN_DEFAULTS });
    expect(body.Increment).toBe(5);
  });
});

describe('gates (PERM-013, PERM-022)', () => {
  it('PERM-013 without module 10 edit the calls answer 403 (10/1 alone is not enough)', async () => {
    expect((await get(`${GET}?BrandId=1`, designer)).status).toBe(403);
    expect((await post({ BrandId: 1, ...SUMMIT }, designer)).status).toBe(403);
    await grant(2, [[10, 1]]);
    const [reader] = await t.tokens('designer');
    expect((await get(`${GET}?BrandId=1`, reader)).status).toBe(403);
    await revoke(2, [10]);
  });

  it('PERM-013 PERM-022 with 10/2 a user reads the defaults of their brands; another brand answers exactly like a missing one; changing needs 18/2 too', async () => {
    await grant(2, [[10, 2]]);
    const [user] = await t.tokens('designer');
    expect((await get(`${GET}?BrandId=2`, user)).status).toBe(200);
    const other = await get(`${GET}?BrandId=3`, user);
    const missing = await get(`${GET}?BrandId=999`, user);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual(await missing.json());
    expect((await post({ BrandId: 2, ...SUMMIT }, user)).status).toBe(403);
    await revoke(2, [10]);
  });

  it('PERM-029 factory users: no calculators unless granted; granted, no costing figure in the answer and no change', async () => {
    expect((await get(`${GET}?BrandId=1`, factory)).status).toBe(403);
    await grant(5, [
      [10, 2],
      [18, 2],
    ]);
    const [granted] = await t.tokens('factory');
    const res = await get(`${GET}?BrandId=1`, granted);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ BrandId: 1, BrandName: 'Summit Ridge', Increment: 5 });
    for (const f of COSTING) expect(body, f).not.toHaveProperty(f);
    expect((await get(`${GET}?BrandId=2`, granted)).status).toBe(404);
    expect((await post({ BrandId: 1, ...SUMMIT }, granted)).status).toBe(403);
    await revoke(5, [10, 18]);
    expect(factory).toBeTruthy();
  });
});

describe('brand defaults update (CALC-002, ADR 027)', () => {
  it("CALC-002 an administrator changes a brand's defaults; the change is read back and audited per field", async () => {
    const next = { ...SUMMIT, MSRP: 125, FOB: 23.4, Duty: 4.3 };
    const res = await post({ BrandId: 1, ...next });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ IsSuccessful: true, Message: 'Record Saved Successfully.', BrandDefaults: { BrandId: 1, IsStored: true, ...next } });
    expect(body.BrandDefaults.ChangedByName).toBe('Alex Morgan');
    expect(await (await get(`${GET}?BrandId=1`)).json()).toMatchObject(next);
    const audit = await db().query(
      `SELECT field, oldvalue, newvalue FROM audit_log WHERE entity = 'calculator-brand-defaults' AND entityid = '1' ORDER BY field`,
    );
    expect(audit).toEqual([
      { field: 'Duty', oldvalue: '10', newvalue: '4.3' },
      { field: 'FOB', oldvalue: '22.5', newvalue: '23.4' },
      { field: 'MSRP', oldvalue: '120', newvalue: '125' },
    ]);
    expect((await post({ BrandId: 1, ...SUMMIT })).status).toBe(200);
  });

  it('CALC-002 CALC-009 saving a brand without defaults of its own stores them', async () => {
    await db().query('DELETE FROM calculator_brand_defaults WHERE brandid = 4');
    const res = await post({ BrandId: 4, ...SUMMIT, Increment: 10 });
    expect(res.status).toBe(200);
    expect(await (await get(`${GET}?BrandId=4`)).json()).toMatchObject({ IsStored: true, Increment: 10 });
  });

  it('CALC-002 invalid bodies answer 400 naming the field, never 500; an unknown brand 404', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...SUMMIT, MSRP: 0 }, '/MSRP'],
      [{ ...SUMMIT, RetailMU: -1 }, '/RetailMU'],
      [{ ...SUMMIT, Discount: 100 }, '/Discount'],
      [{ ...SUMMIT, Duty: 101 }, '/Duty'],
      [{ ...SUMMIT, Increment: 0 }, '/Increment'],
      [{ ...SUMMIT, Freight: 'a lot' }, '/Freight'],
      [{ ...SUMMIT, FOB: 1e308 }, '/FOB'],
    ];
    for (const [b, field] of cases) {
      const res = await post({ BrandId: 1, ...b });
      expect(res.status, field).toBe(400);
      expect(
        (await res.json()).Errors.map((e: { Field: string }) => e.Field),
        field,
      ).toContain(field);
    }
    const noAdmin: Record<string, unknown> = { ...SUMMIT };
    delete noAdmin.Admin;
    expect((await post({ BrandId: 1, ...noAdmin })).status).toBe(400);
    expect((await post({ BrandId: 1, ...SUMMIT, Colour: 'red' })).status).toBe(400);
    expect((await post({ ...SUMMIT })).status).toBe(400);
    // The domain rule's decimals (the schema cannot say "2 decimals" of a float): the field is named.
    const decimals = await post({ BrandId: 1, ...SUMMIT, MSRP: 10.123 });
    expect(decimals.status).toBe(400);
    expect(await decimals.json()).toMatchObject({ Message: 'MSRP takes at most 2 decimals.', Errors: [{ Field: 'MSRP' }] });
    expect((await post({ BrandId: 999, ...SUMMIT })).status).toBe(404);
    expect(await (await get(`${GET}?BrandId=1`)).json()).toMatchObject(SUMMIT);
  });

  it('CALC-002 the calls are published in the OpenAPI document with their parameter and body schema', async () => {
    const doc = await (await get('/api/openapi.json')).json();
    const read = doc.paths['/api/ELC/GetBrandDefaults'].get;
    expect(read.description).toContain('calculator/edit (10/2)');
    expect(read.parameters.map((p: { name: string }) => p.name)).toEqual(['BrandId']);
    const write = doc.paths['/api/ELC/UpdateBrandDefaults'].post;
    expect(Object.keys(write.requestBody.content['application/json'].schema.properties)).toEqual(['BrandId', ...DEFAULT_FIELDS]);
  });
});
