/**
 * The session in zustand (UI state only: who is signed in, with which token). Persisted to
 * localStorage and kept in step across tabs through the storage event.
 */
import { create } from 'zustand';
import { versionChanged } from './app-version';
import { forgetRotation } from './rotation-ledger';
import type { Session } from './session';
import { readStoredAppVersion, readStoredSession, SESSION_KEY, writeStoredAppVersion, writeStoredSession } from './session-storage';

interface SessionState {
  session: Session | null;
  /** True while a sign-out navigates away, so the guards do not redirect on their own. */
  ending: boolean;
  /** A note for the sign-in page (e.g. why the session ended). */
  notice: string | null;
  /** AUTH-017 */
  appVersionChanged: boolean;
  setSession: (session: Session) => void;
  clearSession: () => void;
  updateSession: (patch: Partial<Session>) => void;
  setEnding: (ending: boolean) => void;
  setNotice: (notice: string | null) => void;
}

function noteVersion(session: Session): boolean {
  if (session.appVersionId === null) return false;
  const changed = versionChanged(readStoredAppVersion(), session.appVersionId);
  writeStoredAppVersion(session.appVersionId);
  return changed;
}

export const useSessionStore = create<SessionState>((set, get) => ({
  session: typeof localStorage === 'undefined' ? null : readStoredSession(),
  ending: false,
  notice: null,
  appVersionChanged: false,
  setSession: (session) => {
    writeStoredSession(session);
    const changed = noteVersion(session);
    set({ session, notice: null, appVersionChanged: get().appVersionChanged || changed });
  },
  clearSession: () => {
    writeStoredSession(null);
    void forgetRotation();
    set({ session: null });
  },
  updateSession: (patch) => {
    const current = get().session;
    if (!current) return;
    const session = { ...current, ...patch };
    writeStoredSession(session);
    set({ session });
  },
  setEnding: (ending) => set({ ending }),
  setNotice: (notice) => set({ notice }),
}));

/** Another tab signed in, refreshed or signed out: take its session. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== SESSION_KEY && e.key !== null) return;
    const stored = readStoredSession();
    const { session } = useSessionStore.getState();
    if (JSON.stringify(stored) === JSON.stringify(session)) return;
    useSessionStore.setState({ session: stored });
  });
}
