/** AUTH-018: log out from the user menu: tell the server, clear credentials, show 'Log Out Successful'. */
import { apiFetch } from '../api/http';
import { endSession } from './end-session';
import { useSessionStore } from './session-store';

const LOGOUT_WAIT_MS = 3000;

export async function logOut(): Promise<void> {
  if (!useSessionStore.getState().session) return;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), LOGOUT_WAIT_MS);
  try {
    // Best effort: the local sign-out happens even when the server cannot be told.
    await apiFetch('/api/Account/Logout', { method: 'POST', handleAuthErrors: false, signal: abort.signal });
  } catch {
    /* ignore */
  } finally {
    clearTimeout(timer);
  }
  await endSession('logout');
}
