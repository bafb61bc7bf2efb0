/**
 * Size range presets end to end (CW-068 manage mode, CW-069..073), on the size range grid
 * (OwnedGrid, ADR 029): the designer adds a preset, types two rows (region and width by name) and
 * saves it; the rules show before sending as red cells with their message (duplicate region/width);
 * a name not in the list is refused; removing a row asks first (Cancel keeps it); a preset without
 * rows is refused; an Excel paste past the last row adds a row (undo and redo); the preset is still
 * there after a reload, its regions and widths shown by name.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { paste } from './grid-steps';
import { login, navigate } from './harness';
import { setupApp } from './setup-app';
import { fillSizeRow, sizeCell, sizeRows, typeSize } from './size-range-steps';

const app = setupApp();

const presets = (page: Page) => page.getByTestId('size-range-presets');
const preset = (page: Page, n: number) =>
  presets(page)
    .getByTestId('size-range-preset')
    .nth(n - 1);
const field = (page: Page, label: string) => presets(page).getByLabel(label, { exact: true });
const save = (page: Page) => presets(page).getByRole('button', { name: 'Save', exact: true }).click();
/** The confirmation dialog (CW-072): its title and question, answered with `answer`. */
async function answerDelete(page: Page, title: string, message: string, answer: 'Delete' | 'Cancel') {
  const dialog = page.getByRole('alertdialog', { name: title });
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain(message);
  await dialog.getByRole('button', { name: answer, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('size range presets', () => {
  it('CW-068 CW-069 CW-070 CW-071 CW-072 CW-073 a designer saves a preset typed into the grid; red cells, refused names, an empty preset; reload keeps it', async () => {
    const page = await app.page();
    await login(page, 'designer');
    await navigate(page, '/sizeRangePresets');
    await page.getByRole('heading', { name: 'Size Range Presets' }).waitFor();
    await presets(page).getByText('No presets yet.').waitFor();

    await presets(page).getByRole('button', { name: 'Add preset' }).click();
    await field(page, 'Preset 1 name').fill('Mens Trail');
    const first = preset(page, 1);
    // A new preset starts with one blank row.
    await expect.poll(() => sizeRows(first), { timeout: 15_000 }).toEqual([['', '', '']]);
    await fillSizeRow(page, first, 0, 'US', 'Medium', '7-13');

    // A name that is no region is refused with the grid's message; the cell keeps its value.
    await typeSize(page, first, 'Region', 0, 'Mars');
    await expect.poll(() => sizeCell(first, 'Region', 0).getAttribute('class'), { timeout: 10_000 }).toContain('cell--error');
    expect(await sizeCell(first, 'Region', 0).getAttribute('title')).toBe('Select a value from the list.');
    expect((await sizeRows(first))[0]).toEqual(['US', 'Medium', '7-13']);

    await first.getByRole('button', { name: 'Add row' }).click();
    // CW-069, CW-071 shown before sending: the same region and width twice, the later row's cells red with the message.
    await fillSizeRow(page, first, 1, 'US', 'Medium', '8-14');
    let posted = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/User/SaveSizeRangePresets')) posted++;
    });
    await save(page);
    await presets(page).getByRole('alert').getByText('Duplicate region/width combination.').waitFor();
    for (const title of ['Region', 'Width'] as const) {
      expect(await sizeCell(first, title, 1).getAttribute('class'), title).toContain('cell--error');
      expect(await sizeCell(first, title, 1).getAttribute('title'), title).toBe('Duplicate region/width combination.');
    }
    expect(await sizeCell(first, 'Width', 0).getAttribute('class')).not.toContain('cell--error');
    expect(posted).toBe(0);

    await typeSize(page, first, 'Region', 1, 'EU');
    await typeSize(page, first, 'Size Range', 1, '40-47');
    await expect
      .poll(() => sizeRows(first), { timeout: 10_000 })
      .toEqual([
        ['US', 'Medium', '7-13'],
        ['EU', 'Medium', '40-47'],
      ]);
    await save(page);
    await page.getByText('Presets saved successfully!').first().waitFor();
    expect(posted).toBe(1);

    // CW-072: removing the second preset's only row asks first; Cancel keeps it, Delete removes it.
    await presets(page).getByRole('button', { name: 'Add preset' }).click();
    await field(page, 'Preset 2 name').fill('Empty');
    const second = preset(page, 2);
    await expect.poll(() => sizeRows(second), { timeout: 15_000 }).toEqual([['', '', '']]);
    await sizeCell(second, 'Size Range', 0).click();
    await second.getByRole('button', { name: 'Remove row' }).click();
    await answerDelete(page, 'Delete size range', 'Are you sure you want to delete this size range?', 'Cancel');
    expect(await sizeRows(second)).toEqual([['', '', '']]);
    await second.getByRole('button', { name: 'Remove row' }).click();
    await answerDelete(page, 'Delete size range', 'Are you sure you want to delete this size range?', 'Delete');
    await expect.poll(() => sizeRows(second), { timeout: 10_000 }).toEqual([]);
    await second.getByText('No size ranges.').waitFor();
    // CW-070: a preset without rows cannot be saved.
    await save(page);
    await presets(page).getByRole('alert').getByText('You must add at least one default value.').first().waitFor();

    // CW-072: deleting the preset asks first; then it is gone.
    await presets(page).getByRole('button', { name: 'Delete Preset 2', exact: true }).click();
    await answerDelete(page, 'Delete preset', 'Are you sure you want to delete the preset Empty?', 'Delete');
    await field(page, 'Preset 2 name').waitFor({ state: 'detached' });

    await page.reload();
    await field(page, 'Preset 1 name').waitFor();
    expect(await field(page, 'Preset 1 name').inputValue()).toBe('Mens Trail');
    await expect
      .poll(() => sizeRows(preset(page, 1)), { timeout: 15_000 })
      .toEqual([
        ['US', 'Medium', '7-13'],
        ['EU', 'Medium', '40-47'],
      ]);
    await field(page, 'Preset 2 name').waitFor({ state: 'detached' });
  });

  it('CW-068 CW-073 an Excel paste on the last row of a preset adds the rows past it (one change: Ctrl+Z, Ctrl+Y) and saves them', async () => {
    const page = await app.page();
    await login(page, 'designer');
    await navigate(page, '/sizeRangePresets');
    await presets(page).getByRole('button', { name: 'Add preset' }).click();
    await field(page, 'Preset 1 name').waitFor();
    const n = await presets(page).getByTestId('size-range-preset').count();
    await field(page, `Preset ${n} name`).fill('Pasted Kids');
    const card = preset(page, n);
    await expect.poll(() => sizeRows(card), { timeout: 15_000 }).toEqual([['', '', '']]);

    await sizeCell(card, 'Region', 0).click();
    await paste(page, 'UK\tWide\t3-6\r\nAsia\tNarrow\t22-28\r\n');
    const pasted = [
      ['UK', 'Wide', '3-6'],
      ['Asia', 'Narrow', '22-28'],
    ];
    await expect.poll(() => sizeRows(card), { timeout: 10_000 }).toEqual(pasted);
    await page.keyboard.press('Control+z');
    await expect.poll(() => sizeRows(card), { timeout: 10_000 }).toEqual([['', '', '']]);
    await page.keyboard.press('Control+y');
    await expect.poll(() => sizeRows(card), { timeout: 10_000 }).toEqual(pasted);

    const saved = page.waitForResponse((r) => r.url().includes('/api/User/SaveSizeRangePresets'));
    await save(page);
    expect((await saved).status()).toBe(200);
    await page.reload();
    await field(page, `Preset ${n} name`).waitFor();
    expect(await field(page, `Preset ${n} name`).inputValue()).toBe('Pasted Kids');
    await expect.poll(() => sizeRows(preset(page, n)), { timeout: 15_000 }).toEqual(pasted);
  });
  it('CW-072 CW-073 deleting a saved preset keeps the unsaved edits of another (nothing typed is dropped by the read after it)', async () => {
    const page = await app.page();
    await login(page, 'designer');
    await navigate(page, '/sizeRangePresets');
    await page.getByRole('heading', { name: 'Size Range Presets' }).waitFor();
    await presets(page).getByRole('button', { name: 'Add preset' }).waitFor();
    const count = () => presets(page).getByTestId('size-range-preset').count();
    /** The position (from 1) of the preset named `name`: the list is sorted by name once saved. */
    const at = async (name: string) => {
      for (let n = 1; n <= (await count()); n++) if ((await field(page, `Preset ${n} name`).inputValue()) === name) return n;
      throw new Error(`no preset ${name}`);
    };
    for (const [name, range] of [
      ['Keep Me', '9-12'],
      ['Delete Me', '1-5'],
    ] as const) {
      await presets(page).getByRole('button', { name: 'Add preset' }).click();
      const n = await count();
      await field(page, `Preset ${n} name`).fill(name);
      await expect.poll(() => sizeRows(preset(page, n)), { timeout: 15_000 }).toEqual([['', '', '']]);
      await fillSizeRow(page, preset(page, n), 0, 'US', 'Medium', range);
    }
    await save(page);
    await page.getByText('Presets saved successfully!').first().waitFor();
    await expect.poll(() => presets(page).getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);

    // The one to keep edited and not saved, then the other deleted.
    const keep = await at('Keep Me');
    await field(page, `Preset ${keep} name`).fill('Keep Me (renamed)');
    await typeSize(page, preset(page, keep), 'Size Range', 0, '10-13');
    await expect.poll(async () => (await sizeRows(preset(page, keep)))[0]).toEqual(['US', 'Medium', '10-13']);
    await presets(page)
      .getByRole('button', { name: `Delete Preset ${await at('Delete Me')}`, exact: true })
      .click();
    await answerDelete(page, 'Delete preset', 'Are you sure you want to delete the preset Delete Me?', 'Delete');
    await page.getByText('Preset deleted.').first().waitFor();
    // Before: the read after the delete put the stored name and rows back.
    const kept = await at('Keep Me (renamed)');
    expect((await sizeRows(preset(page, kept)))[0]).toEqual(['US', 'Medium', '10-13']);
    await expect(at('Delete Me')).rejects.toThrow();

    await save(page);
    await page.getByText('Presets saved successfully!').first().waitFor();
    await page.reload();
    await presets(page).getByTestId('size-range-preset').first().waitFor({ timeout: 15_000 });
    const stored = await at('Keep Me (renamed)');
    await expect.poll(async () => (await sizeRows(preset(page, stored)))[0], { timeout: 15_000 }).toEqual(['US', 'Medium', '10-13']);
  });
});
