/**
 * End-to-end harness: Debian's Chromium through playwright-core, against the servers of
 * app-server.ts, and the steps every file shares (sign-in, navigation, the outbox).
 *
 * - Chromium: CHROMIUM_PATH or /usr/bin/chromium; when missing and running as root on Debian,
 *   `apt-get install -y chromium`; otherwise an error that says how to install it.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import type { AppServer } from './app-server';

export const DEMO_PASSWORD = 'Demo!2026pass';
export const DEMO_USERS = {
  admin: 'admin@example.com',
  designer: 'designer@example.com',
  costing: 'costing@example.com',
  forecast: 'forecast@example.com',
  factory: 'factory@example.com',
  viewer: 'viewer@example.com',
} as const;
export type DemoUser = keyof typeof DEMO_USERS;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The Chromium binary, installing Debian's package when that is possible. */
export function findChromium(): string {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (fs.existsSync(configured)) return configured;
    throw new Error(`CHROMIUM_PATH=${configured} does not exist.`);
  }
  const debian = '/usr/bin/chromium';
  if (fs.existsSync(debian)) return debian;
  if (process.getuid?.() === 0 && fs.existsSync('/etc/debian_version')) {
    execSync('apt-get update && apt-get install -y chromium', { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (fs.existsSync(debian)) return debian;
  }
  throw new Error(
    'Chromium was not found. Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu), ' + 'or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
}

/** A fresh browser context (own storage) whose relative URLs resolve against the server. */
export async function newPage(browser: Browser, server: AppServer): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 } });
  if (process.env.E2E_DEBUG) {
    // E2E_DEBUG=1: every API call and browser console line, for chasing a flaky test.
    const t0 = Date.now();
    const log = (m: string) => console.error(`[${((Date.now() - t0) / 1000).toFixed(2)}s] ${m}`);
    context.on('request', (r) => r.url().includes('/api/') && log(`-> ${r.method()} ${r.url()} ${r.postData()?.slice(0, 80) ?? ''}`));
    context.on('requestfailed', (r) => log(`xx ${r.url()} ${r.failure()?.errorText}`));
    context.on('response', (r) => r.url().includes('/api/') && log(`<- ${r.status()} ${r.url()}`));
    context.on('console', (m) => log(`console.${m.type()} ${m.text()}`));
  }
  const page = await context.newPage();
  trackRequests(page);
  return page;
}

/** Requests in flight per page, the change feed's stream left out: it stays open as long as the page (issue 30). */
const inFlight = new WeakMap<Page, Set<object>>();
const isFeed = (url: string) => new URL(url).pathname.toLowerCase() === '/api/feed';
function trackRequests(page: Page) {
  const open = new Set<object>();
  inFlight.set(page, open);
  page.on('request', (r) => {
    if (!isFeed(r.url())) open.add(r);
  });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}

/**
 * Waits until the page has had no request in flight for 500 ms: Playwright's 'networkidle', but blind to the
 * change feed's stream, which never ends while the page is open (and so would never let 'networkidle' come).
 */
export async function networkQuiet(page: Page, timeout = 30_000): Promise<void> {
  const open = inFlight.get(page);
  if (!open) {
    await page.waitForLoadState('networkidle', { timeout });
    return;
  }
  const deadline = Date.now() + timeout;
  let quietSince = Date.now();
  for (;;) {
    if (open.size) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) return;
    if (Date.now() > deadline) throw new Error(`networkQuiet: requests still in flight after ${timeout} ms`);
    await page.waitForTimeout(50);
  }
}

