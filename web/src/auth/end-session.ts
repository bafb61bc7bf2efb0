/**
 * Every way a session ends goes through here: credentials cleared (AUTH-016/018), unsaved-changes
 * flags dropped (the user is leaving either way), then one navigation to where the user should
 * land. Until a public screen shows, the route guards stand still so they do not race this
 * navigation.
 */
import { mutate } from 'swr';
import { navigateTo } from '../api/navigation';
import { forgetAnswers } from '../api/etag-store';
import { useUnsavedChangesStore } from '../shell/unsaved-changes-store';
import { MESSAGE_PAGES } from './message-page';
import { rememberReturnTo } from './session-storage';
import { useSessionStore } from './session-store';

export type EndReason = 'logout' | 'expired' | 'unauthorized' | 'refreshFailed';

export const SESSION_ENDED_NOTICE = 'Your session has ended. Please sign in again.';

function here(): string {
  return `${window.location.pathname}${window.location.search}`;
}

export async function endSession(reason: EndReason): Promise<void> {
  const store = useSessionStore.getState();
  if (!store.session || store.ending) return;
  // Expiry and a rejected token leave the user where they were; signing in again returns there (AUTH-004).
  if (reason === 'expired' || reason === 'unauthorized') rememberReturnTo(here());
  useUnsavedChangesStore.getState().reset();
  store.setEnding(true);
  store.clearSession();
  store.setNotice(reason === 'logout' ? null : SESSION_ENDED_NOTICE);
  // Server data of this user must not show to the next one.
  void mutate(() => true, undefined, { revalidate: false });
  forgetAnswers();
  try {
    await navigateTo(reason === 'logout' ? MESSAGE_PAGES.logOutSuccessful : '/login', { replace: true });
  } finally {
    // The public screen clears the flag once it shows (the router commits in a transition, after
    // this promise); this is only the fallback should that never happen.
    setTimeout(() => useSessionStore.getState().setEnding(false), ENDING_FALLBACK_MS);
  }
}

const ENDING_FALLBACK_MS = 5000;
