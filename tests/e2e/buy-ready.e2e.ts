/**
 * Buy ready end to end (BR-001, BR-004, BR-006, BR-008): the admin opens /buyready, sees the
 * first season's colorways with a ✔/✘ per criterion and the chart, executes buy ready; the
 * override page refuses an override without a factory with 'Stock Number or Factory Missing'.
 */
import { describe, expect, it } from 'vitest';
import { apiCall } from './critical-path-steps';
import { apiToken, login, navigate } from './harness';
import { setupApp } from './setup-app';

const app = setupApp();

describe('buy ready', () => {
  it('BR-001 BR-003 BR-004 BR-005 the report shows a ✔/✘ per criterion and the chart; Execute buy ready reports the result', async () => {
    const page = await app.page();
    await login(page, 'admin');
    await navigate(page, '/buyready');
    await page.getByRole('heading', { name: 'Buy Ready' }).waitFor();
    await page.locator('.ht_master tbody td', { hasText: '✔' }).first().waitFor({ timeout: 20_000 });
    expect(await page.locator('.ht_master tbody td', { hasText: '✘' }).count()).toBeGreaterThan(0);
    await page.getByRole('img', { name: 'Colorways ready and not ready per criterion' }).waitFor();
    await page.getByRole('button', { name: 'Execute buy ready' }).click();
    await page.getByText(/Buy ready executed: \d+ of \d+ colorways buy-ready/).waitFor({ timeout: 15_000 });
    // BR-003 BR-004: by stock number; an unknown one shows the empty text.
    // The season's rows are on show before the Find: wait for the stock number's answer, not for rows.
    await page.locator('#br-sn').fill('SR1100-002');
    const found = page.waitForResponse(
      (r) => r.url().includes('/api/BuyReady/GetBuyReady?') && new URL(r.url()).searchParams.get('StockNumber') === 'SR1100-002',
    );
    await page.getByRole('button', { name: 'Find' }).click();
    expect((await found).status()).toBe(200);
    await expect.poll(() => page.locator('.ht_master tbody tr').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.locator('#br-sn').fill('NO-SUCH-STOCK');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByText('No buy ready data found.').waitFor({ timeout: 10_000 });
  });

  it('BR-006 BR-008 BR-009 the override page lists overrides, refuses one without a factory, adds one and updates it from the list', async () => {
    const page = await app.page();
    await login(page, 'admin');
    await navigate(page, '/buyreadyoverride');
    await page.getByRole('heading', { name: 'Buy Ready Overrides' }).waitFor();
    await page.getByLabel('Stock Number').fill('SR1100-001');
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByText('Stock Number or Factory Missing').first().waitFor();
    // The factory is a search-help key: checked when it is left, its name shown under it.
    const factory = page.locator('#root_FactoryKey');
    await factory.fill('310101');
    await factory.press('Tab');
    await page.locator('[data-field="FactoryKey"] .field__hint').waitFor();
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByText('Record Saved Successfully.').waitFor();
    const grid = page.getByTestId('buy-ready-overrides');
    const added = grid.getByRole('gridcell', { name: 'SR1100-001', exact: true });
    await added.waitFor();
    // Who changed it, by name: never an id.
    await grid.getByRole('gridcell', { name: 'Alex Morgan', exact: true }).waitFor();

    // BR-009: the override chosen in the list goes into the form, and is updated there.
    await added.click();
    await page.getByRole('button', { name: 'Edit selected' }).click();
    await expect.poll(() => page.locator('#root_StockNumber').inputValue()).toBe('SR1100-001');
    expect(await factory.inputValue()).toBe('310101');
    await page.locator('#root_BuyReady').uncheck();
    const updated = page.waitForResponse((r) => r.url().includes('/api/BuyReady/UpdateBuyReadyOverride'));
    await page.getByRole('button', { name: 'Update' }).click();
    expect((await updated).request().postDataJSON()).toMatchObject({ StockNumber: 'SR1100-001', FactoryKey: '310101', BuyReady: false });
    const row = grid.locator('.ht_master tbody tr').filter({ has: page.getByRole('gridcell', { name: 'SR1100-001', exact: true }) });
    await expect.poll(() => row.locator('input[type="checkbox"]').isChecked()).toBe(false);
    // After the save the form is a new override again.
    await page.getByRole('button', { name: 'Add' }).waitFor();
  });

  it('SHELL-021 BR-009 Edit selected or a double-click over unsaved typing asks first: Keep editing keeps the typing, Continue without saving shows the override', async () => {
    const token = await apiToken(app.server.baseUrl, 'admin');
    await apiCall(app.server.baseUrl, token, '/api/BuyReady/UpdateBuyReadyOverride', {
      Id: 0,
      StockNumber: 'SR1100-002',
      FactoryKey: '310101',
      BuyReady: true,
    });
    const page = await app.page();
    await login(page, 'admin');
    await navigate(page, '/buyreadyoverride');
    const grid = page.getByTestId('buy-ready-overrides');
    const stored = grid.getByRole('gridcell', { name: 'SR1100-002', exact: true });
    await stored.waitFor();
    const stock = page.locator('#root_StockNumber');
    await stock.fill('SR9999-TYPED');
    await stock.press('Tab');
    await stored.click();
    await page.getByRole('button', { name: 'Edit selected' }).click();
    const ask = page.getByRole('alertdialog');
    await ask.getByText('There are unsaved changes on the page, do you want to continue without saving?').waitFor();
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await stock.inputValue()).toBe('SR9999-TYPED');

    // A double-click on the row opens it too (OwnedGrid's onOpen), and asks the same.
    await stored.dblclick();
    await ask.getByRole('button', { name: 'Continue without saving' }).click();
    await expect.poll(() => stock.inputValue()).toBe('SR1100-002');
    expect(await page.locator('#root_FactoryKey').inputValue()).toBe('310101');
    // The form holds the stored override now: nothing unsaved, so the next choice does not ask.
    await page.getByRole('button', { name: 'New' }).click();
    await expect.poll(() => stock.inputValue()).toBe('');
    expect(await ask.count()).toBe(0);
  });
});
