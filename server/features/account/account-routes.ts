/**
 * Account endpoints (AUTH-023..035): register, confirm e-mail, forgot/reset password, change
 * password (signed in, and before first sign-in), user-name availability, log out.
 * Mails go through the job queue; links point at the SPA's public routes.
 */
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { anyOf, PUBLIC, SIGNED_IN, type ApiRouter } from '../../core/http/router';
import { AppError, badRequest, type FieldError } from '../../core/http/errors';
import { queryParam } from '../../core/http/request';
import { hashPassword, passwordProblem, verifyPassword } from '../../core/auth/password';
import { checkCode, issueCode } from '../../core/auth/account-codes';
import { revokeSession, revokeUserSessions } from '../../core/auth/sessions';
import { writeAudit } from '../../core/records/audit';

const ok = (Message: string) => ({ IsSuccessful: true, Message });

/** AUTH-034, DECISIONS AUTH-039: checks a new password and its confirmation. */
function checkNewPassword(password: string, confirm: string, field: string) {
  const errors: FieldError[] = [];
  const problem = passwordProblem(password);
  if (problem) errors.push({ Field: `/${field}`, Message: problem });
  if (password !== confirm) errors.push({ Field: '/ConfirmPassword', Message: 'The password and confirmation password do not match.' });
  if (errors.length) throw badRequest(errors[0].Message, errors);
}

async function setPassword(q: Queryable, userId: number, password: string, actor: number | null) {
  await q.query(
    `UPDATE users SET passwordhash = $2, changepasswordrequired = false, lastchanged = now(), lastchangedby = $3,
            rowversion = rowversion + 1 WHERE userid = $1`, [userId, await hashPassword(password), actor]);
  await writeAudit(q, actor, 'user', userId, [{ field: 'Password', oldValue: null, newValue: '(changed)' }]);
}

const link = (ctx: AppContext, route: string, userId: number, code: string) =>
  `${ctx.config.publicUrl}${route}?userIdentification=${userId}&code=${encodeURIComponent(code)}`;

