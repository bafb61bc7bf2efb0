/**
 * Passwords (AUTH-029..035, DECISIONS AUTH-039): the new-password check, reset by a mailed code,
 * change signed in and before the first sign-in. Bodies are the validated requests of the account calls.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { Db, Queryable } from '../../core/db/client';
import { AppError, badRequest, type FieldError } from '../../core/http/errors';
import { hashPassword, passwordProblem, verifyPassword } from '../../core/auth/password';
import { checkCode } from '../../core/auth/account-codes';
import { revokeUserSessions } from '../../core/auth/sessions';
import { recordAction } from '../../core/records/actions';

/** AUTH-034, DECISIONS AUTH-039: checks a new password and its confirmation. */
export function checkNewPassword(password: string, confirm: string, field: string) {
  const errors: FieldError[] = [];
  const problem = passwordProblem(password);
  if (problem) errors.push({ Field: `/${field}`, Message: problem });
  if (password !== confirm) errors.push({ Field: '/ConfirmPassword', Message: 'The password and confirmation password do not match.' });
  if (errors.length) throw badRequest(errors[0].Message, errors);
}

async function setPassword(q: Queryable, userId: number, password: string, actor: number | null) {
  await q.query(
    `UPDATE users SET passwordhash = $2, changepasswordrequired = false, lastchanged = now(), lastchangedby = $3,
            rowversion = rowversion + 1 WHERE userid = $1`,
    [userId, await hashPassword(password), actor],
  );
  await recordAction(q, actor, 'user', userId, [{ field: 'Password', oldValue: null, newValue: '(changed)' }]);
}

/** A new password by the mailed reset code; every session of the user ends. */
export async function resetPassword(db: Db, b: Record<string, any>) {
  checkNewPassword(b.Password, b.ConfirmPassword, 'Password');
  await db.tx(async (q) => {
    if (!(await checkCode(q, b.userId, b.code, 'reset_password', true))) {
      throw new AppError(400, 'ResetPasswordFail', 'The reset link is invalid or has expired.');
    }
    await setPassword(q, b.userId, b.Password, b.userId);
    await revokeUserSessions(q, b.userId, 'password reset');
  });
}

/** The signed-in user's new password; other sessions end, this one stays signed in. */
export async function changePassword(db: Db, user: SessionUser, b: Record<string, any>) {
  const [u] = await db.query('SELECT passwordhash FROM users WHERE userid = $1', [user.userId]);
  if (!(await verifyPassword(u.passwordhash, b.OldPassword))) {
    throw badRequest('Incorrect password.', [{ Field: '/OldPassword', Message: 'Incorrect password.' }]);
  }
  checkNewPassword(b.NewPassword, b.ConfirmPassword, 'NewPassword');
  await db.tx(async (q) => {
    await setPassword(q, user.userId, b.NewPassword, user.userId);
    await q.query(
      `UPDATE sessions SET revokedat = now(), revokereason = 'password changed'
                    WHERE userid = $1 AND sessionid <> $2 AND revokedat IS NULL`,
      [user.userId, user.sessionId],
    );
  });
}

/** A new password by user name and old password (before the first sign-in); every session of the user ends. */
export async function changeUserPassword(db: Db, b: Record<string, any>) {
  const [u] = await db.query<{ userid: number; passwordhash: string }>(
    'SELECT userid, passwordhash FROM users WHERE lower(username) = lower($1) AND isactive',
    [b.UserName],
  );
  if (!u || !(await verifyPassword(u.passwordhash, b.OldPassword))) {
    throw badRequest('Incorrect password.', [{ Field: '/OldPassword', Message: 'Incorrect password.' }]);
  }
  checkNewPassword(b.NewPassword, b.ConfirmPassword, 'NewPassword');
  await db.tx(async (q) => {
    await setPassword(q, u.userid, b.NewPassword, u.userid);
    await revokeUserSessions(q, u.userid, 'password changed');
  });
}
