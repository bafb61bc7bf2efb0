/**
 * Slows down guessing: after MAX_FAILURES failed sign-ins for one user name within WINDOW,
 * further attempts for that name are answered 429 until the oldest failure leaves the window.
 */
import type { Db, Queryable } from '../db/client';

export const MAX_FAILURES = 5;
export const WINDOW_SECONDS = 15 * 60;

/** Seconds until the name may try again, or 0 when it may try now. */
export async function retryAfterSeconds(q: Queryable, userName: string): Promise<number> {
  const [r] = await q.query<{ n: number; oldest: string | null }>(
    `SELECT count(*)::int AS n, min(failedat) AS oldest FROM (
       SELECT failedat FROM login_failures
        WHERE lower(username) = lower($1) AND failedat > now() - make_interval(secs => $2)
        ORDER BY failedat DESC LIMIT $3) recent`,
    [userName, WINDOW_SECONDS, MAX_FAILURES],
  );
  if (r.n < MAX_FAILURES || !r.oldest) return 0;
  return Math.max(1, Math.ceil((Date.parse(r.oldest) + WINDOW_SECONDS * 1000 - Date.now()) / 1000));
}

/**
 * Claims one attempt for the name before its password is checked: the claim counts as a failure
 * until `clearFailures` (a right password) removes it. The check and the claim run under a lock on
 * the name, so concurrent attempts cannot all pass the check before any failure is written
 * (issue 10: 20 at once had 13 checked); at most MAX_FAILURES are checked per window. Answers 0
 * when claimed, else the seconds to wait.
 */
export function claimAttempt(db: Db, userName: string): Promise<number> {
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1, hashtext(lower($2)))', [SIGN_IN_LOCKS, userName]);
    const wait = await retryAfterSeconds(q, userName);
    if (wait === 0) await recordFailure(q, userName);
    return wait;
  });
}

/** The advisory lock namespace of sign-in names. */
const SIGN_IN_LOCKS = 7301;

export async function recordFailure(q: Queryable, userName: string) {
  await q.query('INSERT INTO login_failures (username) VALUES ($1)', [userName.slice(0, 256)]);
}

export async function clearFailures(q: Queryable, userName: string) {
  await q.query('DELETE FROM login_failures WHERE lower(username) = lower($1)', [userName]);
}
