/**
 * The five flash-edit screens in Chromium (issue 12): each opens with criteria, switches its region
 * view, takes a block pasted from a real .xlsx as Excel's clipboard text, flags the bad cell, saves
 * the fixed one, keeps the values after a reload (criteria remembered) and exports the criteria
 * result. The HTS lookup writes a code into the cell; the navigation lists the screens per permission.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  chooseCriterion,
  chosenCriterion,
  clipboardFromXlsx,
  criteriaBar,
  exportWorkbook,
  headerTitles,
  isGridCall,
  recordCount,
  searchWith,
  typeIntoCell,
} from './flash-edit-steps';
import { clickCell, goToColumn, paste } from './grid-steps';
import { apiToken, login, navigate, type DemoUser } from './harness';
import { normaliseRegistry } from '../../web/src/components/lookup/lookup-registry';
import { setupApp, waitForPath } from './setup-app';

const app = setupApp();

type Row = Record<string, any>;

async function searchApi(user: DemoUser, gridId: string, filters: Row): Promise<Row[]> {
  const res = await fetch(`${app.server.baseUrl}/api/Grid/${gridId}/Search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await apiToken(app.server.baseUrl, user)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...filters, pageNumber: 1, pageSize: 500 }),
  });
  expect(res.status).toBe(200);
  return (await res.json()).Results;
}

const INVALID_LOOKUP = 'Invalid Value. Your search will not include this criteria.';

/** The name of a factory as the Factories search-help answers it. */
async function factoryNamed(user: DemoUser, key: string): Promise<string> {
  const headers = { authorization: `Bearer ${await apiToken(app.server.baseUrl, user)}`, 'content-type': 'application/json' };
  const factories = normaliseRegistry(await (await fetch(`${app.server.baseUrl}/api/SearchHelp/Registry`, { headers })).json()).get('Factories')!;
  const res = await fetch(`${app.server.baseUrl}${factories.searchPath}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ searchParameters: { FactoryKey: key }, pageNumber: 1, pageSize: 2 }),
  });
  const [row] = (await res.json()).Results as Row[];
  expect(row?.FactoryKey).toBe(key);
  return String(row.FactoryName);
}

/** Summit Ridge, Spring/Summer 2026, Released: rows every grid may edit (no read-only status). */
const CRITERIA = { Brand: 'Summit Ridge', Season: 'Spring/Summer 2026', Status: 'Released' } as const;

interface Case {
  gridId: string;
  path: string;
  user: DemoUser;
  key: string;
  report: string;
  /** A region view to switch to: a column it shows and one it hides. */
  view?: { name: string; shows: string; hides: string };
  /** Adjacent editable columns (titles, then fields) the pasted block covers, from the first row on. */
  titles: string[];
  fields: string[];
  /** Row i of the block (good values), as written to the workbook. */
  good: (i: number) => unknown[];
  /** Row 2 of the block holds this bad value in its first column; the grid flags it with `message`. */
  bad: unknown;
  message: RegExp;
  /** The value typed to fix the bad cell, and the value stored. */
  fix: string;
  fixed: unknown;
}

const ROWS = 4;
const BAD_ROW = 2;

const CASES: Case[] = [
  {
    gridId: 'costing',
    path: '/flashEditCosting',
    user: 'costing',
    key: 'PrototypeSeasonalId',
    report: 'Costing',
    titles: ['Est. Factory First Cost', 'Est. FFC Currency'],
    fields: ['EstFFC', 'EstFfcCurr'],
    good: (i) => [12.25 + i, i % 2 ? 'EUR' : 'USD'],
    bad: -3,
    message: /0 or more/,
    fix: '7.5',
    fixed: 7.5,
  },
  {
    gridId: 'forecast',
    path: '/flashEditForecasting',
    user: 'forecast',
    key: 'PrototypeSeasonalId',
    report: 'Forecast',
    view: { name: 'EMEA', shows: 'EMEA Owned Volume', hides: 'US Volume' },
    titles: ['EMEA Owned Volume', 'EMEA Distributor Volume'],
    fields: ['EmeaOwnedVolume', 'EmeaDistVolume'],
    good: (i) => [1200 + i, 300 + i],
    bad: -5,
    message: /0 or more/,
    fix: '4321',
    fixed: 4321,
  },
  {
    gridId: 'pattern-forecast',
    path: '/flashEditPatternForecasting',
    user: 'forecast',
    key: 'PatternSeasonalId',
    report: 'PatternForecast',
    view: { name: 'LAAP', shows: 'Asia Volume', hides: 'EMEA Owned Volume' },
    titles: ['Asia Volume', 'China Volume'],
    fields: ['AsiaVolume', 'CNVolume'],
    good: (i) => [2500 + i, 700 + i],
    bad: 'abc',
    message: /number/i,
    fix: '2222',
    fixed: 2222,
  },
  {
    gridId: 'hts',
    path: '/flashEditHTS',
    user: 'admin',
    key: 'PrototypeSeasonalId',
    report: 'HTS',
    view: { name: 'CAN', shows: 'CA HTS Code', hides: 'US HTS Code' },
    titles: ['CA HTS Code'],
    fields: ['CaHtsStawn'],
    good: () => ['6403.99.0090'],
    bad: '6403.99.0090.12345',
    message: /14/,
    fix: '6403.99.0090',
    fixed: '6403.99.0090',
  },
  {
    gridId: 'prototype',
    path: '/flashEditPrototype',
    user: 'designer',
    key: 'PrototypeSeasonalId',
    report: 'Colorways',
    titles: ['Color Description'],
    fields: ['ColorDesc'],
    good: (i) => [`Slate/Ember ${i}`],
    bad: 'x'.repeat(120),
    message: /100/,
    fix: 'Slate/Ember fixed',
    fixed: 'Slate/Ember fixed',
  },
];

/** Opens the screen and searches with CRITERIA; returns the search body the grid sent. */
async function openWithCriteria(page: Page, c: Case) {
  await navigate(page, c.path);
  await recordCount(page); // the first load (the remembered criteria) is done
  await chooseCriterion(page, 'Brand', CRITERIA.Brand);
  await chooseCriterion(page, 'Season', CRITERIA.Season);
  await chooseCriterion(page, 'Status', CRITERIA.Status);
  return searchWith(page, c.gridId);
}

describe('flash-edit screens (issue 12)', () => {
  for (const c of CASES) {
    it(`FLASH-001 FLASH-004 ${c.path}: criteria, region view, an Excel paste with a flagged cell, the fix saved and kept after a reload, export`, async () => {
      const page = await app.page();
      await login(page, c.user);
      const body = await openWithCriteria(page, c);
      expect(body).toMatchObject({ BrandId: expect.any(Number), SeasonId: expect.any(Number), StatusId: expect.any(Number) });
      const filters = { BrandId: body.BrandId, SeasonId: body.SeasonId, StatusId: body.StatusId };
      const rows = await searchApi(c.user, c.gridId, filters);
      expect(rows.length).toBeGreaterThanOrEqual(ROWS);
      expect(rows.length).toBeLessThan((await searchApi(c.user, c.gridId, {})).length); // the criteria narrow the result
      await expect.poll(() => recordCount(page)).toBe(rows.length);

      if (c.view) {
        const views = page.getByRole('group', { name: 'Region view' });
        const defaultView = await views.locator('[aria-pressed="true"]').textContent();
        expect(defaultView).toBe(c.gridId === 'hts' ? 'US' : 'NA'); // FLASH-019, FLASH-027
        await views.getByRole('button', { name: c.view.name, exact: true }).click();
        await expect.poll(() => headerTitles(page)).toContain(c.view.shows);
        expect(await headerTitles(page)).not.toContain(c.view.hides);
      }

      // The block, copied from a workbook: ROWS rows over the case's columns; row BAD_ROW's first cell is bad.
      const block = Array.from({ length: ROWS }, (_, i) => (i === BAD_ROW ? [c.bad, ...c.good(i).slice(1)] : c.good(i)));
      const saves: Row[][] = [];
      page.on('request', (r) => {
        if (isGridCall(r.url(), c.gridId, 'Save')) saves.push(JSON.parse(r.postData() ?? '{}').rows);
      });
      await goToColumn(page, c.titles[0]);
      const firstSave = page.waitForResponse((r) => isGridCall(r.url(), c.gridId, 'Save'));
      await paste(page, await clipboardFromXlsx(block));
      const answer = await (await firstSave).json();
      const keys = rows.slice(0, ROWS).map((r) => r[c.key]);
      expect(answer.Failed).toEqual([]);
      expect(answer.Saved.map((r: Row) => r[c.key]).sort()).toEqual(keys.filter((_, i) => i !== BAD_ROW).sort());
      expect(saves[0].map((r) => r.Key)).not.toContain(keys[BAD_ROW]);

      // The bad cell is flagged with its message (tooltip); typing a good value saves it and clears the flag.
      const flagged = page.locator('.data-grid td.cell--error');
      await flagged.first().waitFor();
      expect(await flagged.first().getAttribute('title')).toMatch(c.message);
      await clickCell(page, c.titles[0], BAD_ROW);
      const fixSave = page.waitForResponse((r) => isGridCall(r.url(), c.gridId, 'Save'));
      await typeIntoCell(page, c.fix);
      const fixed = await (await fixSave).json();
      expect(fixed.Failed).toEqual([]);
      expect(fixed.Saved.map((r: Row) => r[c.key])).toEqual([keys[BAD_ROW]]);
      await flagged.first().waitFor({ state: 'detached' });

      // Reload: the criteria come back from the user's preference, and the values were kept.
      await page.reload();
      await expect.poll(() => chosenCriterion(page, 'Brand')).toBe(CRITERIA.Brand);
      // A criterion shows its choice once its own choices have loaded (each list is a request of its own).
      await expect.poll(() => chosenCriterion(page, 'Season')).toBe(CRITERIA.Season);
      await expect.poll(() => recordCount(page)).toBe(rows.length);
      const after = new Map((await searchApi(c.user, c.gridId, filters)).map((r) => [r[c.key], r]));
      keys.forEach((k, i) => {
        // The bad row was held back whole (nothing half-written); its good cells stayed, unsaved, and went with the fix (issue 27).
        const want = i === BAD_ROW ? [c.fixed, ...c.good(i).slice(1)] : c.good(i);
        expect(
          c.fields.map((f) => after.get(k)?.[f]),
          `row ${i}`,
        ).toEqual(want);
      });
      if (c.view) expect(await page.getByRole('group', { name: 'Region view' }).locator('[aria-pressed="true"]').textContent()).toBe(c.view.name);

      // Export: the criteria result, one row per record, the pasted values as real values.
      const { name, workbook } = await exportWorkbook(page);
      expect(name).toBe(`${c.report}-Export.xlsx`);
      const ws = workbook.worksheets[0];
      expect(ws.rowCount).toBe(rows.length + 1);
      const header = (ws.getRow(1).values as unknown[]).slice(1);
      const col = header.indexOf(c.titles[0]) + 1;
      expect(col).toBeGreaterThan(0);
      const exported = ws.getColumn(col).values.slice(2);
      expect(exported).toContain(c.fixed);
      expect(exported).toContain(c.good(0)[0]);
    });
  }

  it('FLASH-003 the link cell opens the colorway or the pattern; a Ctrl+click leaves the page where it is (new tab)', async () => {
    const page = await app.page();
    await login(page, 'forecast');
    await navigate(page, '/flashEditPatternForecasting');
    // The link column is a frozen key column: its cells are in the grid's left clone.
    const link = page.locator('.data-grid .ht_clone_left a.data-grid__link').first();
    await link.waitFor();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/pattern\/\d+$/);
    await goToColumn(page, 'Pattern Name'); // the link's cell selected, as after a first look
    const popup = page.context().waitForEvent('page');
    await link.click({ modifiers: ['Control'] });
    const tab = await popup;
    await tab.waitForURL((u) => u.pathname === href);
    await tab.close();
    expect(new URL(page.url()).pathname).toBe('/flashEditPatternForecasting');
    await link.click();
    await waitForPath(page, href!);

    await navigate(page, '/flashEditForecasting');
    const colorway = page.locator('.data-grid .ht_clone_left a.data-grid__link').first();
    await colorway.waitFor();
    expect(await colorway.getAttribute('href')).toMatch(/^\/colorway\/\d+$/);
  });

  it("FLASH-031 FLASH-032 FLASH-034 the HTS lookup lists the codes from the row's origin to the region's country; a pick is saved; no origin, no codes", async () => {
    const page = await app.page();
    await login(page, 'admin');
    const body = await openWithCriteria(page, CASES[3]);
    const [firstRow] = await searchApi('admin', 'hts', { BrandId: body.BrandId, SeasonId: body.SeasonId, StatusId: body.StatusId });
    await page.getByRole('group', { name: 'Region view' }).getByRole('button', { name: 'UK', exact: true }).click();
    await goToColumn(page, 'UK HTS Code');
    const lookup = page.waitForResponse((r) => new URL(r.url()).pathname.toLowerCase() === '/api/hts/dutysearch');
    await page.keyboard.press('F4');
    const dialog = page.getByRole('dialog', { name: /HTS lookup/ });
    await dialog.waitFor();
    const sent = JSON.parse((await lookup).request().postData() ?? '{}');
    expect(sent).toMatchObject({ CountryOrigin: firstRow.CtryOfOrig, CountryDestination: 'GB' });
    // Every code listed is one from that origin to GB; the one picked differs from the row's, so it is a change.
    const table = dialog.getByRole('table', { name: 'HTS codes' });
    expect(await dialog.getByRole('textbox', { name: 'HTS code' }).inputValue()).toBe(firstRow.UkHtsStawn ?? ''); // starts from the cell's code
    const all = page.waitForResponse((r) => new URL(r.url()).pathname.toLowerCase() === '/api/hts/dutysearch');
    await dialog.getByRole('textbox', { name: 'HTS code' }).fill('');
    await all;
    await table.locator('tbody tr button').nth(1).waitFor();
    const routes = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(2).map((td) => td.textContent)));
    expect(routes.every(([o, d]) => o === firstRow.CtryOfOrig && d === 'GB')).toBe(true);
    const first = table
      .locator('tbody tr button')
      .filter({ hasNotText: firstRow.UkHtsStawn ?? '\u0000' })
      .first();
    const code = (await first.textContent())!.trim();
    const save = page.waitForResponse((r) => isGridCall(r.url(), 'hts', 'Save'));
    await first.click();
    await dialog.waitFor({ state: 'detached' });
    const answer = await (await save).json();
    expect(answer.Saved[0]?.UkHtsStawn).toBe(code);

    // A colorway without a factory has no origin: the lookup says so.
    const noOrigin = (await searchApi('admin', 'hts', {})).find((r) => !r.CtryOfOrig && r.StockNum);
    expect(noOrigin).toBeTruthy();
    await criteriaBar(page).getByLabel('Brand', { exact: true }).selectOption({ label: 'All' });
    await criteriaBar(page).getByLabel('Status', { exact: true }).selectOption({ label: 'All' });
    await criteriaBar(page).getByLabel('Search text').fill(noOrigin!.StockNum);
    await searchWith(page, 'hts');
    await goToColumn(page, 'UK HTS Code');
    await page.getByRole('button', { name: 'HTS lookup' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'No valid country of origin found.' }).waitFor();
  });

  it('LOOKUP-011 LOOKUP-012 the factory criterion: a typed key is checked; one that matches nothing is left out of the search, said so; a known one shows its factory and narrows the search', async () => {
    const page = await app.page();
    await login(page, 'costing');
    await navigate(page, '/flashEditCosting');
    await recordCount(page); // the opening search is done
    const factory = criteriaBar(page).getByLabel('Factory', { exact: true });
    // A key that matches nothing, then Enter: the search waits for the check and goes on without the key.
    const answer = page.waitForResponse((r) => isGridCall(r.url(), 'costing', 'Search'));
    await factory.fill('NOPE99');
    await factory.press('Enter');
    expect(JSON.parse((await answer).request().postData() ?? '{}')).not.toHaveProperty('FactNameKy');
    await criteriaBar(page).getByText(INVALID_LOOKUP).waitFor();
    await expect.poll(() => factory.inputValue()).toBe('NOPE99'); // what was typed stays to correct
    // A known key, left with Tab: checked, its factory's name shown; Search narrows by it.
    const known = await factoryNamed('costing', '310101');
    await factory.fill('310101');
    await factory.press('Tab');
    await criteriaBar(page).getByText(known, { exact: true }).waitFor();
    expect(await criteriaBar(page).getByText(INVALID_LOOKUP).count()).toBe(0);
    const body = await searchWith(page, 'costing');
    expect(body).toMatchObject({ FactNameKy: '310101' });
    // The grid shows what the API answers for those criteria (with any remembered from the tests before).
    const rows = await searchApi('costing', 'costing', body);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.FactNameKy === '310101')).toBe(true);
    await expect.poll(() => recordCount(page)).toBe(rows.length);
  });

  it('PERM-017 PERM-018 the navigation lists each flash-edit screen only to users who may read its grid', async () => {
    const expected: [DemoUser, string[]][] = [
      ['costing', ['Costing', 'Colorway details']],
      ['forecast', ['Colorway forecast', 'Pattern forecast', 'Colorway details']],
      ['factory', ['Costing', 'Colorway details']],
      ['viewer', ['Costing', 'Colorway forecast', 'Pattern forecast', 'HTS codes', 'Colorway details']],
    ];
    for (const [user, items] of expected) {
      const page = await app.page();
      await login(page, user);
      const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Edit in bulk' });
      await button.click();
      const menu = page.getByRole('menu', { name: 'Edit in bulk' });
      // Issue 13 (PERM-026): the Upload Queue follows the screens for every user.
      expect(
        (await menu.getByRole('menuitem').allInnerTexts()).map((t) => t.trim()),
        user,
      ).toEqual([...items, 'Upload Queue']);
    }
    // A user without the HTS read permission who types the address is refused.
    const factory = await app.page();
    await login(factory, 'factory');
    await navigate(factory, '/flashEditHTS');
    await waitForPath(factory, '/permissionDenied');
  });
});
