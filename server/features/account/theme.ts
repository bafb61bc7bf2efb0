/** The user's theme (SHELL-015): one of THEME_COUNT, saved and audited. */
import type { Db } from '../../core/db/client';
import { recordAction } from '../../core/records/actions';

export const THEME_COUNT = 11;

export function setTheme(db: Db, userId: number, theme: number) {
  return db.tx(async (q) => {
    const [prev] = await q.query('SELECT theme FROM users WHERE userid = $1 FOR UPDATE', [userId]);
    await q.query('UPDATE users SET theme = $2, lastchanged = now(), lastchangedby = $1 WHERE userid = $1', [userId, theme]);
    await recordAction(q, userId, 'user', userId, [{ field: 'Theme', oldValue: prev.theme, newValue: theme }]);
  });
}
