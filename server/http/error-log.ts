/**
 * Unhandled errors go to the error log table (Sequence, TimeUtc, User, Message, AllXml) with the
 * request context; AllXml carries the user agent, called script, referring page and detail that
 * the /errors screen parses (ADMIN-037..040).
 */
import type { Context } from 'hono';
import type { AppEnv } from '../context';

const esc = (s: string) => s.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function errorXml(fields: Record<string, string | undefined>): string {
  const items = Object.entries(fields)
    .map(([name, value]) => `<item name="${esc(name)}"><value string="${esc(value ?? '')}" /></item>`)
    .join('');
  return `<error><serverVariables>${items}</serverVariables></error>`;
}

export async function logError(c: Context<AppEnv>, err: Error): Promise<number | null> {
  const ctx = c.get('ctx');
  const user = c.get('user') as AppEnv['Variables']['user'] | undefined;
  const allXml = errorXml({
    HTTP_USER_AGENT: c.req.header('user-agent'),
    SCRIPT_NAME: `${c.req.method} ${new URL(c.req.url).pathname}`,
    HTTP_REFERER: c.req.header('referer'),
    DETAIL: err.stack ?? String(err),
  });
  try {
    const [row] = await ctx.db.query<{ sequence: number }>(
      'INSERT INTO error_log (username, message, allxml) VALUES ($1, $2, $3) RETURNING sequence',
      [user?.userName ?? null, err.message.slice(0, 2000), allXml]);
    return row.sequence;
  } catch (logErr) {
    console.error('Could not write the error log:', logErr, 'original error:', err);
    return null;
  }
}
