/**
 * Calculators end to end (issue 16, CALC-001..009, PERM-013): the margin calculator for the demo
 * brand Summit Ridge matches a hand-computed row and follows the keyboard; the FOB calculator
 * highlights the FOB of the highest margin the entered FOB reaches and its auto mode follows the
 * first margin; an administrator changes a brand's defaults with Ctrl+S; a user without 10/2 is
 * sent to /permissionDenied.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { login, menuItems, navigate, pathOf } from './harness';
import { setupApp } from './setup-app';

const app = setupApp();

const hitCell = (page: Page, grid: string) => page.locator(`[data-testid="${grid}"] .ht_master td.calc-grid__hit`);
const text = async (page: Page, selector: string) => ((await page.locator(selector).textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** Types into a field with the keyboard: focus, select all, type. */
async function typeInto(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(value);
}

describe('calculators', () => {
  it('CALC-001 CALC-003 CALC-005 CALC-008 the margin calculator for Summit Ridge matches the hand-computed row; the keyboard drives it', async () => {
    const page = await app.page();
    await login(page, 'admin');
    await navigate(page, '/margin');
    await page.getByRole('heading', { name: 'Margin Calculator' }).waitFor();
    expect(await page.title()).toContain('Margin Calculator');
    await page.locator('.breadcrumbs').getByText('Margin Calculator').waitFor();
    // Summit Ridge: MSRP 120, FOB 22.50, duty 10 %: WHS 120 / 2.2 × 0.95 = 51.82; LDP 22.5 × 1.03 × 1.19 + 1.25 = 28.83; margin 44.37 % → 44 %.
    await expect.poll(() => hitCell(page, 'margin-grid').textContent(), { timeout: 15_000 }).toBe('44 %');
    expect(await text(page, '[data-testid="margin-summary"]')).toBe('At MSRP 120.00: WHS 51.82, LDP 28.83, margin 44 %');
    await page.getByRole('img', { name: 'Margin by MSRP' }).waitFor();
    // The inputs carry the titles of the defaults' entity document (schemas/entities/calculator-brand-defaults.schema.json).
    await page.getByLabel('Sourcing Commission %', { exact: true }).waitFor();
    expect(await seriousViolations(page, 'main')).toEqual([]);
    const hitRow = page.locator('[data-testid="margin-grid"] .ht_master tr', { has: page.locator('td.calc-grid__hit') });
    expect(await hitRow.locator('td').allTextContents()).toEqual(['120.00', '51.82', '28.83', '44 %']);
    expect(await page.locator('[data-testid="margin-grid"] .ht_clone_top th').allTextContents()).toContain('Margin at FOB 22.50');

    // Keyboard: a new FOB typed, Tab to the duty presets (CALC-004).
    await typeInto(page, 'FOB', '20');
    // LDP 20 × 1.2257 + 1.25 = 25.76; margin (51.82 − 25.76) / 51.82 = 50.28 % → 50 %.
    await expect.poll(() => hitCell(page, 'margin-grid').textContent()).toBe('50 %');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('calc-Duty');
    const presets = await page.locator('#calc-Duty option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(presets).toEqual(['0', '2', '4.3', '6', '8.5', '9', '10', '12', '20', '27.6', '37.5']);
    await page.locator('#calc-Duty').selectOption('20');
    // Duty 20 %: LDP 20 × 1.03 × 1.29 + 1.25 = 27.82; margin 46.30 % → 46 %.
    await expect.poll(() => hitCell(page, 'margin-grid').textContent()).toBe('46 %');
    expect(await text(page, '[data-testid="margin-summary"]')).toBe('At MSRP 120.00: WHS 51.82, LDP 27.82, margin 46 %');
    // A cleared input says what is missing; Reset brings the brand's values back.
    await typeInto(page, 'MSRP', '');
    await page.keyboard.press('Backspace');
    await page.getByText('Enter MSRP to calculate.').waitFor();
    await page.getByRole('button', { name: 'Reset to brand defaults' }).click();
    await expect.poll(() => hitCell(page, 'margin-grid').textContent()).toBe('44 %');
    // The grid takes the keyboard: arrows move the selection in the read-only cells.
    await hitCell(page, 'margin-grid').click();
    await page.keyboard.press('ArrowUp');
    const selected = page.locator('[data-testid="margin-grid"] .ht_master td.current');
    // MSRP 115: WHS 49.66; margin (49.66 − 28.83) / 49.66 = 41.95 % → 42 %.
    await expect.poll(() => selected.textContent()).toBe('42 %');
  });

  it('CALC-004 CALC-006 CALC-007 CALC-008 the FOB calculator highlights the FOB of the highest margin the entered FOB reaches; auto mode follows the first margin', async () => {
    const page = await app.page();
    await login(page, 'admin');
    await navigate(page, '/fob');
    await page.getByRole('heading', { name: 'FOB Calculator' }).waitFor();
    // MSRP 120, duty 10: FOB(44 %) = (51.818 × 0.56 − 1.25) / 1.2257 = 22.65 ≥ 22.50 > FOB(45 %) = 22.23.
    await expect.poll(() => hitCell(page, 'fob-grid').textContent(), { timeout: 15_000 }).toBe('22.65');
    const hitRow = page.locator('[data-testid="fob-grid"] .ht_master tr', { has: page.locator('td.calc-grid__hit') });
    expect((await hitRow.locator('td').allTextContents()).slice(0, 2)).toEqual(['44 %', '22.65']);
    expect(await text(page, '[data-testid="fob-summary"]')).toBe('Your FOB 22.50 reaches 44 % (margin at that FOB: 44 %)');
    await page.getByRole('img', { name: 'FOB by margin' }).waitFor();
    await page.getByLabel('Retail Mark-up', { exact: true }).waitFor();
    expect(await seriousViolations(page, 'main')).toEqual([]);
    const margins = () => page.locator('.calc-margins__list input').evaluateAll((is) => is.map((i) => (i as HTMLInputElement).value));
    expect(await margins()).toEqual(Array.from({ length: 17 }, (_, i) => String(35 + i)));

    // Your FOB 20: FOB(50 %) = (25.909 − 1.25) / 1.2257 = 20.12 ≥ 20 > FOB(51 %) = 19.70.
    await typeInto(page, 'Your FOB', '20');
    await expect.poll(() => hitCell(page, 'fob-grid').textContent()).toBe('20.12');
    expect(await text(page, '[data-testid="fob-summary"]')).toContain('reaches 50 %');

    // CALC-007: auto mode: the first margin sets the others.
    await typeInto(page, 'Margin 1 %', '40');
    await expect.poll(margins).toEqual(Array.from({ length: 17 }, (_, i) => String(40 + i)));
    // Without auto mode (Space on the check box) each margin is its own.
    await page.getByRole('checkbox', { name: /Auto/ }).focus();
    await page.keyboard.press('Space');
    expect(await page.getByRole('checkbox', { name: /Auto/ }).isChecked()).toBe(false);
    await typeInto(page, 'Margin 2 %', '60');
    await typeInto(page, 'Margin 1 %', '30');
    const after = await margins();
    expect(after.slice(0, 3)).toEqual(['30', '60', '42']);
    // The table follows the list: 30 % → FOB (51.818 × 0.70 − 1.25) / 1.2257 = 28.57, LDP 28.57 × 1.2257 + 1.25 = 36.27.
    await expect
      .poll(() => page.locator('[data-testid="fob-grid"] .ht_master tbody tr').first().locator('td').allTextContents())
      .toEqual(['30 %', '28.57', '36.27']);
  });

  it("CALC-002 an administrator changes a brand's defaults with Ctrl+S; the calculator starts from them", async () => {
    const page = await app.page();
    await login(page, 'admin');
    await navigate(page, '/margin');
    await page.getByRole('link', { name: 'Edit brand defaults' }).click();
    await page.getByRole('heading', { name: 'Calculator Brand Defaults' }).waitFor();
    await expect.poll(() => page.getByLabel('MSRP', { exact: true }).inputValue()).toBe('120');
    await expect.poll(() => page.getByLabel('Sourcing Commission %', { exact: true }).inputValue()).toBe('6');
    expect(await seriousViolations(page, 'main')).toEqual([]);
    await typeInto(page, 'MSRP', '0');
    await page.keyboard.press('Control+s');
    await page.getByText('MSRP must be above 0 and at most 99999.99.').waitFor();
    await typeInto(page, 'MSRP', '130');
    const saved = page.waitForResponse((r) => r.url().includes('/api/ELC/UpdateBrandDefaults'));
    await page.keyboard.press('Control+s');
    expect((await saved).status()).toBe(200);
    await page.getByText('Record Saved Successfully.').waitFor();
    await page.getByText(/Last changed \d\d\/\d\d\/\d{4} by Alex Morgan/).waitFor();
    await navigate(page, '/margin');
    // MSRP 130: WHS 130 / 2.2 × 0.95 = 56.14; margin (56.14 − 28.83) / 56.14 = 48.65 % → 49 %.
    await expect.poll(() => hitCell(page, 'margin-grid').textContent(), { timeout: 15_000 }).toBe('49 %');
  });

  it('PERM-013 a user without 10/2 has no calculator menu entry and is sent to /permissionDenied', async () => {
    const page = await app.page();
    await login(page, 'designer');
    await navigate(page, '/fob');
    await page.waitForURL((u) => u.pathname === '/permissionDenied');
    expect(pathOf(page)).toBe('/permissionDenied');
    // The calculators are Reports menu items (the administrator's Reports menu ends with them, nav-items.test.ts).
    expect(await menuItems(page, 'Reports')).toEqual(['Buy ready']);
  });
});
