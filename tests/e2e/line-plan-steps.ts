/**
 * Steps on the line plan's Details sections (each an OwnedGrid in a card, `data-testid` the section's
 * and `<section>-grid` the grid's): a cell by its column title and row (from 1), typed into as a user
 * does, its shown text, the rows shown (owned-grid-steps.ts).
 */
import type { Page } from 'playwright-core';
import { ownedCell, ownedRowCount, typeIntoCell } from './owned-grid-steps';

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
export const sectionCell = (page: Page, testId: string, title: string, row: number) => ownedCell(page, `${testId}-grid`, columnsOf(testId), title, row);

/** The text a cell shows (dates as MM/DD/YYYY, a group by its name). */
export const cellText = async (page: Page, testId: string, title: string, row: number) =>
  ((await sectionCell(page, testId, title, row).textContent()) ?? '').trim();

/** The rows a section's grid shows. */
export const rowCount = (page: Page, testId: string) => ownedRowCount(page, `${testId}-grid`);

/** Types `text` into a cell as a user does (owned-grid-steps.ts). */
export const typeInto = (page: Page, testId: string, title: string, row: number, text: string) =>
  typeIntoCell(page, sectionCell(page, testId, title, row), text);

/** Types a row's cells left to right, `values` by column title. */
export async function typeRow(page: Page, testId: string, row: number, values: Readonly<Record<string, string>>) {
  for (const [title, text] of Object.entries(values)) await typeInto(page, testId, title, row, text);
}