/** Signs in through the login form and waits until the app has left /login. */
export async function login(page: Page, user: DemoUser | string, password = DEMO_PASSWORD): Promise<void> {
  const userName = user in DEMO_USERS ? DEMO_USERS[user as DemoUser] : user;
  if (!page.url().startsWith('http') || !pathOf(page).toLowerCase().startsWith('/login')) await page.goto('/login');
  await page.getByLabel('User name').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const started = Date.now();
  // What the sign-in call did, for the error of a sign-in that does not leave /login.
  const answered = page
    .waitForResponse((r) => new URL(r.url()).pathname === '/api/token' && r.request().method() === 'POST', { timeout: 20_000 })
    .then((r) => `answered ${r.status()} after ${Date.now() - started} ms`)
    .catch(() => 'had no answer');
  await page.getByRole('button', { name: 'Sign in' }).click();
  try {
    await page.waitForURL((url) => !url.pathname.toLowerCase().startsWith('/login'), { timeout: 20_000 });
  } catch (e) {
    const said = (
      await page
        .getByRole('alert')
        .allTextContents()
        .catch(() => [])
    ).filter(Boolean);
    throw new Error(
      `The sign-in of ${userName} did not leave ${pathOf(page)} in 20 s: the token call ${await answered}; the page says ${said.join(' | ') || 'nothing'}. ${String(e)}`,
    );
  }
}

/**
 * Waits until the signed-in app has settled: the first screen shows and no token refresh is
 * running or queued (tests that edit the stored session must not race the refresh on load).
 */
export async function settled(page: Page): Promise<void> {
  await page.locator('#main').waitFor();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForFunction(async () => {
    const q = await navigator.locks.query();
    return ![...(q.held ?? []), ...(q.pending ?? [])].some((l) => l.name === 'plm.token-refresh');
  });
}

/** An access token of a demo user from the token call, for API checks beside the browser. */
export async function apiToken(baseUrl: string, user: DemoUser): Promise<string> {
  const res = await fetch(`${baseUrl}/api/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', username: DEMO_USERS[user], password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Opens a path of the app as a user typing it into the address bar would. */
export async function navigate(page: Page, pathname: string): Promise<void> {
  await page.goto(pathname);
}

/** The pathname of the page (plus search when asked). */
export function pathOf(page: Page, withSearch = false): string {
  const u = new URL(page.url());
  return withSearch ? `${u.pathname}${u.search}` : u.pathname;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Waits for an e-mail to `to` in $DATA_DIR/outbox and returns the first link to `route`. */
export async function linkFromOutbox(dataDir: string, to: string, route: string, timeoutMs = 20_000): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  const pattern = new RegExp(`https?://[^\\s"'<>]*${route}\\?[^\\s"'<>]+`, 'i');
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
    for (const f of files.sort().reverse()) {
      const text = decodeQuotedPrintable(fs.readFileSync(path.join(outbox, f), 'utf8'));
      if (!text.toLowerCase().includes(to.toLowerCase())) continue;
      const m = pattern.exec(text);
      if (m) return m[0].replace(/&amp;/g, '&');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No e-mail to ${to} with a ${route} link arrived in ${outbox}`);
}

/**
 * The toasts with this text that show from now on, not those on show already: a toast stays 5 s, so after a second
 * save `getByText('Record Saved Successfully.')` can find the first save's toast and pass before the second has
 * answered. Marks the toasts on show now (a toast keeps its element while it shows); call it before the action.
 */
export async function toastsFromNow(page: Page, text: string | RegExp): Promise<Locator> {
  await page.getByTestId('toast').evaluateAll((toasts) => {
    for (const t of toasts) t.setAttribute('data-e2e-earlier', '');
  });
  return page.locator('[data-testid="toast"]:not([data-e2e-earlier])').filter({ hasText: text });
}

/** The group buttons of the navigation bar, once it shows (the URL can move to /home before the signed-in frame renders). */
export async function groupButtons(page: Page): Promise<string[]> {
  const buttons = page.getByRole('navigation', { name: 'Main' }).getByRole('button');
  await buttons.first().waitFor();
  return (await buttons.allInnerTexts()).map((t) => t.trim());
}

/** The items of a group's menu, opened with the mouse (once it shows) and closed again. */
export async function menuItems(page: Page, group: string): Promise<string[]> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: group }).click();
  const items = page.getByRole('menu', { name: group }).getByRole('menuitem');
  await items.first().waitFor();
  const texts = await items.allInnerTexts();
  await page.keyboard.press('Escape');
  await page.getByRole('menu', { name: group }).waitFor({ state: 'detached' });
  return texts.map((t) => t.trim());
}
