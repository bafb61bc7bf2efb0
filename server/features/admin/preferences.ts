/**
 * The signed-in user's own preferences (PREF-001..004, PREF-012/013): named preferences, the
 * dashboard's widgets (stored as the preference 'Dashboard'), the widget catalogue and the
 * first-run help flag. Nobody reads or writes another user's preferences here.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { Queryable } from '../../core/db/client';
import { SIGNED_IN, type ApiRouter } from '../../core/http/router';
import { badRequest, notFound } from '../../core/http/errors';
import { queryParam } from '../../core/http/request';
import { writeAudit } from '../../core/records/audit';
import { nested, ok } from '../../core/http/request';

const DASHBOARD = 'Dashboard';
const PREF_COLS = 'userpreferenceid AS "UserPreferenceId", preferencename AS "PreferenceName", value AS "Value"';
const truthy = (v: string | undefined) => v !== undefined && /^(true|1|yes)$/i.test(v);

/** The widgets this user may place: those without a required permission, or whose permission the user holds. */
function availableWidgets(q: Queryable, user: SessionUser) {
  return q.query(`SELECT widgetid AS "WidgetId", widgetname AS "WidgetName", description AS "Description", sortorder AS "SortOrder",
      isdefault AS "IsDefault" FROM dashboard_widgets
     WHERE requiredmoduleid IS NULL OR requiredmoduleid * 100 + requiredactionid = ANY($1) ORDER BY sortorder, widgetid`, [[...user.permissions]]);
}

async function upsertPreference(q: Queryable, userId: number, id: number, name: string, value: string) {
  if (id > 0) {
    const [row] = await q.query(`UPDATE user_preferences SET preferencename = $3, value = $4 WHERE userpreferenceid = $1 AND userid = $2 RETURNING ${PREF_COLS}`,
      [id, userId, name, value]);
    if (!row) throw notFound('Preference not found.');
    return row;
  }
  const [row] = await q.query(`INSERT INTO user_preferences (userid, preferencename, value) VALUES ($1, $2, $3) RETURNING ${PREF_COLS}`, [userId, name, value]);
  return row;
}

