/** The signed-in user's own preferences, dashboard widgets and first-run help flag (PREF-001..004, PREF-012/013); the rules and SQL are preferences.ts's. */
import { SIGNED_IN, type ApiRouter } from '../../core/http/router';
import { nested, ok, queryParam } from '../../core/http/request';
import {
  availableWidgets,
  dashboardWidgets,
  deletePreference,
  preferencesOf,
  saveDashboard,
  savePreferences,
  saveSinglePreference,
  setShowStartupHelp,
  showsStartupHelp,
} from './preferences';

const truthy = (v: string | undefined) => v !== undefined && /^(true|1|yes)$/i.test(v);

export function preferenceRoutes(r: ApiRouter) {
  r.get('/api/Dashboard/AvailableWidgets', SIGNED_IN, async (c) => c.json(await availableWidgets(c.get('ctx').db, c.get('user'))));

  r.get('/api/UserPreference/GetDashboardPreferences', SIGNED_IN, async (c) => c.json(await dashboardWidgets(c.get('ctx').db, c.get('user'))));

  r.post('/api/UserPreference/UpdateDashboardPreferences', SIGNED_IN, { body: 'dashboard-preferences' }, async (c) => {
    const ids = c.get('body').Widgets as number[];
    await saveDashboard(c.get('ctx').db, c.get('user'), ids);
    return c.json(ok('Dashboard saved.', { Widgets: ids }));
  });

  r.get('/api/UserPreference/GetUserPreferences', SIGNED_IN, { query: { PreferenceName: 'text' } }, async (c) =>
    c.json(await preferencesOf(c.get('ctx').db, c.get('user').userId, queryParam(c, 'PreferenceName'))),
  );

  r.post('/api/UserPreference/UpdateUserPreferences', SIGNED_IN, { body: 'user-preferences' }, async (c) => {
    const list = (c.get('body').Preferences as unknown[]).map((p) => nested(p, ['UserPreferenceId', 'PreferenceName', 'Value']));
    return c.json(ok('Preferences saved.', { Preferences: await savePreferences(c.get('ctx').db, c.get('user').userId, list) }));
  });

  r.post('/api/UserPreference/DeleteUserPreference', SIGNED_IN, { body: 'user-preference-delete' }, async (c) => {
    await deletePreference(c.get('ctx').db, c.get('user').userId, c.get('body').UserPreferenceId);
    return c.json(ok('Preference deleted.'));
  });

  r.post('/api/UserPreference/UpdateSingleUserPreference', SIGNED_IN, { body: 'user-preference-single' }, async (c) =>
    c.json(await saveSinglePreference(c.get('ctx').db, c.get('user').userId, c.get('body'))),
  );

  r.get('/api/User/ShouldShowStartupHelp', SIGNED_IN, async (c) => c.json(await showsStartupHelp(c.get('ctx').db, c.get('user').userId)));

  r.post('/api/User/SetShowStartupHelp', SIGNED_IN, { query: { show: 'bool' } }, async (c) => {
    const show = truthy(queryParam(c, 'show') ?? String(c.get('body').show ?? ''));
    await setShowStartupHelp(c.get('ctx').db, c.get('user').userId, show);
    return c.json(ok('Saved.', { ShowStartupHelp: show }));
  });
}
