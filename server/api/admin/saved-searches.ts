/**
 * Saved searches (PREF-014, DECISIONS SEARCH-023): user preferences named UserSearch (SearchType 1,
 * hierarchy search) or UserSearchCP (SearchType 2, critical path), always the caller's own.
 */
import { SIGNED_IN, type ApiRouter } from '../../http/router';
import { badRequest, notFound } from '../../http/errors';
import { intParam, queryParam } from '../../http/request';
import { ok } from './common';

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

  r.post('/api/UserPreference/UpdateUserPreferenceSearch', SIGNED_IN, { body: 'user-preference-search' }, async (c) => {
    const { db } = c.get('ctx');
    const userId = c.get('user').userId;
    const b = c.get('body');
    const name = preferenceName(b.SearchType);
    const id = b.UserPreferenceId ?? 0;
    const [row] = id > 0
      ? await db.query(`UPDATE user_preferences SET value = $3 WHERE userpreferenceid = $1 AND userid = $2 AND preferencename = $4 RETURNING ${COLS}`, [id, userId, b.Value, name])
      : await db.query(`INSERT INTO user_preferences (userid, preferencename, value) VALUES ($1, $2, $3) RETURNING ${COLS}`, [userId, name, b.Value]);
    if (!row) throw notFound('Saved search not found.');
    return c.json(row);
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
