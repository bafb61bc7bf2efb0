/** User calls of the shell. */
import { apiFetch } from './http';

/** SHELL-015 */
export const updateUserTheme = (userId: string, themeId: number) =>
  apiFetch<unknown>('/api/User/UpdateUserTheme', { method: 'POST', query: { UserId: userId, ThemeID: themeId } });
