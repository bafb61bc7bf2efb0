/**
 * Role administration (ADMIN-018..022, PERM-009, DECISIONS ADMIN-017/021): list, one role, the name
 * check, the permission catalogue, create and update with pairs checked against permissions.json,
 * optimistic concurrency, and permission changes reaching holders on their next request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: string, viewer: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, viewer] = await t.tokens('admin', 'viewer');
});
afterAll(async () => {
  await t?.close();
});

const get = (path: string, token = admin) => t.request('GET', path, { token });
const post = (path: string, json: unknown, token = admin) => t.request('POST', path, { token, json });

describe('role reads', () => {
  it('ADMIN-022: the list and one role with its PermissionAssignment', async () => {
    const list = await (await get('/api/Role')).json();
    expect(list.map((r: any) => r.RoleName)).toContain('Administrator');
    const role = await (await get('/api/Role/GetRole?roleId=3')).json();
    expect(role).toMatchObject({ RoleId: 3, RoleName: 'Costing Analyst', IsActive: true });
    expect(role.PermissionAssignment).toContainEqual({ ModuleId: 15, ActionId: 2 });
    const missing = await get('/api/Role/GetRole?roleId=999');
    expect(missing.status).toBe(404);
    expect((await missing.json()).Message).toBe('There was an error while retrieving role data. Please contact system administrator');
  });

  it("ADMIN-020 DECISIONS ADMIN-021: CheckRoleName answers 'A role with this name already exists.' for a taken name", async () => {
    expect(await (await get('/api/Role/CheckRoleName?name=read%20only&id=0')).json()).toEqual({
      IsSuccessful: false,
      Exists: true,
      Message: 'A role with this name already exists.',
    });
    expect((await (await get('/api/Role/CheckRoleName?name=Read%20Only&id=6')).json()).Exists).toBe(false);
    expect((await (await get('/api/Role/CheckRoleName?name=Brand%20Lead&id=0')).json()).Exists).toBe(false);
  });

  it('GetRolePermissions: every pair of permissions.json, flagged for the role', async () => {
    const perms = await (await get('/api/Role/GetRolePermissions?roleId=4')).json();
    expect(perms.find((p: any) => p.ModuleId === 27 && p.ActionId === 2).IsAssigned).toBe(true);
    expect(perms.find((p: any) => p.ModuleId === 6 && p.ActionId === 1).IsAssigned).toBe(false);
    expect(perms.some((p: any) => p.ModuleId === 27 && p.ActionId === 3)).toBe(false);
  });

  it('PERM-009: role calls need module 7 (the list also opens for module 6 read)', async () => {
    for (const path of ['/api/Role', '/api/Role/GetRole?roleId=1', '/api/Role/GetRolePermissions', '/api/Role/CheckRoleName?name=x']) {
      expect((await get(path, viewer)).status, path).toBe(403);
      expect((await t.request('GET', path)).status, path).toBe(401);
    }
    expect((await post('/api/Role/CreateRole', { Role: { RoleName: 'X' }, PermissionAssignment: [] }, viewer)).status).toBe(403);
  });
});

describe('role saves', () => {
  it('ADMIN-019/022: CreateRole saves the role and its pairs; an unknown pair or a taken name is refused', async () => {
    const res = await post('/api/Role/CreateRole', {
      Role: { RoleName: 'Brand Lead', IsActive: true },
      PermissionAssignment: [
        { ModuleId: 1, ActionId: 1 },
        { ModuleId: 18, ActionId: 1 },
      ],
    });
    expect(res.status).toBe(200);
    const { Role } = await res.json();
    expect(Role.PermissionAssignment).toEqual([
      { ModuleId: 1, ActionId: 1 },
      { ModuleId: 18, ActionId: 1 },
    ]);
    const bad = await post('/api/Role/CreateRole', {
      Role: { RoleName: 'Odd' },
      PermissionAssignment: [
        { ModuleId: 27, ActionId: 3 },
        { ModuleId: 99, ActionId: 1 },
      ],
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).Errors.map((e: any) => e.Field)).toEqual(['/PermissionAssignment/0', '/PermissionAssignment/1']);
    const dup = await post('/api/Role/CreateRole', { Role: { RoleName: 'brand lead' }, PermissionAssignment: [] });
    expect(dup.status).toBe(400);
    expect((await dup.json()).Message).toBe('A role with this name already exists.');
    const audit = await t.ctx.db.query(`SELECT field FROM audit_log WHERE entity = 'role' AND entityid = $1`, [String(Role.RoleId)]);
    expect(audit.map((a) => a.field)).toContain('PermissionAssignment');
  });

  it("ADMIN-022: UpdateRole takes effect on the holder's next request; a stale RowVersion is 409", async () => {
    expect((await get('/api/SystemMessage/GetMessages', viewer)).status).toBe(403);
    const role = await (await get('/api/Role/GetRole?roleId=6')).json();
    const res = await post('/api/Role/UpdateRole', { Role: { ...role }, PermissionAssignment: [...role.PermissionAssignment, { ModuleId: 18, ActionId: 1 }] });
    expect(res.status).toBe(200);
    // The same access token: permissions load per request (ADR 003).
    expect((await get('/api/SystemMessage/GetMessages', viewer)).status).toBe(200);
    const stale = await post('/api/Role/UpdateRole', { Role: { ...role, RoleName: 'Readers' }, PermissionAssignment: [] });
    expect(stale.status).toBe(409);
    expect((await (await get('/api/Role/GetRole?roleId=6')).json()).RoleName).toBe('Read Only');
  });

  it('UpdateRole needs module 7 edit and a RowVersion', async () => {
    const role = await (await get('/api/Role/GetRole?roleId=5')).json();
    expect((await post('/api/Role/UpdateRole', { Role: { RoleId: 5, RoleName: role.RoleName }, PermissionAssignment: [] })).status).toBe(400);
    expect((await post('/api/Role/UpdateRole', { Role: role, PermissionAssignment: [] }, viewer)).status).toBe(403);
  });
});
