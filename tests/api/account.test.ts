import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/test-app';
import { linkFromMail } from '../helpers/outbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NEW_PASSWORD = 'Tr1cky-Lace-42';
const signIn = (username: string, password: string) => t.request('POST', '/api/token', { form: { grant_type: 'password', username, password } });

describe('registration and e-mail confirmation', () => {
  const email = 'new.designer@example.com';

  it('AUTH-023 AUTH-024: Register creates an unconfirmed account and mails a confirmation link', async () => {
    const res = await t.request('POST', '/api/Account/Register', {
      form: { FirstName: 'Nia', LastName: 'Okafor', Email: email, Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD, AgreedToPolicy: 'true' },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).IsSuccessful).toBe(true);
    expect((await (await signIn(email, NEW_PASSWORD)).json()).error).toBe('confirm_email');
  });

  it('registering the same name twice is refused with the spec text', async () => {
    const res = await t.request('POST', '/api/Account/Register', {
      json: { FirstName: 'Nia', LastName: 'Okafor', Email: email.toUpperCase(), Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD, AgreedToPolicy: true },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).Message).toBe(`The username ${email.toUpperCase()} is in use!`);
  });

  it('AUTH-026: a wrong confirmation code fails with ConfirmEmailError', async () => {
    const { userId } = await linkFromMail(t, email, '/confirmEmail');
    const res = await t.request('POST', '/api/Account/ConfirmEmail', { json: { userIdentification: userId, code: 'nope' } });
    expect(res.status).toBe(400);
    expect((await res.json()).Code).toBe('ConfirmEmailError');
  });

  it('AUTH-025: the mailed link confirms the address; without a role the sign-in says role_not_assigned', async () => {
    const { userId, code } = await linkFromMail(t, email, '/confirmEmail');
    const res = await t.request('POST', '/api/Account/ConfirmEmail', { form: { userIdentification: String(userId), code } });
    expect(res.status).toBe(200);
    expect((await (await signIn(email, NEW_PASSWORD)).json()).error).toBe('role_not_assigned');
    // A code works once.
    expect((await t.request('POST', '/api/Account/ConfirmEmail', { json: { userIdentification: userId, code } })).status).toBe(400);
  });

  it('AUTH-034 DECISIONS AUTH-039: weak, short and common passwords are refused', async () => {
    for (const pw of ['aaaaaaaa', 'Ab1!', 'password1', 'qwerty123']) {
      const res = await t.request('POST', '/api/Account/Register', {
        json: { FirstName: 'A', LastName: 'B', Email: `w${pw.length}@example.com`, Password: pw, ConfirmPassword: pw, AgreedToPolicy: true },
      });
      expect(res.status, pw).toBe(400);
      expect((await res.json()).Errors[0].Field).toBe('/Password');
    }
  });
});

describe('forgot and reset password', () => {
  it('AUTH-029 AUTH-030 AUTH-031: forgot → mailed link → confirm → reset → sign in with the new password', async () => {
    const email = 'viewer@example.com';
    const before = await t.login('viewer');
    expect((await t.request('POST', '/api/Account/ForgotPassword', { form: { email } })).status).toBe(200);
    const { userId, code } = await linkFromMail(t, email, '/confirmResetPasswordEmail');
    const bad = await t.request('POST', '/api/Account/ConfirmResetPasswordEmail', { json: { userIdentification: userId, code: 'x' } });
    expect((await bad.json()).Code).toBe('ResetPasswordEmailConfirmationMessage');
    expect((await t.request('POST', '/api/Account/ConfirmResetPasswordEmail', { json: { userIdentification: userId, code } })).status).toBe(200);
    const failed = await t.request('POST', '/api/Account/ResetPassword', {
      json: { userId, code: 'x', Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD },
    });
    expect((await failed.json()).Code).toBe('ResetPasswordFail');
    const res = await t.request('POST', '/api/Account/ResetPassword', { json: { userId, code, Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD } });
    expect(res.status).toBe(200);
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
    expect((await signIn(email, DEMO_PASSWORD)).status).toBe(400);
    // Old sessions end with a reset.
    expect((await t.request('GET', '/api/Brand/GetBrandsByUser', { token: before.access_token })).status).toBe(401);
  });

  it('an unknown address gets the same answer and no mail', async () => {
    const res = await t.request('POST', '/api/Account/ForgotPassword', { json: { email: 'ghost@example.com' } });
    expect(res.status).toBe(200);
    await expect(linkFromMail(t, 'ghost@example.com', '/confirmResetPasswordEmail')).rejects.toThrow();
  });
});

describe('change password', () => {
  it("AUTH-033: a wrong current password answers 'Incorrect password.'", async () => {
    const a = await t.login('costing');
    const res = await t.request('POST', '/api/Account/ChangePassword', {
      token: a.access_token,
      json: { OldPassword: 'wrong', NewPassword: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).Message).toBe('Incorrect password.');
  });

  it('AUTH-032: ChangePassword changes it; ChangeUserPassword clears change_password_required', async () => {
    const a = await t.login('costing');
    const res = await t.request('POST', '/api/Account/ChangePassword', {
      token: a.access_token,
      json: { OldPassword: DEMO_PASSWORD, NewPassword: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect((await signIn('costing@example.com', NEW_PASSWORD)).status).toBe(200);

    await t.ctx.db.query(`UPDATE users SET changepasswordrequired = true WHERE username = 'designer@example.com'`);
    expect((await (await signIn('designer@example.com', DEMO_PASSWORD)).json()).error).toBe('change_password_required');
    const change = await t.request('POST', '/api/Account/ChangeUserPassword', {
      form: { UserName: 'designer@example.com', OldPassword: DEMO_PASSWORD, NewPassword: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD },
    });
    expect(change.status).toBe(200);
    expect((await signIn('designer@example.com', NEW_PASSWORD)).status).toBe(200);
  });

  it('every password change is in the audit log, without the password', async () => {
    const rows = await t.ctx.db.query(`SELECT field, newvalue FROM audit_log WHERE entity = 'user' AND field = 'Password'`);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const r of rows) expect(r.newvalue).toBe('(changed)');
  });
});

describe('user name availability', () => {
  it('AUTH-027: UserExists answers the text true or false, for user administrators', async () => {
    const admin = await t.login('admin');
    const yes = await t.request('GET', '/api/Account/UserExists?userName=Viewer@example.com', { token: admin.access_token });
    expect(await yes.text()).toBe('true');
    const no = await t.request('GET', '/api/account/userexists?username=nobody@example.com', { token: admin.access_token });
    expect(await no.text()).toBe('false');
    const viewer = await t.login('factory');
    expect((await t.request('GET', '/api/Account/UserExists?userName=x', { token: viewer.access_token })).status).toBe(403);
  });
});
