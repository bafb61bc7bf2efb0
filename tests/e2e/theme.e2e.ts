/** The theme picker (SHELL-013..015): the choice applies at once and is kept by the server. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, navigate } from './harness';
import { setupApp, waitForPath } from './setup-app';

const app = setupApp();

const themeOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const accentOf = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim());

describe('theme picker', () => {
  it('SHELL-015 a chosen theme applies to the whole app and is kept after reload and in a new session', async () => {
    const page = await app.page();
    await login(page, 'forecast');
    await waitForPath(page, '/home');
    const before = await themeOf(page);
    const target = before === '3' ? 'Ocean' : 'Forest';
    const targetId = target === 'Forest' ? '3' : '2';

    await page.getByRole('button', { name: /^Theme: / }).click();
    const saved = page.waitForResponse((r) => /\/api\/User\/UpdateUserTheme/i.test(r.url()));
    await page.getByRole('radio', { name: target }).check();
    expect((await saved).status()).toBe(200);
    expect(await themeOf(page)).toBe(targetId);
    const accent = await accentOf(page);
    expect(accent).toMatch(/^#/);

    await page.reload();
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    expect(await themeOf(page)).toBe(targetId);
    expect(await accentOf(page)).toBe(accent);

    // A new browser signs in with the theme the server stored.
    const other = await app.page();
    await login(other, 'forecast');
    await waitForPath(other, '/home');
    await other.getByRole('heading', { name: /^Welcome, / }).waitFor();
    expect(await themeOf(other)).toBe(targetId);
  });

  it("SHELL-015 a failed save restores the theme and shows 'Error updating theme. Please contact an administrator'", async () => {
    const page = await app.page();
    await login(page, 'factory');
    await waitForPath(page, '/home');
    const before = await themeOf(page);
    await page.route('**/api/User/UpdateUserTheme**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"IsSuccessful":false}' }),
    );
    await page.getByRole('button', { name: /^Theme: / }).click();
    await page.getByRole('radio', { name: before === '6' ? 'Teal' : 'Violet' }).click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Error updating theme. Please contact an administrator');
    expect(await toast.textContent()).toContain('Error!');
    expect(await themeOf(page)).toBe(before);
    await toast.waitFor({ state: 'detached', timeout: 5000 });
  });

  it('SHELL-014 a signed-out page uses theme 1', async () => {
    const page = await app.page();
    await navigate(page, '/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await themeOf(page)).toBe('1');
  });
});
