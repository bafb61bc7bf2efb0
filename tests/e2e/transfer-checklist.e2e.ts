import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { seriousViolations } from './axe';
import { apiToken, login, navigate } from './harness';
import { ownedCell, ownedRowCount } from './owned-grid-steps';
import { setupApp } from './setup-app';
import { pdfText } from '../helpers/pdf-text';

const app = setupApp();

const today = () => {
  const d = new Date();
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
};

/** The list grid (schemas/grids/transfer-checklists), titled by the entity. */
const GRID = 'transfer-checklists';
const TITLES = [
  'Stock Number',
  'Colorway',
  'Progress',
  'Completion Date',
  'From Factory Key',
  'From Factory',
  'To Factory Key',
  'To Factory',
  'Product Type Name',
  'Tariff Mitigation Transfer',
];
/** TC-008: a factory user's schema has no factory left and no tariff-mitigation flag. */
const FACTORY_TITLES = TITLES.filter((t) => !['From Factory Key', 'From Factory', 'Tariff Mitigation Transfer'].includes(t));
const headers = (grid: Locator) => grid.locator('.ht_clone_top thead th .colHeader').allInnerTexts();

interface ListRow {
  TransferChecklistId: number;
  StockNumber: string;
  PrototypeName: string;
  FromFactoryName: string;
  ToFactoryKey: string;
  ToFactoryName: string;
  EnabledCount: number;
  CompleteCount: number;
}

