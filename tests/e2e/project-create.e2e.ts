/**
 * The project-create wizard in Chromium (WIZ-001..018): the designer sets the brand's project-create
 * defaults on the profile (WIZ-016), picks a released line plan (WIZ-004), builds 1 brief, 2 patterns
 * and 4 colorways with the keyboard (Insert: child, Shift+Insert: sibling), the rows starting from
 * those defaults (WIZ-015); one colorway takes the stock number of an existing colorway of the
 * season (WIZ-009: flagged as typed). Ctrl+S saves: 6 rows are created (links by name), the failing
 * row keeps its WIZ-013 error, saved rows are locked (WIZ-008). The new hierarchy is then found in
 * /Search (colorways, Stock Number filter) with its pattern, brief and line plan names.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { apiToken, login, navigate } from './harness';
import { setupApp } from './setup-app';

const app = setupApp();

type Option = { value: number | string; label: string };
const STOCK_TAKEN = 'Stock Number already exists for this season and factory.';

async function api<T>(token: string, path: string, json?: unknown): Promise<T> {
  const res = await fetch(`${app.server.baseUrl}${path}`, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, ...(json === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body as T;
}

/** Brand 1, a season with a Released line plan, the pick-list labels the test chooses, and a colorway holding a stock number. */
async function demoPlace(token: string, stockNum: string) {
  const brand = (await api<{ BrandId: number; BrandName: string }[]>(token, '/api/Brand/GetBrandsByUser')).find((b) => b.BrandId === 1)!;
  const seasons = await api<{ SeasonId: number; SeasonName: string }[]>(token, '/api/Season/GetSeasonsByBrand?BrandId=1');
  for (const season of seasons) {
    const lps = await api<{ Results: { LinePlanId: number; LinePlanName: string }[] }>(
      token,
      `/api/Brief/BriefLinePlans?BrandId=1&SeasonId=${season.SeasonId}&pageSize=50`,
    );
    const patterns = await api<{ Results: { PatternSeasonalId: number }[] }>(token, '/api/Prototype/SearchPatternsForPrototype', {
      BrandId: 1,
      SeasonId: season.SeasonId,
      pageNumber: 1,
      pageSize: 1,
    });
    if (!lps.Results.length || !patterns.Results.length) continue;
    const users = await api<Option[]>(token, '/api/Reference/users?BrandId=1');
    const groups = await api<Option[]>(token, '/api/Reference/workflowGroups?BrandId=1&ObjectLevel=4');
    const divisions = await api<Option[]>(token, '/api/Reference/divisions');
    const genders = await api<Option[]>(token, '/api/Reference/genders');
    const productTypes = (await api<Option[]>(token, '/api/Reference/productTypes')).filter((p) => p.value !== 3); // 3: carry-over never collides
    const responsible = users.find((u) => u.label.toLowerCase().includes('design')) ?? users[0];
    // The existing colorway whose stock number one row of the wizard takes.
    await api(token, '/api/Prototype/CreatePrototypeSeasonal', {
      Prototype: { PrototypeName: `${stockNum} holder`, BrandId: 1, DivisionKey: divisions[0].value, StockNum: stockNum },
      PrototypeSeasonal: {
        SeasonId: season.SeasonId,
        StatusId: 1,
        ResponsibleId: responsible.value,
        ProductTypeId: productTypes[0].value,
        WFGroupId: groups[0].value,
      },
      PatternSeasonalId: patterns.Results[0].PatternSeasonalId,
      IsProjectCreate: true,
    });
    return { brand, season, linePlan: lps.Results[0], responsible, group: groups[0], division: divisions[0], gender: genders[0], productType: productTypes[0] };
  }
  throw new Error('No season of brand 1 with a released line plan and pattern');
}

