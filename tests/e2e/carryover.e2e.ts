/**
 * Carryover end to end (CARRY-001..019, CW-010): the admin ticks 3 colorways of FW26, reviews them,
 * carries them into SS27 under a line plan, sees them in /Search for SS27 with their volumes and the
 * mail in the outbox; carrying them again with a fourth carries the fourth and names the three
 * (DECISIONS CARRY-013), the three alone are refused naming them; Carryover for
 * Forecasting with the digits-only volume grid; the mass carryover upload through the preview and
 * the upload queue; a colorway's season is shifted from its screen header. E2E_SHOTS=dir saves
 * each screen at 1280 and 1400 px.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken, login, navigate } from './harness';
import { setupApp, waitForPath } from './setup-app';
import { cellAt, clickCell, goToColumn } from './grid-steps';
import { scratchDir } from '../helpers/scratch-dir';

const app = setupApp();
const scratch = scratchDir('carry-');
const COMPLETED = 'Carryover completed. You will receive an email confirmation.';

async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  for (const width of [1280, 1400]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 900 });
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`) });
  }
}

/** The shown texts of the grid's body rows. */
const rowTexts = (page: Page) => page.locator('.data-grid .ht_master tbody tr').allInnerTexts();

/** A brand and season (Summit Ridge FW26 by default); the first `n` (3) rows ticked from a Shift+click selection. */
async function tickFirstThree(page: Page, brandId = '1', seasonId = '2', n = 3) {
  await navigate(page, '/carryover');
  await page.getByRole('heading', { name: 'Carryover' }).waitFor();
  await page.getByLabel('Brand').selectOption(brandId);
  await page.getByLabel('Season', { exact: true }).selectOption(seasonId);
  await page.locator('.data-grid .ht_master tbody tr').nth(2).waitFor({ timeout: 20_000 });
  // A cell right of the frozen key columns (their clone covers the master table's cells).
  await clickCell(page, 'Pattern Name', 0);
  await page.keyboard.down('Shift');
  for (let i = 1; i < n; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.up('Shift');
  await page.getByRole('button', { name: `Tick selected (${n})`, exact: true }).click();
  await page.getByText(`${n} ticked`).waitFor();
  const rows = [];
  for (let i = 0; i < n; i++)
    rows.push({ stock: (await cellAt(page, 'Stock Number', i))!.text.trim(), name: (await cellAt(page, 'Colorway Name', i))!.text.trim() });
  return rows;
}

/** Review, then the final step with SS27 and a line plan of it (Summit Ridge SS27 by default). */
async function toFinal(page: Page, linePlanId = '3', n = 3) {
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await waitForPath(page, '/carryoverConform');
  await page.getByRole('heading', { name: 'Review Carryover' }).waitFor();
  await expect.poll(async () => (await rowTexts(page)).length, { timeout: 15_000 }).toBe(n);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await waitForPath(page, '/carryoverFinal');
  await page.getByLabel('Target season').selectOption({ label: 'Spring/Summer 2027' });
  await page.getByLabel('Line plan').selectOption(linePlanId);
}

describe('carryover', () => {
  it('CARRY-002 CARRY-005 CARRY-013 CARRY-015 three FW26 colorways into SS27 under a line plan, seen in /Search with their volumes; again with a fourth: the fourth carried, the three named (DECISIONS CARRY-013); the three alone: refused naming them', async () => {
    const page = await app.page();
    await login(page, 'admin');
    const ticked = await tickFirstThree(page);
    await shot(page, 'carryover-select');
    await toFinal(page);
    await shot(page, 'carryover-final');
    const answer = page.waitForResponse((r) => r.url().toLowerCase().includes('/api/carryover/doprototypecarryover'));
    await page.getByRole('button', { name: 'Carryover', exact: true }).click();
    expect((await answer).status()).toBe(200);
    await page.getByText(COMPLETED).waitFor();
    await waitForPath(page, '/carryover');

    // The confirmation mail is in the outbox.
    const outbox = path.join(app.server.dataDir!, 'outbox');
    await expect
      .poll(
        () =>
          fs.existsSync(outbox) && fs.readdirSync(outbox).some((f) => fs.readFileSync(path.join(outbox, f), 'utf8').includes('Subject: Carryover completed')),
        { timeout: 15_000 },
      )
      .toBe(true);

    // /Search: each stock number now has an SS27 colorway with its volumes.
    for (const { stock } of ticked) {
      await navigate(page, `/Search?searchModule=4&quickSearchText=${encodeURIComponent(stock)}`);
      const seasons = async () => {
        const n = await page.locator('.data-grid .ht_master tbody tr').count();
        const out: string[] = [];
        for (let i = 0; i < n; i++) out.push((await cellAt(page, 'Season Name', i))?.text.trim() ?? '');
        return out;
      };
      await expect.poll(async () => (await seasons()).filter((x) => x === 'Spring/Summer 2027').length, { timeout: 20_000 }).toBe(1);
      const names = await seasons();
      await goToColumn(page, 'Total Volume');
      const total = async (season: string) => (await cellAt(page, 'Total Volume', names.indexOf(season)))!.text.trim();
      const carried = await total('Spring/Summer 2027');
      expect(carried).toMatch(/^[\d,]+$/);
      expect(carried).toBe(await total('Fall/Winter 2026'));
    }
    await shot(page, 'carryover-search');

    // DECISIONS CARRY-013: the same three and a fourth: the fourth is carried, the three are skipped and named.
    const four = await tickFirstThree(page, '1', '2', 4);
    await toFinal(page, '3', 4);
    const partly = page.waitForResponse((r) => r.url().toLowerCase().includes('/api/carryover/doprototypecarryover'));
    await page.getByRole('button', { name: 'Carryover', exact: true }).click();
    expect((await partly).status()).toBe(200);
    const notice = page.getByRole('dialog', { name: 'Carryover' });
    await notice.getByText(/^Some of these Prototypes have been Carried Over and will not be moved - /).waitFor();
    const named = await notice.getByText(/^Some of these Prototypes/).innerText();
    for (const { name } of four.slice(0, 3)) expect(named).toContain(name);
    expect(named).not.toContain(four[3].name);
    await notice.getByText(COMPLETED).waitFor();
    await notice.getByRole('button', { name: 'OK' }).click();
    await waitForPath(page, '/carryover');

    // CARRY-013: the same three again, refused by the server, naming them.
    await tickFirstThree(page);
    await toFinal(page);
    const refused = page.waitForResponse((r) => r.url().toLowerCase().includes('/api/carryover/doprototypecarryover'));
    await page.getByRole('button', { name: 'Carryover', exact: true }).click();
    expect((await refused).status()).toBe(409);
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.getByText(/^Some of these Prototypes have been Carried Over and will not be moved - /).waitFor();
    const text = await dialog.innerText();
    for (const { name } of ticked) expect(text).toContain(name);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('CARRY-004 CARRY-011 Carryover for Forecasting: volume cells take digits only (8 at most), the volumes are carried', async () => {
    const page = await app.page();
    await login(page, 'admin');
    // Without ticked colorways the final step says CARRY-004's text.
    await navigate(page, '/carryoverFinal');
    await page.getByText('Please Select at least one Prototype').first().waitFor();
    // Harborline SS26 into SS27 (line plan 6): colorways no other test carries.
    await tickFirstThree(page, '2', '5');
    await toFinal(page, '6');
    await page.getByRole('button', { name: 'Carryover for Forecasting', exact: true }).click();
    const grid = page.getByTestId('carryover-volumes');
    await grid.locator('.ht_master tbody tr').nth(2).waitFor();
    // From the first row's stock number (the frozen column) two cells right is US.
    await grid.locator('.ht_clone_inline_start tbody tr').first().locator('td').first().click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.type('12a3-x456789012');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    // Shown as every integer cell shows its value (the Forecast grid's volumes too): with thousands separators.
    await expect.poll(() => grid.locator('.ht_master td.current').innerText()).toBe('12,345,678');
    await shot(page, 'carryover-forecasting');
    const answer = page.waitForResponse((r) => r.url().toLowerCase().includes('/api/carryover/doprototypecarryover'));
    await page.getByRole('button', { name: 'Carry over with these volumes', exact: true }).click();
    const res = await answer;
    expect(res.status()).toBe(200);
    expect(JSON.parse(res.request().postData() ?? '{}').Volumes[0].USVolume).toBe(12345678);
    await page.getByText(COMPLETED).waitFor();
  });

  it('CW-010 CARRY-018 CARRY-019 Shift Season from the colorway screen', async () => {
    const token = await apiToken(app.server.baseUrl, 'admin');
    let id = 0;
    for (const candidate of [35, 36, 37, 38, 39, 41, 42]) {
      const res = await fetch(`${app.server.baseUrl}/api/Prototype/GetSeasonShiftEligibility?PrototypeSeasonalId=${candidate}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = await res.json();
      if (body.CanShift && body.DualSourcedCount === 0) {
        id = candidate;
        break;
      }
    }
    expect(id).toBeGreaterThan(0);
    const page = await app.page();
    await login(page, 'admin');
    await navigate(page, `/colorway/${id}`);
    await page.getByRole('button', { name: 'Shift Season', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Shift Season' });
    const select = dialog.getByLabel('Line plan of the new season');
    await select.waitFor();
    await select.selectOption({ label: 'Spring/Summer 2027: Summit Ridge SS27 Trail & Hike' });
    await shot(page, 'shift-season');
    const answer = page.waitForResponse((r) => r.url().toLowerCase().includes('/api/carryover/shiftprototypeseason'));
    await dialog.getByRole('button', { name: 'Shift Season', exact: true }).click();
    expect((await answer).status()).toBe(200);
    await page.getByText('Season changed successfully.').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Season Name').inputValue(), { timeout: 15_000 }).toBe('Spring/Summer 2027');
  });

  it('CARRY-012 mass carryover by Excel upload: preview, Confirm, the rows are carried through the upload queue', async () => {
    const token = await apiToken(app.server.baseUrl, 'admin');
    const api = (url: string, json: unknown) =>
      fetch(`${app.server.baseUrl}${url}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(json),
      }).then((r) => r.json());
    // Velocity Run (brand 3) SS26 → SS27 (line plan 9): two colorways no other test carries.
    const source = await api('/api/Carryover/SearchPrototypesForCarryover', { BrandId: 3, SeasonId: 9, pageNumber: 1, pageSize: 2 });
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Carryover');
    ws.addRow(['Stock Number', 'Season']);
    for (const r of source.Results) ws.addRow([r.StockNum, r.SeasonName]);
    const file = path.join(scratch, 'Carryover.xlsx');
    fs.writeFileSync(file, Buffer.from(await wb.xlsx.writeBuffer()));

    const page = await app.page();
    await login(page, 'admin');
    await navigate(page, '/carryover');
    await page.getByLabel('Brand').selectOption('3');
    await page.getByLabel('Season', { exact: true }).selectOption('9');
    await navigate(page, '/carryoverFinal');
    await page.getByLabel('Target season').selectOption({ label: 'Spring/Summer 2027' });
    await page.getByLabel('Line plan').selectOption('9');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload carryover file', exact: true }).click();
    await (await chooser).setFiles(file);
    const dialog = page.getByRole('dialog', { name: /Carryover upload/ });
    await dialog.getByRole('list', { name: 'Rows of the file' }).waitFor({ timeout: 30_000 });
    await shot(page, 'carryover-upload');
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByTestId('toast').filter({ hasText: 'Upload Completed' }).waitFor();
    await expect
      .poll(async () => (await api('/api/Carryover/SearchPrototypesForCarryover', { BrandId: 3, SeasonId: 11 })).TotalRecords, { timeout: 30_000 })
      .toBe(2);
  });
});