describe('transfer checklist', () => {
  it('TC-004 TC-005 TC-009 TC-010 a checklist completed item by item gets its completion date, is saved (Ctrl+S) and prints as a PDF', async () => {
    const page = await app.page();
    await login(page, 'admin');
    // TC-004: Find, then Create, then the checklist opens (colorway SR1100-001 moving 310102 -> 310104).
    await navigate(page, '/transferChecklist?prototypeId=1&fromFactoryKey=310102&toFactoryKey=310104');
    await page.waitForURL(/\/transferChecklist\/\d+$/, { timeout: 20_000 });
    await page.getByRole('heading', { name: /Transfer Checklist: SR1100-001/ }).waitFor();
    // Breadcrumb and title: the colorway's stock number and name and the factory it moves to.
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.getByText(/SR1100-001 .* → Long An Athletic Footwear/).waitFor();
    expect(await page.title()).toContain('SR1100-001');
    await expect.poll(() => page.getByLabel('Completion Date').textContent()).toBe('Not complete');

    // DECISIONS TC-011: 'Sandal / slide' requires six items; the others stay disabled.
    await page.getByLabel('Product Type').selectOption({ label: 'Sandal / slide' });
    const enabled = page.locator('.tc-items tbody input[type=checkbox]:not([disabled])');
    await expect.poll(() => enabled.count()).toBe(6);
    expect(await page.getByRole('checkbox', { name: 'Lasts transferred' }).isDisabled()).toBe(true);

    const names = [
      'Tech pack and specifications handed over',
      'Cutting dies transferred',
      'Outsole molds transferred',
      'Material suppliers nominated',
      'Color standards approved',
      'Confirmation sample approved',
    ];
    for (const [n, name] of names.entries()) {
      await page.getByRole('checkbox', { name }).check();
      await page
        .getByLabel('Progress')
        .getByText(`${n + 1} of 6 enabled items complete`)
        .waitFor();
      // TC-005: no date until the last enabled item is complete.
      expect(await page.getByLabel('Completion Date').textContent()).toBe(n < names.length - 1 ? 'Not complete' : today());
    }
    await page.locator('.tc-items tbody tr', { hasText: 'Confirmation sample approved' }).getByText(today()).waitFor();

    // TC-009: Ctrl+S saves with the spec's text.
    const saved = page.waitForResponse((r) => r.url().includes('/api/TransferChecklist/Save') && r.request().method() === 'POST');
    await page.keyboard.press('Control+s');
    expect((await saved).status()).toBe(200);
    await page.getByText('Transfer Checklist saved successfully!').waitFor();

    await page.reload();
    await expect.poll(() => page.getByLabel('Completion Date').textContent(), { timeout: 15_000 }).toBe(today());
    expect(await page.getByRole('checkbox', { name: 'Confirmation sample approved' }).isChecked()).toBe(true);

    for (const width of [1280, 1400]) {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 900 });
      await page.screenshot({ path: `/tmp/transfer-checklist-${width}.png`, fullPage: true });
    }

    // TC-010: the PDF lists the items and the completion date.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(fs.readFileSync(file), { layout: true });
    for (const name of names) expect(text).toContain(name);
    expect(text).toContain('Sandal / slide');
    expect(text).toContain(today());
    expect(text).toMatch(/6 of 6 enabled items complete/);
  });

  it('TC-001 TC-008 the list is the shared grid: a search narrows it, factories by name, the keyboard opens a checklist, it fits 1280 px; a factory user has no factory-left or tariff-mitigation column', async () => {
    const token = await apiToken(app.server.baseUrl, 'admin');
    const api = async <T>(path: string, method = 'GET') =>
      (await (await fetch(`${app.server.baseUrl}${path}`, { method, headers: { Authorization: `Bearer ${token}` } })).json()) as T;
    const want = (await api<{ Results: ListRow[] }>('/api/TransferChecklist/GetTransferChecklists?searchText=SR1100-002')).Results;
    expect(want.length).toBeGreaterThan(0);
    const page = await app.page();
    await page.setViewportSize({ width: 1280, height: 800 });
    await login(page, 'admin');
    await navigate(page, '/transferChecklist');
    await page.getByRole('heading', { name: 'Transfer Checklists' }).waitFor();
    const grid = page.getByTestId(GRID);
    await ownedCell(page, GRID, TITLES, 'Stock Number', 1).waitFor();
    // Columns and titles are the grid document's and the entity's.
    expect(await headers(grid)).toEqual(TITLES);
    const all = await ownedRowCount(page, GRID);
    expect(all).toBeGreaterThan(want.length);

    const search = page.getByLabel('Search transfer checklists');
    await search.fill('SR1100-002');
    await search.press('Enter');
    await expect.poll(() => ownedRowCount(page, GRID)).toBe(want.length);
    const cell = (title: string) => ownedCell(page, GRID, TITLES, title, 1);
    await expect.poll(() => cell('Stock Number').innerText()).toBe(want[0].StockNumber);
    // Names, never ids: the colorway and both factories by name, the receiving one's key beside it.
    expect(await cell('Colorway').innerText()).toBe(want[0].PrototypeName);
    expect(await cell('From Factory').innerText()).toBe(want[0].FromFactoryName);
    expect(await cell('To Factory').innerText()).toBe(want[0].ToFactoryName);
    expect(await cell('To Factory Key').innerText()).toBe(want[0].ToFactoryKey);
    expect(await cell('Progress').innerText()).toBe(`${want[0].CompleteCount} / ${want[0].EnabledCount}`);
    await page.screenshot({ path: '/tmp/transfer-checklist-list-1280.png', fullPage: true });
    // At a laptop's width the page does not scroll sideways (the grid scrolls its own columns); no serious accessibility faults.
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= document.scrollingElement!.clientWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // The keyboard: a cell chosen, moved along the row, Enter opens the row's checklist.
    await cell('Colorway').click();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === `/transferChecklist/${want[0].TransferChecklistId}`);
    await page.getByRole('heading', { name: /Transfer Checklist: SR1100-002/ }).waitFor();

    // TC-008: a checklist to the factory user's factory, seen without the factory left or the flag.
    await api(`/api/TransferChecklist/Create?prototypeId=1&fromFactoryKey=310102&toFactoryKey=310101`, 'POST');
    const theirs = await app.page();
    await login(theirs, 'factory');
    await navigate(theirs, '/transferChecklist');
    await ownedCell(theirs, GRID, FACTORY_TITLES, 'Stock Number', 1).waitFor();
    expect(await headers(theirs.getByTestId(GRID))).toEqual(FACTORY_TITLES);
    // A double-click opens it too.
    await ownedCell(theirs, GRID, FACTORY_TITLES, 'To Factory', 1).dblclick();
    await theirs.getByRole('heading', { name: /^Transfer Checklist: / }).waitFor();
  });

  it('TC-006 TC-007 turning tariff mitigation on previews the items sibling checklists completed, then takes them over', async () => {
    const page = await app.page();
    await login(page, 'admin');
    // Demo checklist 2: SR1100-002 to Golden Step (Cambodia); its pattern's other colorways move there too.
    await navigate(page, '/transferChecklist');
    // The list is a grid: a cell of the row chosen (the stock number's is under the frozen column's copy), Enter opens it.
    const row = page
      .getByTestId(GRID)
      .locator('.ht_master tbody tr')
      .filter({ has: page.getByRole('gridcell', { name: 'SR1100-002', exact: true }) });
    await row.locator('td[aria-colindex="2"]').click();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /Transfer Checklist: SR1100-002/ }).waitFor();
    const outsole = page.getByRole('checkbox', { name: 'Outsole molds transferred' });
    expect(await outsole.isDisabled()).toBe(true);
    const previewed = page.waitForResponse((r) => r.url().includes('/api/TransferChecklist/SyncPatternLevelItemsPreview'));
    // The box stays unchecked until the preview is applied.
    await page.getByRole('checkbox', { name: 'Tariff Mitigation Transfer' }).click();
    expect((await previewed).status()).toBe(200);
    const dialog = page.getByRole('dialog', { name: 'Tariff Mitigation Transfer' });
    await dialog.getByRole('cell', { name: 'Outsole molds transferred' }).waitFor();
    await page.screenshot({ path: '/tmp/transfer-checklist-sync-preview.png' });
    await dialog.getByRole('button', { name: 'Apply' }).click();
    expect(await outsole.isChecked()).toBe(true);
    expect(await outsole.isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Transfer Checklist saved successfully!').waitFor();
    await page.reload();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Outsole molds transferred' }).isChecked(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Tariff Mitigation Transfer' }).isChecked()).toBe(true);
  });

  it('TC-010 UQ-010 Export, an x added in Excel, Upload: the preview shows the one change, Confirm writes it in the background', async () => {
    const page = await app.page();
    await login(page, 'admin');
    const token = await apiToken(app.server.baseUrl, 'admin');
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${app.server.baseUrl}${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } });
    // Demo checklist 5 (SR1110-002): an enabled item still open.
    const checklist = (await (await api('/api/TransferChecklist/Get?transferChecklistId=5')).json()) as {
      Items: { ItemName: string; IsEnabled: boolean; IsComplete: boolean }[];
    };
    const open = checklist.Items.find((i) => i.IsEnabled && !i.IsComplete)!;
    expect(open).toBeTruthy();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(
      await (await api('/api/TransferChecklist/Export', { method: 'POST', body: JSON.stringify({ TransferChecklistIds: [5] }) })).arrayBuffer(),
    );
    const ws = wb.worksheets[0];
    const col = (ws.getRow(1).values as unknown[]).indexOf(open.ItemName);
    ws.getRow(2).getCell(col).value = 'x';
    const file = path.join(os.tmpdir(), `tc-upload-${process.pid}.xlsx`);
    fs.writeFileSync(file, Buffer.from(await wb.xlsx.writeBuffer()));

    await navigate(page, '/transferChecklist/5');
    await page.getByRole('heading', { name: /Transfer Checklist: SR1110-002/ }).waitFor();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await (await chooser).setFiles(file);
    const dialog = page.getByRole('dialog', { name: /Transfer checklist upload/ });
    await dialog.getByRole('list', { name: 'Rows of the file' }).waitFor({ timeout: 30_000 });
    await dialog.locator('li', { hasText: 'Changed' }).getByText('1', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page
      .getByTestId('toast')
      .filter({ hasText: 'Upload confirmed: 1 row being saved. You will be notified by email when processing is complete.' })
      .waitFor();
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByRole('checkbox', { name: open.ItemName }).isChecked();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(true);
    fs.rmSync(file, { force: true });
  });

  it('TC-004 TC-006 CW-057 the factory transfer dialog opens the checklist of the chosen factory; the transfer stores its tariff-mitigation flag there', async () => {
    const page = await app.page();
    await login(page, 'designer');
    await navigate(page, '/colorway/2');
    await page.getByRole('button', { name: 'Factory Transfer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Factory Transfer' });
    const select = dialog.getByLabel('Transfer to factory');
    await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
    const target = await select.locator('option').nth(1).getAttribute('value');
    await select.selectOption(target!);
    await dialog.getByRole('button', { name: 'Transfer Checklist' }).click();
    await page.waitForURL(/\/transferChecklist\/\d+$/, { timeout: 20_000 });
    const checklistPath = new URL(page.url()).pathname;
    // The checklist's own screen: the colorway's, still on show while it loads, has the dialog's unticked
    // 'Tariff mitigation transfer' box, which the name below matches too.
    await page.getByRole('heading', { name: /^Transfer Checklist: / }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Tariff Mitigation Transfer' }).isChecked()).toBe(false);

    await navigate(page, '/colorway/2');
    await page.getByRole('button', { name: 'Factory Transfer' }).click();
    await dialog.getByLabel('Transfer to factory').selectOption(target!);
    await dialog.getByText('Tariff mitigation transfer').click();
    const moved = page.waitForResponse((r) => r.url().includes('/api/Prototype/FactoryTransferUpdate'));
    await dialog.getByRole('button', { name: 'Factory Transfer' }).click();
    expect((await moved).status()).toBe(200);
    await page.getByText('Factory Transfer completed successfully.').waitFor();
    await page.getByRole('link', { name: 'Open the transfer checklist' }).click();
    await page.waitForURL((u) => u.pathname === checklistPath);
    await expect.poll(() => page.getByRole('checkbox', { name: 'Tariff Mitigation Transfer' }).isChecked(), { timeout: 15_000 }).toBe(true);
    // TC-006: every item is enabled for a tariff-mitigation transfer.
    await expect.poll(() => page.locator('.tc-items tbody input[type=checkbox]:not([disabled])').count()).toBe(12);
  });
});
