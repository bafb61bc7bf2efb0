/** Steps on the flash-edit screens (issue 12) shared by the flash-edit e2e files. */
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { toTsv } from '../../web/src/components/data-grid/tsv';

/** The criteria bar of the open screen. */
export const criteriaBar = (page: Page) => page.getByRole('form', { name: 'Criteria' });

/** Chooses a criterion by its option's label (Brand, Season, Status…). */
export async function chooseCriterion(page: Page, label: string, option: string) {
  const select = criteriaBar(page).getByLabel(label, { exact: true });
  await select.locator('option', { hasText: option }).first().waitFor({ state: 'attached' });
  await select.selectOption({ label: option });
}

/** The label of the chosen option of a criterion. */
export const chosenCriterion = (page: Page, label: string) =>
  criteriaBar(page)
    .getByLabel(label, { exact: true })
    .evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent ?? '');

/** Clicks Search and waits for the grid's search answer; returns its request body. */
export async function searchWith(page: Page, gridId: string): Promise<Record<string, unknown>> {
  const answer = page.waitForResponse((r) => isGridCall(r.url(), gridId, 'Search'));
  await criteriaBar(page).getByRole('button', { name: 'Search', exact: true }).click();
  const res = await answer;
  return JSON.parse(res.request().postData() ?? '{}');
}

export const isGridCall = (url: string, gridId: string, call: 'Search' | 'Save') =>
  new URL(url).pathname.toLowerCase() === `/api/grid/${gridId}/${call}`.toLowerCase();

/** The "N records" count of the grid toolbar. */
export async function recordCount(page: Page): Promise<number> {
  const el = page.locator('.data-grid__status', { hasText: /[\d,]+ records?\b/ });
  await el.waitFor();
  return Number((await el.textContent())!.replace(/\D+/g, ''));
}

/** The titles of the grid's column headers (the visible ones). */
export const headerTitles = (page: Page) =>
  page.locator('.data-grid .ht_clone_top thead th').evaluateAll((ths) => ths.map((th) => (th.textContent ?? '').replace(/[▲▼▾]/g, '').trim()).filter(Boolean));

/**
 * A block of cells as Excel puts it on the clipboard after copying it from a real workbook: the
 * rows are written to an .xlsx with exceljs, the file is read back, and its cells become
 * Excel's tab-separated text (numbers as shown, booleans TRUE/FALSE).
 */
export async function clipboardFromXlsx(rows: readonly (readonly unknown[])[]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Block');
  for (const r of rows) ws.addRow([...r]);
  const copy = new ExcelJS.Workbook();
  await copy.xlsx.load(await wb.xlsx.writeBuffer());
  const width = Math.max(...rows.map((r) => r.length));
  const table: string[][] = [];
  copy.worksheets[0].eachRow((r) => {
    table.push(
      Array.from({ length: width }, (_, c) => {
        const v = r.getCell(c + 1).value;
        return typeof v === 'boolean' ? (v ? 'TRUE' : 'FALSE') : String(v ?? '');
      }),
    );
  });
  return toTsv(table);
}

/** Types a value into the selected cell and commits it with Enter. */
export async function typeIntoCell(page: Page, value: string) {
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(value);
  await page.keyboard.press('Enter');
}

/** The download of the grid's Export button as a workbook, with its file name. */
export async function exportWorkbook(page: Page): Promise<{ name: string; workbook: ExcelJS.Workbook }> {
  const download = page.waitForEvent('download');
  await page.locator('.data-grid__toolbar').getByRole('button', { name: 'Export' }).click();
  const file = await download;
  const workbook = new ExcelJS.Workbook();
  const fs = await import('node:fs');
  await workbook.xlsx.load(fs.readFileSync((await file.path())!) as never);
  return { name: file.suggestedFilename(), workbook };
}