export function accountRoutes(r: ApiRouter) {
  r.post('/api/Account/Register', PUBLIC, { body: 'register' }, async (c) => {
    const ctx = c.get('ctx');
    const b = c.get('body');
    checkNewPassword(b.Password, b.ConfirmPassword, 'Password');
    const email = String(b.Email).trim();
    await ctx.db.tx(async (q) => {
      const [exists] = await q.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [email]);
      if (exists) throw badRequest(`The username ${email} is in use!`, [{ Field: '/Email', Message: `The username ${email} is in use!` }]);
      const [u] = await q.query<{ userid: number }>(
        `INSERT INTO users (username, passwordhash, firstname, lastname, emailconfirmed, changepasswordrequired)
         VALUES ($1, $2, $3, $4, false, false) RETURNING userid`,
        [email, await hashPassword(b.Password), b.FirstName.trim(), b.LastName.trim()]);
      await writeAudit(q, u.userid, 'user', u.userid, [{ field: 'UserName', oldValue: null, newValue: email }]);
      const code = await issueCode(q, u.userid, 'confirm_email');
      await ctx.jobs.enqueue(q, 'mail', {
        to: email, subject: 'Confirm your e-mail address',
        text: `Hello ${b.FirstName},\n\nplease confirm your e-mail address by opening this link:\n${link(ctx, '/confirmEmail', u.userid, code)}\n`,
      });
    });
    return c.json(ok('Registration Successful'));
  });

  r.post('/api/Account/ConfirmEmail', PUBLIC, { body: 'account-code' }, async (c) => {
    const { db } = c.get('ctx');
    const b = c.get('body');
    const done = await db.tx(async (q) => {
      if (!(await checkCode(q, b.userIdentification, b.code, 'confirm_email', true))) return false;
      await q.query('UPDATE users SET emailconfirmed = true, rowversion = rowversion + 1 WHERE userid = $1', [b.userIdentification]);
      await writeAudit(q, b.userIdentification, 'user', b.userIdentification, [{ field: 'EmailConfirmed', oldValue: 'false', newValue: 'true' }]);
      return true;
    });
    if (!done) throw new AppError(400, 'ConfirmEmailError', 'The confirmation link is invalid or has expired.');
    return c.json(ok('Your e-mail address is confirmed.'));
  });

  r.post('/api/Account/ForgotPassword', PUBLIC, { body: 'forgot-password' }, async (c) => {
    const ctx = c.get('ctx');
    const email = String(c.get('body').email).trim();
    await ctx.db.tx(async (q) => {
      const [u] = await q.query('SELECT userid, firstname FROM users WHERE lower(username) = lower($1) AND isactive', [email]);
      if (!u) return; // Same answer either way: the endpoint must not reveal which addresses exist.
      const code = await issueCode(q, u.userid, 'reset_password');
      await ctx.jobs.enqueue(q, 'mail', {
        to: email, subject: 'Reset your password',
        text: `Hello ${u.firstname},\n\nopen this link to choose a new password (valid for one hour):\n${link(ctx, '/confirmResetPasswordEmail', u.userid, code)}\n`,
      });
    });
    return c.json(ok('If the address belongs to an account, an e-mail with a reset link is on its way.'));
  });

  r.post('/api/Account/ConfirmResetPasswordEmail', PUBLIC, { body: 'account-code' }, async (c) => {
    const { db } = c.get('ctx');
    const b = c.get('body');
    if (!(await checkCode(db, b.userIdentification, b.code, 'reset_password', false))) {
      throw new AppError(400, 'ResetPasswordEmailConfirmationMessage', 'The reset link is invalid or has expired.');
    }
    return c.json(ok('The reset link is valid.'));
  });

  r.post('/api/Account/ResetPassword', PUBLIC, { body: 'reset-password' }, async (c) => {
    const { db } = c.get('ctx');
    const b = c.get('body');
    checkNewPassword(b.Password, b.ConfirmPassword, 'Password');
    await db.tx(async (q) => {
      if (!(await checkCode(q, b.userId, b.code, 'reset_password', true))) {
        throw new AppError(400, 'ResetPasswordFail', 'The reset link is invalid or has expired.');
      }
      await setPassword(q, b.userId, b.Password, b.userId);
      await revokeUserSessions(q, b.userId, 'password reset');
    });
    return c.json(ok('Your password has been reset.'));
  });

  r.post('/api/Account/ChangePassword', SIGNED_IN, { body: 'change-password' }, async (c) => {
    const { db } = c.get('ctx');
    const user = c.get('user');
    const b = c.get('body');
    const [u] = await db.query('SELECT passwordhash FROM users WHERE userid = $1', [user.userId]);
    if (!(await verifyPassword(u.passwordhash, b.OldPassword))) {
      throw badRequest('Incorrect password.', [{ Field: '/OldPassword', Message: 'Incorrect password.' }]);
    }
    checkNewPassword(b.NewPassword, b.ConfirmPassword, 'NewPassword');
    await db.tx(async (q) => {
      await setPassword(q, user.userId, b.NewPassword, user.userId);
      // Other sessions end; this one stays signed in.
      await q.query(`UPDATE sessions SET revokedat = now(), revokereason = 'password changed'
                      WHERE userid = $1 AND sessionid <> $2 AND revokedat IS NULL`, [user.userId, user.sessionId]);
    });
    return c.json(ok('Your password has been changed.'));
  });

  r.post('/api/Account/ChangeUserPassword', PUBLIC, { body: 'change-user-password' }, async (c) => {
    const { db } = c.get('ctx');
    const b = c.get('body');
    const [u] = await db.query<{ userid: number; passwordhash: string }>(
      'SELECT userid, passwordhash FROM users WHERE lower(username) = lower($1) AND isactive', [b.UserName]);
    if (!u || !(await verifyPassword(u.passwordhash, b.OldPassword))) {
      throw badRequest('Incorrect password.', [{ Field: '/OldPassword', Message: 'Incorrect password.' }]);
    }
    checkNewPassword(b.NewPassword, b.ConfirmPassword, 'NewPassword');
    await db.tx(async (q) => {
      await setPassword(q, u.userid, b.NewPassword, u.userid);
      await revokeUserSessions(q, u.userid, 'password changed');
    });
    return c.json(ok('Your password has been changed.'));
  });

  // AUTH-027: the user editor checks availability while typing; answers the text true or false.
  r.get('/api/Account/UserExists', anyOf(['users', 'create'], ['users', 'edit']), { query: { userName: 'text' } }, async (c) => {
    const name = queryParam(c, 'userName') ?? '';
    const [row] = await c.get('ctx').db.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [name.trim()]);
    return c.text(row ? 'true' : 'false');
  });

  r.post('/api/Account/Logout', SIGNED_IN, async (c) => {
    await revokeSession(c.get('ctx').db, c.get('user').sessionId, 'logout');
    return c.json(ok('Log Out Successful'));
  });
}
