/**
 * The admin editors through the shared SchemaForm, under the app's real Content-Security-Policy
 * (no 'unsafe-eval': the form checks with the interpreting validator): edit, save, reload and see
 * the values kept; a failed check shows its message under its field.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, navigate, networkQuiet } from './harness';
import { setupApp, waitForPath } from './setup-app';

const app = setupApp();
const pad = (n: number) => String(n).padStart(2, '0');
const mdy = (d: Date) => `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;

/** A page that records script errors and CSP refusals. */
async function watched() {
  const page = await app.page();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|unsafe-eval/i.test(m.text())) problems.push(m.text());
  });
  return { page, problems };
}

/** Opens a message from the list by its title link's address (the list's own click handling is not under test here). */
async function openFromList(page: Page, title: string) {
  const href = await page.getByRole('link', { name: title }).getAttribute('href');
  await navigate(page, href!);
}

const fieldError = (page: Page, field: string) => page.locator(`[data-field="${field}"] .field__error`);

describe('admin editors through SchemaForm', () => {
  it('SYSMSG-003 SYSMSG-010 SYSMSG-013: an edited message text and times are saved and kept over a reload', async () => {
    const { page, problems } = await watched();
    await login(page, 'admin');
    await navigate(page, '/systemMessageEdit');
    const title = `Editor check ${Date.now()}`;
    await page.getByLabel(/^Title/).fill(title);
    await page.getByLabel('Start date').fill(mdy(new Date()));
    await page.getByLabel('Expire date').fill(mdy(new Date(Date.now() + 2 * 86400_000)));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Record Saved Successfully.').waitFor();
    await waitForPath(page, '/systemMessageList');

    await openFromList(page, title);
    await waitForPath(page, '/systemMessageEdit');
    await page.getByLabel(/^Message/).fill('Edited through the schema form.');
    await page.getByLabel('Expire time').fill('16:45');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Record Saved Successfully.').last().waitFor();
    await waitForPath(page, '/systemMessageList');

    await openFromList(page, title);
    await waitForPath(page, '/systemMessageEdit');
    const url = page.url();
    await page.goto(url);
    await page.getByLabel(/^Message/).waitFor();
    expect(await page.getByLabel(/^Message/).inputValue()).toBe('Edited through the schema form.');
    expect(await page.getByLabel('Expire time').inputValue()).toBe('16:45');
    expect(await page.getByLabel('Start time').inputValue()).toBe('10:00');
    expect(problems).toEqual([]);
  });

  it('SYSMSG-012: an expiry before the start and a blank title show under their fields, nothing is saved', async () => {
    const { page, problems } = await watched();
    await login(page, 'admin');
    await navigate(page, '/systemMessageEdit');
    await page.getByLabel('Expire time').fill('09:00');
    await page.getByLabel(/^Title/).fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your submission contains error(s).  Please correct the highlighted items below.').waitFor();
    expect(await fieldError(page, 'ExpireTime').textContent()).toContain('The expire time must be after the start time.');
    expect(await fieldError(page, 'Title').textContent()).toContain('This field is required.');
    expect(new URL(page.url()).pathname).toBe('/systemMessageEdit');
    expect(problems).toEqual([]);
  });

  it('QF-012 QF-013: a renamed and an added sales region are saved and kept over a reload; a repeated name is refused; Remove takes out its own row', async () => {
    const { page, problems } = await watched();
    await login(page, 'admin');
    await navigate(page, '/quarterlyForecastSettings');
    const form = page.getByRole('region', { name: 'Sales region settings' });
    await form.getByRole('table', { name: 'Sales regions' }).waitFor();
    const before = await form.getByLabel(/^Sales region \d+$/).count();
    const name = `Region ${Date.now() % 100000}`;
    await form.getByRole('button', { name: 'Add region' }).click();
    await form.getByLabel(`Sales region ${before + 1}`).fill(name);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Settings saved successfully!').waitFor();

    await page.reload();
    await page
      .getByRole('region', { name: 'Sales region settings' })
      .getByLabel(`Sales region ${before + 1}`)
      .waitFor();
    expect(await page.getByLabel(`Sales region ${before + 1}`).inputValue()).toBe(name);

    // The same name twice: the form refuses it with QF-013's text and marks the list.
    await page.getByRole('button', { name: 'Add region' }).click();
    await page.getByLabel(`Sales region ${before + 2}`).fill(name.toLowerCase());
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.schema-form > .alert', { hasText: 'Please review all fields indicated in red.' }).waitFor();
    expect(await fieldError(page, 'SalesRegions').textContent()).toContain('A sales region name is listed twice.');
    expect(await page.getByLabel(`Sales region ${before + 2}`).getAttribute('aria-invalid')).toBe('true');

    // Remove takes its own row out: the row below keeps its input element, with what was typed in it, one place up.
    const below = await page.getByLabel(`Sales region ${before + 2}`).elementHandle();
    await page
      .getByRole('row')
      .filter({ has: page.getByLabel(`Sales region ${before + 1}`, { exact: true }) })
      .getByRole('button', { name: 'Remove' })
      .click();
    await page.getByLabel(`Sales region ${before + 2}`).waitFor({ state: 'detached' });
    expect(await below!.evaluate((el) => [el.isConnected, (el as HTMLInputElement).value, el.getAttribute('aria-label')])).toEqual([
      true,
      name.toLowerCase(),
      `Sales region ${before + 1}`,
    ]);
    expect(problems).toEqual([]);
  });

  it('ADMIN-019 ADMIN-020 ADMIN-021: a new role with permissions ticked in the matrix widget is created and kept over a reload; its name cannot be used twice', async () => {
    const { page, problems } = await watched();
    await login(page, 'admin');
    await navigate(page, '/roleEdit/0');
    const name = `Editor role ${Date.now()}`;
    await page.getByLabel('Role Name').fill(name);
    const matrix = page.getByRole('table', { name: 'Permissions' });
    await matrix.getByLabel('Users read', { exact: true }).check();
    await matrix.getByLabel('Roles read', { exact: true }).check();
    await page.getByRole('button', { name: 'Create role' }).click();
    await page.waitForURL((u) => /^\/roleEdit\/[1-9]\d*$/.test(u.pathname));
    await page.reload();
    await page.getByRole('heading', { name }).waitFor();
    expect(await page.getByRole('table', { name: 'Permissions' }).getByLabel('Users read', { exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('table', { name: 'Permissions' }).getByLabel('Roles read', { exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('table', { name: 'Permissions' }).getByLabel('Users edit', { exact: true }).isChecked()).toBe(false);

    // ADMIN-021: a second role of that name is refused by CheckRoleName; the message shows under the name.
    await navigate(page, '/roleEdit/0');
    await page.getByLabel('Role Name').fill(name);
    await page.getByRole('button', { name: 'Create role' }).click();
    await fieldError(page, 'RoleName').filter({ hasText: 'A role with this name already exists.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/roleEdit/0');
    expect(problems).toEqual([]);
  });

  it('PREF-011: default brand and season chosen from labelled options are saved and kept over a reload', async () => {
    const { page, problems } = await watched();
    await login(page, 'designer');
    await navigate(page, '/UserProfile');
    const brand = page.getByLabel('Default brand');
    await brand.waitFor();
    // The form's choices arrive after it first shows: choose once every request has answered.
    await networkQuiet(page);
    await brand.selectOption({ index: 1 });
    await networkQuiet(page);
    const brandName = (await brand.locator('option:checked').textContent())!.trim();
    const season = page.getByLabel('Default season');
    await page.waitForFunction(() => (document.querySelector('#root_DefaultSeasonId') as HTMLSelectElement | null)?.disabled === false);
    await season.selectOption({ index: 1 });
    const seasonName = (await season.locator('option:checked').textContent())!.trim();
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved.').waitFor();
    await page.reload();
    await page.getByLabel('Default season').waitFor();
    await page.waitForFunction(
      (n) => (document.querySelector('#root_DefaultSeasonId option:checked') as HTMLOptionElement | null)?.textContent?.trim() === n,
      seasonName,
    );
    expect((await page.getByLabel('Default brand').locator('option:checked').textContent())!.trim()).toBe(brandName);
    expect(problems).toEqual([]);
  });
});
