/**
 * End-to-end harness: Debian's Chromium through playwright-core, against the built web app
 * served by the real server (`tsx server/main.ts`) on a free port over a fresh DATA_DIR.
 *
 * - Chromium: CHROMIUM_PATH or /usr/bin/chromium; when missing and running as root on Debian,
 *   `apt-get install -y chromium`; otherwise an error that says how to install it.
 * - The web app is built once (vite build) unless web/dist is newer than its sources.
 * - E2E_BASE_URL=http://host:port runs the tests against a server that is already running
 *   (no server is started; the e-mail outbox is then unknown unless E2E_DATA_DIR is set too).
 */
import { execSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { pgliteTemplate } from '../helpers/test-app';

export const ROOT = path.resolve(import.meta.dirname, '../..');

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
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
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
    'Chromium was not found. Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu), ' +
      'or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
}

function newest(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))));
}

/** Same sources as the server's own check (server/web-build.ts). */
const WEB_SOURCES = ['web/src', 'web/index.html', 'web/vite.config.ts', 'server/domain', 'schemas'];

export function webBuildIsFresh(): boolean {
  const built = path.join(ROOT, 'web/dist/index.html');
  if (!fs.existsSync(built)) return false;
  const sources = Math.max(...WEB_SOURCES.map((p) => newest(path.join(ROOT, p))));
  return fs.statSync(built).mtimeMs >= sources;
}

export function buildWeb(): void {
  if (webBuildIsFresh()) return;
  const vite = path.join(ROOT, 'node_modules/.bin/vite');
  // vitest sets NODE_ENV=test, which would give React's development build (double effects,
  // dev warnings): the tests must run the code users get.
  const r = spawnSync(vite, ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error(`vite build failed:\n${r.stdout}\n${r.stderr}`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface AppServer {
  baseUrl: string;
  /** The server's DATA_DIR (outbox at $DATA_DIR/outbox), or null for E2E_BASE_URL. */
  dataDir: string | null;
  output: () => string;
  stop: () => Promise<void>;
}

async function waitForHealth(baseUrl: string, child: ChildProcess | null, output: () => string, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`GET ${baseUrl}/api/health did not answer 200 within ${timeoutMs / 1000} s:\n${output()}`);
}

/**
 * The migrated, seeded database of a fresh start, unpacked from the template the API tests share
 * (built once per change of migrations or fixtures): the server then skips initdb, migrations and
 * the seed, so a test file's server is up in about a second instead of ten.
 */
async function unpackTemplate(dbDir: string) {
  const tar = Buffer.from(await (await pgliteTemplate()).arrayBuffer());
  fs.mkdirSync(dbDir, { recursive: true });
  const r = spawnSync('tar', ['xf', '-', '-C', dbDir], { input: tar });
  if (r.status !== 0) throw new Error(`Unpacking the database template failed: ${r.stderr}`);
}

/** Starts `tsx server/main.ts` on a free port with a fresh DATA_DIR and waits for /api/health. */
export async function startServer(): Promise<AppServer> {
  const external = process.env.E2E_BASE_URL;
  if (external) {
    const baseUrl = external.replace(/\/$/, '');
    await waitForHealth(baseUrl, null, () => '');
    return { baseUrl, dataDir: process.env.E2E_DATA_DIR ?? null, output: () => '', stop: async () => {} };
  }
  buildWeb();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plm-e2e-'));
  await unpackTemplate(path.join(dataDir, 'db'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: ROOT,
    // Always the embedded database in the fresh DATA_DIR, so every run starts from the demo data.
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseUrl, SKIP_WEB_BUILD: 'true', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const output = () => log;
  let stopping = false;
  child.once('exit', (code, signal) => {
    // A crash mid-run shows up as refused connections in the tests: say why here.
    if (!stopping) console.error(`The server on ${baseUrl} exited (code ${code}, signal ${signal}):\n${log}`);
  });
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (!process.env.KEEP_E2E_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, output);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, dataDir, output, stop };
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
  page.on('request', (r) => { if (!isFeed(r.url())) open.add(r); });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}

/**
 * Waits until the page has had no request in flight for 500 ms: Playwright's 'networkidle', but blind to the
 * change feed's stream, which never ends while the page is open (and so would never let 'networkidle' come).
 */
export async function networkQuiet(page: Page, timeout = 30_000): Promise<void> {
  const open = inFlight.get(page);
  if (!open) { await page.waitForLoadState('networkidle', { timeout }); return; }
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
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.toLowerCase().startsWith('/login'), { timeout: 20_000 });
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
    method: 'POST', body: new URLSearchParams({ grant_type: 'password', username: DEMO_USERS[user], password: DEMO_PASSWORD }),
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
