/**
 * Steps on an OwnedGrid (ADR 029) found by its `data-testid`: a cell by its column title and row (from
 * 1), typed into as a user does (select, F2, type, Enter), its shown text, the rows shown.
 */
import type { Locator, Page } from 'playwright-core';

/**
 * The cell of column `title` (among the grid's `titles`, in order) in row `row` (from 1). By ARIA
 * index (the header row is 1): a pick-list cell's choices are a grid of their own inside this one.
 */
export function ownedCell(page: Page, gridTestId: string, titles: readonly string[], title: string, row: number): Locator {
  const col = titles.indexOf(title);
  if (col < 0) throw new Error(`no column "${title}" in ${gridTestId}`);
  return page.locator(`[data-testid="${gridTestId}"] .ht_master tbody tr[aria-rowindex="${row + 1}"] td[role="gridcell"][aria-colindex="${col + 1}"]`);
}

/** The rows a grid shows. */
export const ownedRowCount = (page: Page, gridTestId: string) =>
  page.locator(`[data-testid="${gridTestId}"] .ht_master tbody tr:has(> td[role="gridcell"][aria-colindex="1"])`).count();

/**
 * Types `text` into a cell as a user does: select it, F2 opens the editor (Excel's key; it leaves an
 * editor a second click on the same cell opened as it is, where Enter would close it), the old text
 * replaced, Enter writes it.
 */
export async function typeIntoCell(page: Page, cell: Locator, text: string) {
  await cell.click();
  await page.keyboard.press('F2');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}
