/**
 * Saved searches (PREF-014, DECISIONS SEARCH-023): user preferences named UserSearch (SearchType 1,
 * hierarchy search) or UserSearchCP (SearchType 2, critical path), always the caller's own.
 */
import { SIGNED_IN, type ApiRouter } from '../../core/http/router';
import { badRequest, notFound } from '../../core/http/errors';
import { intParam, queryParam } from '../../core/http/request';
import { ok } from '../../core/http/request';
import { businessToday } from '../../domain/business-date';
import { parseSavedSearch, sameSearchName, stampSavedSearch } from '../../domain/saved-search';

const NAME_BY_TYPE: Record<number, string> = { 1: 'UserSearch', 2: 'UserSearchCP' };
const COLS = 'userpreferenceid AS "UserPreferenceId", preferencename AS "PreferenceName", value AS "Value"';

function preferenceName(type: number): string {
  const name = NAME_BY_TYPE[type];
  if (!name) throw badRequest('Unknown search type.', [{ Field: 'SearchType', Message: 'Must be 1 or 2.' }]);
  return name;
}

export function savedSearchRoutes(r: ApiRouter) {
  r.get('/api/UserPreference/GetUserPreferenceSearch', SIGNED_IN, { query: { SearchType: 'id' } }, async (c) =>
    c.json(await c.get('ctx').db.query(`SELECT ${COLS} FROM user_preferences WHERE userid = $1 AND preferencename = $2 ORDER BY userpreferenceid`,
      [c.get('user').userId, preferenceName(intParam(c, 'SearchType', 1))])));

  // SEARCH-016/018/022: a saved search's value gets its name trimmed, its Id and its dates; a new
  // one (no id) whose name the user already has overwrites that one.
  r.post('/api/UserPreference/UpdateUserPreferenceSearch', SIGNED_IN, { body: 'user-preference-search' }, async (c) => {
    const { db, config } = c.get('ctx');
    const userId = c.get('user').userId;
    const b = c.get('body');
    const name = preferenceName(b.SearchType);
    const value = parseSavedSearch(b.Value);
    if (value && !value.name.trim()) throw badRequest('Please enter a name for the search.', [{ Field: '/Value/name', Message: 'A name is required.' }]);
    const mine = await db.query<{ id: number; value: string }>('SELECT userpreferenceid AS id, value FROM user_preferences WHERE userid = $1 AND preferencename = $2', [userId, name]);
    const given = b.UserPreferenceId ?? 0;
    const named = value && given <= 0 ? mine.find((m) => sameSearchName(parseSavedSearch(m.value)?.name ?? '', value.name)) : undefined;
    const id = named?.id ?? given;
    const previous = parseSavedSearch(mine.find((m) => m.id === id)?.value);
    const text = (rowId: number) => (value ? JSON.stringify(stampSavedSearch(value, rowId, previous, businessToday(config.businessTimeZone))) : b.Value);
    return c.json(await db.tx(async (q) => {
      const [row] = id > 0
        ? await q.query(`UPDATE user_preferences SET value = $3 WHERE userpreferenceid = $1 AND userid = $2 AND preferencename = $4 RETURNING ${COLS}`, [id, userId, text(id), name])
        : await q.query(`INSERT INTO user_preferences (userid, preferencename, value) VALUES ($1, $2, $3) RETURNING ${COLS}`, [userId, name, b.Value]);
      if (!row) throw notFound('Saved search not found.');
      if (id > 0 || !value) return row;
      const [stamped] = await q.query(`UPDATE user_preferences SET value = $2 WHERE userpreferenceid = $1 RETURNING ${COLS}`, [row.UserPreferenceId, text(row.UserPreferenceId)]);
      return stamped;
    }));
  });

  // idList: comma-separated ids; ids of other users' preferences are simply not deleted.
  r.post('/api/UserPreference/DeleteUserPreferenceSearch', SIGNED_IN, { query: { idList: 'ids' } }, async (c) => {
    const raw = queryParam(c, 'idList') ?? String(c.get('body').idList ?? '');
    const ids = raw.split(',').map((s) => s.trim()).filter(Boolean);
    if (!ids.length || ids.some((s) => !/^\d+$/.test(s))) throw badRequest('The idList must be comma-separated ids.', [{ Field: 'idList', Message: 'Must be ids separated by commas.' }]);
    const deleted = await c.get('ctx').db.query(
      `DELETE FROM user_preferences WHERE userid = $1 AND userpreferenceid = ANY($2::int[]) AND preferencename = ANY($3) RETURNING userpreferenceid`,
      [c.get('user').userId, ids.map(Number), Object.values(NAME_BY_TYPE)]);
    return c.json(ok(`${deleted.length} saved search(es) deleted.`, { Deleted: deleted.length }));
  });
}
