/**
 * Issue 29, fair use: one user cannot starve the others with heavy work. Exports, PDF and index
 * reports, uploads and import commits, carryovers, season shifts and the buy-ready execution are
 * heavy; a user runs at most HEAVY_PER_USER of them at once (per process), and the next one is a 429
 * with Retry-After whose message says why (the web shows it like any refusal). A streamed answer (an
 * export) holds its place while the client reads it. Others' requests are not affected, nor anyone's
 * reads and saves.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { AppError } from './errors';

export const HEAVY_PER_USER = 2;
export const HEAVY_RETRY_SECONDS = 5;
export const HEAVY_BUSY = `You already have ${HEAVY_PER_USER} exports, reports or uploads running. Try again when one of them has finished.`;

/** Whether a route (as declared) is heavy work, by its last path segment. */
export function isHeavy(method: string, path: string): boolean {
  const last = path.split('/').at(-1) ?? '';
  if (/export|report$|^GetPdf$|^Upload(Image|Document)$|^ImportCalendar$|^Do\w*Carryover$|^Shift\w*Season$|^ExecuteBuyReady$|^Commit$/i.test(last)) return true;
  // An import file's upload: POST /api/Upload/:kind.
  return method === 'POST' && /^\/api\/Upload\/:\w+$/i.test(path);
}

const running = new Map<number, number>();

const release = (userId: number) => {
  const n = (running.get(userId) ?? 1) - 1;
  if (n > 0) running.set(userId, n);
  else running.delete(userId);
};

/** A streamed answer nobody reads for this long gives its place back (its work is done as it is read). */
const IDLE_MS = 1_000;

/**
 * The body of `res` that calls `done` once: when it has been read to the end, failed or been
 * cancelled, or after IDLE_MS without a read (an answer is produced as it is read: a client that
 * stops reading costs nothing, and one that never reads must not hold the place for ever).
 */
function holdUntilSent(res: Response, done: () => void): Response {
  if (!res.body) {
    done();
    return res;
  }
  let finished = false;
  let idle: NodeJS.Timeout | undefined;
  const finish = () => {
    clearTimeout(idle);
    if (!finished) {
      finished = true;
      done();
    }
  };
  const waitForRead = () => {
    clearTimeout(idle);
    idle = setTimeout(finish, IDLE_MS);
    idle.unref?.();
  };
  const reader = res.body.getReader();
  waitForRead();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      clearTimeout(idle);
      try {
        const { done: end, value } = await reader.read();
        if (end) {
          finish();
          controller.close();
        } else {
          controller.enqueue(value);
          waitForRead();
        }
      } catch (err) {
        finish();
        controller.error(err);
      }
    },
    cancel(reason) {
      finish();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

/** Runs after the guard (the user is known): counts the user's heavy requests under way. */
export function fairUse(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('user');
    if (!user) return next();
    const id = user.userId;
    if ((running.get(id) ?? 0) >= HEAVY_PER_USER) {
      throw new AppError(429, 'too_many_heavy_requests', HEAVY_BUSY, [], { RetryAfter: HEAVY_RETRY_SECONDS });
    }
    running.set(id, (running.get(id) ?? 0) + 1);
    let handedOver = false;
    try {
      await next();
      // A file (an export, a PDF) is produced as it is read: it holds the place meanwhile. An error or a JSON answer is done.
      if (c.res.ok && c.res.body && !/json|^text\//.test(c.res.headers.get('content-type') ?? '')) {
        c.res = holdUntilSent(c.res, () => release(id));
        handedOver = true;
      }
    } finally {
      if (!handedOver) release(id);
    }
  };
}

/** How many heavy requests the user has under way in this process (tests wait on it). */
export const heavyUnderWay = (userId: number) => running.get(userId) ?? 0;
