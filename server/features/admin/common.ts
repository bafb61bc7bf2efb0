/** Small helpers shared by the administration route files. */
import type { Context } from 'hono';
import type { AppEnv } from '../../core/context';
import { can, type SessionUser } from '../../core/auth/permissions';
import { badRequest, forbidden } from '../../core/http/errors';
import { intParam, queryParam } from '../../core/http/request';

/**
 * The user a "mine, or someone else's" call is about (DECISIONS PREF-007): one's own always;
 * another user's only with module 6 read.
 */
export function subjectUserId(c: Context<AppEnv>, param = 'UserId'): number {
  const user = c.get('user');
  const id = intParam(c, param, user.userId);
  if (id !== user.userId && !can(user, 'users', 'read')) throw forbidden('You can only open your own profile.');
  return id;
}

/** Parses a date filter typed as MM/DD/YYYY or YYYY-MM-DD (CONST-015); undefined when absent. */
export function dateParam(c: Context<AppEnv>, name: string): string | undefined {
  const raw = queryParam(c, name)?.trim();
  if (!raw) return undefined;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw);
  const iso = us ? `${us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}` : raw.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || Number.isNaN(Date.parse(iso)))
    throw badRequest(`The parameter ${name} is not a date.`, [{ Field: name, Message: 'Must be a date (MM/DD/YYYY).' }]);
  return iso;
}

export const isAdminOf = (user: SessionUser) => can(user, 'users', 'edit');
