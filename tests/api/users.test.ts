/**
 * User administration (ADMIN-001..016, PERM-008): access report, lists, editor reads, create and
 * update with the spec's messages, mailed temporary passwords, 409 on stale saves, sessions ended
 * by deactivation and role change, and the users grid over user_view.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { mailsTo } from '../helpers/outbox';

let t: TestApp;
let admin: string, viewer: string, designer: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, viewer, designer] = await t.tokens('admin', 'viewer', 'designer');
});
afterAll(async () => {
  await t?.close();
});

const get = (path: string, token = admin) => t.request('GET', path, { token });
const post = (path: string, json: unknown, token = admin) => t.request('POST', path, { token, json });
const newUser = (name: string, extra: Record<string, unknown> = {}) => ({
  User: { UserName: name, FirstName: 'Ada', LastName: 'Quill' },
  UserBrands: [
    { BrandId: 1, IsAssigned: true },
    { BrandId: 2, IsAssigned: false },
  ],
  RoleId: 6,
  ...extra,
});

describe('access report and lists', () => {
  it('ADMIN-005: UserAccessReport pages users with brands and permissions, plus AllBrands and AllModulePermissions', async () => {
    const res = await get('/api/User/UserAccessReport?pageNumber=1&pageSize=5');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.Users.Results).toHaveLength(5);
    expect(body.Users.TotalRecords).toBeGreaterThan(5);
    expect(body.Users).toMatchObject({ CurrentPageNumber: 1, PageSize: 5 });
    expect(body.AllBrands.map((b: any) => b.BrandId).sort()).toEqual([1, 2, 3, 4]);
    expect(body.AllModulePermissions).toContainEqual(expect.objectContaining({ ModuleId: 6, ActionId: 3 }));
    const row = body.Users.Results[0];
    expect(row).toHaveProperty('Brands');
    expect(row).toHaveProperty('ModulePermissions');
    expect(row).not.toHaveProperty('PasswordHash');
  });

  it('ADMIN-001: filters by text, role and inactive inclusion', async () => {
    const byText = await (await get('/api/User/UserAccessReport?searchText=whitfield')).json();
    expect(byText.Users.Results.map((u: any) => u.UserName)).toEqual(['designer@example.com']);
    const byRole = await (await get('/api/User/UserAccessReport?roleId=2&pageSize=100')).json();
    expect(byRole.Users.Results.every((u: any) => u.RoleId === 2)).toBe(true);
    const active = await (await get('/api/User/UserAccessReport?pageSize=100')).json();
    expect(active.Users.Results.some((u: any) => u.UserName === 'system@example.com')).toBe(false);
    const all = await (await get('/api/User/UserAccessReport?pageSize=100&IncludeInactive=true')).json();
    expect(all.Users.Results.some((u: any) => u.UserName === 'system@example.com')).toBe(true);
  });

  it('PERM-008: the report and lists need module 6 read (403 without, 401 signed out)', async () => {
    expect((await get('/api/User/UserAccessReport', viewer)).status).toBe(403);
    expect((await get('/api/User/GetUsers', designer)).status).toBe(403);
    expect((await t.request('GET', '/api/User/UserAccessReport')).status).toBe(401);
  });

  it('ADMIN-014: GetUsers filters by brand and role; GetUsersByBrand needs the brand', async () => {
    const users = await (await get('/api/User/GetUsers?brandId=3&roleId=2')).json();
    expect(users.map((u: any) => u.UserName).sort()).toEqual(['elena.petrova@example.com', 'hannah.kim@example.com']);
    expect((await get('/api/User/GetUsersByBrand?BrandId=3', viewer)).status).toBe(200);
    expect((await get('/api/User/GetUsersByBrand?BrandId=1', viewer)).status).toBe(403);
    const named = await (await get('/api/User/UserByNameandBrand?BrandId=3&userName=Hannah Kim')).json();
    expect(named.map((u: any) => u.UserId)).toEqual([10]);
  });

  it('ADMIN-007/008: GetUser, GetUserRole, GetUserBrandAssignment and GetUserFactories', async () => {
    const u = await (await get('/api/User/GetUser?UserId=6')).json();
    expect(u).toMatchObject({ UserId: 6, IsFactoryUser: true, Factories: ['310101'], Role: { RoleId: 5 } });
    expect(u.Brands).toEqual([{ BrandId: 1, BrandName: 'Summit Ridge' }]);
    expect((await get('/api/User/GetUser?UserId=6', viewer)).status).toBe(403);
    expect((await (await get('/api/User/GetUser', viewer)).json()).UserName).toBe('viewer@example.com');
    const missing = await get('/api/User/GetUser?UserId=9999');
    expect(missing.status).toBe(404);
    expect((await missing.json()).Message).toBe('No Users Found');
    expect((await (await get('/api/User/GetUserBrandAssignment?editingUserId=9999')).json()).Message).toBe(
      'There was an error while retrieving user brand data. Please contact system administrator',
    );
    expect((await (await get('/api/User/GetUserFactories?UserId=9999')).json()).Message).toBe(
      'There was an error while retrieving user data. Please contact system administrator',
    );
    const role = await (await get('/api/User/GetUserRole?UserId=3')).json();
    expect(role.RoleName).toBe('Product Designer');
    const noRole = await get('/api/User/GetUserRole?UserId=1');
    expect(noRole.status).toBe(404);
    expect((await noRole.json()).Message).toBe('No role assigned to this user');
    const brands = await (await get('/api/User/GetUserBrandAssignment?editingUserId=7')).json();
    expect(brands.filter((b: any) => b.IsAssigned).map((b: any) => b.BrandId)).toEqual([3]);
    expect(brands[0]).toEqual({ BrandId: expect.any(Number), BrandName: expect.any(String), IsAssigned: expect.any(Boolean) });
    const addMode = await (await get('/api/User/GetUserBrandAssignment')).json();
    expect(addMode.every((b: any) => !b.IsAssigned)).toBe(true);
    const factories = await (await get('/api/User/GetUserFactories?UserId=6')).json();
    expect(factories.find((f: any) => f.IsAssigned)).toMatchObject({ FactNameKy: '310101', UserFactoryId: expect.any(Number) });
  });
});

describe('CreateUser', () => {
  it('ADMIN-009: a new user is active, must change the mailed temporary password, theme 0; the change is audited', async () => {
    const res = await post('/api/User/CreateUser', newUser('ada.quill@example.com', { ChangePasswordRequired: false }));
    expect(res.status).toBe(200);
    const { User } = await res.json();
    expect(User).toMatchObject({ IsActive: true, ChangePasswordRequired: true, Theme: 0, RoleId: 6 });
    expect(User.Brands.map((b: any) => b.BrandId)).toEqual([1]);
    const [mail] = await mailsTo(t, 'ada.quill@example.com');
    const password = /password:\s+(\S+)/.exec(mail)![1];
    const signIn = await t.request('POST', '/api/token', { form: { grant_type: 'password', username: 'ada.quill@example.com', password } });
    expect((await signIn.json()).error).toBe('change_password_required');
    const audit = await t.ctx.db.query(`SELECT field FROM audit_log WHERE entity = 'user' AND entityid = $1`, [String(User.UserId)]);
    expect(audit.map((a) => a.field)).toEqual(expect.arrayContaining(['UserName', 'Brands']));
  });

  it("ADMIN-010: at least one brand: 'Please select at least one brand.'", async () => {
    const res = await post('/api/User/CreateUser', newUser('nobrand@example.com', { UserBrands: [{ BrandId: 1, IsAssigned: false }] }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.Message).toBe('Please select at least one brand.');
    expect(body.Errors[0].Field).toBe('/UserBrands');
  });

  it("ADMIN-012: a duplicate name: 'The username {username} is in use!'", async () => {
    const res = await post('/api/User/CreateUser', newUser('DESIGNER@example.com'));
    expect(res.status).toBe(400);
    expect((await res.json()).Message).toBe('The username DESIGNER@example.com is in use!');
  });

  it('ADMIN-011: a failed save names the fields; factories only for factory users', async () => {
    const res = await post('/api/User/CreateUser', { ...newUser('not-an-email'), UserFactories: ['310101'], RoleId: 999 });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.Message).toBe('Your submission contains error(s). Please correct the highlighted items below.');
    expect(body.Errors.map((e: any) => e.Field)).toEqual(expect.arrayContaining(['/User/UserName', '/UserFactories', '/RoleId']));
    const factoryUser = await post('/api/User/CreateUser', {
      ...newUser('partner2@example.com'),
      User: { UserName: 'partner2@example.com', FirstName: 'P', LastName: 'Two', IsFactoryUser: true },
      UserFactories: [{ FactNameKy: '310102', IsAssigned: true }],
    });
    expect(factoryUser.status).toBe(200);
    expect((await factoryUser.json()).User.Factories).toEqual(['310102']);
  });

  it('PERM-008: creating needs module 6 create; signed out is 401', async () => {
    expect((await post('/api/User/CreateUser', newUser('x@example.com'), viewer)).status).toBe(403);
    expect((await t.request('POST', '/api/User/CreateUser', { json: newUser('x@example.com') })).status).toBe(401);
    expect((await t.request('POST', '/api/User/UpdateUser', { json: { User: { UserId: 3, RowVersion: 1 } } })).status).toBe(401);
  });

  it("AUTH-027/028: the editor's live availability check answers the text true or false", async () => {
    expect(await (await get('/api/Account/UserExists?userName=Designer@Example.com')).text()).toBe('true');
    expect(await (await get('/api/Account/UserExists?userName=free.name@example.com')).text()).toBe('false');
    expect((await get('/api/Account/UserExists?userName=x', viewer)).status).toBe(403);
  });
});

describe('UpdateUser', () => {
  const load = async (id: number) => (await get(`/api/User/GetUser?UserId=${id}`)).json();

  it('ADMIN-015: saves fields and brands; a stale RowVersion is 409 and nothing is written', async () => {
    const u = await load(12);
    const res = await post('/api/User/UpdateUser', { User: { UserId: 12, RowVersion: u.RowVersion, FirstName: 'Elena M.' }, UserBrands: [1, 2, 3] });
    expect(res.status).toBe(200);
    const saved = (await res.json()).User;
    expect(saved.FirstName).toBe('Elena M.');
    expect(saved.Brands.map((b: any) => b.BrandId)).toEqual(expect.arrayContaining([1, 2, 3]));
    expect(saved.RowVersion).toBe(u.RowVersion + 1);
    const stale = await post('/api/User/UpdateUser', { User: { UserId: 12, RowVersion: u.RowVersion, LastName: 'Stale' } });
    expect(stale.status).toBe(409);
    expect((await load(12)).LastName).toBe('Petrova');
    const audit = await t.ctx.db.query(`SELECT field FROM audit_log WHERE entity = 'user' AND entityid = '12'`);
    expect(audit.map((a) => a.field)).toEqual(expect.arrayContaining(['FirstName', 'Brands']));
  });

  it('ADMIN-012: renaming to a taken name is refused; an empty brand list is refused', async () => {
    const u = await load(13);
    const dup = await post('/api/User/UpdateUser', { User: { UserId: 13, RowVersion: u.RowVersion, UserName: 'admin@example.com' } });
    expect((await dup.json()).Message).toBe('The username admin@example.com is in use!');
    const none = await post('/api/User/UpdateUser', { User: { UserId: 13, RowVersion: u.RowVersion }, UserBrands: [] });
    expect((await none.json()).Message).toBe('Please select at least one brand.');
  });

  it('ADR 003: deactivating a user or changing the role through UpdateUser ends their sessions', async () => {
    const sofia = (await t.login('sofia.alvarez')).access_token;
    expect((await get('/api/Brand/GetBrands', sofia)).status).toBe(200);
    let u = await load(8);
    expect((await post('/api/User/UpdateUser', { User: { UserId: 8, RowVersion: u.RowVersion }, RoleId: 6 })).status).toBe(200);
    expect((await get('/api/Brand/GetBrands', sofia)).status).toBe(401);
    const again = (await t.login('sofia.alvarez')).access_token;
    u = await load(8);
    expect((await post('/api/User/UpdateUser', { User: { UserId: 8, RowVersion: u.RowVersion }, IsActive: false })).status).toBe(200);
    expect((await get('/api/Brand/GetBrands', again)).status).toBe(401);
  });

  it('ResetPassword mails a new temporary password and requires a change', async () => {
    const u = await load(11);
    expect((await post('/api/User/UpdateUser', { User: { UserId: 11, RowVersion: u.RowVersion }, ResetPassword: true })).status).toBe(200);
    const mails = await mailsTo(t, 'tom.brennan@example.com');
    expect(mails.at(-1)).toMatch(/reset your password/);
    expect((await load(11)).ChangePasswordRequired).toBe(true);
  });

  it('a user who stops being a factory user loses the factory assignments; PERM-008 edit is needed', async () => {
    const u = await load(6);
    expect((await post('/api/User/UpdateUser', { User: { UserId: 6, RowVersion: u.RowVersion }, IsActive: true }, viewer)).status).toBe(403);
    const res = await post('/api/User/UpdateUser', { User: { UserId: 6, RowVersion: u.RowVersion, IsFactoryUser: false } });
    expect(res.status).toBe(200);
    expect((await res.json()).User.Factories).toEqual([]);
  });
});

describe('users grid over user_view', () => {
  it('ADMIN-001/002: the grid searches and saves FirstName/LastName pasted in; duplicate names are per-row errors', async () => {
    const page = await (await post('/api/Grid/users/Search', { pageSize: 15, sortColumn: 'UserId', IncludeInactive: true })).json();
    expect(page.Results).toHaveLength(15);
    const [a, b] = page.Results.filter((r: any) => [9, 10].includes(r.UserId));
    const out = await (
      await post('/api/Grid/users/Save', {
        rows: [
          { Key: a.UserId, RowVersion: a.RowVersion, Changes: { FirstName: 'Olly', LastName: 'Grant-Smith' } },
          { Key: b.UserId, RowVersion: b.RowVersion, Changes: { UserName: 'admin@example.com' } },
        ],
      })
    ).json();
    expect(out.Saved.map((r: any) => r.UserId)).toEqual([9]);
    expect(out.Failed[0]).toMatchObject({ Key: 10, Status: 400, Message: 'The username admin@example.com is in use!' });
    const [row] = await t.ctx.db.query('SELECT firstname, lastname FROM users WHERE userid = 9');
    expect(row).toEqual({ firstname: 'Olly', lastname: 'Grant-Smith' });
  });

  it('PERM-008: the grid needs module 6 read to search and edit to save', async () => {
    expect((await post('/api/Grid/users/Search', { pageSize: 15 }, viewer)).status).toBe(403);
    expect((await post('/api/Grid/users/Save', { rows: [{ Key: 9, RowVersion: 1, Changes: { FirstName: 'X' } }] }, viewer)).status).toBe(403);
  });
});
