/**
 * The shell at the size of ~40 screens (issue 11): grouped navigation menus that never wrap or
 * overlap, record names in breadcrumbs and document titles, not-found pages, recent projects,
 * compact system messages, Ctrl+S, Esc and the `?` shortcut help; axe finds nothing serious.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { groupButtons, login, menuItems, navigate, pathOf } from './harness';
import { setupApp, waitForPath } from './setup-app';

const app = setupApp();

const LINE_PLAN_1 = 'Summit Ridge SS26 Trail & Hike';
const COLORWAY_1 = 'Ridgeline Mid WP - Black/Charcoal';

interface Box {
  label: string;
  lines: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Every top-level item of the bar (brand, links, menu buttons, theme and user buttons) with its box
 * and the number of lines its visible text takes (hidden text and icons left out).
 */
const barItems = (page: Page) =>
  page.evaluate(() => {
    const items = [...document.querySelectorAll<HTMLElement>('.navbar__brand, .navbar__links > a, .navbar__links .navbar__group, .navbar__right .nav-btn')];
    return items.map((el) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const texts: string[] = [];
      const tops: number[] = [];
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const parent = n.parentElement!;
        if (!n.textContent!.trim() || parent.closest('[aria-hidden="true"], .visually-hidden')) continue;
        texts.push(n.textContent!.trim());
        const range = document.createRange();
        range.selectNodeContents(n);
        for (const r of range.getClientRects()) if (r.width > 1) tops.push(r.top);
      }
      const lines = tops.filter((t, i) => tops.findIndex((u) => Math.abs(u - t) < 4) === i).length;
      const r = el.getBoundingClientRect();
      return { label: texts.join(' '), lines, x: r.x, y: r.y, w: r.width, h: r.height };
    });
  });
const navBox = (page: Page) =>
  page.evaluate(() => {
    const r = document.querySelector('.navbar')!.getBoundingClientRect();
    return { x: r.x, y: r.y, w: r.width, h: r.height };
  });
const intersect = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

