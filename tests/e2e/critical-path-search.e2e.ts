/**
 * The critical path search in Chromium (issue 15, CP-002..017): the prototype type's grid with its
 * CP-007 columns, a name criterion, a PDF index report of two selected rows (pdftotext: both paths),
 * a saved search (UserSearchCP) loaded from another type's tab, a row opening its edit screen whose
 * Search button comes back; and the approver lookup of the edit screen (CP-026).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiToken, login, navigate, networkQuiet } from './harness';
import { setupApp } from './setup-app';

const app = setupApp();
const run = promisify(execFile);

async function api<T>(path: string, json?: object): Promise<T> {
  const token = await apiToken(app.server.baseUrl, 'designer');
  const res = await fetch(`${app.server.baseUrl}${path}`, {
    method: json ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  expect(res.status, path).toBe(200);
  return res.json() as Promise<T>;
}

const rows = (page: Page) => page.locator('.data-grid .ht_master tbody tr');
const headers = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.data-grid .ht_clone_top thead th .colHeader')]
      .map((h) => (h.textContent ?? '').replace(/[▲▼▾]/g, '').trim())
      .filter(Boolean),
  );

interface PathRow {
  CriticalPathDevPrototypeId: number;
  CriticalPathDevPrototypeName: string;
  PrototypeSeasonalId: number;
  StockNum: string;
}

describe('critical path search', () => {
  it('CP-002 CP-003 CP-004 CP-007 CP-013 CP-014 CP-050: search prototypes by name, PDF of two selected rows, a saved search, a row opens its path', async () => {
    const page = await app.page();
    await page.setViewportSize({ width: 2400, height: 1000 });
    await login(page, 'designer');
    // CP-004: the search starts from the designer's default brand and season (1 and 1).
    const first = await api<{ Results: PathRow[] }>('/api/Grid/critical-path-dev-prototype-search/Search', {
      pageSize: 2,
      sortColumn: 'StockNum',
      BrandId: 1,
      SeasonId: 1,
    });
    const [a, b] = first.Results;
    const prefix = a.StockNum.slice(0, Math.max(3, a.StockNum.length - 2));

    await navigate(page, '/criticalPath?searchType=2');
    await page.getByRole('tab', { name: 'Prototype', selected: true }).waitFor({ timeout: 20_000 });
    await rows(page).first().waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByLabel('Brand', { exact: true }).locator('option:checked').textContent()).toBe('Summit Ridge');
    const shown = await headers(page);
    // The columns in view (the grid renders those the viewport shows).
    for (const h of ['Id', 'Status', 'Name', 'Project Name', 'Pattern Name', 'Stock Number', 'Brand Name', 'Season Name and Year', 'Original Season'])
      expect(shown).toContain(h);
    expect(await page.title()).toContain('Critical Paths');

    // A name criterion (a stock number prefix), Enter searches.
    await page.getByLabel('Name contains').fill(prefix);
    const searched = page.waitForResponse((r) => r.url().includes('/api/Grid/critical-path-dev-prototype-search/Search'));
    await page.getByLabel('Name contains').press('Enter');
    await searched;
    await expect.poll(async () => (await page.locator('.data-grid .ht_master tbody tr td').allTextContents()).join(' ')).toContain(a.StockNum);

    // Sort by stock number, select the first two rows (click, Shift+click): the report button counts them.
    // (The header shows the sort at once; the sorted rows come with the answer, and new rows reset the count.)
    // The answer's rows are painted after the response: wait until the first rows are the answer's (read right after the
    // response, row 0 was the unsorted search's, which can hold the same stock number), then select.
    const sortedUp = page.waitForResponse((r) => r.url().includes('/api/Grid/critical-path-dev-prototype-search/Search'));
    await page.locator('.data-grid .ht_clone_top thead th .colHeader', { hasText: /^Stock Number$/ }).click();
    await page.locator('.data-grid .ht_clone_top .colHeader', { hasText: 'Stock Number ▲' }).waitFor();
    const sortedRows = ((await (await sortedUp).json()).Results as PathRow[]).slice(0, 2).map((r) => r.StockNum);
    const stockCol = shown.indexOf('Stock Number');
    const stockOf = async (i: number) => (await rows(page).nth(i).locator('td').nth(stockCol).textContent())?.trim();
    await expect.poll(() => Promise.all(sortedRows.map((_, i) => stockOf(i)))).toEqual(sortedRows);
    expect(await stockOf(0)).toBe(a.StockNum);
    await rows(page)
      .nth(0)
      .locator('td')
      .nth(stockCol)
      .click({ modifiers: ['Shift'] });
    await rows(page)
      .nth(1)
      .locator('td')
      .nth(stockCol)
      .click({ modifiers: ['Shift'] });
    const report = page.getByRole('button', { name: /Report \(PDF\) · 2/ });
    await report.waitFor();
    const download = page.waitForEvent('download');
    await report.click();
    const pdf = await (await download).path();
    const text = (await run('pdftotext', [pdf!, '-'])).stdout.replace(/\s+/g, ' ');
    expect(text).toContain(a.CriticalPathDevPrototypeName);
    if ((await stockOf(1)) === b.StockNum) expect(text).toContain(b.CriticalPathDevPrototypeName);
    fs.rmSync(pdf!, { force: true });
    // The same search again, the same rows: the selection stays, in the table as in the count.
    const selectedCells = () => page.locator('.data-grid .ht_master td.area, .data-grid .ht_master td.current').count();
    // The same rows come back, so nothing on show changes: let the answer in and the page settle (500 ms with no
    // request in flight) before reading the selection, which is there before the search too.
    const again = page.waitForResponse((r) => r.url().includes('/api/Grid/critical-path-dev-prototype-search/Search'));
    await page.getByLabel('Name contains').press('Enter');
    expect((await again).status()).toBe(200);
    await networkQuiet(page);
    await report.waitFor();
    expect(await selectedCells()).toBeGreaterThan(0);
    // Sorted the other way, other records in those rows: the selection goes from the table as from the count.
    const sortedDown = page.waitForResponse((r) => r.url().includes('/api/Grid/critical-path-dev-prototype-search/Search'));
    await page.locator('.data-grid .ht_clone_top .colHeader', { hasText: 'Stock Number ▲' }).click();
    await page.locator('.data-grid .ht_clone_top .colHeader', { hasText: 'Stock Number ▼' }).waitFor();
    await sortedDown;
    await page.getByRole('button', { name: 'Report (PDF)', exact: true }).waitFor();
    await expect.poll(selectedCells).toBe(0);
    await page.locator('.data-grid .ht_clone_top .colHeader', { hasText: 'Stock Number ▼' }).click();
    await page.locator('.data-grid .ht_clone_top .colHeader', { hasText: 'Stock Number ▲' }).waitFor();
    await expect.poll(() => stockOf(0)).toBe(a.StockNum);

    // CP-014: save the search, go to another type, load it: back on the prototype tab with the criterion.
    await page.getByRole('button', { name: 'Save search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save search' });
    await dialog.getByLabel('Name').fill('E2E prototypes');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Search successfully saved.').first().waitFor();
    await page.getByRole('tab', { name: 'Pattern' }).click();
    await page.getByRole('tab', { name: 'Pattern', selected: true }).waitFor();
    await rows(page).first().waitFor({ timeout: 20_000 });
    expect(await headers(page)).not.toContain('Stock Number');
    await page.getByRole('button', { name: 'E2E prototypes' }).click();
    await page.getByRole('tab', { name: 'Prototype', selected: true }).waitFor();
    await expect.poll(() => page.getByLabel('Name contains').inputValue(), { timeout: 20_000 }).toBe(prefix);
    await page.locator('.data-grid .ht_clone_top .colHeader', { hasText: 'Stock Number ▲' }).waitFor({ timeout: 20_000 });

    // CP-003: a click opens the path; its Search button comes back to this type.
    await rows(page).first().locator('td').nth(stockCol).click();
    await page.waitForURL((u) => u.pathname === `/criticalPathDevPrototypeEdit/${a.CriticalPathDevPrototypeId}/${a.PrototypeSeasonalId}`, { timeout: 20_000 });
    await page.getByRole('heading', { name: `Dev Prototype Critical Path: ${a.CriticalPathDevPrototypeName}` }).waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: 'Search', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/criticalPath' && u.searchParams.get('searchType') === '2');
    await page.getByRole('tab', { name: 'Prototype', selected: true }).waitFor();
  });

  it("CP-026 the approver of an approved process is picked from the brand's users and saved", async () => {
    const page = await app.page();
    await login(page, 'designer');
    const found = await api<{ Results: PathRow[] }>('/api/Grid/critical-path-dev-prototype-search/Search', { pageSize: 50, CriticalPathHeaderStatusId: 1 });
    let chosen: { path: PathRow; brandId: number; specRow: number } | null = null;
    for (const path of found.Results) {
      const d = await api<any>(`/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=${path.CriticalPathDevPrototypeId}`);
      const spec = d.FinalProcesses.findIndex((p: any) => p.ProcessType === 'SPECAPP' && p.CriticalPathProcessApprovedId === 1);
      if (spec >= 0) {
        chosen = { path, brandId: d.Header.BrandId, specRow: spec };
        break;
      }
    }
    expect(chosen).not.toBeNull();
    const { path, brandId, specRow } = chosen!;
    const users = await api<{ UserId: number; Name: string }[]>(`/api/CriticalPath/GetCriticalPathApprovers?BrandId=${brandId}`);
    const before = await api<any>(`/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=${path.CriticalPathDevPrototypeId}`);
    const other = users.find((u) => u.UserId !== before.FinalProcesses[specRow].ApprovedBy)!;

    await navigate(page, `/criticalPathDevPrototypeEdit/${path.CriticalPathDevPrototypeId}/${path.PrototypeSeasonalId}`);
    const cell = page.locator(`[data-testid="cp-finals"] .ht_master tbody tr:nth-child(${specRow + 1}) td:nth-of-type(8)`);
    await cell.waitFor({ timeout: 20_000 });
    await cell.click();
    await page.keyboard.press('Enter');
    // The list offers the users matching the editor's text (the current approver's name): cleared, all of them.
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    const option = page.locator('.autocompleteEditor td').filter({ hasText: new RegExp(`^${other.Name}$`) });
    await option.first().waitFor({ timeout: 10_000 });
    await option.first().click();
    await expect.poll(async () => (await cell.textContent())?.replace('▼', '').trim()).toBe(other.Name);
    const saved = page.waitForResponse((r) => r.url().includes('/api/CriticalPath/UpdateCriticalPathDevPrototype'));
    await page.keyboard.press('Control+s');
    expect((await saved).status()).toBe(200);
    const after = await api<any>(`/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=${path.CriticalPathDevPrototypeId}`);
    expect(after.FinalProcesses[specRow]).toMatchObject({ ApprovedBy: other.UserId, ApprovedByName: other.Name, CriticalPathProcessApprovedId: 1 });
  });

  it("CP-042 CP-043 a new commercialization path from the pattern screen opens with the template's processes", async () => {
    const page = await app.page();
    await login(page, 'designer');
    const patterns = await api<{ Results: { PatternSeasonalId: number; PatternName: string }[] }>('/api/Grid/pattern-search/Search', {
      pageSize: 1,
      BrandId: 1,
    });
    const pattern = patterns.Results[0];
    await navigate(page, `/pattern/${pattern.PatternSeasonalId}`);
    const list = page.getByTestId('critical-path-list');
    await list.getByRole('button', { name: 'New commercialization path' }).waitFor({ timeout: 20_000 });
    // The screen has finished loading (in one loaded CI run the click landed while it was still settling and no dialog opened).
    await networkQuiet(page);
    await list.getByRole('button', { name: 'New commercialization path' }).click();
    const dialog = page.getByRole('dialog', { name: `New commercialization critical path: ${pattern.PatternName}` });
    await dialog.getByLabel('Factory key').fill('340401');
    await expect.poll(() => dialog.getByLabel('Name').inputValue()).toBe(`${pattern.PatternName} @ 340401`);
    await dialog.getByLabel('Name').fill(`${pattern.PatternName} E2E path`);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/criticalPathCommercializationEdit/'), { timeout: 20_000 });
    await page.getByRole('heading', { name: `Commercialization Critical Path: ${pattern.PatternName} E2E path` }).waitFor({ timeout: 20_000 });
    await expect
      .poll(() => page.locator('[data-testid="cp-processes"] .ht_master tbody tr td:nth-of-type(1)').allTextContents(), { timeout: 15_000 })
      .toEqual(['PO issued', 'Materials ordered', 'Production start', 'Inline inspection', 'Final inspection', 'Ex-factory']);
  });
});
