/**
 * Per test file: one server (fresh data) and one Chromium, stopped afterwards. Each test opens
 * its own browser context, so sessions never leak between tests.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, startServer, type AppServer } from './harness';

export interface App {
  server: AppServer;
  browser: Browser;
  /** A page in a new context, closed after the test. */
  page: () => Promise<Page>;
}

export function setupApp(): App {
  const contexts: BrowserContext[] = [];
  const app = {
    page: async () => {
      const p = await newPage(app.browser, app.server);
      contexts.push(p.context());
      return p;
    },
  } as App;
  beforeAll(async () => {
    app.server = await startServer();
    app.browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.stop();
  });
  return app;
}

/** Waits until the page shows `pathname` (case-insensitive). */
export async function waitForPath(page: Page, pathname: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((u) => u.pathname.toLowerCase() === pathname.toLowerCase(), { timeout });
}
