/**
 * Account screens end to end, with the links from the e-mails the server writes to
 * $DATA_DIR/outbox (AUTH-019, AUTH-024..026, AUTH-029..035).
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS, linkFromOutbox, login, navigate } from './harness';
import { setupApp, waitForPath } from './setup-app';

const app = setupApp();
const NEW_PASSWORD = 'Fresh#Pass2027x';

function sameOrigin(link: string): string {
  const u = new URL(link);
  return `${u.pathname}${u.search}`;
}

describe('account screens', () => {
  it("AUTH-024 AUTH-026 AUTH-019 register, confirm the e-mail, then a sign-in without a role shows 'Account Issue'", async (ctx) => {
    if (!app.server.dataDir) ctx.skip();
    const page = await app.page();
    const email = `new.user.${Date.now()}@example.com`;
    await navigate(page, '/register');
    await page.getByLabel('First name').fill('Nina');
    await page.getByLabel('Last name').fill('New');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByText(/^Strength: Strong/).waitFor();
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await page.getByLabel('I agree to the terms of use and the privacy policy').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForPath(page, '/displayMessage');
    await page.getByRole('heading', { name: 'Registration Successful' }).waitFor();

    // Signing in before confirming (AUTH-020).
    await navigate(page, '/login');
    await login(page, email, NEW_PASSWORD);
    await page.getByRole('heading', { name: 'Confirm Email' }).waitFor();
    expect(new URL(page.url()).searchParams.get('code')).toBe('ConfirmEmail');

    const link = await linkFromOutbox(app.server.dataDir!, email, '/confirmEmail');
    await navigate(page, sameOrigin(link));
    await waitForPath(page, '/displayMessage');
    await page.getByRole('heading', { name: 'Email Confirmed' }).waitFor();

    // The same link again fails (AUTH-026).
    await navigate(page, sameOrigin(link));
    await page.getByRole('heading', { name: 'Confirm Email Error' }).waitFor();
    expect(new URL(page.url()).searchParams.get('code')).toBe('ConfirmEmailError');

    await navigate(page, '/login');
    await login(page, email, NEW_PASSWORD);
    await page.getByRole('heading', { name: 'Account Issue' }).waitFor();
    expect(new URL(page.url()).searchParams.get('code')).toBe('RoleNotAssigned');
  });

  it('AUTH-029 AUTH-030 AUTH-031 forgot password, open the e-mailed link, choose a new password, sign in with it', async (ctx) => {
    if (!app.server.dataDir) ctx.skip();
    const page = await app.page();
    await navigate(page, '/forgotPassword');
    await page.getByLabel('E-mail').fill(DEMO_USERS.factory);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /e-mail/i })
      .waitFor();

    const link = await linkFromOutbox(app.server.dataDir!, DEMO_USERS.factory, '/confirmResetPasswordEmail');
    await navigate(page, sameOrigin(link));
    await waitForPath(page, '/resetPassword');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('heading', { name: 'Password Reset Successful' }).waitFor();

    await navigate(page, '/login');
    await login(page, 'factory', NEW_PASSWORD);
    await waitForPath(page, '/home');

    // The spent link is refused now (AUTH-031).
    const other = await app.page();
    await navigate(other, sameOrigin(link));
    await other.getByRole('heading', { name: 'Confirm Reset Password Email Error' }).waitFor();
    expect(new URL(other.url()).searchParams.get('code')).toBe('ResetPasswordEmailConfirmationMessage');
  });

  it("AUTH-033 a wrong current password shows 'Current password is incorrect.'; AUTH-032 a right one changes it", async () => {
    const page = await app.page();
    await login(page, 'costing');
    await navigate(page, '/changePassword');
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Current password is incorrect.').waitFor();

    await page.getByLabel('Current password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Success!');
    expect(await page.getByLabel('Current password').inputValue()).toBe('');

    const other = await app.page();
    await login(other, 'costing', NEW_PASSWORD);
    await waitForPath(other, '/home');
  });

  it('AUTH-034 AUTH-038 a weak new password is refused in the browser with its strength shown', async () => {
    const page = await app.page();
    await login(page, 'designer');
    await navigate(page, '/changePassword');
    await page.getByLabel('Current password').fill(DEMO_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('aaaaaaaaaa');
    await page.getByText(/^Strength: Weak/).waitFor();
    await page.getByLabel('Confirm password').fill('aaaaaaaaaa');
    let posted = false;
    page.on('request', (r) => {
      if (/ChangePassword/i.test(r.url())) posted = true;
    });
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The password is too weak.').waitFor();
    expect(posted).toBe(false);
  });
});
