/**
 * Where a user's column preferences of a grid (order, hidden columns, widths) are kept: the server's user preferences
 * (PREF-013, `UpdateSingleUserPreference`) when it has that endpoint, else this browser's
 * localStorage. One small adapter so the grid does not care which.
 */
import { ApiError, apiFetch } from '../../api/http';
import { parsePrefs, type ColumnPrefs } from './column-prefs';

const preferenceName = (gridId: string) => `GridColumns:${gridId}`;
const localKey = (userId: string, gridId: string) => `plm.grid-columns.${userId}.${gridId}`;

interface StoredPreference {
  UserPreferenceId?: number;
  PreferenceName?: string;
  PreferenceValue?: string;
  Value?: string;
  value?: string;
}

/** null until known; false once the server answered 404 (no preference endpoints yet). */
let serverHasPreferences: boolean | null = null;
/** The stored preference's id by user and grid (one tab may see several users sign in). */
const ids = new Map<string, number>();
const idKey = (userId: string, gridId: string) => `${userId}:${gridId}`;

export async function loadColumnPrefs(userId: string, gridId: string): Promise<ColumnPrefs> {
  const local = parsePrefs(localStorage.getItem(localKey(userId, gridId)));
  if (serverHasPreferences === false) return local;
  try {
    const list = await apiFetch<StoredPreference[] | StoredPreference>('/api/UserPreference/GetUserPreferences', {
      query: { PreferenceName: preferenceName(gridId) },
      handleAuthErrors: false,
    });
    serverHasPreferences = true;
    const pref = Array.isArray(list) ? list[0] : list;
    if (!pref) return local;
    if (pref.UserPreferenceId) ids.set(idKey(userId, gridId), pref.UserPreferenceId);
    return parsePrefs(pref.PreferenceValue ?? pref.Value ?? pref.value);
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 405)) serverHasPreferences = false;
    return local;
  }
}

export async function saveColumnPrefs(userId: string, gridId: string, prefs: ColumnPrefs): Promise<void> {
  localStorage.setItem(localKey(userId, gridId), JSON.stringify(prefs));
  if (serverHasPreferences === false) return;
  try {
    await apiFetch('/api/UserPreference/UpdateSingleUserPreference', {
      json: {
        userPreferenceId: ids.get(idKey(userId, gridId)) ?? 0,
        preferenceName: preferenceName(gridId),
        preferenceValue: JSON.stringify(prefs),
        ensureUnique: true,
      },
      handleAuthErrors: false,
    });
    serverHasPreferences = true;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 405)) serverHasPreferences = false;
  }
}
