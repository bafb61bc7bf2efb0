import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { apiToken, login, navigate } from './harness';
import { setupApp } from './setup-app';
import { pdfText } from '../helpers/pdf-text';

const app = setupApp();

const today = () => {
  const d = new Date();
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
};

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

  it('TC-006 TC-007 turning tariff mitigation on previews the items sibling checklists completed, then takes them over', async () => {
    const page = await app.page();
    await login(page, 'admin');
    // Demo checklist 2: SR1100-002 to Golden Step (Cambodia); its pattern's other colorways move there too.
    await navigate(page, '/transferChecklist');
    await page.getByRole('link', { name: 'SR1100-002' }).click();
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
