/**
 * The one place an error becomes an answer (app.onError): an AppError keeps its status, code,
 * message, field errors and extra fields; a Failure (a screen's own text for an unexpected error)
 * is logged and carries its ErrorId; a PostgreSQL data error the checks let through is the
 * client's, an unreachable database a 503 with Retry-After and a full disk a logged 507
 * (database-errors.ts); anything else is written to the error log and answered 500 with the
 * default text, never a stack trace. Routes throw; they never build an error answer themselves.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../context';
import { AppError, DEFAULT_ERROR_TEXT, Failure } from './errors';
import { logError } from './error-log';
import { clientDataError, serverStateError } from './database-errors';

export async function answerError(thrown: Error, c: Context<AppEnv>): Promise<Response> {
  const err = clientDataError(thrown) ?? serverStateError(thrown) ?? thrown;
  if (err instanceof AppError) {
    // A failure answered with a screen's own text is still a server error: logged, its id in the answer; so is a full disk.
    const logged = err instanceof Failure ? { ErrorId: await logError(c, err.failedWith) } : err.status === 507 ? { ErrorId: await logError(c, thrown) } : {};
    // A refusal that passes (database unreachable, the user's heavy work at its limit) says when to try again.
    if (typeof err.extra.RetryAfter === 'number') c.header('Retry-After', String(err.extra.RetryAfter));
    return c.json({ IsSuccessful: false, Code: err.code, Message: err.message, Errors: err.errors, ...err.extra, ...logged }, err.status);
  }
  if (err instanceof HTTPException && err.status < 500) {
    return c.json({ IsSuccessful: false, Code: 'http_error', Message: err.message, Errors: [] }, err.status);
  }
  // Only real server errors are error-log events; a client's 4xx above never is (issue 10).
  const id = await logError(c, err);
  return c.json({ IsSuccessful: false, Code: 'server_error', Message: DEFAULT_ERROR_TEXT, Errors: [], ErrorId: id }, 500);
}