const GRID = '[data-testid="wizard-grid"]';
/** The wizard's columns in order (schemas/grids/project-create.grid.json): a cell's aria-colindex is its position from 1 (the header cells of a grid with frozen columns are not). */
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
const colOf = (title: string) => {
  const i = COLUMNS.indexOf(title);
  if (i < 0) throw new Error(`no column "${title}"`);
  return i + 1;
};

/** The cell of a column (by title) in a row (from 0): its shown text, title and whether it is flagged red. */
function cell(page: Page, title: string, row: number) {
  return page.evaluate(
    ([grid, col, r]) => {
      const td = [...document.querySelectorAll(`${grid} tbody tr[aria-rowindex="${Number(r) + 2}"] td[aria-colindex="${col}"]`)].pop();
      // An editable pick list's cell holds the dropdown's arrow (▼) before its text.
      return td ? { text: (td.textContent ?? '').replace('▼', ''), title: td.getAttribute('title'), error: td.classList.contains('cell--error') } : null;
    },
    [GRID, colOf(title), row] as const,
  );
}

async function clickCell(page: Page, title: string, row: number) {
  const col = colOf(title);
  // A frozen column's cell is the one in the clone on top of the master table (the last in the document).
  await page
    .locator(`${GRID} tbody tr[aria-rowindex="${row + 2}"] td[aria-colindex="${col}"]`)
    .last()
    .click();
  await page
    .locator(`${GRID} tbody tr[aria-rowindex="${row + 2}"] td[aria-colindex="${col}"].current`)
    .first()
    .waitFor({ state: 'attached' });
}

