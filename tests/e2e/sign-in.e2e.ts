/** Signing in and out as a user would (AUTH-003, AUTH-006, AUTH-018, AUTH-022, demo accounts). */
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS, login, navigate, pathOf, type DemoUser } from './harness';
import { setupApp, waitForPath } from './setup-app';

const app = setupApp();

describe('sign-in', () => {
  it('AUTH-003 signing in goes to /home', async () => {
    const page = await app.page();
    await navigate(page, '/login');
    await login(page, 'admin');
    await waitForPath(page, '/home');
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('plm.session') ?? 'null'));
    expect(stored?.userName).toBe(DEMO_USERS.admin);
    expect(typeof stored?.accessToken).toBe('string');
  });

  it('AUTH-022 a wrong password flags the form invalid and clears the fields', async () => {
    const page = await app.page();
    await navigate(page, '/login');
    await page.getByLabel('User name').fill(DEMO_USERS.designer);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('form[data-invalid="true"]').waitFor();
    expect(pathOf(page)).toBe('/login');
    expect(await page.getByLabel('User name').inputValue()).toBe('');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    expect(await page.getByRole('alert').first().textContent()).toContain('The user name or password is incorrect.');
    expect(await page.evaluate(() => localStorage.getItem('plm.session'))).toBeNull();
  });

  it('AUTH-001 every demo account can sign in', async () => {
    for (const user of Object.keys(DEMO_USERS) as DemoUser[]) {
      const page = await app.page();
      await navigate(page, '/login');
      await login(page, user, DEMO_PASSWORD);
      await waitForPath(page, '/home');
      await page.getByRole('button', { name: /^User menu: / }).waitFor();
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('plm.session') ?? 'null'));
      expect(stored?.userName, user).toBe(DEMO_USERS[user]);
      await page.context().close();
    }
  });

  it("AUTH-018 logging out clears the credentials and shows 'Log Out Successful', then /login after 5 s (AUTH-006)", async () => {
    const page = await app.page();
    await navigate(page, '/login');
    await login(page, 'designer');
    await waitForPath(page, '/home');
    await page.getByRole('button', { name: /^User menu: / }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await waitForPath(page, '/displayMessage');
    await page.getByRole('heading', { name: 'Log Out Successful' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('plm.session'))).toBeNull();
    const startedAt = Date.now();
    await waitForPath(page, '/login', 10_000);
    expect(Date.now() - startedAt).toBeGreaterThan(3500);
    // The old session is gone: a signed-in route sends back to /login.
    await navigate(page, '/home');
    await waitForPath(page, '/login');
  });

  it('AUTH-021 change_password_required leads to /changeUserPassword with the user name kept; AUTH-032 the new password then signs in', async () => {
    const page = await app.page();
    await navigate(page, '/login');
    // No demo account must change its password, so the first sign-in answer is the server's
    // documented refusal; the password change itself goes to the real server.
    await page.route(
      '**/api/token',
      (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'change_password_required', error_description: 'You must change your password before signing in.' }),
        }),
      { times: 1 },
    );
    await page.getByLabel('User name').fill(DEMO_USERS.forecast);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, '/changeUserPassword');
    // The new screen's own heading first: the sign-in form, still on show while it loads, holds the same user name.
    await page.getByRole('heading', { name: 'Change your password' }).waitFor();
    expect(await page.getByLabel('User name').inputValue()).toBe(DEMO_USERS.forecast);
    await page.getByLabel('Current password').fill(DEMO_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('Changed#Pass2027');
    await page.getByLabel('Confirm password').fill('Changed#Pass2027');
    await page.getByRole('button', { name: 'Change password' }).click();
    await waitForPath(page, '/login');
    // Likewise the sign-in form's heading: the password form before it shows the same user name.
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.getByLabel('User name').inputValue()).toBe(DEMO_USERS.forecast);
    await page.getByLabel('Password', { exact: true }).fill('Changed#Pass2027');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, '/home');
  });

  it('too many attempts (HTTP 429) shows the server description', async () => {
    const page = await app.page();
    await navigate(page, '/login');
    await page.route('**/api/token', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '300' },
        contentType: 'application/json',
        body: JSON.stringify({ error: 'too_many_attempts', error_description: 'Too many failed sign-ins. Please try again in 5 minute(s).' }),
      }),
    );
    await page.getByLabel('User name').fill(DEMO_USERS.viewer);
    await page.getByLabel('Password', { exact: true }).fill('whatever');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Too many failed sign-ins. Please try again in 5 minute(s).' }).waitFor();
    expect(await page.getByLabel('User name').inputValue()).toBe(DEMO_USERS.viewer);
  });
});
