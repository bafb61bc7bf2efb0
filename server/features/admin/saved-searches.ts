/**
 * Saved searches (PREF-014, DECISIONS SEARCH-023): user preferences named UserSearch (SearchType 1,
 * hierarchy search) or UserSearchCP (SearchType 2, critical path), always the caller's own.
 */
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { badRequest, notFound } from '../../core/http/errors';
import { businessToday } from '../../domain/business-date';
import { parseSavedSearch, sameSearchName, stampSavedSearch } from '../../domain/saved-search';

const NAME_BY_TYPE: Record<number, string> = { 1: 'UserSearch', 2: 'UserSearchCP' };
const COLS = 'userpreferenceid AS "UserPreferenceId", preferencename AS "PreferenceName", value AS "Value"';

function preferenceName(type: number): string {
  const name = NAME_BY_TYPE[type];
  if (!name) throw badRequest('Unknown search type.', [{ Field: 'SearchType', Message: 'Must be 1 or 2.' }]);
  return name;
}

export const savedSearches = (q: Queryable, userId: number, type: number) =>
  q.query(`SELECT ${COLS} FROM user_preferences WHERE userid = $1 AND preferencename = $2 ORDER BY userpreferenceid`, [userId, preferenceName(type)]);

/**
 * SEARCH-016/018/022: a saved search's value gets its name trimmed, its Id and its dates; a new
 * one (no id) whose name the user already has overwrites that one. Answers the saved preference.
 */
export async function saveSearch(ctx: AppContext, userId: number, b: Record<string, any>) {
  const { db, config } = ctx;
  const name = preferenceName(b.SearchType);
  const value = parseSavedSearch(b.Value);
  if (value && !value.name.trim()) throw badRequest('Please enter a name for the search.', [{ Field: '/Value/name', Message: 'A name is required.' }]);
  const mine = await db.query<{ id: number; value: string }>(
    'SELECT userpreferenceid AS id, value FROM user_preferences WHERE userid = $1 AND preferencename = $2',
    [userId, name],
  );
  const given = b.UserPreferenceId ?? 0;
  const named = value && given <= 0 ? mine.find((m) => sameSearchName(parseSavedSearch(m.value)?.name ?? '', value.name)) : undefined;
  const id = named?.id ?? given;
  const previous = parseSavedSearch(mine.find((m) => m.id === id)?.value);
  const text = (rowId: number) => (value ? JSON.stringify(stampSavedSearch(value, rowId, previous, businessToday(config.businessTimeZone))) : b.Value);
  return db.tx(async (q) => {
    const [row] =
      id > 0
        ? await q.query(`UPDATE user_preferences SET value = $3 WHERE userpreferenceid = $1 AND userid = $2 AND preferencename = $4 RETURNING ${COLS}`, [
            id,
            userId,
            text(id),
            name,
          ])
        : await q.query(`INSERT INTO user_preferences (userid, preferencename, value) VALUES ($1, $2, $3) RETURNING ${COLS}`, [userId, name, b.Value]);
    if (!row) throw notFound('Saved search not found.');
    if (id > 0 || !value) return row;
    const [stamped] = await q.query(`UPDATE user_preferences SET value = $2 WHERE userpreferenceid = $1 RETURNING ${COLS}`, [
      row.UserPreferenceId,
      text(row.UserPreferenceId),
    ]);
    return stamped;
  });
}

/** Deletes the user's saved searches of these ids (ids of other users' preferences are simply not deleted); answers how many were. */
export async function deleteSearches(q: Queryable, userId: number, ids: number[]) {
  const deleted = await q.query(
    `DELETE FROM user_preferences WHERE userid = $1 AND userpreferenceid = ANY($2::int[]) AND preferencename = ANY($3) RETURNING userpreferenceid`,
    [userId, ids, Object.values(NAME_BY_TYPE)],
  );
  return deleted.length;
}
