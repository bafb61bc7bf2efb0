/**
 * One named preference of the signed-in user (PREF-013): read with GetUserPreferences, written
 * with UpdateSingleUserPreference (ensureUnique: one value per name). The flash-edit screens keep
 * their criteria and region view here (`FlashCriteria:<gridId>`, `FlashView:<gridId>`).
 */
import { apiFetch } from '../../api/http';

interface StoredPreference {
  UserPreferenceId: number;
  PreferenceName: string;
  Value: string;
}

/** The preference's value, or null when the user has none (or it cannot be read). */
export async function loadPreference(name: string): Promise<string | null> {
  try {
    const list = await apiFetch<StoredPreference[]>('/api/UserPreference/GetUserPreferences', { query: { PreferenceName: name }, handleAuthErrors: false });
    return list[0]?.Value ?? null;
  } catch {
    return null;
  }
}

/** Stores the value; a failure only loses the remembered value, never the user's work. */
export async function savePreference(name: string, value: string): Promise<void> {
  try {
    await apiFetch('/api/UserPreference/UpdateSingleUserPreference', {
      json: { userPreferenceId: 0, preferenceName: name, preferenceValue: value, ensureUnique: true },
      handleAuthErrors: false,
    });
  } catch {
    // Remembering is a convenience.
  }
}
