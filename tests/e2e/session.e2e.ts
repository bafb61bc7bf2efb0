/** Session upkeep in the browser (AUTH-011, AUTH-013..017, 401 handling). */
import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { login, navigate, pathOf, settled } from './harness';
import { setupApp, waitForPath } from './setup-app';

const app = setupApp();

/** Makes the stored tokens look a minute old, so that the next page load refreshes them. */
async function ageStoredSession(context: BrowserContext) {
  const [page] = context.pages();
  await page.evaluate(() => {
    const s = JSON.parse(localStorage.getItem('plm.session')!);
    s.refreshedAt -= 60_000;
    localStorage.setItem('plm.session', JSON.stringify(s));
  });
}

/** A page signed in as `user` on /home, with no refresh running or queued. */
async function signedIn(user: 'admin' | 'designer') {
  const page = await app.page();
  await login(page, user);
  await waitForPath(page, '/home');
  await settled(page);
  return page;
}

function countRefreshes(context: BrowserContext) {
  const seen: string[] = [];
  context.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/token$/i.test(new URL(r.url()).pathname) && (r.postData() ?? '').includes('grant_type=refresh_token')) {
      seen.push(new URLSearchParams(r.postData()!).get('refresh_token')!);
    }
  });
  return seen;
}

describe('session', () => {
  it('AUTH-011 a page load refreshes the tokens once and stores the new refresh token', async () => {
    const page = await signedIn('admin');
    const sent = countRefreshes(page.context());
    const before = await page.evaluate(() => JSON.parse(localStorage.getItem('plm.session')!).refreshToken);
    await ageStoredSession(page.context());
    const refreshed = page.waitForResponse((r) => /\/api\/token$/i.test(new URL(r.url()).pathname));
    await page.reload();
    const res = await refreshed;
    expect(res.status(), await res.text()).toBe(200);
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await page.waitForFunction((old) => JSON.parse(localStorage.getItem('plm.session')!).refreshToken !== old, before);
    expect(sent).toEqual([before]);
    // The new tokens work.
    await navigate(page, '/migrations');
    await page.getByRole('heading', { name: /^Completed/ }).waitFor();
  });

  it('AUTH-011 two tabs loading at once never send the same refresh token twice', async () => {
    const page = await signedIn('admin');
    const context = page.context();
    const second = await context.newPage();
    await ageStoredSession(context);
    const sent = countRefreshes(context);
    await Promise.all([page.reload(), second.goto('/home')]);
    await Promise.all([page, second].map((p) => p.getByRole('heading', { name: /^Welcome, / }).waitFor()));
    await page.waitForTimeout(1500);
    expect(new Set(sent).size).toBe(sent.length);
    expect(sent.length).toBe(1);
    for (const p of [page, second]) {
      await navigate(p, '/migrations');
      await p.getByRole('heading', { name: /^Completed/ }).waitFor();
    }
  });

  it("AUTH-011 a tab whose copy of localStorage still holds a token another tab spent takes that tab's session instead of sending the token again", async () => {
    const page = await signedIn('admin');
    const context = page.context();
    await ageStoredSession(context);
    const spent = await page.evaluate(() => localStorage.getItem('plm.session')!);
    const sent = countRefreshes(context);
    // The first tab refreshes on load and leaves the lock.
    await page.reload();
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await settled(page);
    expect(sent).toHaveLength(1);
    // Chromium copies localStorage between tab processes asynchronously: this tab's copy still holds the spent token.
    const second = await context.newPage();
    await second.addInitScript((stale) => {
      const read = Storage.prototype.getItem;
      Storage.prototype.getItem = function (this: Storage, key: string) {
        return key === 'plm.session' && this === window.localStorage ? stale : read.call(this, key);
      };
    }, spent);
    await second.goto('/home');
    await second.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await settled(second);
    expect(sent).toHaveLength(1);
    const held = await page.evaluate(() => JSON.parse(localStorage.getItem('plm.session')!).refreshToken);
    expect(held).not.toBe(JSON.parse(spent).refreshToken);
    // The session the first tab bought works in the second.
    await navigate(second, '/migrations');
    await second.getByRole('heading', { name: /^Completed/ }).waitFor();
  });

  it('AUTH-016 a refused refresh clears the credentials and goes to /login', async () => {
    const page = await signedIn('designer');
    await page.evaluate(() => {
      const s = JSON.parse(localStorage.getItem('plm.session')!);
      s.refreshedAt -= 60_000;
      s.refreshToken = 'not-a-valid-refresh-token';
      localStorage.setItem('plm.session', JSON.stringify(s));
    });
    await page.reload();
    await waitForPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('plm.session'))).toBeNull();
  });

  it('a rejected access token (401) ends the session and remembers the page (AUTH-004)', async () => {
    const page = await signedIn('admin');
    await page.evaluate(() => {
      const s = JSON.parse(localStorage.getItem('plm.session')!);
      s.accessToken = 'invalid';
      localStorage.setItem('plm.session', JSON.stringify(s));
    });
    await navigate(page, '/migrations');
    await waitForPath(page, '/login');
    await login(page, 'admin');
    await waitForPath(page, '/migrations');
  });

  it('AUTH-014 a refresh that cannot reach the server shows the disconnect modal and retries until it can', async () => {
    const page = await signedIn('admin');
    const before = await page.evaluate(() => JSON.parse(localStorage.getItem('plm.session')!).refreshToken);
    await page.route('**/api/token', (route) => route.abort('internetdisconnected'));
    await ageStoredSession(page.context());
    await page.reload();
    const modal = page.getByRole('alertdialog', { name: 'Connection lost' });
    await modal.waitFor();
    await page.waitForTimeout(2500); // at least one retry, still offline
    expect(await modal.isVisible()).toBe(true);
    await page.unroute('**/api/token');
    await modal.waitFor({ state: 'detached', timeout: 5000 });
    const after = await page.evaluate(() => JSON.parse(localStorage.getItem('plm.session')!).refreshToken);
    expect(after).not.toBe(before);
    expect(pathOf(page)).toBe('/home');
  });

  it('AUTH-015 when the retried refresh reaches the server and is refused, the user is logged out', async () => {
    const page = await signedIn('admin');
    let calls = 0;
    await page.route('**/api/token', (route) =>
      ++calls === 1
        ? route.abort('internetdisconnected')
        : route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'invalid_grant', error_description: 'The session has ended.' }),
          }),
    );
    await ageStoredSession(page.context());
    await page.reload();
    await page.getByRole('alertdialog', { name: 'Connection lost' }).waitFor();
    await waitForPath(page, '/login', 10_000);
    expect(await page.evaluate(() => localStorage.getItem('plm.session'))).toBeNull();
  });

  it('AUTH-013 the timeout warning counts down from 25 minutes before the end, and the session ends at expiry', async () => {
    const page = await signedIn('designer');
    await setValidUntil(page.context(), 24 * 60_000 + 30_000);
    await page.reload();
    const modal = page.getByRole('alertdialog', { name: 'Your session is ending' });
    await modal.waitFor();
    expect(await page.getByTestId('session-countdown').textContent()).toMatch(/^24:[0-3]\d$/);
    await modal.getByRole('button', { name: 'Continue working' }).click();
    await modal.waitFor({ state: 'detached' });

    await setValidUntil(page.context(), 3000);
    await page.reload();
    await page.getByRole('alertdialog', { name: 'Your session is ending' }).waitFor();
    await waitForPath(page, '/login', 10_000);
    await page.getByText('Your session has ended. Please sign in again.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('plm.session'))).toBeNull();
    // Signing in again returns to the page the session ended on (AUTH-004).
    await login(page, 'designer');
    await waitForPath(page, '/home');
    await settled(page);
  });

  it('AUTH-017 a different app version than the one this browser saw sets the version flag', async () => {
    const page = await app.page();
    await navigate(page, '/login');
    await page.evaluate(() => localStorage.setItem('plm.appVersionId', 'an-older-version'));
    await login(page, 'viewer');
    await waitForPath(page, '/home');
    await settled(page);
    await page.getByText('A new version of PLM Workbench is available.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('plm.appVersionId'))).not.toBe('an-older-version');
  });
});

/** Moves the stored session end to `ms` from now (the tokens stay fresh, so no refresh replaces it). */
async function setValidUntil(context: BrowserContext, ms: number) {
  const [page] = context.pages();
  await page.evaluate((ahead) => {
    const s = JSON.parse(localStorage.getItem('plm.session')!);
    s.validUntil = Date.now() + ahead;
    s.refreshedAt = Date.now();
    localStorage.setItem('plm.session', JSON.stringify(s));
  }, ms);
}
