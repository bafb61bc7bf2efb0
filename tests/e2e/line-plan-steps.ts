/**
 * Steps on the line plan's Details sections (each an OwnedGrid in a card, `data-testid` the section's
 * and `<section>-grid` the grid's): a cell by its column title and row (from 1), typed into as a user
 * does (select, Enter, type, Enter), its shown text, the rows shown.
 */
import type { Page } from 'playwright-core';

export const PLANNING = ['Phase', 'Start Date', 'End Date'];
export const CALENDAR = ['Name', 'Stage', 'Group', 'Sort', 'Start Date', 'End Date', 'Duration (days)'];
export const LAUNCHES = [
  'Launch',
  'Launch Description',
  'Adoption Due',
  'Spec Lock T1 Due',
  'PO Issued',
  'T2 Due',
  'T3 Due',
  'Factory Ex-Go',
  'Available at Retail',
];
const columnsOf = (testId: string) => (testId === 'planning' ? PLANNING : testId === 'launches' ? LAUNCHES : CALENDAR);

/** The section (its title, Save button, messages and grid). */
export const section = (page: Page, testId: string) => page.getByTestId(testId);

/** The cell of column `title` in row `row` (from 1) of a section's grid. */
export function sectionCell(page: Page, testId: string, title: string, row: number) {
  const col = columnsOf(testId).indexOf(title);
  if (col < 0) throw new Error(`no column "${title}" in ${testId}`);
  // By ARIA index (the header row is 1): the Group cell's pick list is a grid of its own inside this one.
  return page.locator(`[data-testid="${testId}-grid"] .ht_master tbody tr[aria-rowindex="${row + 1}"] td[role="gridcell"][aria-colindex="${col + 1}"]`);
}

/** The text a cell shows (dates as MM/DD/YYYY, a group by its name). */
export const cellText = async (page: Page, testId: string, title: string, row: number) =>
  ((await sectionCell(page, testId, title, row).textContent()) ?? '').trim();

/** The rows a section's grid shows. */
export const rowCount = (page: Page, testId: string) =>
  page.locator(`[data-testid="${testId}-grid"] .ht_master tbody tr:has(> td[role="gridcell"][aria-colindex="1"])`).count();

/**
 * Types `text` into a cell as a user does: select it, F2 opens the editor (Excel's key; it leaves an
 * editor a second click on the same cell opened as it is, where Enter would close it), the old text
 * replaced, Enter writes it.
 */
export async function typeInto(page: Page, testId: string, title: string, row: number, text: string) {
  await sectionCell(page, testId, title, row).click();
  await page.keyboard.press('F2');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** Types a row's cells left to right, `values` by column title. */
export async function typeRow(page: Page, testId: string, row: number, values: Readonly<Record<string, string>>) {
  for (const [title, text] of Object.entries(values)) await typeInto(page, testId, title, row, text);
}
