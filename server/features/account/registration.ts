/**
 * Registration (AUTH-023..028): a new account with its confirmation mail, the confirmation, the
 * reset-password mail and the user-name check. Mails go through the job queue; links point at the
 * SPA's public routes.
 */
import type { AppContext } from '../../core/context';
import type { Db, Queryable } from '../../core/db/client';
import { badRequest } from '../../core/http/errors';
import { hashPassword } from '../../core/auth/password';
import { checkCode, issueCode } from '../../core/auth/account-codes';
import { recordAction } from '../../core/records/actions';
import { checkNewPassword } from './passwords';

const link = (ctx: AppContext, route: string, userId: number, code: string) =>
  `${ctx.config.publicUrl}${route}?userIdentification=${userId}&code=${encodeURIComponent(code)}`;

export async function register(ctx: AppContext, b: Record<string, any>) {
  checkNewPassword(b.Password, b.ConfirmPassword, 'Password');
  const email = String(b.Email).trim();
  await ctx.db.tx(async (q) => {
    const [exists] = await q.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [email]);
    if (exists) throw badRequest(`The username ${email} is in use!`, [{ Field: '/Email', Message: `The username ${email} is in use!` }]);
    const [u] = await q.query<{ userid: number }>(
      `INSERT INTO users (username, passwordhash, firstname, lastname, emailconfirmed, changepasswordrequired)
       VALUES ($1, $2, $3, $4, false, false) RETURNING userid`,
      [email, await hashPassword(b.Password), b.FirstName.trim(), b.LastName.trim()],
    );
    await recordAction(q, u.userid, 'user', u.userid, [{ field: 'UserName', oldValue: null, newValue: email }]);
    const code = await issueCode(q, u.userid, 'confirm_email');
    await ctx.jobs.enqueue(q, 'mail', {
      to: email,
      subject: 'Confirm your e-mail address',
      text: `Hello ${b.FirstName},\n\nplease confirm your e-mail address by opening this link:\n${link(ctx, '/confirmEmail', u.userid, code)}\n`,
    });
  });
}

/** Confirms the user's e-mail address by the mailed code; false when the code is invalid or expired. */
export function confirmEmail(db: Db, userId: number, code: string) {
  return db.tx(async (q) => {
    if (!(await checkCode(q, userId, code, 'confirm_email', true))) return false;
    await q.query('UPDATE users SET emailconfirmed = true, rowversion = rowversion + 1 WHERE userid = $1', [userId]);
    await recordAction(q, userId, 'user', userId, [{ field: 'EmailConfirmed', oldValue: 'false', newValue: 'true' }]);
    return true;
  });
}

/** Mails a reset link to an active account's address; nothing for any other address. */
export function mailResetLink(ctx: AppContext, email: string) {
  return ctx.db.tx(async (q) => {
    const [u] = await q.query('SELECT userid, firstname FROM users WHERE lower(username) = lower($1) AND isactive', [email]);
    if (!u) return;
    const code = await issueCode(q, u.userid, 'reset_password');
    await ctx.jobs.enqueue(q, 'mail', {
      to: email,
      subject: 'Reset your password',
      text: `Hello ${u.firstname},\n\nopen this link to choose a new password (valid for one hour):\n${link(ctx, '/confirmResetPasswordEmail', u.userid, code)}\n`,
    });
  });
}

export const userNameExists = async (q: Queryable, name: string) =>
  (await q.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [name.trim()])).length > 0;
