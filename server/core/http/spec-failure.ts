/**
 * A route whose unexpected failures answer the specification's own text for that screen (BR-010,
 * CARRY-013, CP-047) instead of the default one: the failure is thrown on as a `Failure`, which
 * `onError` writes to the error log and answers 500 with the text and the log's id. A client's
 * mistake (AppError) keeps its own status and message.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { AppError, Failure } from './errors';

type Handler = (c: Context<AppEnv>) => Promise<Response>;

/** `extra`: fields the screen's failure answer carries besides the text (e.g. the critical paths' Result). */
export const failing =
  (message: string, h: Handler, extra: Record<string, unknown> = {}): Handler =>
  async (c) => {
    try {
      return await h(c);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new Failure(message, err, 'server_error', extra);
    }
  };
