/**
 * Preferences and profile (PREF-001..024, DECISIONS PREF-007, LOOKUP-039): dashboard widgets and
 * preferences, named preferences, the effective field layout and its saves, startup help, profile
 * defaults and workflow subscriptions, project-create defaults, last-used projects and the
 * workflow event log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: string, viewer: string, designer: string, factory: string, costing: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, viewer, designer, factory, costing] = await t.tokens('admin', 'viewer', 'designer', 'factory', 'costing');
});
afterAll(async () => {
  await t?.close();
});

const get = async (path: string, token: string) => {
  const res = await t.request('GET', path, { token });
  return { status: res.status, body: await res.json() };
};
const post = async (path: string, json: unknown, token: string) => {
  const res = await t.request('POST', path, { token, json });
  return { status: res.status, body: await res.json() };
};

describe('dashboard', () => {
  it('PREF-001: AvailableWidgets comes from the widget table, filtered by the permission a widget needs', async () => {
    const forAdmin = (await get('/api/Dashboard/AvailableWidgets', admin)).body.map((w: any) => w.WidgetName);
    expect(forAdmin).toEqual(expect.arrayContaining(['My Recent Projects', 'Costing Status', 'Forecast Upload']));
    const forDesigner = (await get('/api/Dashboard/AvailableWidgets', designer)).body.map((w: any) => w.WidgetName);
    expect(forDesigner).toContain('Line Plans This Season');
    expect(forDesigner).not.toContain('Costing Status');
    expect((await t.request('GET', '/api/Dashboard/AvailableWidgets')).status).toBe(401);
  });

  it('PREF-002: dashboard preferences default to the default widgets, save in order, and refuse widgets not available', async () => {
    expect((await get('/api/UserPreference/GetDashboardPreferences', designer)).body).toEqual({ Widgets: [1, 2, 3], IsDefault: true });
    expect((await post('/api/UserPreference/UpdateDashboardPreferences', { Widgets: [7, 1] }, designer)).status).toBe(200);
    expect((await get('/api/UserPreference/GetDashboardPreferences', designer)).body).toEqual({ Widgets: [7, 1], IsDefault: false });
    expect((await post('/api/UserPreference/UpdateDashboardPreferences', { Widgets: [5] }, designer)).status).toBe(400);
  });
});

describe('named preferences', () => {
  it("PREF-012/013: add, list by name, update, delete; only one's own", async () => {
    const saved = await post(
      '/api/UserPreference/UpdateUserPreferences',
      {
        Preferences: [
          { PreferenceName: 'UserSearch', Value: '{"q":1}' },
          { PreferenceName: 'UserSearch', Value: '{"q":2}' },
          { PreferenceName: 'HeaderMinimized', Value: 'true' },
        ],
      },
      designer,
    );
    expect(saved.status).toBe(200);
    const ids = saved.body.Preferences.map((p: any) => p.UserPreferenceId);
    const list = (await get('/api/UserPreference/GetUserPreferences?PreferenceName=UserSearch', designer)).body;
    expect(list.map((p: any) => p.Value)).toEqual(['{"q":1}', '{"q":2}']);
    expect(
      (
        await post(
          '/api/UserPreference/UpdateUserPreferences',
          { Preferences: [{ UserPreferenceId: ids[0], PreferenceName: 'UserSearch', Value: '{"q":9}' }] },
          designer,
        )
      ).status,
    ).toBe(200);
    // Another user can neither change nor delete it.
    expect(
      (
        await post(
          '/api/UserPreference/UpdateUserPreferences',
          { Preferences: [{ UserPreferenceId: ids[0], PreferenceName: 'UserSearch', Value: 'x' }] },
          viewer,
        )
      ).status,
    ).toBe(404);
    expect((await post('/api/UserPreference/DeleteUserPreference', { UserPreferenceId: ids[1] }, viewer)).status).toBe(404);
    expect((await post('/api/UserPreference/DeleteUserPreference', { UserPreferenceId: ids[1] }, designer)).status).toBe(200);
    expect((await get('/api/UserPreference/GetUserPreferences?PreferenceName=UserSearch', designer)).body.map((p: any) => p.Value)).toEqual(['{"q":9}']);
    expect((await get('/api/UserPreference/GetUserPreferences', viewer)).body.some((p: any) => p.PreferenceName === 'UserSearch')).toBe(false);
  });

  it('PREF-013: UpdateSingleUserPreference with ensureUnique keeps one preference of that name', async () => {
    for (const v of ['a', 'b'])
      await post(
        '/api/UserPreference/UpdateSingleUserPreference',
        { userPreferenceId: 0, preferenceName: 'SortSavedSearches', preferenceValue: v, ensureUnique: false },
        costing,
      );
    const one = await post(
      '/api/UserPreference/UpdateSingleUserPreference',
      { userPreferenceId: 0, preferenceName: 'SortSavedSearches', preferenceValue: '{"column":"Name","descending":true}', ensureUnique: true },
      costing,
    );
    expect(one.body).toMatchObject({ PreferenceName: 'SortSavedSearches', Value: '{"column":"Name","descending":true}' });
    const list = (await get('/api/UserPreference/GetUserPreferences?PreferenceName=SortSavedSearches', costing)).body;
    expect(list).toEqual([one.body]);
  });
});

describe('saved searches', () => {
  it("PREF-014 DECISIONS SEARCH-023: saved searches are UserSearch / UserSearchCP preferences, each user's own", async () => {
    const a = await post('/api/UserPreference/UpdateUserPreferenceSearch', { SearchType: 1, Value: '{"name":"Boots","BrandId":1}' }, viewer);
    const b = await post('/api/UserPreference/UpdateUserPreferenceSearch', { SearchType: 2, Value: '{"name":"Late CP"}' }, viewer);
    expect(a.body).toMatchObject({ PreferenceName: 'UserSearch' });
    expect(b.body).toMatchObject({ PreferenceName: 'UserSearchCP' });
    const upd = await post(
      '/api/UserPreference/UpdateUserPreferenceSearch',
      { UserPreferenceId: a.body.UserPreferenceId, SearchType: 1, Value: '{"name":"Boots 2"}' },
      viewer,
    );
    expect(upd.body.Value).toBe('{"name":"Boots 2"}');
    expect((await get('/api/UserPreference/GetUserPreferenceSearch?SearchType=1', viewer)).body.map((p: any) => p.UserPreferenceId)).toEqual([
      a.body.UserPreferenceId,
    ]);
    expect((await get('/api/UserPreference/GetUserPreferenceSearch?SearchType=1', admin)).body).toEqual([]);
    expect(
      (await post('/api/UserPreference/UpdateUserPreferenceSearch', { UserPreferenceId: a.body.UserPreferenceId, SearchType: 1, Value: 'x' }, admin)).status,
    ).toBe(404);
    const other = await t.request('POST', `/api/UserPreference/DeleteUserPreferenceSearch?idList=${a.body.UserPreferenceId}`, { token: admin });
    expect((await other.json()).Deleted).toBe(0);
    const mine = await t.request('POST', `/api/UserPreference/DeleteUserPreferenceSearch?idList=${a.body.UserPreferenceId},${b.body.UserPreferenceId}`, {
      token: viewer,
    });
    expect((await mine.json()).Deleted).toBe(2);
    expect((await t.request('POST', '/api/UserPreference/DeleteUserPreferenceSearch?idList=a,b', { token: viewer })).status).toBe(400);
  });
});

describe('field layout', () => {
  const config = (token: string, userId?: number, moduleId = 4) =>
    get(`/api/UserPreference/fields/getFieldConfiguration?moduleId=${moduleId}${userId ? `&userId=${userId}` : ''}`, token);
  const field = (rows: any[], id: string) => rows.find((f) => f.FieldId === id);

  it('PREF-017/018: the effective layout starts as the schemas/layouts default with Row and Hidden per field', async () => {
    const { status, body } = await config(designer);
    expect(status).toBe(200);
    expect(field(body, 'PatternName')).toMatchObject({ ModuleId: 4, UserId: null, Row: 0, Hidden: false, Source: 'layout' });
    expect(field(body, 'PatternDesc').Row).toBe(1);
  });

  it("PREF-018/023: a user's save answers 'Field Profile Saved' and shows on the next GET; the admin default applies to everyone else", async () => {
    const saved = await post(
      '/api/UserPreference/fields/updateFieldConfiguration/4',
      { Fields: [{ UserId: 3, ModuleId: 4, FieldId: 'PatternDesc', Row: 5, Hidden: true }] },
      designer,
    );
    expect(saved).toMatchObject({ status: 200, body: { IsSuccessful: true, Message: 'Field Profile Saved' } });
    expect(field((await config(designer)).body, 'PatternDesc')).toMatchObject({ UserId: 3, Row: 5, Hidden: true, Source: 'user' });
    const def = await post(
      '/api/UserPreference/fields/updateFieldConfiguration/4',
      {
        Fields: [
          { UserId: null, FieldId: 'PatternName', Row: 3, Hidden: false },
          { UserId: null, FieldId: 'PatternDesc', Row: 0, Hidden: false },
        ],
      },
      admin,
    );
    expect(def.status).toBe(200);
    const forViewer = (await config(viewer)).body;
    expect(field(forViewer, 'PatternName')).toMatchObject({ UserId: null, Row: 3, Source: 'default' });
    expect(field(forViewer, 'PatternDesc')).toMatchObject({ Row: 0, Hidden: false });
    // The user's own row still wins over the admin default.
    expect(field((await config(designer)).body, 'PatternDesc')).toMatchObject({ Row: 5, Hidden: true });
    expect(field((await config(designer)).body, 'PatternName')).toMatchObject({ Row: 3, Source: 'default' });
  });

  it('PREF-019: at most 200 rows; FieldId must be a field of the entity; only an admin saves the default', async () => {
    const many = Array.from({ length: 201 }, (_, i) => ({ FieldId: `F${i}`, Row: 0 }));
    expect((await post('/api/UserPreference/fields/updateFieldConfiguration/4', { Fields: many }, designer)).status).toBe(400);
    const unknown = await post('/api/UserPreference/fields/updateFieldConfiguration/4', { Fields: [{ FieldId: 'NoSuchField', Row: 1 }] }, designer);
    expect(unknown.status).toBe(400);
    expect(unknown.body.Errors[0].Field).toBe('/Fields/0/FieldId');
    expect(
      (await post('/api/UserPreference/fields/updateFieldConfiguration/4', { Fields: [{ UserId: null, FieldId: 'PatternName', Row: 1 }] }, designer)).status,
    ).toBe(403);
    expect((await post('/api/UserPreference/fields/updateFieldConfiguration/77', { Fields: [] }, designer)).status).toBe(404);
  });

  it("DECISIONS PREF-007: module 6 read opens another user's layout; saving it saves the viewer's own", async () => {
    expect((await config(viewer, 3)).status).toBe(403);
    expect(field((await config(admin, 3)).body, 'PatternDesc')).toMatchObject({ UserId: 3, Row: 5 });
    const res = await post(
      '/api/UserPreference/fields/updateFieldConfiguration/4',
      { Fields: [{ UserId: 3, FieldId: 'PatternDesc', Row: 7, Hidden: false }] },
      admin,
    );
    expect(res.body.UserId).toBe(2);
    expect(field((await config(designer)).body, 'PatternDesc').Row).toBe(5);
    expect(field((await config(admin)).body, 'PatternDesc').Row).toBe(7);
  });

  it("PREF-017 issue 26: a layout row renames its field (Title, trimmed; blank or null keeps the schema's title), the admin default for everyone", async () => {
    const rows = (await config(admin, undefined, 12)).body;
    expect(field(rows, 'Designer')).toMatchObject({ Title: null, Source: 'layout' });
    const fields = rows.map((f: any) => ({
      UserId: null,
      FieldId: f.FieldId,
      Row: f.Row,
      Hidden: f.FieldId === 'AsiaDeveloper',
      Title: f.FieldId === 'Designer' ? '  Lead Designer ' : f.FieldId === 'Notes' ? '   ' : null,
    }));
    expect((await post('/api/UserPreference/fields/updateFieldConfiguration/12', { Fields: fields }, admin)).status).toBe(200);
    const forDesigner = (await config(designer, undefined, 12)).body;
    expect(field(forDesigner, 'Designer')).toMatchObject({ Title: 'Lead Designer', Source: 'default' });
    expect(field(forDesigner, 'Notes').Title).toBeNull();
    expect(field(forDesigner, 'AsiaDeveloper').Hidden).toBe(true);
    const long = await post(
      '/api/UserPreference/fields/updateFieldConfiguration/12',
      { Fields: [{ FieldId: 'Designer', Row: 0, Title: 'x'.repeat(101) }] },
      designer,
    );
    expect(long.status).toBe(400);
    expect(long.body.Errors[0].Field).toBe('/Fields/0/Title');
    // The transfer checklist screen has its own field layout (module 28).
    expect(field((await config(designer, undefined, 28)).body, 'TransferProductTypeId')).toMatchObject({ Row: 2, Hidden: false, Title: null });
  });

  it('PREF-020: fields hidden from factory users are not in their layout and cannot be saved by them', async () => {
    expect(field((await config(costing, undefined, 5)).body, 'FactNameKy')).toBeDefined();
    expect(field((await config(factory, undefined, 5)).body, 'FactNameKy')).toBeUndefined();
    expect((await post('/api/UserPreference/fields/updateFieldConfiguration/5', { Fields: [{ FieldId: 'FactNameKy', Row: 1 }] }, factory)).status).toBe(400);
  });
});

describe('startup help and profile', () => {
  it('PREF-004: ShouldShowStartupHelp answers the flag; SetShowStartupHelp turns it off', async () => {
    const t2 = designer;
    expect((await get('/api/User/ShouldShowStartupHelp', t2)).body).toBe(false);
    expect((await t.request('POST', '/api/User/SetShowStartupHelp?show=true', { token: t2 })).status).toBe(200);
    expect((await get('/api/User/ShouldShowStartupHelp', t2)).body).toBe(true);
    expect((await t.request('POST', '/api/User/SetShowStartupHelp?show=false', { token: t2 })).status).toBe(200);
    expect((await get('/api/User/ShouldShowStartupHelp', t2)).body).toBe(false);
  });

  it("PREF-010/011: UpdateUserProfile saves defaults and workflow subscriptions, checked against the user's brands", async () => {
    const res = await post(
      '/api/User/UpdateUserProfile',
      {
        User: { UserId: 3 },
        DefaultBrandId: 2,
        DefaultSeasonId: 5,
        DefaultDivisionKey: '01',
        UseDefaultsInQuickSearch: true,
        WFUserEvents: [
          { WFGroupId: 1, WFEventId: 2 },
          { WFGroupId: 3, WFEventId: 1 },
        ],
      },
      designer,
    );
    expect(res.status).toBe(200);
    const me = (await get('/api/User/GetUser', designer)).body;
    expect(me).toMatchObject({ DefaultBrandId: 2, DefaultSeasonId: 5, UseDefaultsInQuickSearch: true });
    const events = (await get('/api/User/GetWFEventAssignment', designer)).body;
    expect(events.map((e: any) => [e.WFGroupId, e.WFEventId, e.UserId])).toEqual([
      [1, 2, 3],
      [3, 1, 3],
    ]);
    const bad = await post('/api/User/UpdateUserProfile', { DefaultBrandId: 3, DefaultSeasonId: 1, WFUserEvents: [{ WFGroupId: 1, WFEventId: 99 }] }, designer);
    expect(bad.status).toBe(400);
    expect(bad.body.Errors.map((e: any) => e.Field)).toEqual(['/DefaultBrandId', '/DefaultSeasonId', '/WFUserEvents/0/WFEventId']);
    expect((await get('/api/User/GetWFEventAssignment?UserId=3', viewer)).status).toBe(403);
    expect((await get('/api/User/GetWFEventAssignment?UserId=3', admin)).body).toHaveLength(2);
  });

  it("PREF-007: a profile save writes the viewer's own profile, whoever's profile is shown", async () => {
    await post('/api/User/UpdateUserProfile', { User: { UserId: 3 }, DefaultBrandId: 4, DefaultSeasonId: 13 }, admin);
    expect((await get('/api/User/GetUser', admin)).body.DefaultBrandId).toBe(4);
    expect((await get('/api/User/GetUser?UserId=3', admin)).body.DefaultBrandId).toBe(2);
  });

  it("project-create defaults are kept per user and brand: 'Default values saved successfully!'", async () => {
    expect((await get('/api/User/GetProjectCreateDefaults?brandId=1', designer)).body).toEqual({});
    const saved = await post('/api/User/SaveProjectCreateDefaults', { BrandId: 1, Defaults: { GenderKey: 'M', DivisionKey: '01' } }, designer);
    expect(saved.body.Message).toBe('Default values saved successfully!');
    expect((await get('/api/User/GetProjectCreateDefaults?brandId=1', designer)).body).toEqual({ GenderKey: 'M', DivisionKey: '01' });
    expect((await get('/api/User/GetProjectCreateDefaults?brandId=3', designer)).status).toBe(403);
  });
});

describe('activity', () => {
  it('PREF-024: LogLastUseProject and GetLastViewedProjects (ids of the seasonal records the screens open), newest first, only projects of assigned brands', async () => {
    const [otherBrand] = await t.ctx.db.query('SELECT briefseasonalid AS id FROM brief_view WHERE brandid = 3 LIMIT 1');
    expect((await post('/api/User/LogLastUseProject', { UserId: 3, ProjectId: 1, ProjectLevelId: 2 }, designer)).status).toBe(200);
    expect((await post('/api/User/LogLastUseProject', { ProjectId: 2, ProjectLevelId: 2 }, designer)).status).toBe(200);
    expect((await post('/api/User/LogLastUseProject', { ProjectId: otherBrand.id, ProjectLevelId: 2 }, designer)).status).toBe(404);
    expect((await post('/api/User/LogLastUseProject', { ProjectId: 99999, ProjectLevelId: 2 }, designer)).status).toBe(404);
    expect((await post('/api/User/LogLastUseProject', { UserId: 2, ProjectId: 1, ProjectLevelId: 2 }, designer)).status).toBe(403);
    const recent = (await get('/api/User/GetLastViewedProjects', designer)).body;
    expect(recent.map((p: any) => [p.ProjectLevelId, p.ProjectId])).toEqual([
      [2, 2],
      [2, 1],
    ]);
    expect(recent[0].ProjectName).toEqual(expect.any(String));
  });

  it('LOOKUP-039: LogDataChangedEvent writes a row that WFEventLogs answers by date', async () => {
    const logged = await post('/api/Workflow/LogDataChangedEvent', { projLevel: 2, projId: 1 }, designer);
    expect(logged.status).toBe(200);
    const [row] = await t.ctx.db.query('SELECT wfeventid, projlevel, projid, brandid, userid FROM workflow_event_log WHERE eventlogid = $1', [
      logged.body.EventLogId,
    ]);
    expect(row).toEqual({ wfeventid: 2, projlevel: 2, projid: 1, brandid: 1, userid: 3 });
    const today = new Date().toISOString().slice(0, 10);
    const logs = (await get(`/api/Workflow/WFEventLogs?StartDate=${today}&EndDate=${today}`, designer)).body;
    expect(logs[0]).toMatchObject({ WFEventName: 'Data changed', ProjLevel: 2, ProjId: 1, UserId: 3 });
    expect((await get('/api/Workflow/WFEventLogs?EndDate=01/01/2020', designer)).body).toEqual([]);
    expect((await get('/api/Workflow/WFEventLogs', viewer)).body).toEqual([]);
    expect((await post('/api/Workflow/LogDataChangedEvent', { projLevel: 2, projId: 1 }, viewer)).status).toBe(404);
  });
});
