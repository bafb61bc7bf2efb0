/**
 * SHELL-015: the theme changes at once; the server stores it with UpdateUserTheme. When that
 * fails, the previous theme comes back and 'Error updating theme. Please contact an administrator'
 * shows for 2.5 s.
 */
import { updateUserTheme } from '../api/user';
import { useSessionStore } from '../auth/session-store';
import { THEME_ERROR_TOAST_MS, toast } from './toast-store';

export const THEME_ERROR = 'Error updating theme. Please contact an administrator';

export async function saveTheme(themeId: number): Promise<boolean> {
  const { session, updateSession } = useSessionStore.getState();
  if (!session || session.theme === themeId) return true;
  const previous = session.theme;
  updateSession({ theme: themeId });
  try {
    await updateUserTheme(session.userId, themeId);
    return true;
  } catch {
    if (useSessionStore.getState().session?.theme === themeId) updateSession({ theme: previous });
    toast.error(THEME_ERROR, THEME_ERROR_TOAST_MS);
    return false;
  }
}
