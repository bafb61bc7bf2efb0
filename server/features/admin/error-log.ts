/**
 * The error log screens (ADMIN-037..040): a filtered list and one error with its AllXml parsed.
 * DECISIONS SHELL-019: open to module 6 read or module 18 read, the same rule as the shortcut.
 */
import { canViewErrors } from '../../core/auth/permissions';
import { custom, type ApiRouter } from '../../core/http/router';
import { badRequest, notFound } from '../../core/http/errors';
import { intParam, queryParam } from '../../core/http/request';
import { dateParam } from './common';
import { containsPattern } from '../../core/db/contains';

export const ERROR_NOT_FOUND = 'Error not found, please check your id.';
/** ADMIN-039: the list sizes the screen offers. */
export const ERROR_LIST_AMOUNTS = [50, 100, 150, 200];
const CAN_VIEW_ERRORS = custom('users/read or systemMessages/read (DECISIONS SHELL-019)', canViewErrors);

const unescape = (s: string) => s.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
  .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** The server variables of an AllXml document (server/core/http/error-log.ts writes them). */
export function parseErrorXml(xml: string) {
  const items: Record<string, string> = {};
  for (const m of xml.matchAll(/<item name="([^"]*)"><value string="([^"]*)" \/><\/item>/g)) items[unescape(m[1])] = unescape(m[2]);
  return { UserAgent: items.HTTP_USER_AGENT ?? '', CalledScript: items.SCRIPT_NAME ?? '', ReferringPage: items.HTTP_REFERER ?? '', Detail: items.DETAIL ?? '' };
}

const COLS = 'sequence AS "Sequence", timeutc AS "TimeUtc", username AS "User", message AS "Message"';

export function errorLogRoutes(r: ApiRouter) {
  r.get('/api/User/GetErrors', CAN_VIEW_ERRORS, { query: { ErrorListAmount: 'id', ErrorId: 'id', User: 'text', Message: 'text', StartDate: 'date', EndDate: 'date' } }, async (c) => {
    const amount = intParam(c, 'ErrorListAmount', 100);
    if (!ERROR_LIST_AMOUNTS.includes(amount)) throw badRequest('The list size must be 50, 100, 150 or 200.', [{ Field: 'ErrorListAmount', Message: 'Must be 50, 100, 150 or 200.' }]);
    const errorId = intParam(c, 'ErrorId', 0);
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: (n: number) => string, v: unknown) => { params.push(v); where.push(sql(params.length)); };
    if (errorId > 0) add((n) => `sequence = $${n}`, errorId);
    const user = queryParam(c, 'User')?.trim();
    if (user) add((n) => `username ILIKE $${n}`, containsPattern(user));
    const message = queryParam(c, 'Message')?.trim();
    if (message) add((n) => `message ILIKE $${n}`, containsPattern(message));
    const start = dateParam(c, 'StartDate');
    if (start) add((n) => `timeutc >= $${n}::date`, start);
    const end = dateParam(c, 'EndDate');
    if (end) add((n) => `timeutc < $${n}::date + 1`, end); // the whole end day counts
    const rows = await c.get('ctx').db.query(
      `SELECT ${COLS} FROM error_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY sequence DESC LIMIT ${amount}`, params);
    // ADMIN-040: an id that matches nothing is its own message; an empty list otherwise is simply empty.
    if (errorId > 0 && !rows.length) throw notFound(ERROR_NOT_FOUND);
    return c.json(rows);
  });

  r.get('/api/User/GetError', CAN_VIEW_ERRORS, { query: { ErrorId: 'id' } }, async (c) => {
    const [row] = await c.get('ctx').db.query(`SELECT ${COLS}, allxml AS "AllXml" FROM error_log WHERE sequence = $1`, [intParam(c, 'ErrorId')]);
    if (!row) throw notFound(ERROR_NOT_FOUND);
    return c.json({ ...row, ...parseErrorXml(row.AllXml) });
  });
}
