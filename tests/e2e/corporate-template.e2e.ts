/**
 * The corporate template end to end (TPL-001..009, PERM-004): the admin edits a row, drags a row to
 * the top (renumbered by 10), saves with Ctrl+S, reloads and finds both; blank required cells block
 * the save with 'Please fill all required fields' and are marked; the sort cell takes digits only;
 * the view is read-only; users without module 2 are sent to /permissionDenied.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { paste } from './grid-steps';
import { login, navigate } from './harness';
import { setupApp, waitForPath } from './setup-app';

const app = setupApp();

const GRID = '[data-testid="corporate-template-grid"]';
const COLS = ['Group', 'Name', 'Stage', 'Sort', 'Start Date', 'End Date'];
const cell = (page: Page, title: string, row: number) =>
  page.locator(`${GRID} .ht_master tbody tr:nth-child(${row + 1}) td:nth-of-type(${COLS.indexOf(title) + 1})`);
const rowHeader = (page: Page, row: number) => page.locator(`${GRID} .ht_clone_inline_start tbody tr:nth-child(${row + 1}) th`);
/** The Name and Sort of every row shown. */
const names = (page: Page) => page.locator(`${GRID} .ht_master tbody tr td:nth-of-type(2)`).allTextContents();
const sorts = (page: Page) => page.locator(`${GRID} .ht_master tbody tr td:nth-of-type(4)`).allTextContents();
const isSave = (r: { url(): string; request(): { method(): string } }) =>
  r.url().includes('/api/CorporateTemplate/CreateCorporateTemplate') && r.request().method() === 'POST';

