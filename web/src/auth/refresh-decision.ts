/**
 * Whether a refresh should really spend the refresh token (AUTH-011). Pure: it compares the
 * session this tab holds with the one in storage, which another tab may have refreshed already.
 */
import type { Session } from './session';

export type RefreshKind = 'load' | 'scheduled' | 'retry';
export type RefreshDecision = 'signedOut' | 'adopt' | 'skip' | 'refresh';

/**
 * On page load the user data is fresh enough when the tokens are this young (just signed in, or
 * reloaded twice in a row). Fewer load refreshes also mean fewer refreshes cut off by a reload,
 * whose new token the browser never gets to store.
 */
export const LOAD_FRESH_MS = 30_000;

export function refreshDecision(kind: RefreshKind, stored: Session | null, held: Session | null, now: number): RefreshDecision {
  if (!stored) return 'signedOut';
  const age = now - stored.refreshedAt;
  if (held && stored.refreshToken !== held.refreshToken) {
    // Another tab refreshed: take its tokens. Still refresh on load if even those are old.
    return kind === 'load' && age >= LOAD_FRESH_MS ? 'refresh' : 'adopt';
  }
  if (kind === 'load' && age < LOAD_FRESH_MS) return 'skip';
  if (kind === 'scheduled' && age < (stored.refreshIntervalMinutes * 60_000) / 2) return 'skip';
  return 'refresh';
}
