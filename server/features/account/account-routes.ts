/**
 * Account endpoints (AUTH-023..035): register, confirm e-mail, forgot/reset password, change
 * password (signed in, and before first sign-in), user-name availability, log out
 * (registration.ts, passwords.ts).
 */
import { anyOf, PUBLIC, SIGNED_IN, type ApiRouter } from '../../core/http/router';
import { AppError } from '../../core/http/errors';
import { queryParam } from '../../core/http/request';
import { checkCode } from '../../core/auth/account-codes';
import { revokeSession } from '../../core/auth/sessions';
import { changePassword, changeUserPassword, resetPassword } from './passwords';
import { confirmEmail, mailResetLink, register, userNameExists } from './registration';

const ok = (Message: string) => ({ IsSuccessful: true, Message });

export function accountRoutes(r: ApiRouter) {
  r.post('/api/Account/Register', PUBLIC, { body: 'register' }, async (c) => {
    await register(c.get('ctx'), c.get('body'));
    return c.json(ok('Registration Successful'));
  });

  r.post('/api/Account/ConfirmEmail', PUBLIC, { body: 'account-code' }, async (c) => {
    const b = c.get('body');
    if (!(await confirmEmail(c.get('ctx').db, b.userIdentification, b.code)))
      throw new AppError(400, 'ConfirmEmailError', 'The confirmation link is invalid or has expired.');
    return c.json(ok('Your e-mail address is confirmed.'));
  });

  // Same answer either way: the endpoint must not reveal which addresses exist.
  r.post('/api/Account/ForgotPassword', PUBLIC, { body: 'forgot-password' }, async (c) => {
    await mailResetLink(c.get('ctx'), String(c.get('body').email).trim());
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
    await resetPassword(c.get('ctx').db, c.get('body'));
    return c.json(ok('Your password has been reset.'));
  });

  r.post('/api/Account/ChangePassword', SIGNED_IN, { body: 'change-password' }, async (c) => {
    await changePassword(c.get('ctx').db, c.get('user'), c.get('body'));
    return c.json(ok('Your password has been changed.'));
  });

  r.post('/api/Account/ChangeUserPassword', PUBLIC, { body: 'change-user-password' }, async (c) => {
    await changeUserPassword(c.get('ctx').db, c.get('body'));
    return c.json(ok('Your password has been changed.'));
  });

  // AUTH-027: the user editor checks availability while typing; answers the text true or false.
  r.get('/api/Account/UserExists', anyOf(['users', 'create'], ['users', 'edit']), { query: { userName: 'text' } }, async (c) =>
    c.text((await userNameExists(c.get('ctx').db, queryParam(c, 'userName') ?? '')) ? 'true' : 'false'),
  );

  r.post('/api/Account/Logout', SIGNED_IN, async (c) => {
    await revokeSession(c.get('ctx').db, c.get('user').sessionId, 'logout');
    return c.json(ok('Log Out Successful'));
  });
}