/** Types into the selected cell as a user would and commits with Enter. */
async function typeHere(page: Page, text: string) {
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** Waits for the grid's row count and the new row's name cell (at `at`, the last by default) to be the selected one (a new row takes the keyboard). */
async function newRowReady(page: Page, n: number, at = n - 1) {
  await page.waitForFunction(([grid, count]) => document.querySelectorAll(`${grid} .ht_master tbody tr`).length === count, [GRID, n] as const);
  await page
    .locator(`${GRID} tbody tr[aria-rowindex="${at + 2}"] td[aria-colindex="${colOf('Name')}"].current`)
    .first()
    .waitFor({ state: 'attached' });
}

describe('project-create wizard (WIZ-001..018)', () => {
  it('WIZ-002 WIZ-009 WIZ-013 WIZ-015 WIZ-016: defaults on the profile, 1 brief + 2 patterns + 4 colorways with one failing row, the hierarchy in /Search', async () => {
    const token = await apiToken(app.server.baseUrl, 'designer');
    const prefix = `WZ${Date.now().toString(36).toUpperCase()}`;
    const taken = `${prefix}-X`;
    const demo = await demoPlace(token, taken);
    const page = await app.page();
    await login(page, 'designer');

    // WIZ-016: the brand's defaults on the profile.
    await navigate(page, '/UserProfile');
    const panel = page.locator('section', { has: page.getByRole('heading', { name: 'Project create defaults' }) });
    await panel.getByLabel('Brand').selectOption({ label: demo.brand.BrandName });
    await panel.locator('#project-defaults-brief-ResponsibleId option', { hasText: demo.responsible.label }).first().waitFor({ state: 'attached' });
    for (const level of ['brief', 'pattern', 'colorway'])
      await panel.locator(`#project-defaults-${level}-ResponsibleId`).selectOption({ label: demo.responsible.label });
    await panel.locator('#project-defaults-pattern-GenderKey').selectOption({ label: demo.gender.label });
    await panel.locator('#project-defaults-colorway-DivisionKey').selectOption({ label: demo.division.label });
    await panel.locator('#project-defaults-colorway-ProductTypeId').selectOption({ label: demo.productType.label });
    await panel.locator('#project-defaults-colorway-WFGroupId').selectOption({ label: demo.group.label });
    await panel.getByRole('button', { name: 'Save defaults' }).click();
    await page.getByText('Default values saved successfully!').waitFor();

    // WIZ-004: a released line plan of the brand and season.
    await navigate(page, '/projectCreate');
    await page.getByLabel('Brand').selectOption({ label: demo.brand.BrandName });
    await page.locator('#wizard-season option', { hasText: demo.season.SeasonName }).first().waitFor({ state: 'attached' });
    await page.getByLabel('Season').selectOption({ label: demo.season.SeasonName });
    await page.locator('#wizard-line-plan option', { hasText: demo.linePlan.LinePlanName }).first().waitFor({ state: 'attached' });
    await page.getByLabel(/^Line plan/).selectOption({ label: demo.linePlan.LinePlanName });

    // The rows, from the keyboard: Insert adds a child of the selected row, Shift+Insert a sibling.
    const names = { brief: `${prefix} Brief`, p1: `${prefix} Pattern 1`, p2: `${prefix} Pattern 2`, c: [1, 2, 3, 4].map((i) => `${prefix} Colorway ${i}`) };
    await page.getByRole('button', { name: 'Add brief' }).click();
    await newRowReady(page, 1);
    await typeHere(page, names.brief);
    await page.keyboard.press('Insert');
    await newRowReady(page, 2);
    await typeHere(page, names.p1);
    await page.keyboard.press('Insert');
    await newRowReady(page, 3);
    await typeHere(page, names.c[0]);
    await page.keyboard.press('Shift+Insert');
    await newRowReady(page, 4);
    await typeHere(page, names.c[1]);
    await clickCell(page, 'Name', 1);
    await page.keyboard.press('Shift+Insert');
    await newRowReady(page, 5, 4);
    await typeHere(page, names.p2);
    await page.keyboard.press('Insert');
    await newRowReady(page, 6);
    await typeHere(page, names.c[2]);
    await page.keyboard.press('Shift+Insert');
    await newRowReady(page, 7);
    await typeHere(page, names.c[3]);
    expect((await Promise.all([0, 1, 2, 3, 4, 5, 6].map((r) => cell(page, 'Level', r)))).map((c) => c!.text.trim())).toEqual([
      'Brief',
      'Pattern',
      'Colorway',
      'Colorway',
      'Pattern',
      'Colorway',
      'Colorway',
    ]);
    // WIZ-015: the new rows started from the saved defaults.
    expect((await cell(page, 'Responsible', 0))!.text).toBe(demo.responsible.label);
    expect((await cell(page, 'Gender', 4))!.text).toBe(demo.gender.label);
    // The stock numbers: Ctrl+Right to the row's last column (Stock number).
    const stocks = [`${prefix}-1`, `${prefix}-2`, `${prefix}-3`, taken];
    for (const [i, row] of [2, 3, 5, 6].entries()) {
      await clickCell(page, 'Name', row);
      await page.keyboard.press('Control+ArrowRight');
      await typeHere(page, stocks[i]);
    }
    expect((await cell(page, 'Product type', 6))!.text).toBe(demo.productType.label);
    // WIZ-009: the taken stock number is flagged as typed.
    await expect.poll(async () => (await cell(page, 'Stock number', 6))?.error, { timeout: 10_000 }).toBe(true);
    expect((await cell(page, 'Stock number', 6))!.title).toBe(STOCK_TAKEN);
    expect((await cell(page, 'Stock number', 5))!.error).toBe(false);

    // Ctrl+S: six rows saved, the colorway with the taken stock number keeps its error.
    await page.keyboard.press('Control+s');
    await page.getByText('6 of 7 rows saved; 1 failed, 0 skipped. See the Message column.').waitFor({ timeout: 30_000 });
    const created = page.locator('section', { has: page.getByRole('heading', { name: 'Created' }) });
    await expect.poll(() => created.getByRole('link').allTextContents()).toEqual([names.brief, names.p1, names.c[0], names.c[1], names.p2, names.c[2]]);
    // Name → State → Message: the grid scrolls back to the left with the selection.
    await clickCell(page, 'Name', 6);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect((await cell(page, 'Message', 6))!.text).toContain(`There was an error while saving the colorway. ${STOCK_TAKEN}`);
    expect((await cell(page, 'Message', 6))!.error).toBe(true);
    expect(await cell(page, 'State', 6)).toMatchObject({ text: 'Error' });
    for (const r of [0, 1, 2, 3, 4, 5]) expect((await cell(page, 'State', r))!.text).toBe('Saved');
    // WIZ-008: a saved row is locked.
    await clickCell(page, 'Name', 0);
    await page.keyboard.type('changed');
    await page.keyboard.press('Enter');
    expect((await cell(page, 'Name', 0))!.text).toBe(names.brief);

    // WIZ-012: starting over with an unsaved row asks first; Cancel keeps the rows.
    await page.getByRole('button', { name: 'Start over' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Start over' });
    await confirm.getByText('Are you sure you want to start over? All work you have started will be lost.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.locator(`${GRID} .ht_master tbody tr`).count()).toBe(7);

    // The hierarchy in /Search: the colorways found by their stock numbers, with their pattern, brief and line plan.
    await navigate(page, '/Search?searchModule=4');
    await page.locator('.data-grid .ht_master td').first().waitFor();
    await page.locator('.data-grid .ht_clone_top_inline_start_corner').getByRole('button', { name: 'Filter Stock Number' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter Stock Number' });
    await dialog.getByLabel('Value').fill(`${prefix}-`);
    // The filtered search (the grid's first page may still be on its way).
    const searched = page.waitForResponse(
      (r) => /\/api\/Grid\/colorway-search\/Search$/i.test(new URL(r.url()).pathname) && (r.request().postData() ?? '').includes(`${prefix}-`),
    );
    await dialog.getByRole('button', { name: 'Apply' }).click();
    const found = ((await (await searched).json()).Results as Record<string, string>[]).filter((r) => r.StockNum !== taken);
    expect(found.map((r) => [r.StockNum, r.PrototypeName, r.PatternName, r.BriefName, r.LinePlanName]).sort()).toEqual([
      [stocks[0], names.c[0], names.p1, names.brief, demo.linePlan.LinePlanName],
      [stocks[1], names.c[1], names.p1, names.brief, demo.linePlan.LinePlanName],
      [stocks[2], names.c[2], names.p2, names.brief, demo.linePlan.LinePlanName],
    ]);
    for (const name of [names.c[0], names.c[2], names.p1, names.p2]) await page.locator('.data-grid').getByText(name, { exact: true }).first().waitFor();
  });

  it('WIZ-001 a pattern in the address preloads its brief and line plan; its new colorway is saved under it', async () => {
    const token = await apiToken(app.server.baseUrl, 'designer');
    const prefix = `WZP${Date.now().toString(36).toUpperCase()}`;
    const demo = await demoPlace(token, `${prefix}-X`);
    const [pattern] = (
      await api<{ Results: { PatternSeasonalId: number; PatternName: string; BriefName: string }[] }>(token, '/api/Prototype/SearchPatternsForPrototype', {
        BrandId: 1,
        SeasonId: demo.season.SeasonId,
        pageNumber: 1,
        pageSize: 1,
      })
    ).Results;
    // The colorway row starts complete from the brand's defaults (WIZ-015).
    await api(token, '/api/User/SaveProjectCreateDefaults', {
      BrandId: 1,
      Defaults: {
        Colorway: {
          ResponsibleId: demo.responsible.value,
          WFGroupId: demo.group.value,
          DivisionKey: demo.division.value,
          ProductTypeId: demo.productType.value,
        },
      },
    });
    const page = await app.page();
    await login(page, 'designer');
    await navigate(page, `/projectCreate?patternSeasonalId=${pattern.PatternSeasonalId}`);
    await page.waitForFunction((grid) => document.querySelectorAll(`${grid} .ht_master tbody tr`).length === 2, GRID);
    expect((await cell(page, 'Name', 0))!.text).toBe(pattern.BriefName);
    expect((await cell(page, 'Name', 1))!.text).toBe(pattern.PatternName);
    expect((await cell(page, 'State', 1))!.text).toBe('Existing');
    expect(await page.getByLabel('Brand').isDisabled()).toBe(true);
    await clickCell(page, 'Name', 1);
    await page.keyboard.press('Insert');
    await newRowReady(page, 3);
    await typeHere(page, `${prefix} Colorway`);
    await page.keyboard.press('Control+s');
    const created = page.locator('section', { has: page.getByRole('heading', { name: 'Created' }) });
    await created.getByRole('link', { name: `${prefix} Colorway` }).click();
    await page.waitForURL(/\/colorway\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const colorway = await api<Record<string, unknown>>(token, `/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${id}`);
    expect(colorway).toMatchObject({ PrototypeName: `${prefix} Colorway`, PatternSeasonalId: pattern.PatternSeasonalId, StatusId: 1 });
  });

  it('WIZ-004 WIZ-018 the existing-pattern search (statuses 2 and 3, 50 a page, one search 250 ms after typing) adds the pattern under its brief', async () => {
    const token = await apiToken(app.server.baseUrl, 'designer');
    const demo = await demoPlace(token, `WZS${Date.now().toString(36).toUpperCase()}-X`);
    const page = await app.page();
    await login(page, 'designer');
    await navigate(page, `/projectCreate?linePlanId=${demo.linePlan.LinePlanId}`);
    // Listening before the click: the dialog's first search may answer before the click returns.
    const firstAnswer = page.waitForResponse((r) => /SearchPatternsForPrototype$/i.test(new URL(r.url()).pathname));
    await page.getByRole('button', { name: 'Existing pattern…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an existing pattern' });
    const first = await firstAnswer;
    const all = (await first.json()).Results as { PatternName: string; StatusId: number; BriefName: string }[];
    expect(JSON.parse(first.request().postData()!)).toMatchObject({ pageSize: 50, pageNumber: 1, BrandId: 1, SeasonId: demo.season.SeasonId });
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((p) => [2, 3].includes(p.StatusId))).toBe(true);
    const target = all[0];
    const sent: string[] = [];
    page.on('request', (r) => {
      if (/SearchPatternsForPrototype$/i.test(new URL(r.url()).pathname)) sent.push(JSON.parse(r.postData()!).PatternName);
    });
    // The search of the whole name answered: the pattern's button is listed before any typing (the first answer
    // holds it), so waiting for the button alone passed at once, before the debounced search had even gone.
    const named = page.waitForResponse(
      (r) => /SearchPatternsForPrototype$/i.test(new URL(r.url()).pathname) && JSON.parse(r.request().postData() ?? '{}').PatternName === target.PatternName,
    );
    await dialog.getByLabel('Pattern name').pressSequentially(target.PatternName, { delay: 20 });
    expect((await named).status()).toBe(200);
    await dialog.getByRole('button', { name: target.PatternName, exact: true }).first().waitFor();
    await page.waitForTimeout(400);
    // One search 250 ms after the typing stops, not one per key: on a quiet machine exactly one. A loaded
    // machine may pause longer than 250 ms between two keys, which rightly searches what was typed so far.
    expect(sent.at(-1)).toBe(target.PatternName);
    expect(sent.every((text) => target.PatternName.startsWith(text))).toBe(true);
    expect(sent.length).toBeLessThanOrEqual(3);
    expect(target.PatternName.length).toBeGreaterThan(6);
    await dialog.getByRole('button', { name: target.PatternName, exact: true }).first().click();
    await newRowReady(page, 3);
    expect([(await cell(page, 'Name', 0))!.text, (await cell(page, 'Name', 1))!.text]).toEqual([target.BriefName, target.PatternName]);
    expect((await cell(page, 'Level', 2))!.text.trim()).toBe('Colorway');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
