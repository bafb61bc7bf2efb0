/** The error log screens (ADMIN-037..040): a filtered list and one error with its AllXml parsed. */
import type { Queryable } from '../../core/db/client';
import { notFound } from '../../core/http/errors';
import { containsPattern } from '../../core/db/contains';

export const ERROR_NOT_FOUND = 'Error not found, please check your id.';
/** ADMIN-039: the list sizes the screen offers. */
export const ERROR_LIST_AMOUNTS = [50, 100, 150, 200];

const unescapeXml = (s: string) =>
  s
    .replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The server variables of an AllXml document (server/core/http/error-log.ts writes them). */
export function parseErrorXml(xml: string) {
  const items: Record<string, string> = {};
  for (const m of xml.matchAll(/<item name="([^"]*)"><value string="([^"]*)" \/><\/item>/g)) items[unescapeXml(m[1])] = unescapeXml(m[2]);
  return { UserAgent: items.HTTP_USER_AGENT ?? '', CalledScript: items.SCRIPT_NAME ?? '', ReferringPage: items.HTTP_REFERER ?? '', Detail: items.DETAIL ?? '' };
}

const COLS = 'sequence AS "Sequence", timeutc AS "TimeUtc", username AS "User", message AS "Message"';

export interface ErrorFilter {
  amount: number;
  errorId: number;
  user?: string;
  message?: string;
  start?: string;
  end?: string;
}

/** The newest errors matching the filter; ADMIN-040: an id that matches nothing is its own message, an empty list otherwise is simply empty. */
export async function errorList(q: Queryable, f: ErrorFilter) {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (n: number) => string, v: unknown) => {
    params.push(v);
    where.push(sql(params.length));
  };
  if (f.errorId > 0) add((n) => `sequence = $${n}`, f.errorId);
  if (f.user) add((n) => `username ILIKE $${n}`, containsPattern(f.user));
  if (f.message) add((n) => `message ILIKE $${n}`, containsPattern(f.message));
  if (f.start) add((n) => `timeutc >= $${n}::date`, f.start);
  if (f.end) add((n) => `timeutc < $${n}::date + 1`, f.end); // the whole end day counts
  const rows = await q.query(
    `SELECT ${COLS} FROM error_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY sequence DESC LIMIT ${f.amount}`,
    params,
  );
  if (f.errorId > 0 && !rows.length) throw notFound(ERROR_NOT_FOUND);
  return rows;
}

export async function errorById(q: Queryable, id: number) {
  const [row] = await q.query(`SELECT ${COLS}, allxml AS "AllXml" FROM error_log WHERE sequence = $1`, [id]);
  if (!row) throw notFound(ERROR_NOT_FOUND);
  return { ...row, ...parseErrorXml(row.AllXml) };
}
