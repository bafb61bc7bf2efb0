/**
 * Session clock maths (AUTH-011, AUTH-013, AUTH-014). Pure: every function takes `now`.
 */
/** AUTH-013: the warning appears 25 minutes before the session ends. */
export const WARNING_LEAD_MS = 25 * 60 * 1000;
/** AUTH-014: retry after a failed connection check. */
export const DISCONNECT_RETRY_MS = 2000;
/** Below this much access-token life left, screens wait for the load refresh before calling the API. */
export const STALE_TOKEN_MARGIN_MS = 60_000;

export type SessionPhase = 'active' | 'warning' | 'expired';

export function sessionPhase(validUntil: number, now: number): SessionPhase {
  if (now >= validUntil) return 'expired';
  return now >= validUntil - WARNING_LEAD_MS ? 'warning' : 'active';
}

/** Milliseconds until the phase changes next (warning start or expiry); 0 once expired. */
export function msUntilNextPhase(validUntil: number, now: number): number {
  const warnAt = validUntil - WARNING_LEAD_MS;
  if (now < warnAt) return warnAt - now;
  return Math.max(0, validUntil - now);
}

/** Countdown text, e.g. 24:59, or 1:02:03 for an hour or more. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

/** AUTH-011: delay until the next refresh, counted from when the current tokens were issued. */
export function nextRefreshDelay(refreshedAt: number, intervalMinutes: number, now: number): number {
  return Math.max(0, refreshedAt + intervalMinutes * 60_000 - now);
}

/** Whether the access token is (nearly) expired, so calls made with it would fail with 401. */
export function accessTokenStale(refreshedAt: number, expiresInSeconds: number, now: number): boolean {
  if (!expiresInSeconds) return false;
  return refreshedAt + expiresInSeconds * 1000 - now < STALE_TOKEN_MARGIN_MS;
}
