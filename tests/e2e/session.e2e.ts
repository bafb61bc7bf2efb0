/** Session upkeep in the browser (AUTH-011, AUTH-016, PERM-024 401 handling). */
import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { login, navigate } from './harness';
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
    const page = await app.page();
    await login(page, 'admin');
    await waitForPath(page, '/home');
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
    const page = await app.page();
    await login(page, 'admin');
    await waitForPath(page, '/home');
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

  it('AUTH-016 a refused refresh clears the credentials and goes to /login', async () => {
    const page = await app.page();
    await login(page, 'designer');
    await waitForPath(page, '/home');
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
    const page = await app.page();
    await login(page, 'admin');
    await waitForPath(page, '/home');
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
});
