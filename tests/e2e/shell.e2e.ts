/** The signed-in frame on small screens and long pages (SHELL-002, SHELL-004, SHELL-006). */
import { describe, expect, it } from 'vitest';
import { login, navigate } from './harness';
import { setupApp, waitForPath } from './setup-app';

const app = setupApp();

describe('shell', () => {
  it('SHELL-004 below 1050 px the links move into the mobile navigation', async () => {
    const page = await app.page();
    await page.setViewportSize({ width: 1000, height: 700 });
    await login(page, 'admin');
    await waitForPath(page, '/home');
    // Read once the signed-in frame shows (the URL moves to /home before it renders).
    const open = page.getByRole('button', { name: 'Open navigation' });
    await open.waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await drawer.getByRole('link', { name: 'Migrations' }).click();
    await waitForPath(page, '/migrations');
    await drawer.waitFor({ state: 'detached' });

    await page.setViewportSize({ width: 1100, height: 700 });
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await open.isVisible()).toBe(false);
  });

  it('SHELL-006 the scroll-to-top button appears after 50 px of scrolling', async () => {
    const page = await app.page();
    await page.setViewportSize({ width: 400, height: 420 });
    await login(page, 'admin');
    await waitForPath(page, '/home');
    // The dashboard's header actions load with the preferences; scroll once they are there (a late header would move the page).
    await page.getByRole('button', { name: 'Customize' }).waitFor();
    const button = page.getByRole('button', { name: 'Scroll to top' });
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 40));
    await page.waitForTimeout(150);
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 120));
    await button.waitFor();
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await button.waitFor({ state: 'detached' });
  });

  it('SHELL-002 signed-in screens show breadcrumbs from Home', async () => {
    const page = await app.page();
    await login(page, 'admin');
    await navigate(page, '/changePassword');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.getByText('Change Password').waitFor();
    await crumbs.getByRole('link', { name: 'Home' }).click();
    await waitForPath(page, '/home');
  });

  it('ADMIN-041 /migrations lists the applied migrations and runs the pending ones', async () => {
    const page = await app.page();
    await login(page, 'admin');
    await navigate(page, '/migrations');
    const completed = page.getByRole('region', { name: /^Completed/ });
    await completed.getByRole('row').nth(1).waitFor();
    expect(await completed.getByRole('row').count()).toBeGreaterThan(1);
    const run = page.waitForResponse((r) => /\/api\/migrations\/Run$/i.test(new URL(r.url()).pathname));
    await page.getByRole('button', { name: 'Run pending migrations' }).click();
    expect((await run).status()).toBe(200);
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Success!');
    await page
      .getByRole('region', { name: /^Pending/ })
      .getByText('The database is up to date.')
      .waitFor();
  });
});
