/** User calls of the foundation: the theme picker (SHELL-015). */
import { SIGNED_IN, type ApiRouter } from '../../core/http/router';
import { badRequest, forbidden } from '../../core/http/errors';
import { intParam } from '../../core/http/request';
import { setTheme, THEME_COUNT } from './theme';

export function userRoutes(r: ApiRouter) {
  r.post('/api/User/UpdateUserTheme', SIGNED_IN, { query: { UserId: 'id', ThemeID: 'id' } }, async (c) => {
    const user = c.get('user');
    const userId = intParam(c, 'UserId', user.userId);
    const theme = intParam(c, 'ThemeID');
    if (userId !== user.userId) throw forbidden('You can only change your own theme.');
    if (theme < 0 || theme >= THEME_COUNT) throw badRequest('Unknown theme.', [{ Field: 'ThemeID', Message: `Must be 0 to ${THEME_COUNT - 1}.` }]);
    await setTheme(c.get('ctx').db, userId, theme);
    return c.json({ IsSuccessful: true, Message: 'Theme updated.' });
  });
}
