/**
 * Issue 27, the project-create wizard from a fresh sign-in to saved rows with the keyboard only
 * (WIZ-002, WIZ-011, WIZ-015): sign in, open "Project create" from the Products menu, the brand and
 * season come from the profile, pick the line plan, "Add brief" hands the keyboard to the grid,
 * Insert adds the pattern and the colorway; Ctrl+S with required cells empty says 'Please review
 * all fields indicated in red.' and selects the first red cell, scrolled into view; the pick lists
 * open in full inside the grid (not clipped); the Responsible is the signed-in user. The saved rows
 * are checked through the API.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiToken, DEMO_PASSWORD, DEMO_USERS, login, pathOf } from './harness';
import { setupApp, waitForPath } from './setup-app';

const app = setupApp();
const GRID = '[data-testid="wizard-grid"]';
/** The grid's columns (schemas/grids/project-create.grid.json); a cell's aria-colindex is its position from 1. */
const COLUMNS = [
  'Level',
  'Name',
  'State',
  'Message',
  'Responsible',
  'Workflow group',
  'Gender',
  'Development type',
  'Division',
  'Product type',
  'Size range preset',
  'Stock number',
];
type Option = { value: number | string; label: string };

async function api<T>(token: string, path: string): Promise<T> {
  const res = await fetch(`${app.server.baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** Presses Tab until the focused element passes `is` (at most 40 times). */
async function tabTo(page: Page, is: (el: { id: string; text: string; role: string | null }) => boolean, what: string) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const el = await page.evaluate(() => ({
      id: document.activeElement?.id ?? '',
      text: (document.activeElement?.textContent ?? '').trim(),
      role: document.activeElement?.getAttribute('role') ?? null,
    }));
    if (is(el)) return;
  }
  throw new Error(`Tab never reached ${what}`);
}

/** The selected cell of the grid: its row (from 0), its column title, and whether it is within the grid's visible box. */
function selectedCell(page: Page) {
  return page.evaluate(
    ([grid, columns]) => {
      const box = document.querySelector(grid)!.getBoundingClientRect();
      const td = [...document.querySelectorAll<HTMLTableCellElement>(`${grid} .ht_master td.current`)].pop();
      if (!td) return null;
      const r = td.getBoundingClientRect();
      const row = Number(td.parentElement!.getAttribute('aria-rowindex')) - 2;
      return {
        row,
        column: columns[Number(td.getAttribute('aria-colindex')) - 1],
        inView: r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1,
      };
    },
    [GRID, COLUMNS] as const,
  );
}

/** The cell's shown text (a pick list's arrow left out). */
const cellText = (page: Page, row: number, title: string) =>
  page.evaluate(
    ([grid, r, col]) => {
      const td = [...document.querySelectorAll(`${grid} tbody tr[aria-rowindex="${Number(r) + 2}"] td[aria-colindex="${col}"]`)].pop();
      return (td?.textContent ?? '').replace('▼', '').trim();
    },
    [GRID, row, COLUMNS.indexOf(title) + 1] as const,
  );

/** Enter opens the selected pick-list cell: its list shows every choice (`count`) inside the grid, none cut off; typing the label and Enter picks it. */
async function pick(page: Page, label: string, count: number) {
  await page.keyboard.press('Enter');
  const list = page.locator('.autocompleteEditor').filter({ visible: true });
  await list.locator('td').first().waitFor();
  const [l, g] = [(await list.boundingBox())!, (await page.locator(GRID).boundingBox())!];
  expect(l.height, 'the list shows every choice').toBeGreaterThanOrEqual(count * 22);
  expect(l.y >= g.y && l.y + l.height <= g.y + g.height + 1, 'the list lies inside the grid').toBe(true);
  await page.keyboard.type(label);
  await page.keyboard.press('Enter');
}

/** The designer, signed in; the brand's users (the Responsible list) answer only once `release` is called. */
async function designerWithUsersHeld() {
  const page = await app.page();
  await login(page, 'designer');
  await waitForPath(page, '/home');
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/api\/Reference\/users\?/, async (route) => {
    await held;
    await route.continue();
  });
  return { page, release };
}

describe('issue 27: the wizard with the keyboard only', () => {
  it('WIZ-002 WIZ-011 WIZ-015 fresh sign-in → Products menu → rows → first red cell → pick lists → Ctrl+S saves, Responsible from the profile', async () => {
    const token = await apiToken(app.server.baseUrl, 'designer');
    const genders = await api<Option[]>(token, '/api/Reference/genders');
    const divisions = await api<Option[]>(token, '/api/Reference/divisions');
    const productTypes = await api<Option[]>(token, '/api/Reference/productTypes');
    const groups = await api<Option[]>(token, '/api/Reference/workflowGroups?BrandId=1&ObjectLevel=4');
    const [gender, division, productType, group] = [genders[0], divisions[0], productTypes[0], groups[0]];
    const page = await app.page();

    // Sign in: the user name field has the focus.
    await page.goto('/login');
    await page.getByLabel('User name').waitFor();
    await page.keyboard.type(DEMO_USERS.designer);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await waitForPath(page, '/home');

    // The Products menu: ArrowDown opens it on its first link, the arrows move to Project create.
    await tabTo(page, (el) => el.text === 'Products', 'the Products menu');
    await page.keyboard.press('ArrowDown');
    for (let i = 0; i < 15 && (await page.evaluate(() => document.activeElement?.textContent)) !== 'Project create'; i++)
      await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/projectCreate');

    // The profile's brand and season (Summit Ridge, its first season); a released line plan of theirs with the arrow key.
    await expect.poll(() => page.locator('#wizard-brand option:checked').innerText()).toBe('Summit Ridge');
    await expect.poll(() => page.locator('#wizard-season').inputValue()).toBe('1');
    await page.locator('#wizard-line-plan option').nth(1).waitFor({ state: 'attached' });
    await tabTo(page, (el) => el.id === 'wizard-line-plan', 'the line plan');
    await page.keyboard.press('ArrowDown');
    // Rows wait for the brand's defaults and pick lists (the Responsible among them).
    await expect.poll(() => page.getByRole('button', { name: 'Add brief' }).isEnabled()).toBe(true);
    await tabTo(page, (el) => el.text === 'Add brief', 'Add brief');
    await page.keyboard.press('Enter');

    // The button hands the keyboard to the new row's name; Insert adds a child of the selected row.
    const stamp = Date.now().toString(36).toUpperCase();
    const names = [`KB${stamp} Brief`, `KB${stamp} Pattern`, `KB${stamp} Colorway`];
    for (const [i, name] of names.entries()) {
      await expect.poll(() => selectedCell(page)).toMatchObject({ row: i, column: 'Name' });
      await page.keyboard.type(name);
      await page.keyboard.press('Enter');
      if (i < 2) await page.keyboard.press('Insert');
    }
    expect(await cellText(page, 0, 'Responsible')).toBe('Dana Whitfield');

    // Ctrl+S with required cells empty: the message, and the first red cell selected and in view (the pattern's Gender).
    await page.keyboard.press('Control+s');
    await page.getByText('Please review all fields indicated in red.').waitFor();
    await expect.poll(() => selectedCell(page)).toEqual({ row: 1, column: 'Gender', inView: true });
    await pick(page, gender.label, genders.length);
    // Again and again: the colorway's red cells left to right; Division and Product type lie beyond the window's width and are scrolled to.
    await page.keyboard.press('Control+s');
    await expect.poll(() => selectedCell(page)).toEqual({ row: 2, column: 'Workflow group', inView: true });
    await pick(page, group.label, groups.length);
    await page.keyboard.press('Control+s');
    await expect.poll(() => selectedCell(page)).toEqual({ row: 2, column: 'Division', inView: true });
    await pick(page, division.label, divisions.length);
    await page.keyboard.press('Control+s');
    await expect.poll(() => selectedCell(page)).toEqual({ row: 2, column: 'Product type', inView: true });
    await pick(page, productType.label, productTypes.length);

    await page.keyboard.press('Control+s');
    await page.getByText('3 of 3 rows saved.').waitFor({ timeout: 30_000 });
    expect(pathOf(page)).toBe('/projectCreate');
    // The keyboard is still in the grid after the save: the arrow keys move its selection.
    const before = (await selectedCell(page))!;
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => (await selectedCell(page))?.row).toBe(before.row - 1);

    const created = page.locator('section', { has: page.getByRole('heading', { name: 'Created' }) });
    expect(await created.getByRole('link').allTextContents()).toEqual(names);
    const href = await created.getByRole('link', { name: names[2] }).getAttribute('href');
    const colorway = await api<Record<string, unknown>>(token, `/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${href!.split('/').pop()}`);
    expect(colorway).toMatchObject({
      PrototypeName: names[2],
      ResponsibleId: 3,
      DivisionKey: division.value,
      ProductTypeId: productType.value,
      WFGroupId: group.value,
      SeasonId: 1,
    });
  });

  it('WIZ-002 the toolbar buttons, clicked again and again, hand the keyboard back to the grid: what is typed lands in each new row', async () => {
    const page = await app.page();
    await page.goto('/login');
    await page.getByLabel('User name').fill(DEMO_USERS.designer);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, '/home');
    await page.goto('/projectCreate');
    await page.locator('#wizard-line-plan option').nth(1).waitFor({ state: 'attached' });
    await page.locator('#wizard-line-plan').selectOption({ index: 1 });
    for (const [i, button] of [
      [0, 'Add brief'],
      [1, 'Add brief'],
      [2, 'Add sibling (Shift+Insert)'],
    ] as const) {
      await page.getByRole('button', { name: button }).click();
      await expect.poll(() => selectedCell(page)).toMatchObject({ row: i, column: 'Name' });
      await page.keyboard.type(`Typed ${i}`);
      await page.keyboard.press('Enter');
    }
    expect([await cellText(page, 0, 'Name'), await cellText(page, 1, 'Name'), await cellText(page, 2, 'Name')]).toEqual(['Typed 0', 'Typed 1', 'Typed 2']);
  });

  it("WIZ-015 rows wait for the brand's defaults and pick lists: Add brief is disabled and says why while they load, then the brief carries the Responsible", async () => {
    const { page, release } = await designerWithUsersHeld();
    await page.goto('/projectCreate');
    await page.locator('#wizard-line-plan option').nth(1).waitFor({ state: 'attached' });
    await page.locator('#wizard-line-plan').selectOption({ index: 1 });
    const add = page.getByRole('button', { name: 'Add brief' });
    await add.waitFor();
    expect(await add.isDisabled()).toBe(true);
    expect(await add.getAttribute('title')).toBe("Loading the brand's defaults…");
    expect(await page.getByRole('toolbar', { name: 'Rows' }).getAttribute('aria-busy')).toBe('true');
    release();
    await expect.poll(() => add.isEnabled()).toBe(true);
    await add.click();
    await expect.poll(() => selectedCell(page)).toMatchObject({ row: 0, column: 'Name' });
    expect(await cellText(page, 0, 'Responsible')).toBe('Dana Whitfield');
  });

  it('WIZ-015 Insert pressed while the defaults load is kept and said so: the pattern is added under the started brief once they are in, with the Responsible', async () => {
    const { page, release } = await designerWithUsersHeld();
    await page.goto('/projectCreate?briefSeasonalId=1');
    await expect.poll(() => cellText(page, 0, 'Level')).toBe('Brief');
    // The Name column is frozen: its cell is the clone's, on top of the master table (the last in the document).
    await page.locator(`${GRID} tbody tr[aria-rowindex="2"] td[aria-colindex="2"]`).last().click();
    await expect.poll(() => selectedCell(page)).toMatchObject({ row: 0, column: 'Name' });
    expect(await page.getByRole('toolbar', { name: 'Rows' }).getAttribute('aria-busy')).toBe('true');
    const status = page.getByRole('toolbar', { name: 'Rows' }).getByRole('status');
    expect(await status.textContent()).toBe('Loading defaults…');
    await page.keyboard.press('Insert');
    // The kept key is said at once; no row yet.
    await expect.poll(() => status.textContent()).toBe('Insert waits for defaults…');
    await page.waitForTimeout(300);
    expect(await cellText(page, 1, 'Level')).toBe('');
    release();
    await expect.poll(() => cellText(page, 1, 'Level')).toBe('Pattern');
    await expect.poll(() => status.textContent()).toBe('1 new row, 0 saved');
    expect(await cellText(page, 1, 'Responsible')).toBe('Dana Whitfield');
    expect(await cellText(page, 2, 'Level')).toBe('');
  });
});
