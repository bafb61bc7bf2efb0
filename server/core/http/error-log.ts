/**
 * Unhandled errors go to the error log table (Sequence, TimeUtc, User, Message, AllXml) with the
 * request context; AllXml carries the user agent, called script, referring page and detail that
 * the /errors screen parses (ADMIN-037..040).
 */
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import type { Queryable } from '../db/client';

const esc = (s: string) => s.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function errorXml(fields: Record<string, string | undefined>): string {
  const items = Object.entries(fields)
    .map(([name, value]) => `<item name="${esc(name)}"><value string="${esc(value ?? '')}" /></item>`)
    .join('');
  return `<error><serverVariables>${items}</serverVariables></error>`;
}

export async function logError(c: Context<AppEnv>, err: Error): Promise<number | null> {
  const user = c.get('user') as AppEnv['Variables']['user'] | undefined;
  return writeErrorLog(c.get('ctx').db, user?.userName ?? null, err, {
    HTTP_USER_AGENT: c.req.header('user-agent'),
    SCRIPT_NAME: `${c.req.method} ${new URL(c.req.url).pathname}`,
    HTTP_REFERER: c.req.header('referer'),
  });
}

/** An error outside any request (the process guard in main.ts: an unhandled rejection or exception). */
export function logProcessError(db: Queryable, origin: string, err: unknown): Promise<number | null> {
  const error = err instanceof Error ? err : new Error(String(err));
  return writeErrorLog(db, null, error, { SCRIPT_NAME: `process ${origin}` });
}

async function writeErrorLog(db: Queryable, userName: string | null, err: Error, fields: Record<string, string | undefined>): Promise<number | null> {
  const allXml = errorXml({ ...fields, DETAIL: err.stack ?? String(err) });
  try {
    const [row] = await db.query<{ sequence: number }>('INSERT INTO error_log (username, message, allxml) VALUES ($1, $2, $3) RETURNING sequence', [
      userName,
      String(err.message).slice(0, 2000),
      allXml,
    ]);
    return row.sequence;
  } catch (logErr) {
    console.error('Could not write the error log:', logErr, 'original error:', err);
    return null;
  }
}