const crumbsOf = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' }).locator('li').allInnerTexts();
describe('shell navigation (issue 11)', () => {
  it('SHELL-003 the grouped nav never wraps or overlaps at 1280×800 and 1400×900', async () => {
    const page = await app.page();
    for (const [width, height] of [
      [1280, 800],
      [1400, 900],
    ]) {
      await page.setViewportSize({ width, height });
      if (pathOf(page) !== '/home') {
        await login(page, 'admin');
        await waitForPath(page, '/home');
      }
      await page.getByRole('button', { name: 'Admin' }).waitFor();
      const bar = await navBox(page);
      const items = await barItems(page);
      expect(items.map((i) => i.label)).toEqual(
        expect.arrayContaining(['Home', 'Products', 'Edit in bulk', 'Planning', 'Reports', 'Admin', 'Help', 'Theme', 'Alex Morgan']),
      );
      for (const i of items) {
        expect(i.lines, `${i.label} at ${width}px is on one line`).toBe(1);
        expect(
          i.x >= bar.x && i.x + i.w <= bar.x + bar.w + 0.5 && i.y >= bar.y && i.y + i.h <= bar.y + bar.h + 0.5,
          `${i.label} inside the bar at ${width}px`,
        ).toBe(true);
      }
      for (const [n, a] of items.entries()) for (const b of items.slice(n + 1)) expect(intersect(a, b), `${a.label} / ${b.label} at ${width}px`).toBe(false);
      // Each menu hangs from the bar under its own button, inside the window (its own rule, not the generic popover's offset).
      for (const group of ['Products', 'Admin', 'Help']) {
        const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: group });
        await button.click();
        const menu = page.getByRole('menu', { name: group });
        const [b, m] = [(await button.boundingBox())!, (await menu.boundingBox())!];
        expect(Math.abs(m.y - (bar.y + bar.h)), `${group} menu under the bar at ${width}px`).toBeLessThan(1);
        expect(Math.abs(m.x - b.x), `${group} menu under its button at ${width}px`).toBeLessThan(1);
        expect(m.x + m.width, `${group} menu inside the window at ${width}px`).toBeLessThanOrEqual(width);
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'detached' });
      }
    }
  });

  it('SHELL-003 the menus work from the keyboard: Enter opens on the first item, arrows move, Esc closes back to the button', async () => {
    const page = await app.page();
    await login(page, 'admin');
    await waitForPath(page, '/home');
    const admin = page.getByRole('button', { name: 'Admin' });
    expect(await admin.getAttribute('aria-haspopup')).toBe('menu');
    expect(await admin.getAttribute('aria-expanded')).toBe('false');
    await admin.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Admin' });
    await menu.waitFor();
    expect(await admin.getAttribute('aria-expanded')).toBe('true');
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    expect(await focused()).toBe('Users');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Roles');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe('Migrations');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Admin');
    // Space opens it too; Enter on an item follows it.
    await page.keyboard.press(' ');
    await menu.waitFor();
    await page.keyboard.press('Enter');
    await waitForPath(page, '/users');
    await expect.poll(() => admin.getAttribute('class')).toContain('active');
  });

  it('PERM-024 every menu item only for users who may open it; a group with none is not shown', async () => {
    const page = await app.page();
    await login(page, 'viewer');
    await waitForPath(page, '/home');
    const viewerGroups = await groupButtons(page);
    expect(viewerGroups).not.toContain('Admin');
    expect(await menuItems(page, 'Products')).toEqual(['Line plans', 'Briefs', 'Patterns', 'Colorways']);

    // The flash-edit grids each behind their read permission (fixtures/demo/role.json): the factory partner reads costing, not HTS.
    const factory = await app.page();
    await login(factory, 'factory');
    await waitForPath(factory, '/home');
    expect(await menuItems(factory, 'Edit in bulk')).toEqual(['Costing', 'Colorway details', 'Upload Queue']);
    expect(await factory.getByRole('menuitem', { name: 'HTS codes' }).count()).toBe(0);

    const costing = await app.page();
    await login(costing, 'costing');
    await waitForPath(costing, '/home');
    expect(await menuItems(costing, 'Edit in bulk')).toEqual(['Costing', 'Colorway details', 'Upload Queue']);
    expect(await groupButtons(costing)).not.toContain('Admin');

    const admin = await app.page();
    await login(admin, 'admin');
    await waitForPath(admin, '/home');
    expect(await menuItems(admin, 'Admin')).toEqual(['Users', 'Roles', 'System messages', 'Library', 'Forecast settings', 'Error log', 'Migrations']);
  });

  it('issue 27 BR-002 menus, guards and the site map share one rule: the factory user is not offered Buy ready, which the server refuses them', async () => {
    const factory = await app.page();
    await login(factory, 'factory');
    await waitForPath(factory, '/home');
    expect(await groupButtons(factory)).toEqual(['Products', 'Edit in bulk', 'Planning', 'Help']);
    await navigate(factory, '/buyready');
    await waitForPath(factory, '/permissionDenied');
    await navigate(factory, '/sitemap');
    const map = factory.getByRole('table', { name: 'Site map' });
    await map.getByRole('link', { name: 'Critical Paths' }).waitFor();
    expect(await map.getByRole('link', { name: 'Buy Ready' }).count()).toBe(0);
    expect(await map.getByRole('link', { name: 'Users', exact: true }).count()).toBe(0);

    const viewer = await app.page();
    await login(viewer, 'viewer');
    await waitForPath(viewer, '/home');
    expect(await menuItems(viewer, 'Reports')).toEqual(['Buy ready']);
    await navigate(viewer, '/sitemap');
    await viewer.getByRole('table', { name: 'Site map' }).getByRole('link', { name: 'Buy Ready', exact: true }).waitFor();
  });

  it('SHELL-004 below 1050 px the drawer shows the same groups', async () => {
    const page = await app.page();
    await page.setViewportSize({ width: 1000, height: 700 });
    await login(page, 'costing');
    await waitForPath(page, '/home');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await drawer.getByRole('heading', { name: 'Edit in bulk' }).waitFor();
    expect(await drawer.getByRole('heading', { name: 'Admin' }).count()).toBe(0);
    await drawer.getByRole('list', { name: 'Edit in bulk' }).getByRole('link', { name: 'Costing' }).click();
    await waitForPath(page, '/flashEditCosting');
  });

  it('SHELL-002 breadcrumbs and document.title name the record, its list and the grid', async () => {
    const page = await app.page();
    await login(page, 'admin');
    await navigate(page, '/linePlan/1');
    await page.getByRole('heading', { name: LINE_PLAN_1 }).waitFor();
    await expect.poll(() => crumbsOf(page)).toEqual(['Home', 'Line plans', LINE_PLAN_1]);
    expect(await page.title()).toBe(`${LINE_PLAN_1} · Line plans · PLM Workbench`);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Line plans' }).click();
    await waitForPath(page, '/linePlanList');
    await expect.poll(() => page.title()).toBe('Line plans · PLM Workbench');

    await navigate(page, '/colorway/1');
    await expect.poll(() => crumbsOf(page)).toEqual(['Home', 'Colorways', COLORWAY_1]);
    expect(await page.title()).toBe(`${COLORWAY_1} · Colorways · PLM Workbench`);

    await navigate(page, '/record/colorway/1');
    await expect.poll(() => crumbsOf(page)).toEqual(['Home', 'Colorways', COLORWAY_1]);

    await navigate(page, '/grid/costing');
    await waitForPath(page, '/flashEditCosting');
    await expect.poll(() => crumbsOf(page)).toEqual(['Home', 'Edit in bulk', 'Costing Flash Edit']);
    expect(await page.title()).toBe('Costing Flash Edit · Edit in bulk · PLM Workbench');
  });

  it('SHELL-002 a screen under a record names it: the gantt and a brief created from the line plan sit under the line plan, which the step links to', async () => {
    const page = await app.page();
    await login(page, 'designer');
    await navigate(page, '/linePlan/1/gantt');
    await expect.poll(() => crumbsOf(page)).toEqual(['Home', 'Line plans', LINE_PLAN_1, 'Gantt']);
    expect(await page.title()).toBe(`Gantt · ${LINE_PLAN_1} · Line plans · PLM Workbench`);
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await trail.getByRole('link', { name: LINE_PLAN_1 }).getAttribute('href')).toBe('/linePlan/1');

    await navigate(page, '/briefFromLinePlan/1');
    await page.locator('#root_BriefName').waitFor();
    await expect.poll(() => crumbsOf(page)).toEqual(['Home', 'Line plans', LINE_PLAN_1, 'Create Brief']);
    expect(await page.title()).toBe(`Create Brief · ${LINE_PLAN_1} · Line plans · PLM Workbench`);
    await trail.getByRole('link', { name: LINE_PLAN_1 }).click();
    await waitForPath(page, '/linePlan/1');
    await expect.poll(() => crumbsOf(page)).toEqual(['Home', 'Line plans', LINE_PLAN_1]);
  });

  it('SHELL-001 an unknown path shows Page not found inside the app; signed out it still goes to /login', async () => {
    const page = await app.page();
    await login(page, 'designer');
    await waitForPath(page, '/home');
    await navigate(page, '/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(pathOf(page)).toBe('/no-such-page');
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    expect(await page.title()).toBe('Page not found · PLM Workbench');
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await waitForPath(page, '/home');

    const visitor = await app.page();
    await navigate(visitor, '/no-such-page');
    await waitForPath(visitor, '/login');
  });

  it('LP-005 CW-060 PERM-024 a record that does not exist says so with a link to its list, not the generic error', async () => {
    const page = await app.page();
    await login(page, 'admin');
    for (const [path, heading, list, listPath] of [
      ['/linePlan/99999', 'Line Plan not found', 'Go to Line plans', '/linePlanList'],
      ['/colorway/99999', 'Colorway not found', 'Go to Colorways', '/grid/colorway-search'],
      ['/record/colorway/99999', 'Colorway not found', 'Go to Colorways', '/grid/colorway-search'],
      // Issue 27: an id that is none, and every other record address, show the same state and keep the address.
      ['/colorway/abc', 'Colorway not found', 'Go to Colorways', '/grid/colorway-search'],
      ['/pattern/999999', 'Pattern not found', 'Go to Patterns', '/patternList'],
      ['/brief/abc', 'Brief not found', 'Go to Briefs', '/grid/brief-search'],
      ['/linePlan/abc/gantt', 'Line Plan not found', 'Go to Line plans', '/linePlanList'],
      ['/prototypeCopy/999999', 'Colorway not found', 'Go to Home', '/home'],
      ['/transferChecklist/999999', 'Transfer Checklist not found', 'Go to Transfer checklists', '/transferChecklist'],
      ['/criticalPathCommercializationEdit/abc', 'Critical Path not found', 'Go to Critical Paths', '/criticalPath?searchType=3'],
      ['/upload-queue/999999', 'Upload Job not found', 'Go to the Upload Queue', '/upload-queue'],
      ['/roleEdit/abc', 'Role not found', 'Go to Roles', '/roles'],
      ['/grid/no-such-grid', 'Grid not found', 'Go to Home', '/home'],
    ]) {
      await navigate(page, path);
      await page.getByRole('heading', { name: heading }).waitFor();
      expect(pathOf(page)).toBe(path);
      expect(await page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: list }).getAttribute('href')).toBe(listPath);
    }
  });

  it('PREF-024 My recent projects lists an opened colorway with its level and a link to its screen', async () => {
    const page = await app.page();
    await login(page, 'designer');
    await waitForPath(page, '/home');
    const logged = page.waitForResponse((r) => r.url().includes('/api/User/LogLastUseProject'));
    await navigate(page, '/colorway/1');
    await page.getByRole('heading', { name: COLORWAY_1 }).waitFor();
    expect((await logged).status()).toBe(200);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    const recent = page.getByRole('table', { name: 'Recent projects' });
    const row = recent.getByRole('row').filter({ hasText: COLORWAY_1 });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(1).innerText()).toBe('Colorway');
    await row.getByRole('link', { name: COLORWAY_1 }).click();
    await waitForPath(page, '/colorway/1');
  });

  it('SYSMSG-004 system messages take one line, are not repeated as a widget and stand above the login form', async () => {
    const page = await app.page();
    await login(page, 'admin');
    await waitForPath(page, '/home');
    const bar = page.getByRole('region', { name: 'System messages', exact: true });
    const toggle = bar.getByRole('button', { name: /^2 system messages/ });
    await toggle.waitFor();
    expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(40);
    await page.locator('[data-widget-id="2"]').getByText('The current messages are shown at the top of the page.').waitFor();
    expect(await page.locator('[data-widget-id="2"]').getByText('Costing review for brand teams').count()).toBe(0);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await bar.getByTestId('system-message').filter({ hasText: 'Costing review for brand teams' }).waitFor();

    const visitor = await app.page();
    await navigate(visitor, '/login');
    const messages = visitor.locator('.public__main .system-messages');
    await messages.waitFor();
    const m = (await messages.boundingBox())!;
    const card = (await visitor.locator('.public__card').boundingBox())!;
    expect(m.y + m.height).toBeLessThanOrEqual(card.y);
    expect(await seriousViolations(visitor)).toEqual([]);
  });

  it("Ctrl+S saves the changed form and never opens the browser's save dialog", async () => {
    const page = await app.page();
    await login(page, 'designer');
    await navigate(page, '/linePlan/2');
    const name = page.getByLabel(/^Line Plan Name/);
    await name.waitFor();
    const renamed = `${await name.inputValue()} (Ctrl+S)`;
    await name.fill(renamed);
    await page.evaluate(() =>
      window.addEventListener('keydown', (e) => {
        (window as unknown as { prevented: boolean }).prevented = e.defaultPrevented;
      }),
    );
    const saved = page.waitForResponse((r) => r.url().includes('/api/LinePlan/UpdateLinePlan'));
    await page.keyboard.press('Control+s');
    expect((await saved).status()).toBe(200);
    expect(await page.evaluate(() => (window as unknown as { prevented: boolean }).prevented)).toBe(true);
    await page.getByText('Record Saved Successfully.').first().waitFor();
    await page.reload();
    await page.getByRole('heading', { name: renamed }).waitFor();
    expect(await page.getByLabel(/^Line Plan Name/).inputValue()).toBe(renamed);
  });

  it('? opens the keyboard shortcut list (not while typing); Esc closes it and other dialogs', async () => {
    const page = await app.page();
    await login(page, 'admin');
    await waitForPath(page, '/home');
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    for (const keys of ['Ctrl+S', 'Esc', 'Ctrl+Shift+E', 'Ctrl+Shift+F', 'Ctrl+V', 'Ctrl+Z']) await help.getByText(keys, { exact: true }).first().waitFor();
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Customize' }).click();
    const customize = page.getByRole('dialog');
    await customize.waitFor();
    await page.keyboard.press('Escape');
    await customize.waitFor({ state: 'detached' });

    await navigate(page, '/changePassword');
    const field = page.getByLabel('Current password');
    await field.fill('a?b');
    await page.waitForTimeout(200);
    expect(await help.count()).toBe(0);
  });
});