async function typeInto(page: Page, title: string, row: number, text: string) {
  await cell(page, title, row).click();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

describe('corporate template', () => {
  it('TPL-001 TPL-002 TPL-004 TPL-007 PERM-004 the admin edits a row, drags a row to the top, saves with Ctrl+S; a reload shows both', async () => {
    const page = await app.page();
    await login(page, 'admin');
    await navigate(page, '/linePlanTemplateEdit');
    await page.getByRole('heading', { name: 'Edit Corporate Template' }).waitFor();
    await expect.poll(() => names(page), { timeout: 15_000 }).toContain('Kick-off');
    const before = await names(page);
    expect(before.slice(0, 3)).toEqual(['Kick-off', 'Concept Review', 'Design Lock']);
    expect(await cell(page, 'Group', 0).textContent()).toContain('Concept');

    // Edit a cell.
    await typeInto(page, 'Name', 0, 'Kick-off Workshop');
    await expect.poll(() => cell(page, 'Name', 0).textContent(), { timeout: 10_000 }).toBe('Kick-off Workshop');

    // TPL-004: drag the third row (Design Lock) by its header above the first; the list is renumbered by 10.
    await rowHeader(page, 2).click();
    const from = (await rowHeader(page, 2).boundingBox())!;
    const to = (await rowHeader(page, 0).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.move(to.x + to.width / 2, to.y + 3, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => names(page), { timeout: 10_000 }).toEqual(['Design Lock', 'Kick-off Workshop', 'Concept Review', ...before.slice(3)]);
    expect(await sorts(page)).toEqual(before.map((_, i) => String((i + 1) * 10)));

    // TPL-005: the sort cell ignores letters.
    await cell(page, 'Sort', 1).click();
    await page.keyboard.type('x5');
    await page.keyboard.press('Enter');
    await expect.poll(() => cell(page, 'Sort', 1).textContent(), { timeout: 10_000 }).toBe('5');
    // In the open editor too: letters are dropped (back up to the row with the keyboard: a second click
    // on the same cell within half a second is Handsontable's double click, which opens the editor).
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2x0');
    await page.keyboard.press('Enter');
    await expect.poll(() => cell(page, 'Sort', 1).textContent(), { timeout: 10_000 }).toBe('20');

    // Save with Ctrl+S (the answer listened for before the key is pressed).
    const saved = page.waitForResponse(isSave);
    await page.keyboard.press('Control+s');
    expect((await saved).status()).toBe(200);
    await page.getByText('Record Saved Successfully.').first().waitFor();

    await page.reload();
    await expect.poll(() => names(page), { timeout: 15_000 }).toEqual(['Design Lock', 'Kick-off Workshop', 'Concept Review', ...before.slice(3)]);
    expect(await sorts(page)).toEqual(before.map((_, i) => String((i + 1) * 10)));

    // The read-only view shows the same list; the admin may open the edit screen from it.
    await navigate(page, '/linePlanTemplateView');
    await page.getByRole('heading', { name: 'Corporate Template', exact: true }).waitFor();
    await expect.poll(() => names(page), { timeout: 15_000 }).toEqual(['Design Lock', 'Kick-off Workshop', 'Concept Review', ...before.slice(3)]);
    await page.getByRole('link', { name: 'Edit', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save' }).waitFor({ state: 'detached' });
  });

  it('TPL-006 DECISIONS TPL-009 a new row with blank required cells blocks the save and is marked; removing it lets the list save', async () => {
    const page = await app.page();
    await login(page, 'admin');
    await navigate(page, '/linePlanTemplateEdit');
    await expect.poll(() => names(page), { timeout: 15_000 }).toContain('Concept Review');
    const count = (await names(page)).length;
    await page.getByRole('button', { name: 'Add row' }).click();
    await expect.poll(async () => (await names(page)).length, { timeout: 10_000 }).toBe(count + 1);
    await typeInto(page, 'Name', count, 'Wear Test');
    let posted = false;
    page.on('request', (r) => {
      if (r.url().includes('CreateCorporateTemplate')) posted = true;
    });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('alert').getByText('Please fill all required fields').first().waitFor();
    for (const title of ['Group', 'Stage']) expect(await cell(page, title, count).getAttribute('class')).toContain('cell--error');
    expect(await cell(page, 'Name', count).getAttribute('class')).not.toContain('cell--error');
    expect(posted).toBe(false);

    await cell(page, 'Name', count).click();
    await page.getByRole('button', { name: 'Remove row' }).click();
    await expect.poll(async () => (await names(page)).length, { timeout: 10_000 }).toBe(count);
    await cell(page, 'Name', 0).click();
    await page.getByRole('button', { name: 'Move down' }).click();
    const saved = page.waitForResponse(isSave);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).status()).toBe(200);
  });

  it('ADR 029 TPL-004 the owned grid: an Excel paste past the last row adds rows as one change (Ctrl+Z, Ctrl+Y), Alt+Up moves a row, Ctrl+D fills down, refused text is marked', async () => {
    const page = await app.page();
    await login(page, 'admin');
    await navigate(page, '/linePlanTemplateEdit');
    await expect.poll(() => names(page), { timeout: 15_000 }).toContain('Concept Review');
    const before = await names(page);
    const last = before.length - 1;
    const stages = () => page.locator(`${GRID} .ht_master tbody tr td:nth-of-type(3)`).allTextContents();

    // Two rows of Name and Stage pasted on the last row: it takes the first, a new row the second.
    await cell(page, 'Name', last).click();
    await paste(page, 'Wear Test\tDesign\r\nLasting\tDevelopment\r\n');
    await expect.poll(() => names(page), { timeout: 10_000 }).toEqual([...before.slice(0, last), 'Wear Test', 'Lasting']);
    expect((await stages()).slice(-2)).toEqual(['Design', 'Development']);
    await page.keyboard.press('Control+z');
    await expect.poll(() => names(page), { timeout: 10_000 }).toEqual(before);
    await page.keyboard.press('Control+y');
    await expect.poll(() => names(page), { timeout: 10_000 }).toEqual([...before.slice(0, last), 'Wear Test', 'Lasting']);

    // Alt+Up moves the selected row up; the list is renumbered by 10.
    await cell(page, 'Name', last + 1).click();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => names(page), { timeout: 10_000 }).toEqual([...before.slice(0, last), 'Lasting', 'Wear Test']);
    expect(await sorts(page)).toEqual([...before, 'x'].map((_, i) => String((i + 1) * 10)));

    // Ctrl+D: the first row's stage over the second's.
    const first = (await stages())[0];
    await cell(page, 'Stage', 0).click();
    await cell(page, 'Stage', 1).click({ modifiers: ['Shift'] });
    await page.keyboard.press('Control+d');
    await expect.poll(async () => (await stages())[1], { timeout: 10_000 }).toBe(first);

    // Text a cell refuses is not written; the cell turns red with the reason.
    const sort = (await sorts(page))[2];
    await cell(page, 'Sort', 2).click();
    await paste(page, 'abc');
    await expect.poll(() => cell(page, 'Sort', 2).getAttribute('class'), { timeout: 10_000 }).toContain('cell--error');
    expect(await cell(page, 'Sort', 2).getAttribute('title')).toBe('Enter a number.');
    expect(await cell(page, 'Sort', 2).textContent()).toBe(sort);
    await page.getByRole('status').filter({ hasText: 'Sort: Enter a number.' }).waitFor();
  });

  it('PERM-004 users without module 2 are sent to /permissionDenied from both screens', async () => {
    const page = await app.page();
    await login(page, 'designer');
    for (const path of ['/linePlanTemplateView', '/linePlanTemplateEdit']) {
      await navigate(page, path);
      await waitForPath(page, '/permissionDenied');
    }
  });
});
