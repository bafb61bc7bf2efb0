/**
 * Per test file: one server (fresh data), stopped afterwards. Per test worker: one Chromium, kept
 * for the worker's files (a launch costs ~1 s of two busy cores; the worker's exit ends it). Each
 * test opens its own browser context (own cookies, storage and cache), so sessions never leak
 * between tests or files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage } from './harness';
import { ROOT, startServer, type AppServer } from './app-server';

export interface App {
  server: AppServer;
  browser: Browser;
  /** A page in a new context, closed after the test. */
  page: () => Promise<Page>;
}

let workerBrowser: Promise<Browser> | undefined;

/** The worker's Chromium, launched by its first file (and again after a crash). */
function sharedBrowser(): Promise<Browser> {
  workerBrowser ??= launchBrowser().then((b) => {
    b.on('disconnected', () => {
      workerBrowser = undefined;
    });
    return b;
  });
  workerBrowser.catch(() => {
    workerBrowser = undefined;
  });
  return workerBrowser;
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
    app.browser = await sharedBrowser();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await saveFailureState(ctx.task.name, contexts);
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
  });
  afterAll(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
    await app.server?.stop();
  });
  return app;
}

/** Waits until the page shows `pathname` (case-insensitive). */
export async function waitForPath(page: Page, pathname: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((u) => u.pathname.toLowerCase() === pathname.toLowerCase(), { timeout });
}

/** On failure: a screenshot of every open page in test-results/, and their addresses in the log. */
async function saveFailureState(testName: string, contexts: BrowserContext[]) {
  const dir = path.join(ROOT, 'test-results');
  fs.mkdirSync(dir, { recursive: true });
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  let n = 0;
  for (const c of contexts) {
    for (const p of c.pages()) {
      const file = path.join(dir, `${slug}-${n++}.png`);
      await p.screenshot({ path: file }).catch(() => {});
      console.error(`[e2e] ${testName}: page ${p.url()} -> ${path.relative(ROOT, file)}\n${await pageState(p)}`);
    }
  }
}

/** What a screenshot in a CI log cannot show: where the keyboard is, the open dialogs, the grid's selected cell, the alerts. */
async function pageState(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const describe = (el: Element | null) =>
        el
          ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`
          : 'none';
      const text = (el: Element) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').slice(0, 300);
      return [
        `  focus: ${describe(document.activeElement)}`,
        ...[...document.querySelectorAll('dialog[open], [role="alert"], .toast')].map((d) => `  ${describe(d)}: ${text(d)}`),
        ...[...document.querySelectorAll('.data-grid .ht_master td.current')].map(
          (td) => `  grid cell: row ${td.parentElement?.getAttribute('aria-rowindex')} col ${td.getAttribute('aria-colindex')}: ${text(td)}`,
        ),
      ].join('\n');
    })
    .catch((e) => `  (state unreadable: ${e})`);
}
