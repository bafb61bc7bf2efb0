/**
 * Token refresh (AUTH-011, AUTH-014..016). In this tab one refresh runs at a time (a double
 * effect or a second caller shares it); across tabs the refresh lock serialises them and the
 * token is always read inside the lock, from storage and the rotation ledger (which another
 * tab's rotation reaches first), so no refresh token is ever sent twice.
 */
import { ApiError } from '../api/http';
import { requestRefreshToken } from '../api/token';
import { refreshDecision, type RefreshKind } from './refresh-decision';
import { withRefreshLock } from './refresh-lock';
import { currentSession, lastRotation, noteRotation } from './rotation-ledger';
import { readStoredSession } from './session-storage';
import { useSessionStore } from './session-store';
import { singleFlight } from './single-flight';

export type RefreshResult = 'ok' | 'adopted' | 'skipped' | 'signedOut' | 'network' | 'rejected';

/** A failure with no usable answer from the API counts as a lost connection (AUTH-014). */
export function isNetworkFailure(err: unknown): boolean {
  return err instanceof ApiError && (err.network || err.status === 502 || err.status === 503 || err.status === 504);
}

async function refreshLocked(kind: RefreshKind): Promise<RefreshResult> {
  const store = useSessionStore.getState();
  const stored = currentSession(readStoredSession(), await lastRotation());
  const decision = refreshDecision(kind, stored, store.session, Date.now());
  if (decision === 'signedOut' || !stored) return 'signedOut';
  if (decision === 'adopt') {
    store.setSession(stored);
    return 'adopted';
  }
  if (decision === 'skip') return 'skipped';
  try {
    const next = await requestRefreshToken(stored.refreshToken);
    // Signed out in another tab while the call ran: do not bring the session back.
    if (!readStoredSession()) return 'signedOut';
    useSessionStore.getState().setSession(next);
    // Committed before the lock is released: the next tab in the lock reads it even where localStorage lags.
    await noteRotation({ spent: stored.refreshToken, next });
    return 'ok';
  } catch (err) {
    if (isNetworkFailure(err)) return 'network';
    return 'rejected';
  }
}

export function refreshSession(kind: RefreshKind): Promise<RefreshResult> {
  return singleFlight('token-refresh', () => withRefreshLock(() => refreshLocked(kind)));
}
