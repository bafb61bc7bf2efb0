/**
 * The signed-in user's own preferences (PREF-001..004, PREF-012/013): named preferences, the
 * dashboard's widgets (stored as the preference 'Dashboard'), the widget catalogue and the
 * first-run help flag. Nobody reads or writes another user's preferences here.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { Db, Queryable } from '../../core/db/client';
import { badRequest, notFound } from '../../core/http/errors';
import { recordAction } from '../../core/records/actions';

const DASHBOARD = 'Dashboard';
const PREF_COLS = 'userpreferenceid AS "UserPreferenceId", preferencename AS "PreferenceName", value AS "Value"';

/** The widgets this user may place: those without a required permission, or whose permission the user holds. */
export function availableWidgets(q: Queryable, user: SessionUser) {
  return q.query(
    `SELECT widgetid AS "WidgetId", widgetname AS "WidgetName", description AS "Description", sortorder AS "SortOrder",
      isdefault AS "IsDefault" FROM dashboard_widgets
     WHERE requiredmoduleid IS NULL OR requiredmoduleid * 100 + requiredactionid = ANY($1) ORDER BY sortorder, widgetid`,
    [[...user.permissions]],
  );
}

async function upsertPreference(q: Queryable, userId: number, id: number, name: string, value: string) {
  if (id > 0) {
    const [row] = await q.query(
      `UPDATE user_preferences SET preferencename = $3, value = $4 WHERE userpreferenceid = $1 AND userid = $2 RETURNING ${PREF_COLS}`,
      [id, userId, name, value],
    );
    if (!row) throw notFound('Preference not found.');
    return row;
  }
  const [row] = await q.query(`INSERT INTO user_preferences (userid, preferencename, value) VALUES ($1, $2, $3) RETURNING ${PREF_COLS}`, [userId, name, value]);
  return row;
}

/** PREF-002: the saved widget list, or the default widgets the user may see when nothing is saved. */
export async function dashboardWidgets(q: Queryable, user: SessionUser) {
  const available = await availableWidgets(q, user);
  const [saved] = await q.query('SELECT value FROM user_preferences WHERE userid = $1 AND preferencename = $2 ORDER BY userpreferenceid DESC LIMIT 1', [
    user.userId,
    DASHBOARD,
  ]);
  const allowed = new Set(available.map((w) => w.WidgetId));
  const ids: number[] = saved
    ? (JSON.parse(saved.value) as number[]).filter((id) => allowed.has(id))
    : available.filter((w) => w.IsDefault).map((w) => w.WidgetId);
  return { Widgets: ids, IsDefault: !saved };
}

export function saveDashboard(db: Db, user: SessionUser, ids: number[]) {
  return db.tx(async (q) => {
    const allowed = new Set((await availableWidgets(q, user)).map((w) => w.WidgetId));
    const refused = ids.filter((id) => !allowed.has(id));
    if (refused.length)
      throw badRequest(
        'Some widgets are not available to you.',
        refused.map((id) => ({ Field: '/Widgets', Message: `Widget ${id} is not available.` })),
      );
    await q.query('DELETE FROM user_preferences WHERE userid = $1 AND preferencename = $2', [user.userId, DASHBOARD]);
    await q.query('INSERT INTO user_preferences (userid, preferencename, value) VALUES ($1, $2, $3)', [user.userId, DASHBOARD, JSON.stringify(ids)]);
  });
}

/** The user's preferences, of one name when given. */
export const preferencesOf = (q: Queryable, userId: number, name: string | undefined) =>
  q.query(`SELECT ${PREF_COLS} FROM user_preferences WHERE userid = $1 AND ($2::text IS NULL OR preferencename = $2) ORDER BY userpreferenceid`, [
    userId,
    name ?? null,
  ]);

export function savePreferences(db: Db, userId: number, list: Record<string, any>[]) {
  return db.tx(async (q) => {
    const out = [];
    for (const p of list) out.push(await upsertPreference(q, userId, p.UserPreferenceId ?? 0, p.PreferenceName, p.Value));
    return out;
  });
}

export async function deletePreference(q: Queryable, userId: number, id: number) {
  const rows = await q.query('DELETE FROM user_preferences WHERE userpreferenceid = $1 AND userid = $2 RETURNING userpreferenceid', [id, userId]);
  if (!rows.length) throw notFound('Preference not found.');
}

/** PREF-013: ensureUnique leaves exactly one preference of that name (saved searches keep many). */
export function saveSinglePreference(db: Db, userId: number, b: Record<string, any>) {
  return db.tx(async (q) => {
    let id = b.userPreferenceId ?? 0;
    if (b.ensureUnique) {
      const [keep] = await q.query(
        'SELECT userpreferenceid FROM user_preferences WHERE userid = $1 AND preferencename = $2 ORDER BY (userpreferenceid = $3) DESC, userpreferenceid LIMIT 1',
        [userId, b.preferenceName, id],
      );
      id = keep?.userpreferenceid ?? 0;
      await q.query('DELETE FROM user_preferences WHERE userid = $1 AND preferencename = $2 AND userpreferenceid <> $3', [userId, b.preferenceName, id]);
    }
    return upsertPreference(q, userId, id, b.preferenceName, b.preferenceValue);
  });
}

export async function showsStartupHelp(q: Queryable, userId: number) {
  const [u] = await q.query('SELECT showstartuphelp FROM users WHERE userid = $1', [userId]);
  return u.showstartuphelp;
}

export function setShowStartupHelp(db: Db, userId: number, show: boolean) {
  return db.tx(async (q) => {
    const [prev] = await q.query('SELECT showstartuphelp FROM users WHERE userid = $1 FOR UPDATE', [userId]);
    await q.query('UPDATE users SET showstartuphelp = $2, rowversion = rowversion + 1 WHERE userid = $1', [userId, show]);
    await recordAction(q, userId, 'user', userId, [{ field: 'ShowStartupHelp', oldValue: prev.showstartuphelp, newValue: show }]);
  });
}
