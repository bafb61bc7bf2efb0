/**
 * A dev prototype path's purchase orders end to end (DECISIONS CP-034, ADR 029): an OwnedGrid whose
 * columns are the purchase order grid document's. The designer adds an order, types its number,
 * quantity and ex-factory date, finds its factory with the search help for the selected row, saves
 * with Ctrl+S; a reload shows it with the factory's name; removed and saved, it is gone.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, freshDevPrototypePath } from './critical-path-steps';
import { apiToken, login, navigate } from './harness';
import { ownedCell, ownedRowCount, typeIntoCell } from './owned-grid-steps';
import { setupApp } from './setup-app';

const app = setupApp();
const GRID = 'cp-orders';
const COLS = ['PO Number', 'Factory', 'Factory Name', 'Quantity', 'Ex-Factory'];
const cell = (page: Page, title: string, row: number) => ownedCell(page, GRID, COLS, title, row);
const text = async (page: Page, title: string, row: number) => ((await cell(page, title, row).textContent()) ?? '').trim();
const isSave = (r: { url(): string; request(): { method(): string } }) =>
  r.url().includes('/api/CriticalPath/UpdateCriticalPathDevPrototype') && r.request().method() === 'POST';

describe('dev prototype purchase orders', () => {
  it('CP-034 ADR 029 the designer adds a purchase order in the grid, finds its factory, saves with Ctrl+S; a reload shows it named; removed and saved, it is gone; a new order without its number is refused, not dropped', async () => {
    const token = await apiToken(app.server.baseUrl, 'designer');
    const { ps, id, name } = await freshDevPrototypePath(app.server.baseUrl, token);
    const page = await app.page();
    await login(page, 'designer');
    await navigate(page, `/criticalPathDevPrototypeEdit/${id}/${ps}`);
    await page.getByRole('heading', { name: `Dev Prototype Critical Path: ${name}` }).waitFor({ timeout: 20_000 });
    const section = page.locator('section[aria-label="Purchase Orders"]');
    await page.getByTestId(GRID).waitFor();
    const before = await ownedRowCount(page, GRID);
    const po = `E2E-PO-${Date.now() % 1_000_000}`;

    await section.getByRole('button', { name: 'Add row' }).click();
    const row = before + 1;
    await expect.poll(() => ownedRowCount(page, GRID)).toBe(row);
    await typeIntoCell(page, cell(page, 'PO Number', row), po);
    await typeIntoCell(page, cell(page, 'Quantity', row), '120');
    await typeIntoCell(page, cell(page, 'Ex-Factory', row), '03/15/2027');
    // The factory by the search help, for the selected row; its name shows at once.
    await cell(page, 'PO Number', row).click();
    await section.getByRole('button', { name: 'Find a factory' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search Factories' });
    const first = dialog.getByRole('button', { name: /^\d{6}$/ }).first();
    await first.waitFor({ timeout: 10_000 });
    const key = (await first.textContent())!.trim();
    await first.click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => text(page, 'Factory', row)).toBe(key);
    const factoryName = await text(page, 'Factory Name', row);
    expect(factoryName).not.toBe('');

    const saved = page.waitForResponse(isSave);
    await cell(page, 'Quantity', row).click();
    await page.keyboard.press('Control+S');
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON().PurchaseOrders).toEqual(
      expect.arrayContaining([{ CriticalPathDevPrototypePurchaseOrderId: 0, PONumber: po, Quantity: 120, ExFactoryDate: '2027-03-15', FactoryKey: key }]),
    );
    const stored = await apiCall(app.server.baseUrl, token, `/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=${id}`);
    expect(stored.PurchaseOrders.find((o: { PONumber: string }) => o.PONumber === po)).toMatchObject({ FactoryKey: key, Quantity: 120 });

    await page.reload();
    await expect.poll(() => text(page, 'PO Number', row), { timeout: 15_000 }).toBe(po);
    expect([
      await text(page, 'Factory', row),
      await text(page, 'Factory Name', row),
      await text(page, 'Quantity', row),
      await text(page, 'Ex-Factory', row),
    ]).toEqual([key, factoryName, '120', '03/15/2027']);

    // Removed in the grid and saved: gone after a reload.
    await cell(page, 'PO Number', row).click();
    await section.getByRole('button', { name: 'Remove row' }).click();
    await expect.poll(() => ownedRowCount(page, GRID)).toBe(before);
    const removed = page.waitForResponse(isSave);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await removed).request().postDataJSON().PurchaseOrders).toEqual(
      expect.arrayContaining([expect.objectContaining({ PONumber: po, IsDeleted: true })]),
    );
    await page.reload();
    await page.getByTestId(GRID).waitFor({ timeout: 15_000 });
    await expect.poll(() => ownedRowCount(page, GRID), { timeout: 15_000 }).toBe(before);
    const after = await apiCall(app.server.baseUrl, token, `/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=${id}`);
    expect(after.PurchaseOrders.some((o: { PONumber: string }) => o.PONumber === po)).toBe(false);

    // A new order with a quantity and no PO number is sent, not dropped: the server's refusal marks its PO Number cell red.
    await section.getByRole('button', { name: 'Add row' }).click();
    await expect.poll(() => ownedRowCount(page, GRID)).toBe(row);
    await typeIntoCell(page, cell(page, 'Quantity', row), '40');
    const refused = page.waitForResponse(isSave);
    await page.keyboard.press('Control+S');
    expect((await refused).status()).toBe(400);
    await expect.poll(() => cell(page, 'PO Number', row).getAttribute('class')).toContain('cell--error');
    expect(await text(page, 'Quantity', row)).toBe('40');
  });
});