export function preferenceRoutes(r: ApiRouter) {
  r.get('/api/Dashboard/AvailableWidgets', SIGNED_IN, async (c) => c.json(await availableWidgets(c.get('ctx').db, c.get('user'))));

  // PREF-002: the saved widget list, or the default widgets the user may see when nothing is saved.
  r.get('/api/UserPreference/GetDashboardPreferences', SIGNED_IN, async (c) => {
    const { db } = c.get('ctx');
    const user = c.get('user');
    const available = await availableWidgets(db, user);
    const [saved] = await db.query('SELECT value FROM user_preferences WHERE userid = $1 AND preferencename = $2 ORDER BY userpreferenceid DESC LIMIT 1', [user.userId, DASHBOARD]);
    const allowed = new Set(available.map((w) => w.WidgetId));
    const ids: number[] = saved ? (JSON.parse(saved.value) as number[]).filter((id) => allowed.has(id)) : available.filter((w) => w.IsDefault).map((w) => w.WidgetId);
    return c.json({ Widgets: ids, IsDefault: !saved });
  });

  r.post('/api/UserPreference/UpdateDashboardPreferences', SIGNED_IN, { body: 'dashboard-preferences' }, async (c) => {
    const { db } = c.get('ctx');
    const user = c.get('user');
    const ids = c.get('body').Widgets as number[];
    await db.tx(async (q) => {
      const allowed = new Set((await availableWidgets(q, user)).map((w) => w.WidgetId));
      const refused = ids.filter((id) => !allowed.has(id));
      if (refused.length) throw badRequest('Some widgets are not available to you.', refused.map((id) => ({ Field: '/Widgets', Message: `Widget ${id} is not available.` })));
      await q.query('DELETE FROM user_preferences WHERE userid = $1 AND preferencename = $2', [user.userId, DASHBOARD]);
      await q.query('INSERT INTO user_preferences (userid, preferencename, value) VALUES ($1, $2, $3)', [user.userId, DASHBOARD, JSON.stringify(ids)]);
    });
    return c.json(ok('Dashboard saved.', { Widgets: ids }));
  });

  r.get('/api/UserPreference/GetUserPreferences', SIGNED_IN, { query: { PreferenceName: 'text' } }, async (c) => {
    const name = queryParam(c, 'PreferenceName');
    return c.json(await c.get('ctx').db.query(
      `SELECT ${PREF_COLS} FROM user_preferences WHERE userid = $1 AND ($2::text IS NULL OR preferencename = $2) ORDER BY userpreferenceid`,
      [c.get('user').userId, name ?? null]));
  });

  r.post('/api/UserPreference/UpdateUserPreferences', SIGNED_IN, { body: 'user-preferences' }, async (c) => {
    const { db } = c.get('ctx');
    const userId = c.get('user').userId;
    const list = (c.get('body').Preferences as unknown[]).map((p) => nested(p, ['UserPreferenceId', 'PreferenceName', 'Value']));
    const saved = await db.tx(async (q) => {
      const out = [];
      for (const p of list) out.push(await upsertPreference(q, userId, p.UserPreferenceId ?? 0, p.PreferenceName, p.Value));
      return out;
    });
    return c.json(ok('Preferences saved.', { Preferences: saved }));
  });

  r.post('/api/UserPreference/DeleteUserPreference', SIGNED_IN, { body: 'user-preference-delete' }, async (c) => {
    const rows = await c.get('ctx').db.query('DELETE FROM user_preferences WHERE userpreferenceid = $1 AND userid = $2 RETURNING userpreferenceid',
      [c.get('body').UserPreferenceId, c.get('user').userId]);
    if (!rows.length) throw notFound('Preference not found.');
    return c.json(ok('Preference deleted.'));
  });

  // PREF-013: ensureUnique leaves exactly one preference of that name (saved searches keep many).
  r.post('/api/UserPreference/UpdateSingleUserPreference', SIGNED_IN, { body: 'user-preference-single' }, async (c) => {
    const { db } = c.get('ctx');
    const userId = c.get('user').userId;
    const b = c.get('body');
    const saved = await db.tx(async (q) => {
      let id = b.userPreferenceId ?? 0;
      if (b.ensureUnique) {
        const [keep] = await q.query('SELECT userpreferenceid FROM user_preferences WHERE userid = $1 AND preferencename = $2 ORDER BY (userpreferenceid = $3) DESC, userpreferenceid LIMIT 1',
          [userId, b.preferenceName, id]);
        id = keep?.userpreferenceid ?? 0;
        await q.query('DELETE FROM user_preferences WHERE userid = $1 AND preferencename = $2 AND userpreferenceid <> $3', [userId, b.preferenceName, id]);
      }
      return upsertPreference(q, userId, id, b.preferenceName, b.preferenceValue);
    });
    return c.json(saved);
  });

  r.get('/api/User/ShouldShowStartupHelp', SIGNED_IN, async (c) => {
    const [u] = await c.get('ctx').db.query('SELECT showstartuphelp FROM users WHERE userid = $1', [c.get('user').userId]);
    return c.json(u.showstartuphelp);
  });

  r.post('/api/User/SetShowStartupHelp', SIGNED_IN, { query: { show: 'bool' } }, async (c) => {
    const { db } = c.get('ctx');
    const userId = c.get('user').userId;
    const show = truthy(queryParam(c, 'show') ?? String(c.get('body').show ?? ''));
    await db.tx(async (q) => {
      const [prev] = await q.query('SELECT showstartuphelp FROM users WHERE userid = $1 FOR UPDATE', [userId]);
      await q.query('UPDATE users SET showstartuphelp = $2, rowversion = rowversion + 1 WHERE userid = $1', [userId, show]);
      await writeAudit(q, userId, 'user', userId, [{ field: 'ShowStartupHelp', oldValue: prev.showstartuphelp, newValue: show }]);
    });
    return c.json(ok('Saved.', { ShowStartupHelp: show }));
  });
}
