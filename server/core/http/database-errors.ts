/**
 * Errors that are not bugs of the code, answered as what they are instead of a 500.
 *
 * A backstop only (issue 10): request validation keeps client data PostgreSQL cannot take from
 * reaching a query; should some still get through, a data exception (SQLSTATE class 22: value out
 * of range, invalid text, NUL byte, bad date) is the client's error (400) and an integrity
 * violation (class 23) a conflict (409), never a 500 in the error log.
 */
import { AppError } from './errors';

export function clientDataError(err: unknown): AppError | undefined {
  const code = (err as { code?: unknown })?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return undefined;
  if (code.startsWith('22')) return new AppError(400, 'invalid_value', 'A value in the request cannot be stored.', [], { SqlState: code });
  if (code.startsWith('23')) return new AppError(409, 'conflict', 'The change conflicts with other data.', [], { SqlState: code });
  return undefined;
}

/** Seconds a client waits before trying again while the database is unreachable. */
export const RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE = 'The database is not reachable just now; try again in a few seconds.';
export const DISK_FULL = "The server's disk is full: nothing was stored. Please contact your System Administrator.";

/**
 * Issue 29: the server's state, not the request's. The database unreachable (a PostgreSQL restart:
 * connection refused or lost, SQLSTATE 08xxx, 57P01..57P03 shutdown or starting up) is a 503 with
 * Retry-After (the pool reconnects by itself on the next query); a full disk (ENOSPC, EDQUOT, SQLSTATE 53100) a 507,
 * logged so that someone frees space.
 */
export function serverStateError(err: unknown): AppError | undefined {
  const code = String((err as { code?: unknown })?.code ?? '');
  const message = String((err as Error)?.message ?? '');
  // SQLSTATE 53100: the database's own disk is full (the embedded database shares DATA_DIR's disk).
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === '53100') return new AppError(507, 'disk_full', DISK_FULL);
  if (
    /^(08\d{3}|57P0[123])$/.test(code) ||
    ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code) ||
    /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(message)
  ) {
    return new AppError(503, 'database_unavailable', DATABASE_UNAVAILABLE, [], { RetryAfter: RETRY_AFTER_SECONDS });
  }
  return undefined;
}
