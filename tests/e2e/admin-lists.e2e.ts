/**
 * The admin lists through the shared DataGrid: the error log filtered and an error opened from
 * its grid (the log's answers are played by the test, so the rows are known); the roles grid
 * opens a role by its link and by Enter; a library grid shows the entries of the chosen type.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { login, navigate, pathOf } from './harness';
import { setupApp, waitForPath } from './setup-app';

const app = setupApp();

const ERRORS = [
  { Sequence: 103, TimeUtc: '2026-03-05T08:00:00.000Z', User: 'costing@example.com', Message: 'Timeout expired' },
  { Sequence: 102, TimeUtc: '2026-03-02T23:30:00.000Z', User: 'costing@example.com', Message: 'Deadlock detected' },
  { Sequence: 101, TimeUtc: '2026-03-01T09:00:00.000Z', User: 'designer@example.com', Message: 'Cannot read properties of undefined' },
];

/** Plays GET /api/User/GetErrors (filtering by User as the server does) and GetError; returns the queries asked. */
async function playErrorLog(page: Page): Promise<URLSearchParams[]> {
  const asked: URLSearchParams[] = [];
  const json = (route: Route, body: unknown, status = 200) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route(
    (u) => u.pathname === '/api/User/GetErrors',
    (route) => {
      const q = new URL(route.request().url()).searchParams;
      asked.push(q);
      const user = q.get('User')?.toLowerCase();
      const id = q.get('ErrorId');
      return json(
        route,
        ERRORS.filter((e) => (!user || e.User.includes(user)) && (!id || e.Sequence === Number(id))),
      );
    },
  );
  await page.route(
    (u) => u.pathname === '/api/User/GetError',
    (route) => {
      const id = Number(new URL(route.request().url()).searchParams.get('ErrorId'));
      const e = ERRORS.find((x) => x.Sequence === id);
      return e
        ? json(route, {
            ...e,
            AllXml: '<error />',
            UserAgent: 'test',
            CalledScript: 'POST /api/Grid/costing/Save',
            ReferringPage: '/flashEditCosting',
            Detail: e.Message,
          })
        : json(route, { Message: 'Error not found, please check your id.' }, 404);
    },
  );
  return asked;
}

const grid = (page: Page, id: string) => page.locator(`.data-grid[data-grid-id="${id}"]`);

describe('admin lists in the shared grid', () => {
  it('ADMIN-037 ADMIN-039: the error log is filtered by user and list amount, and an error opens from the grid', async () => {
    const page = await app.page();
    const asked = await playErrorLog(page);
    await login(page, 'admin');
    await navigate(page, '/errors');
    const errors = grid(page, 'errors');
    await errors.getByRole('link', { name: '101', exact: true }).waitFor();
    expect(await errors.getByText('Deadlock detected').count()).toBe(1);

    const filter = page.getByRole('form', { name: 'Error filter' });
    await filter.getByLabel('User', { exact: true }).fill('costing');
    await filter.getByLabel('Show').selectOption('50');
    await filter.getByRole('button', { name: 'Search' }).click();
    await page.getByText('2 errors').waitFor();
    await errors.getByRole('link', { name: '101', exact: true }).waitFor({ state: 'detached' });
    const last = asked[asked.length - 1];
    expect([last.get('User'), last.get('ErrorListAmount')]).toEqual(['costing', '50']);
    expect(pathOf(page, true)).toContain('User=costing');

    await errors.getByRole('link', { name: '102', exact: true }).click();
    await waitForPath(page, '/errors/102');
    await page.getByRole('heading', { name: 'Error 102' }).waitFor();
    await page.getByRole('link', { name: 'Back to list' }).click();
    await waitForPath(page, '/errors');
  });

  it('ADMIN-040: an id that finds nothing gives the spec message instead of the grid', async () => {
    const page = await app.page();
    await playErrorLog(page);
    await login(page, 'admin');
    await navigate(page, '/errors?ErrorId=999');
    await page.getByText('Error not found, please check your id.').waitFor();
    expect(await grid(page, 'errors').count()).toBe(0);
  });

  it('ADMIN-018: the roles grid opens a role by its link, and by Enter on a cell of its row', async () => {
    const page = await app.page();
    await login(page, 'admin');
    await navigate(page, '/roles');
    const roles = grid(page, 'roles');
    await roles.getByRole('link', { name: 'Product Designer', exact: true }).click();
    await waitForPath(page, '/roleEdit/2');

    await navigate(page, '/roles');
    // The Active Users cell of that row (read-only): select it, then Enter opens the row.
    const row = roles.locator('.ht_master tbody tr').filter({ hasText: 'Costing Analyst' });
    await row.locator('td').nth(2).click();
    await page.keyboard.press('Enter');
    await waitForPath(page, '/roleEdit/3');
  });

  it('ADMIN-024 ADMIN-025: a library grid shows the entries of the chosen type', async () => {
    const page = await app.page();
    await login(page, 'admin');
    await navigate(page, '/libraryEntries');
    await page.getByLabel('Type').selectOption({ label: 'Color' });
    const colors = grid(page, 'library-color');
    await colors.getByRole('gridcell', { name: 'Black', exact: true }).first().waitFor();
    expect(await colors.getByRole('columnheader').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('Color Key')]));
    await page.getByLabel('Type').selectOption({ label: 'Development Center' });
    await grid(page, 'library-development-center').getByRole('gridcell').first().waitFor();
  });

  it('SYSMSG-009 SYSMSG-015: the system-message grid opens a message by its title and deletes the selected one', async () => {
    const page = await app.page();
    await login(page, 'admin');
    await navigate(page, '/systemMessageList');
    const messages = grid(page, 'system-messages');
    await messages.getByRole('link', { name: 'Welcome to the PLM Workbench', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/systemMessageEdit' && /^\d+$/.test(u.searchParams.get('id') ?? ''));

    await navigate(page, '/systemMessageList');
    const row = messages.locator('.ht_master tbody tr').filter({ hasText: 'Costing review for brand teams' });
    await row.locator('td').last().click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.locator('dialog[open]').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Message successfully deleted.').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await messages.getByRole('link', { name: 'Welcome to the PLM Workbench', exact: true }).count()).toBe(1);
  });
});
