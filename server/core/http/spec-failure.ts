/**
 * A route whose unexpected failures answer the specification's own text for that screen (BR-010,
 * CARRY-013) instead of the default one: the error is written to the error log and the answer
 * carries its id. A client's mistake (AppError) keeps its own status and message.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { AppError } from './errors';
import { logError } from './error-log';

type Handler = (c: Context<AppEnv>) => Promise<Response>;

export const failing = (message: string, h: Handler): Handler => async (c) => {
  try {
    return await h(c);
  } catch (err) {
    if (err instanceof AppError) throw err;
    const id = await logError(c, err as Error).catch(() => null);
    return c.json({ IsSuccessful: false, Code: 'server_error', Message: message, Errors: [], ErrorId: id }, 500);
  }
};
