/**
 * The catalog in Chromium (CAT-001..007): /catalog goes to the default brand (DECISIONS CAT-002),
 * the tile-size slider changes the tiles per row (the computed grid), a pattern's colorways open
 * with the address changing and no reload (a window marker survives), with their own slider
 * (1–3), Esc goes back, and the product image (fetched when its tile comes near the viewport) is an
 * <img> with its size set, decoded off the main thread.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiToken, login, pathOf } from './harness';
import { setupApp } from './setup-app';
import { seriousViolations } from './axe';
import { uploadSampleImage } from '../support/catalog-images';

const app = setupApp();

/** Columns of the grid as laid out, and how many tiles share the first row's top. */
const layout = (page: Page, selector: string) =>
  page.locator(selector).evaluate((grid) => {
    const tiles = [...grid.children] as HTMLElement[];
    const top = tiles[0].getBoundingClientRect().top;
    return {
      columns: getComputedStyle(grid).gridTemplateColumns.split(' ').length,
      firstRow: tiles.filter((t) => Math.abs(t.getBoundingClientRect().top - top) < 1).length,
    };
  });

async function setSlider(page: Page, label: string, key: 'Home' | 'End' | 'ArrowLeft' | 'ArrowRight') {
  await page.getByLabel(label).focus();
  await page.keyboard.press(key);
}

async function openCatalog(page: Page) {
  await login(page, 'admin');
  await page.goto('/catalog');
  await page.waitForURL((u) => /^\/catalog\/1\/50\/\d+$/.test(u.pathname));
  await page.locator('.catalog-tile').first().waitFor();
}

