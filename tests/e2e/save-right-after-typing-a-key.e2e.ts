/**
 * A search-help key typed and saved at once (LOOKUP-011, LOOKUP-012, BR-008; ADR 047): the key is
 * checked against its lookup when the field is left, and the form's save waits for that check, so
 * Ctrl+S pressed in the key field, no Tab and no waiting for the name, saves the checked key. While
 * the check runs the field says it is checking (not LOOKUP-012's message); a key that matches
 * nothing stops the save and the field says why. On the buy-ready override form (any SchemaForm's
 * `x-lookup` field goes the same way).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken, login, navigate, pathOf } from './harness';
import { setupApp } from './setup-app';

const app = setupApp();
const INVALID = 'Invalid Value. Your search will not include this criteria.';
const isSave = (url: string) => url.includes('/api/BuyReady/UpdateBuyReadyOverride');
const isCheck = (url: string) => url.includes('/api/SearchHelp/SearchFactories');

/** The override form, once the search-help registry has come (before it a typed key is taken unchecked). */
async function openOverrides(page: Page) {
  await login(page, 'admin');
  // The registry the override page asks for, not one the first screen may have asked for before.
  const registry = page.waitForResponse((r) => r.url().includes('/api/SearchHelp/Registry') && pathOf(page).toLowerCase() === '/buyreadyoverride');
  await navigate(page, '/buyreadyoverride');
  await page.getByRole('heading', { name: 'Buy Ready Overrides' }).waitFor();
  await registry;
  await page.locator('#root_FactoryKey').waitFor();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** The stored overrides, read through the API as the admin. */
async function storedOverrides(): Promise<{ StockNumber: string; FactoryKey: string }[]> {
  const token = await apiToken(app.server.baseUrl, 'admin');
  const res = await fetch(`${app.server.baseUrl}/api/BuyReady/GetBuyReadyOverrides`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as { StockNumber: string; FactoryKey: string }[];
}

describe('saving right after typing a search-help key', () => {
  it('LOOKUP-011 BR-008 Ctrl+S pressed in the factory field right after typing saves the checked factory', async () => {
    const page = await app.page();
    await openOverrides(page);
    await page.getByLabel('Stock Number').fill('SR1100-003');
    const factory = page.locator('#root_FactoryKey');
    await factory.fill('310101');
    const checked = page.waitForRequest((r) => isCheck(r.url()));
    const saved = page.waitForResponse((r) => isSave(r.url()), { timeout: 15_000 });
    // No Tab and no waiting for the factory's name: the save itself leaves the field.
    await factory.press('Control+s');
    await checked;
    const answer = await saved;
    expect(answer.request().postDataJSON()).toMatchObject({ StockNumber: 'SR1100-003', FactoryKey: '310101' });
    expect(answer.status()).toBe(200);
    await page.getByText('Record Saved Successfully.').waitFor();
    expect((await storedOverrides()).find((o) => o.StockNumber === 'SR1100-003')).toMatchObject({ FactoryKey: '310101' });
  });

  it('LOOKUP-012 the field says it is checking while the key is checked; a key that matches nothing stops the save, a corrected one saves', async () => {
    const page = await app.page();
    await openOverrides(page);
    // The check's answer is held back until the field has been looked at.
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = () => r();
    });
    await page.route(
      (u) => isCheck(u.href),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    const saves: string[] = [];
    page.on('request', (r) => isSave(r.url()) && saves.push(r.postData() ?? ''));
    const field = page.locator('[data-field="FactoryKey"]');
    const factory = page.locator('#root_FactoryKey');
    await page.getByLabel('Stock Number').fill('SR1100-004');
    await factory.fill('999999');
    await page.getByRole('button', { name: 'Add' }).click();

    await field.getByRole('status').filter({ hasText: 'Checking…' }).waitFor();
    expect(await field.getByText(INVALID).count()).toBe(0);
    expect(await factory.inputValue()).toBe('999999');
    expect(await page.getByRole('button', { name: 'Add' }).isDisabled()).toBe(true);
    release();

    // Nothing matched: the save stops, the field says why and keeps what was typed.
    await field.getByText(INVALID).waitFor();
    await page.getByText('Stock Number or Factory Missing').first().waitFor();
    expect(await field.getByText('Checking…').count()).toBe(0);
    expect(await factory.inputValue()).toBe('999999');
    expect(saves).toEqual([]);

    // Corrected and saved at once: the checked key goes out.
    await factory.fill('310101');
    const saved = page.waitForResponse((r) => isSave(r.url()), { timeout: 15_000 });
    await page.getByRole('button', { name: 'Add' }).click();
    expect((await saved).request().postDataJSON()).toMatchObject({ StockNumber: 'SR1100-004', FactoryKey: '310101' });
    await page.getByText('Record Saved Successfully.').waitFor();
    expect((await storedOverrides()).find((o) => o.StockNumber === 'SR1100-004')).toMatchObject({ FactoryKey: '310101' });
  });

  it("LOOKUP-012 in a search's criteria a key that matches nothing is left out and the search goes on at once", async () => {
    const page = await app.page();
    await login(page, 'admin');
    const isSearch = (url: string) => url.includes('/api/Grid/critical-path-dev-prototype-search/Search');
    // The tab searches its start criteria when it opens: that search is over before the one under test.
    const opened = page.waitForResponse((r) => isSearch(r.url()), { timeout: 20_000 });
    await navigate(page, '/criticalPath?searchType=2');
    await page.getByRole('tab', { name: 'Prototype', selected: true }).waitFor({ timeout: 20_000 });
    await opened;
    const outsole = page.locator('#root_OutsoleKey');
    await outsole.waitFor();
    await outsole.fill('NO-SUCH-OUTSOLE');
    const searched = page.waitForRequest((r) => isSearch(r.url()), { timeout: 15_000 });
    // One press of Search, without leaving the field first: the check runs, finds nothing, and the search goes without it.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const body = (await searched).postDataJSON() as Record<string, unknown>;
    expect(body.OutsoleKey ?? null).toBeNull();
    await page.locator('[data-field="OutsoleKey"]').getByText(INVALID).waitFor();
  });

  it('LOOKUP-011 LOOKUP-012 a key typed before the search-help registry came is checked once it comes: the save waits, a key that matches nothing stops it', async () => {
    const page = await app.page();
    await login(page, 'admin');
    // The registry's answer is held back: the form is there, the lookup does not know its entity yet.
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = () => r();
    });
    let asked = false;
    await page.route(
      (u) => u.href.includes('/api/SearchHelp/Registry'),
      async (route) => {
        asked = true;
        await held;
        await route.continue();
      },
    );
    const saves: string[] = [];
    page.on('request', (r) => isSave(r.url()) && saves.push(r.postData() ?? ''));
    await navigate(page, '/buyreadyoverride');
    await page.getByRole('heading', { name: 'Buy Ready Overrides' }).waitFor();
    const field = page.locator('[data-field="FactoryKey"]');
    const factory = page.locator('#root_FactoryKey');
    await factory.waitFor();
    await page.getByLabel('Stock Number').fill('SR1100-006');
    await factory.fill('999999');
    await page.getByRole('button', { name: 'Add' }).click();
    await field.getByRole('status').filter({ hasText: 'Checking…' }).waitFor();
    expect(asked).toBe(true);
    expect(saves).toEqual([]);
    release();

    await field.getByText(INVALID).waitFor();
    expect(await factory.inputValue()).toBe('999999');
    expect(saves).toEqual([]);
    expect((await storedOverrides()).some((o) => o.StockNumber === 'SR1100-006')).toBe(false);
  });

  it('LOOKUP-011 Ctrl+S in an open lookup dialog saves nothing: the form under it keeps its typing and saves after', async () => {
    const page = await app.page();
    await openOverrides(page);
    const saves: string[] = [];
    page.on('request', (r) => isSave(r.url()) && saves.push(r.postData() ?? ''));
    await page.getByLabel('Stock Number').fill('SR1100-005');
    const checked = page.waitForResponse((r) => isCheck(r.url()));
    await page.locator('#root_FactoryKey').fill('310101');
    await page.locator('#root_FactoryKey').press('Tab');
    await checked;
    // A form that would save: now the factory's search dialog, and Ctrl+S in it.
    await page.getByRole('button', { name: 'Search Factory', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^Search/ });
    await dialog.waitFor();
    await page.keyboard.press('Control+s');
    // A save would go out at once (the key is checked): give it the time a request takes.
    await page.waitForTimeout(1_000);
    expect(saves).toEqual([]);
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Stock Number').inputValue()).toBe('SR1100-005');
    // Back on the form, the same press saves it.
    const saved = page.waitForResponse((r) => isSave(r.url()), { timeout: 15_000 });
    await page.getByLabel('Stock Number').press('Control+s');
    expect((await saved).request().postDataJSON()).toMatchObject({ StockNumber: 'SR1100-005', FactoryKey: '310101' });
  });
});
