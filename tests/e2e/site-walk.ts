/**
 * Issue 27: every route the site map lists, per role (the admin, a brand user: the designer, the
 * viewer, the factory user). For each role the walk reads the user's own site map (/sitemap: the
 * routes' rules, the same ones that guard the routes and filter the menus), checks that every menu
 * entry is one of those routes, then opens each route (ids filled in with demo records) and checks
 * what the user meets there: not refused (/permissionDenied, which would mean the menus offered a
 * route the guards or the server refuse), no crash, no serious or critical axe violation, and no
 * sideways overflow of the window at 1280 and at 1400 px. SITE_WALK_SHOTS=<dir> keeps a screenshot
 * of each route at both widths, to look at.
 *
 * Routes are opened inside the app (history.pushState and popstate, as a link does), not by a full
 * reload each, so a role's walk fits in one test. The walks run in two files (the admin's, the
 * others'), so the two e2e workers share them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, pathOf, settled, type DemoUser } from './harness';
import { seriousViolations } from './axe';
import type { App } from './setup-app';

const SHOTS = process.env.SITE_WALK_SHOTS;
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 1400, height: 900 },
];

/** A route's address with demo records for its parameters; optional parameters left out. */
const VALUES: Record<string, string> = { entity: 'colorway', gridId: 'colorway-search' };
const addressOf = (route: string) => route.replace(/\/:[A-Za-z]+\?/g, '').replace(/:([A-Za-z]+)/g, (_, name: string) => VALUES[name] ?? '1');

/** The routes of the user's site map, as listed on /sitemap. */
async function siteMap(page: Page): Promise<string[]> {
  await page.goto('/sitemap');
  const table = page.getByRole('table', { name: 'Site map' });
  await table.getByRole('row').nth(1).waitFor();
  return table.locator('tbody td.mono').allInnerTexts();
}

/** Every link of every menu of the navigation bar (each menu opened, read and closed). */
async function menuLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const links = [(await nav.getByRole('link', { name: 'Home' }).getAttribute('href')) ?? ''];
  for (const button of await nav.locator('button[aria-haspopup="menu"]').all()) {
    await button.click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    for (const item of await menu.getByRole('menuitem').all()) links.push(new URL((await item.getAttribute('href')) ?? '', 'http://x').pathname);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  }
  return links;
}

/** Opens a path inside the app, as a link would, and waits until it has loaded (no spinner for 0.3 s, fonts, two frames). */
async function open(page: Page, address: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, address);
  let calm = 0;
  for (let i = 0; i < 150 && calm < 3; i++) {
    await page.waitForTimeout(100);
    calm = (await page.locator('.spinner, .page-fallback').count()) ? 0 : calm + 1;
  }
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/** What is wrong with the page the route shows, in words (nothing: an empty list). */
async function problemsOf(page: Page, address: string, shots: string | null): Promise<string[]> {
  const out: string[] = [];
  const at = pathOf(page).toLowerCase();
  if (['/permissiondenied', '/login', '/errorpage'].includes(at)) out.push(`${address}: went to ${at}`);
  if (await page.getByRole('heading', { name: /^(Something went wrong|Page not found|Permission denied)$/ }).count())
    out.push(`${address}: ${await page.locator('h1').first().innerText()}`);
  for (const v of await seriousViolations(page)) out.push(`${address}: ${v}`);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) out.push(`${address}: ${overflow} px wider than the window at ${size.width} px`);
    if (shots) await page.screenshot({ path: path.join(shots, `${address.replace(/\W+/g, '_')}-${size.width}.png`) });
  }
  await page.setViewportSize(WIDTHS[0]);
  return out;
}

/** A role's walk: its site map, its menus, and what is wrong on each of its routes. */
async function walk(app: App, user: DemoUser) {
  const page = await app.page();
  await login(page, user);
  await settled(page);
  const routes = await siteMap(page);
  const menus = await menuLinks(page);
  // The menus offer only routes the user may open: each menu entry is a route of the user's site map.
  expect(menus.filter((m) => !routes.some((r) => r.toLowerCase() === m.toLowerCase()))).toEqual([]);
  const shots = SHOTS ? path.join(SHOTS, user) : null;
  if (shots) fs.mkdirSync(shots, { recursive: true });
  const problems: string[] = [];
  for (const route of routes) {
    const address = addressOf(route);
    await open(page, address);
    problems.push(...(await problemsOf(page, address, shots)));
    // A dialog a screen opened on its own must not hold the next route.
    if (await page.getByRole('alertdialog').count()) await page.keyboard.press('Escape');
  }
  return { routes, problems };
}

/** The test of each role: menus within the site map, and every route without a problem. */
export function walkRoles(app: App, users: readonly DemoUser[]) {
  for (const user of users) {
    it(`${user}: menus ⊆ site map; every route opens without refusal, crash, serious axe violation or overflow`, async () => {
      const { routes, problems } = await walk(app, user);
      expect(routes.length).toBeGreaterThan(5);
      expect(problems).toEqual([]);
      // One test walks all of a role's routes (60 and more for the admin): longer than one screen's test.
    }, 600_000);
  }
}
