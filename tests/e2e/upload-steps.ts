/**
 * Steps the upload e2e files share (upload-queue*.e2e.ts): a workbook written to a temp file, the
 * screen's Upload button with the browser's file chooser, the costing preview dialog, a count of
 * the preview or job page by its label, and the colorway fields' titles.
 */
import fs from 'node:fs';
import path from 'node:path';
import type ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { scratchDir } from '../helpers/scratch-dir';

/**
 * A folder for one test file's workbooks, removed after its tests. Call it at the file's top level:
 * this module is evaluated once for every file a worker runs (no isolation), so a folder made here
 * would go with the first file's tests.
 */
export function workbookFolder() {
  const dir = scratchDir('plm-upload-e2e-');
  return {
    dir,
    async write(wb: ExcelJS.Workbook, name: string): Promise<string> {
      const file = path.join(dir, name);
      fs.writeFileSync(file, Buffer.from(await wb.xlsx.writeBuffer()));
      return file;
    },
  };
}

/** Clicks the screen's Upload button and picks the file in the browser's file chooser. */
export async function upload(page: Page, file: string, button = 'Upload') {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button, exact: true }).click();
  await (await chooser).setFiles(file);
}

export const previewDialog = (page: Page) => page.getByRole('dialog', { name: /Costing upload/ });

/** A count of the preview or job page by its label ('Changed', 'Refused'…). */
export async function countOf(scope: Locator, list: string, label: string): Promise<number> {
  const li = scope.getByRole('list', { name: list }).locator('li', { has: scope.page().locator('span', { hasText: new RegExp(`^${label}$`) }) });
  return Number((await li.locator('strong').textContent())!.replace(/\D+/g, ''));
}

const colorwayTitles = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../schemas/entities/colorway.schema.json'), 'utf8')).properties as Record<
  string,
  { title: string }
>;
export const title = (field: string) => colorwayTitles[field].title;
