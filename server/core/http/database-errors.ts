/**
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
