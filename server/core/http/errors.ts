/**
 * One error type for the whole API: an HTTP status, a stable code and the user-facing message
 * (quoted from the specification where it gives one). `onError` (server/app.ts), the one place
 * errors become answers, turns it into `{ IsSuccessful: false, Code, Message, Errors }`; anything
 * else is logged to the error log and answered with a generic message, never a stack trace.
 */
export interface FieldError {
  Field: string;
  Message: string;
}

export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503 | 507,
    readonly code: string,
    message: string,
    readonly errors: FieldError[] = [],
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  /** The same error with field errors attached. */
  withErrors(errors: FieldError[]): AppError {
    return new AppError(this.status, this.code, this.message, errors, this.extra);
  }
}

export const badRequest = (message: string, errors: FieldError[] = []) => new AppError(400, 'bad_request', message, errors);
export const unauthorized = (message = 'Authorization has been denied for this request.') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have permission to perform this action.') => new AppError(403, 'forbidden', message);
/** PERM-024: the route's (module, action) rule refused the user (the browser goes to /permissionDenied). */
export const permissionDenied = () => new AppError(403, 'permission_denied', 'You do not have permission to perform this action.');
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const conflict = (message: string, extra: Record<string, unknown> = {}) => new AppError(409, 'conflict', message, [], extra);

/**
 * An unexpected failure answered with the screen's own text from the specification (CP-047, CP-051,
 * BR-010, CARRY-013) instead of the default one: `onError` writes `failedWith` to the error log like
 * any server error and answers 500 with this message, the extra fields and the log's ErrorId.
 */
export class Failure extends AppError {
  readonly failedWith: Error;
  constructor(message: string, failedWith: unknown, code = 'server_error', extra: Record<string, unknown> = {}) {
    super(500, code, message, [], extra);
    this.failedWith = failedWith instanceof Error ? failedWith : new Error(String(failedWith));
  }
}

/** CONST-022: the default error text when the server has nothing more specific to say. */
export const DEFAULT_ERROR_TEXT = 'Please contact your System Administrator.';
