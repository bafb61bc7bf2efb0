/** Steps on a size range grid (SizeRangeRows on OwnedGrid: a colorway's size ranges, a preset's rows), shared by the e2e files. */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { typeIntoCell } from './owned-grid-steps';

export const SIZE_COLUMNS = ['Region', 'Width', 'Size Range'] as const;
type Column = (typeof SIZE_COLUMNS)[number];

/** The size range grid within `scope` (the colorway's panel, a preset's card). */
export const sizeGrid = (scope: Locator) => scope.getByTestId('size-range-rows');

/**
 * The grid's own cells of a column (by its aria-colindex: a pick list's dropdown is a grid of its own
 * inside this one, whose cells are options), in row `row` (from 0) or every row.
 */
const cells = (scope: Locator, title: Column, row?: number) =>
  sizeGrid(scope).locator(`.ht_master tbody tr${row === undefined ? '' : `:nth-child(${row + 1})`} td[aria-colindex="${SIZE_COLUMNS.indexOf(title) + 1}"]`);

/** A cell of the grid (column by title, row from 0). */
export const sizeCell = (scope: Locator, title: Column, row: number) => cells(scope, title, row);

/** The shown text of every row's cell of a column (a pick list's arrow left out). */
export const sizeColumn = async (scope: Locator, title: Column) => (await cells(scope, title).allTextContents()).map((t) => t.replace('▼', '').trim());

/** Each row as [region, width, size range], as shown. */
export async function sizeRows(scope: Locator): Promise<string[][]> {
  const [regions, widths, ranges] = [await sizeColumn(scope, 'Region'), await sizeColumn(scope, 'Width'), await sizeColumn(scope, 'Size Range')];
  return regions.map((r, i) => [r, widths[i], ranges[i]]);
}

/** Types into a cell as a user does (owned-grid-steps.ts); a pick-list cell takes the name typed. */
export const typeSize = (page: Page, scope: Locator, title: Column, row: number, text: string) => typeIntoCell(page, sizeCell(scope, title, row), text);

/** Types a whole row and waits until the grid shows it. */
export async function fillSizeRow(page: Page, scope: Locator, row: number, region: string, width: string, range: string) {
  await typeSize(page, scope, 'Region', row, region);
  await typeSize(page, scope, 'Width', row, width);
  await typeSize(page, scope, 'Size Range', row, range);
  await expect.poll(async () => (await sizeRows(scope))[row], { timeout: 10_000 }).toEqual([region, width, range]);
}