describe('catalog', () => {
  it("CAT-002: /catalog goes to page 1 of 50 of the user's default brand", async () => {
    const page = await app.page();
    await openCatalog(page);
    // The token answer names the user's default brand (the session the app keeps).
    const answer = await (
      await fetch(`${app.server.baseUrl}/api/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'password', username: 'admin@example.com', password: 'Demo!2026pass' }),
      })
    ).json();
    expect(Number(answer.defaultBrandId)).toBeGreaterThan(0);
    expect(pathOf(page)).toBe(`/catalog/1/50/${Number(answer.defaultBrandId)}`);
    expect(await page.title()).toContain('Catalog');
  });

  it("CAT-005 issue 27: the demo's tiles in view show product images (drawn at the first start), none says No image", async () => {
    const page = await app.page();
    await openCatalog(page);
    const first = page.locator('.catalog-tile').first().locator('img');
    await first.waitFor({ timeout: 15_000 });
    // The tiles of the first rows (the others load as they come near the viewport).
    const tiles = page.locator('.catalog-tile');
    const n = Math.min(await tiles.count(), 6);
    for (let i = 0; i < n; i++) {
      const img = tiles.nth(i).locator('img');
      await img.waitFor({ timeout: 15_000 });
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    }
    expect(await page.locator('.catalog-tile').filter({ hasText: 'No image' }).count()).toBe(0);
  });

  it('CAT-005, CAT-006, DECISIONS CAT-007: the slider sets 3 to 6 pattern tiles per row; Shift-click selects a range; arrows and Enter open a tile', async () => {
    const page = await app.page();
    await openCatalog(page);
    expect(await seriousViolations(page, '#main')).toEqual([]);
    await setSlider(page, 'Tiles per row', 'Home');
    expect(await layout(page, '.catalog-grid')).toEqual({ columns: 3, firstRow: 3 });
    await setSlider(page, 'Tiles per row', 'ArrowRight');
    expect(await layout(page, '.catalog-grid')).toEqual({ columns: 4, firstRow: 4 });
    await setSlider(page, 'Tiles per row', 'End');
    expect(await layout(page, '.catalog-grid')).toEqual({ columns: 6, firstRow: 6 });
    // Multi-select: a checkbox, then Shift-click four tiles on: a range of five, said with a count; Clear empties it.
    const boxes = page.locator('.catalog-tile input[type="checkbox"]');
    await boxes.nth(1).click();
    await boxes.nth(5).click({ modifiers: ['Shift'] });
    await page.getByText('5 patterns selected').waitFor();
    expect(await page.locator('.catalog-tile--chosen').count()).toBe(5);
    await page.getByRole('button', { name: 'Clear' }).click();
    expect(await page.locator('.catalog-tile--chosen').count()).toBe(0);
    // Keyboard: arrows move by a tile and by a row (6 per row), Enter opens the focused pattern.
    await page.locator('.catalog-tile').first().focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-pattern'));
    expect(focused).toBe(await page.locator('.catalog-tile').nth(7).getAttribute('data-pattern'));
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname.endsWith(`/0/${focused}`));
    // Back on the pattern tiles (Esc is the other test's; here the browser's Back), so the reload shows the tiles, not the colorways.
    await page.goBack();
    await page.waitForURL((u) => !u.pathname.endsWith(`/0/${focused}`));
    await page.locator('.catalog-grid:not(.catalog-grid--colorways)').waitFor();
    // The choice is remembered after a reload.
    await page.reload();
    await page.locator('.catalog-grid:not(.catalog-grid--colorways) .catalog-tile').first().waitFor();
    expect((await layout(page, '.catalog-grid:not(.catalog-grid--colorways)')).columns).toBe(6);
  });

  it("CAT-001, CAT-005: a pattern's colorways open without a reload, with their own 1–3 slider; Esc goes back", async () => {
    const page = await app.page();
    const token = await apiToken(app.server.baseUrl, 'admin');
    await openCatalog(page);
    const listPath = pathOf(page);
    const brand = listPath.split('/')[4];
    const tiles = await (
      await fetch(`${app.server.baseUrl}/api/Catalog/SearchPatterns?BrandId=${brand}`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const target = tiles.Results.find(
      (t: { ColorwayCount: number; StatusName: string }) => t.ColorwayCount >= 2 && ['Created', 'Released'].includes(t.StatusName),
    );
    await uploadSampleImage(app.server.baseUrl, token, 3, target.PatternSeasonalId, 1);
    await page.reload();
    const tile = page.locator(`[data-pattern="${target.PatternSeasonalId}"]`);
    const img = tile.locator('img');
    await img.waitFor();
    // The fetch is the lazy part (issue 14): the <img> shows bytes already fetched, at once.
    expect(await img.getAttribute('loading')).toBeNull();
    expect(await img.getAttribute('decoding')).toBe('async');
    expect(Number(await img.getAttribute('width'))).toBeGreaterThan(0);
    expect(await img.getAttribute('height')).toBe(await img.getAttribute('width'));

    await page.evaluate(() => {
      (window as unknown as { catalogMarker: number }).catalogMarker = 42;
    });
    const before = await page.evaluate(() => history.length);
    await tile.click();
    await page.waitForURL((u) => u.pathname === `${listPath}/0/${target.PatternSeasonalId}`);
    expect(await page.evaluate(() => (window as unknown as { catalogMarker?: number }).catalogMarker)).toBe(42);
    expect(await page.evaluate(() => history.length)).toBe(before + 1);
    await page.locator('.catalog-grid--colorways .catalog-tile').first().waitFor();
    expect(await page.locator('.catalog-grid--colorways .catalog-tile').count()).toBe(target.ColorwayCount);
    expect(await page.locator('.catalog-grid--colorways a').first().getAttribute('href')).toMatch(/^\/colorway\/\d+$/);
    expect(await page.title()).toContain(target.PatternName);
    await setSlider(page, 'Colorways per row', 'Home');
    expect(await layout(page, '.catalog-grid--colorways')).toMatchObject({ columns: 1, firstRow: 1 });
    await setSlider(page, 'Colorways per row', 'End');
    expect(await layout(page, '.catalog-grid--colorways')).toMatchObject({ columns: 3 });

    await page.keyboard.press('Escape');
    // Esc inside the slider does nothing; from a colorway tile it goes back.
    await page.locator('.catalog-grid--colorways a').first().focus();
    await page.keyboard.press('Escape');
    await page.waitForURL((u) => u.pathname === listPath);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-pattern'))).toBe(String(target.PatternSeasonalId));
    expect(await page.evaluate(() => (window as unknown as { catalogMarker?: number }).catalogMarker)).toBe(42);

    // Typing a filter replaces the address entry (no history step per keystroke).
    const steps = await page.evaluate(() => history.length);
    await page.getByLabel('Pattern name').pressSequentially(target.PatternName.slice(0, 4), { delay: 40 });
    await page.waitForURL((u) => u.searchParams.get('name') === target.PatternName.slice(0, 4));
    expect(await page.evaluate(() => history.length)).toBe(steps);
    await expect.poll(() => page.locator(`[data-pattern="${target.PatternSeasonalId}"]`).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { catalogMarker?: number }).catalogMarker)).toBe(42);
  });
});
