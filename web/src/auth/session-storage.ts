/**
 * Where the session lives between page loads: localStorage, shared by every tab of the app.
 * The remembered target path (AUTH-004) is per tab, in sessionStorage.
 */
import { isSession, type Session } from './session';

export const SESSION_KEY = 'plm.session';
const RETURN_TO_KEY = 'plm.returnTo';
const APP_VERSION_KEY = 'plm.appVersionId';

export function readStoredSession(): Session | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeStoredSession(session: Session | null): void {
  try {
    if (session) localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    else localStorage.removeItem(SESSION_KEY);
  } catch {
    // Storage full or blocked: the session still works in this tab.
  }
}

export function rememberReturnTo(path: string): void {
  try {
    sessionStorage.setItem(RETURN_TO_KEY, path);
  } catch {
    /* private mode: nothing to remember */
  }
}

export function peekReturnTo(): string | null {
  try {
    return sessionStorage.getItem(RETURN_TO_KEY);
  } catch {
    return null;
  }
}

export function clearReturnTo(): void {
  try {
    sessionStorage.removeItem(RETURN_TO_KEY);
  } catch {
    /* ignore */
  }
}

export function readStoredAppVersion(): string | null {
  try {
    return localStorage.getItem(APP_VERSION_KEY);
  } catch {
    return null;
  }
}

export function writeStoredAppVersion(v: string): void {
  try {
    localStorage.setItem(APP_VERSION_KEY, v);
  } catch {
    /* ignore */
  }
}
