/**
 * CP-018: whether the critical path header is collapsed, remembered per user in the preference
 * HeaderMinimized ('true' / 'false').
 */
import { useCallback, useEffect, useState } from 'react';
import { apiFetch } from '../../api/http';

export const HEADER_PREFERENCE = 'HeaderMinimized';

export function useHeaderMinimized(): [boolean, (next: boolean) => void] {
  const [minimized, setMinimized] = useState(false);
  useEffect(() => {
    let live = true;
    apiFetch<{ UserPreferenceId: number; Value: string }[]>('/api/UserPreference/GetUserPreferences', { query: { PreferenceName: HEADER_PREFERENCE } })
      .then((rows) => {
        if (live && rows[0]) setMinimized(rows[0].Value === 'true');
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const set = useCallback((next: boolean) => {
    setMinimized(next);
    void apiFetch('/api/UserPreference/UpdateSingleUserPreference', {
      json: { userPreferenceId: 0, preferenceName: HEADER_PREFERENCE, preferenceValue: String(next), ensureUnique: true },
    }).catch(() => undefined);
  }, []);
  return [minimized, set];
}
