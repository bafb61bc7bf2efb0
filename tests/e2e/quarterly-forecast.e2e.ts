/**
 * The quarterly forecast in the browser (issue 16, QF-001..006, QF-009): the demand planner pastes
 * a 4 × 8 block copied from Excel into the grid, sees the totals, the revenue and the chart follow
 * before saving, saves with Ctrl+S (one UpdateSalesForecastPairs of the 32 changed pairs), reloads
 * and sees the values kept (the season is in the address).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { toTsv } from '../../web/src/components/data-grid/tsv';
import { seriousViolations } from './axe';
import { paste } from './grid-steps';
import { apiToken, login, navigate } from './harness';
import { setupApp } from './setup-app';

const app = setupApp();

/** The block as Excel copies it: 4 regions × 8 quarters; Excel's thousands separators on the first row. */
const BLOCK = [0, 1, 2, 3].map((i) => [0, 1, 2, 3, 4, 5, 6, 7].map((j) => (i + 1) * 1000 + (j + 1) * 10));
const clipboard = toTsv(BLOCK.map((r, i) => r.map((v) => (i === 0 ? v.toLocaleString('en-US') : String(v)))));
const TOTAL = BLOCK.flat().reduce((s, v) => s + v, 0);

const grid = '[data-testid="quarterly-forecast-grid"]';
const cell = (page: Page, row: number, col: number) => page.locator(`${grid} .ht_master tbody tr:nth-child(${row + 1}) td:nth-child(${col + 1})`);
const money = (v: number) => `$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('quarterly forecast', () => {
  it('QF-001 QF-004 QF-005 QF-006 QF-009 a 4×8 block pasted from Excel updates totals, revenue and the chart; Ctrl+S saves the changed pairs; a reload shows them', async () => {
    const token = await apiToken(app.server.baseUrl, 'forecast');
    const price = await (
      await fetch(`${app.server.baseUrl}/api/QuarterlyForecast/CalculateSalesForecastRevenue?BrandId=1&SeasonId=2&CurrencyKey=USD`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    expect(price.PricePerUnit).toBeGreaterThan(0);

    const page = await app.page();
    await login(page, 'forecast');
    await navigate(page, '/quarterlyForecasting');
    await page.getByRole('heading', { name: 'Quarterly Forecast' }).waitFor();
    await cell(page, 0, 0).filter({ hasText: 'US' }).waitFor({ timeout: 20_000 });
    expect(await page.locator(`${grid} .ht_clone_top thead th`).allTextContents()).toEqual(
      expect.arrayContaining(['2026 Q1', '2027 Q4', 'Total Units', 'Revenue']),
    );
    // The demo's first season has a forecast; the next one is still to be made.
    await expect.poll(async () => Number((await page.getByTestId('qf-total-units').textContent())?.replace(/,/g, ''))).toBeGreaterThan(0);
    expect(await seriousViolations(page, 'main')).toEqual([]);
    await page.locator('#qf-season').selectOption({ label: 'Fall/Winter 2026' });
    await page.waitForURL((u) => u.searchParams.get('seasonId') === '2');
    await page.getByTestId('qf-total-revenue').filter({ hasText: '$0.00' }).waitFor();
    await expect.poll(() => cell(page, 0, 1).textContent()).toBe('0');

    // The block lands on US 2026 Q1 .. EU 2027 Q4.
    await cell(page, 0, 1).click();
    await paste(page, clipboard);
    await page
      .getByTestId('qf-total-units')
      .filter({ hasText: TOTAL.toLocaleString('en-US') })
      .waitFor();
    await expect.poll(() => cell(page, 0, 1).textContent()).toBe('1,010');
    await expect.poll(() => cell(page, 3, 8).textContent()).toBe('4,080');
    await page
      .getByTestId('qf-total-revenue')
      .filter({ hasText: money(Math.round(TOTAL * price.PricePerUnit * 100) / 100) })
      .waitFor();
    // The chart follows the grid before any save.
    const chart = page.getByRole('img', { name: 'Units per sales region per quarter' });
    await chart.locator('rect[data-region="EU"][data-units="4080"]').waitFor({ state: 'attached' });
    expect(await chart.locator('rect[data-region="US"][data-units="1010"]').count()).toBe(1);
    await page.getByRole('status').filter({ hasText: '32 unsaved cells' }).waitFor();
    // Exactly the pasted cells are marked as changed until the save.
    expect(await page.locator(`${grid} .ht_master td.qf-grid__edited`).count()).toBe(32);

    const saved = page.waitForResponse((r) => /UpdateSalesForecastPairs$/i.test(new URL(r.url()).pathname));
    await page.keyboard.press('Control+s');
    const answer = await (await saved).json();
    expect(answer).toMatchObject({ IsSuccessful: true, Changed: 32 });
    await page.getByText('Record Saved Successfully.').waitFor();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'unsaved' }).count()).toBe(0);
    await expect.poll(() => page.locator(`${grid} .ht_master td.qf-grid__edited`).count()).toBe(0);

    await page.reload();
    await cell(page, 0, 0).filter({ hasText: 'US' }).waitFor({ timeout: 20_000 });
    expect(await page.locator('#qf-season option:checked').textContent()).toBe('Fall/Winter 2026');
    await expect.poll(() => cell(page, 2, 5).textContent()).toBe('3,050');
    await page
      .getByTestId('qf-total-units')
      .filter({ hasText: TOTAL.toLocaleString('en-US') })
      .waitFor();
    await page
      .getByRole('img', { name: 'Units per sales region per quarter' })
      .locator('rect[data-region="UK"][data-units="3050"]')
      .waitFor({ state: 'attached' });
  });

  it('QF-003 PERM-020 the admin (26 edit) gets Save; a factory user without module 26 is denied', async () => {
    const page = await app.page();
    await login(page, 'admin');
    await navigate(page, '/quarterlyForecasting');
    await page.getByRole('button', { name: /^Save/ }).waitFor();
    const factory = await app.page();
    await login(factory, 'factory');
    await navigate(factory, '/quarterlyForecasting');
    await factory.waitForURL((u) => u.pathname.toLowerCase() === '/permissiondenied', { timeout: 15_000 });
  });
});
