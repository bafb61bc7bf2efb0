/**
 * Size range presets end to end (CW-068 manage mode, CW-069..073): the designer adds a preset with
 * two rows on /sizeRangePresets and saves it, the rules show before sending (duplicate region/width,
 * a preset without rows), deleting asks first, and the preset is still there after a reload.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, navigate } from './harness';
import { setupApp } from './setup-app';

const app = setupApp();

const presets = (page: Page) => page.getByTestId('size-range-presets');
const field = (page: Page, label: string) => presets(page).getByLabel(label, { exact: true });
async function fillRow(page: Page, preset: number, row: number, region: string, width: string, range: string) {
  await field(page, `Preset ${preset} Region row ${row}`).selectOption({ label: region });
  await field(page, `Preset ${preset} Width row ${row}`).selectOption({ label: width });
  await field(page, `Preset ${preset} Size Range row ${row}`).fill(range);
}
/** Answers the confirmation dialog (CW-072) with its Delete button. */
async function confirmDelete(page: Page) {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('size range presets', () => {
  it('CW-068 CW-069 CW-070 CW-072 CW-073 a designer saves a preset with two rows; an empty preset is refused; reload keeps it', async () => {
    const page = await app.page();
    await login(page, 'designer');
    await navigate(page, '/sizeRangePresets');
    await page.getByRole('heading', { name: 'Size Range Presets' }).waitFor();
    await presets(page).getByText('No presets yet.').waitFor();

    await presets(page).getByRole('button', { name: 'Add preset' }).click();
    await field(page, 'Preset 1 name').fill('Mens Trail');
    await fillRow(page, 1, 1, 'US', 'Medium', '7-13');
    await presets(page).getByRole('button', { name: 'Add size range' }).click();
    // CW-069 shown before sending: the same region and width twice.
    await fillRow(page, 1, 2, 'US', 'Medium', '8-14');
    await presets(page).getByRole('button', { name: 'Save', exact: true }).click();
    await presets(page).getByRole('alert').getByText('Duplicate region/width combination.').waitFor();
    await presets(page).locator('select[aria-label="Preset 1 Width row 2"][aria-invalid="true"]').waitFor();

    await fillRow(page, 1, 2, 'EU', 'Medium', '40-47');
    await presets(page).getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Presets saved successfully!').first().waitFor();

    // CW-070: a second preset whose only row is deleted (after confirming, CW-072) cannot be saved.
    await presets(page).getByRole('button', { name: 'Add preset' }).click();
    await field(page, 'Preset 2 name').fill('Empty');
    await presets(page).getByRole('button', { name: 'Delete Preset 2 size range row 1' }).click();
    await confirmDelete(page);
    await presets(page).getByRole('button', { name: 'Save', exact: true }).click();
    await presets(page).getByRole('alert').getByText('You must add at least one default value.').first().waitFor();

    // CW-072: deleting the preset asks first; then it is gone.
    await presets(page).getByRole('button', { name: 'Delete Preset 2', exact: true }).click();
    await confirmDelete(page);
    await field(page, 'Preset 2 name').waitFor({ state: 'detached' });

    await page.reload();
    await field(page, 'Preset 1 name').waitFor();
    expect(await field(page, 'Preset 1 name').inputValue()).toBe('Mens Trail');
    expect([await field(page, 'Preset 1 Size Range row 1').inputValue(), await field(page, 'Preset 1 Size Range row 2').inputValue()]).toEqual([
      '7-13',
      '40-47',
    ]);
    await field(page, 'Preset 2 name').waitFor({ state: 'detached' });
  });
});
