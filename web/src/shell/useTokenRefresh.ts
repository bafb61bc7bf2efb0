/**
 * Keeps the tokens fresh while a signed-in screen is open:
 * - once on load (the answer carries fresh user data such as the theme); screens wait for it
 *   only when the stored access token has (nearly) expired;
 * - every refreshInterval minutes (AUTH-011), recomputed when the tab becomes visible again;
 * - on a lost connection, the disconnect modal and a retry every 2000 ms (AUTH-014); a retry
 *   that reaches the server and is refused logs out (AUTH-015); any other failure clears the
 *   credentials and goes to /login (AUTH-016).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { endSession } from '../auth/end-session';
import type { RefreshKind } from '../auth/refresh-decision';
import { refreshSession } from '../auth/refresh';
import { useSessionStore } from '../auth/session-store';
import { accessTokenStale, DISCONNECT_RETRY_MS, nextRefreshDelay } from '../auth/session-timer';

export function useTokenRefresh(): { ready: boolean; disconnected: boolean } {
  const session = useSessionStore((s) => s.session);
  const [ready, setReady] = useState(() => !session || !accessTokenStale(session.refreshedAt, session.expiresIn, Date.now()));
  const [disconnected, setDisconnected] = useState(false);
  const [tick, setTick] = useState(0);
  const alive = useRef(true);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const run = useCallback(async (kind: RefreshKind) => {
    const result = await refreshSession(kind);
    if (!alive.current) return;
    switch (result) {
      case 'network':
        setDisconnected(true);
        clearTimeout(retryTimer.current);
        retryTimer.current = setTimeout(() => void run('retry'), DISCONNECT_RETRY_MS);
        return;
      case 'rejected':
        setDisconnected(false);
        await endSession('refreshFailed');
        return;
      case 'signedOut':
        // Signed out in another tab: follow it.
        useSessionStore.getState().clearSession();
        return;
      default:
        setDisconnected(false);
        setReady(true);
        setTick((t) => t + 1);
    }
  }, []);

  useEffect(() => {
    alive.current = true;
    void run('load');
    return () => {
      alive.current = false;
      clearTimeout(retryTimer.current);
    };
  }, [run]);

  const refreshedAt = session?.refreshedAt;
  const interval = session?.refreshIntervalMinutes;
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick re-arms the timer after a refresh and when the tab shows again
  useEffect(() => {
    if (refreshedAt === undefined || interval === undefined || disconnected) return;
    const t = setTimeout(() => void run('scheduled'), nextRefreshDelay(refreshedAt, interval, Date.now()));
    return () => clearTimeout(t);
  }, [refreshedAt, interval, disconnected, tick, run]);

  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && setTick((t) => t + 1);
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  return { ready, disconnected };
}
