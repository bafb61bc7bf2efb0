/**
 * Grids that feel like a spreadsheet (issue 11), on the shared DataGrid at 1280×800: key columns
 * frozen on the left, headers and cut cell text with their full text as title, money with 2
 * decimals right-aligned, column widths kept per user, a read-only grid that says so, no serious
 * axe violations in the grid, and an export with frozen header, autofilter, widths and formats.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { goToColumn, paste } from './grid-steps';
import { login, navigate, type DemoUser } from './harness';
import { setupApp } from './setup-app';
import costingGrid from '../../schemas/grids/costing.grid.json';
import { HEADER_FIT_MAX } from '../../web/src/components/data-grid/header-width';

const app = setupApp();

/** Signs in and opens a grid screen once its rows show. */
async function openGrid(user: DemoUser, path: string, page?: Page): Promise<Page> {
  const p = page ?? (await app.page());
  await login(p, user);
  await navigate(p, path);
  await p.locator('.data-grid .ht_master td').first().waitFor();
  return p;
}

/** The master table's header cell of a column title (the top clone covers it, same width). */
const header = (page: Page, title: string) =>
  page.locator('.data-grid .ht_clone_top thead th', { has: page.locator('.colHeader', { hasText: new RegExp(`^${title}`) }) }).first();

interface HeaderLines {
  text: string;
  width: number;
  lines: number;
  cut: boolean;
  broken: boolean;
}

/**
 * The header titles in view: how many lines each takes, whether it is cut (ellipsis), and whether a
 * word of it is broken across its lines (a word's characters on two lines, read with a Range).
 */
const headerLines = (page: Page): Promise<HeaderLines[]> =>
  page.locator('.data-grid .ht_clone_top thead th .colHeader').evaluateAll((els) =>
    els
      .filter((l) => (l.textContent ?? '').trim())
      .map((l) => {
        const node = l.firstChild as Text;
        const text = node.data;
        const tops = new Set<number>();
        let broken = false;
        for (const m of text.matchAll(/[^ -]+-?/g)) {
          const r = document.createRange();
          r.setStart(node, m.index);
          r.setEnd(node, m.index + m[0].length);
          const rows = new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top)));
          if (rows.size > 1) broken = true;
          for (const t of rows) tops.add(t);
        }
        return {
          text: text.replace(/\s[▲▼]$/, '').trim(),
          width: Math.round(l.closest('th')!.getBoundingClientRect().width),
          lines: tops.size,
          cut: l.scrollWidth > l.clientWidth || l.scrollHeight > l.clientHeight + 1,
          broken,
        };
      }),
  );

/** The shown texts and titles of a column's cells on the page. */
const columnCells = (page: Page, title: string) =>
  header(page, title).evaluate((th) => {
    const col = th.getAttribute('aria-colindex');
    return [...document.querySelectorAll(`.data-grid .ht_master tbody td[aria-colindex="${col}"]`)].map((td) => ({
      text: td.textContent ?? '',
      title: td.getAttribute('title'),
    }));
  });

describe('DataGrid usability', () => {
  it('SHELL-020 the column finder hands the grid the selection and the keyboard within its Enter: keys typed right after it move from the picked cell', async () => {
    const page = await openGrid('costing', '/grid/costing');
    await goToColumn(page, 'Est. Factory First Cost');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Control+Shift+KeyF');
    const input = page.getByRole('dialog', { name: 'Find a column' }).getByRole('textbox', { name: 'Column' });
    await input.fill('Wholesale Price');
    // The Enter as one event, then at once (same task, no timer in between) the grid's selected cell.
    const picked = await input.evaluate((el) => {
      el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true }));
      const td = document.querySelector('.data-grid .ht_master td.current');
      const th = [...document.querySelectorAll('.data-grid .ht_clone_top thead th')].find(
        (h) => h.getAttribute('aria-colindex') === td?.getAttribute('aria-colindex'),
      );
      return { row: td?.parentElement?.getAttribute('aria-rowindex'), column: th?.querySelector('.colHeader')?.textContent?.replace(/[▲▼▾]/g, '').trim() };
    });
    expect(picked).toEqual({ row: '3', column: 'Wholesale Price' });
    // The grid has the keyboard: the next key moves the selection down the picked column.
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.querySelector('.data-grid .ht_master td.current')?.parentElement?.getAttribute('aria-rowindex'))).toBe('4');
  });

  it('the key column stays visible after scrolling right; headers take two lines, and long headers and cut cells have their full text as title', async () => {
    const page = await openGrid('costing', '/grid/costing');
    const grid = (await page.locator('.data-grid__table').boundingBox())!;
    const firstRowY = (await page.locator('.data-grid .ht_master tbody tr').first().boundingBox())!;
    await page.locator('.data-grid .ht_master .wtHolder').evaluate((h) => {
      h.scrollLeft = h.scrollWidth;
    });
    await page.waitForTimeout(300);
    expect(await page.locator('.data-grid .ht_master .wtHolder').evaluate((h) => h.scrollLeft)).toBeGreaterThan(1000);
    // What shows at the grid's left edge on the first row is still a stock number.
    const atLeft = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest('td')?.textContent,
      [grid.x + 20, firstRowY.y + firstRowY.height / 2],
    );
    expect(atLeft).toMatch(/^[A-Z]{2}\d{4}-\d{3}$/);

    await page.locator('.data-grid .ht_master .wtHolder').evaluate((h) => {
      h.scrollLeft = 0;
    });
    await page.waitForTimeout(300);
    const cutHeader = await page.locator('.data-grid .ht_clone_top thead th').evaluateAll((ths) =>
      ths
        .map((th) => ({ th, label: th.querySelector<HTMLElement>('.colHeader') }))
        .filter(({ label }) => label && (label.scrollWidth > label.clientWidth || label.scrollHeight > label.clientHeight))
        .map(({ th, label }) => ({ text: label!.textContent, title: th.getAttribute('title') })),
    );
    for (const h of cutHeader) expect(h.title).toBe(h.text);
    // Every header has its full title on hover (a cut one above; the others as well).
    const titled = await page.locator('.data-grid .ht_clone_top thead th').evaluateAll((ths) =>
      ths
        .filter((th) => th.querySelector('.colHeader')?.textContent?.trim())
        .map(
          (th) =>
            th.getAttribute('title') ===
            th
              .querySelector('.colHeader')
              ?.textContent?.replace(/\s[▲▼]$/, '')
              .trim(),
        ),
    );
    expect(titled.length).toBeGreaterThan(8);
    expect(titled.every(Boolean)).toBe(true);
    // Every title is whole on its two lines (they were "Stock Nu…", "Factor…"; columns now fit their titles).
    const labels = await headerLines(page);
    expect(labels.length).toBeGreaterThan(8);
    expect(labels.filter((l) => l.cut || l.lines > 2)).toEqual([]);
    expect(labels.filter((l) => l.lines === 2).map((l) => l.text)).toEqual(expect.arrayContaining(['Stock Number', 'Status Name', 'Factory Key']));

    const cutCell = page
      .locator('.data-grid .ht_master td')
      .filter({ hasText: /Dong Nai Footwear/ })
      .first();
    expect(await cutCell.evaluate((td) => td.scrollWidth > td.clientWidth)).toBe(true);
    await cutCell.hover();
    expect(await cutCell.getAttribute('title')).toBe(await cutCell.textContent());
    expect(await cutCell.textContent()).toMatch(/^Dong Nai Footwear Co\..{3,}/);
  });

  it('a column too narrow for its header title grows until the title fits on two lines, no word broken (the costing flash edit at 1280 px)', async () => {
    const page = await openGrid('costing', '/flashEditCosting');
    const labels: HeaderLines[] = [];
    // Columns render around the viewport only: read the headers screen by screen to the right end.
    for (let left = 0; ; ) {
      for (const l of await headerLines(page)) if (!labels.some((x) => x.text === l.text)) labels.push(l);
      const next = await page.locator('.data-grid .ht_master .wtHolder').evaluate((h) => {
        const to = Math.min(h.scrollLeft + h.clientWidth - 200, h.scrollWidth - h.clientWidth);
        h.scrollLeft = to;
        return to;
      });
      if (next <= left) break;
      left = next;
      await page.waitForTimeout(150);
    }
    expect(labels.length).toBeGreaterThan(20);
    expect(labels.filter((l) => l.broken)).toEqual([]);
    // Cut only where the title needs more than the fitting's cap, and then whole on hover.
    for (const l of labels.filter((x) => x.cut)) expect(l.width).toBeGreaterThanOrEqual(HEADER_FIT_MAX);
    expect(labels.filter((l) => l.cut).length).toBeLessThan(3);
    expect(labels.map((l) => l.text)).toEqual(expect.arrayContaining(['Country of Origin', 'Initial Prototype Complete', 'Est. Factory First Cost']));
  });

  it('CONST-016 a money cell shows 2 decimals, right-aligned, also for a whole amount', async () => {
    const page = await openGrid('costing', '/grid/costing');
    await goToColumn(page, 'Initial Prototype Price');
    const cells = await header(page, 'Initial Prototype Price').evaluate((th) => {
      const col = th.getAttribute('aria-colindex');
      return [...document.querySelectorAll(`.data-grid .ht_master tbody td[aria-colindex="${col}"]`)]
        .map((td) => ({ text: td.textContent ?? '', align: getComputedStyle(td).textAlign }))
        .filter((c) => c.text);
    });
    expect(cells.length).toBeGreaterThan(0);
    for (const c of cells) {
      expect(c.text).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
      expect(c.align).toBe('right');
    }
    expect(cells.map((c) => c.text)).toContain('35.00');
  });

  it('PREF-013 a resized column keeps its width after a reload for that user, not for another user', async () => {
    const page = await openGrid('costing', '/grid/costing');
    const th = header(page, 'Season Name');
    const before = (await th.boundingBox())!;
    await th.hover();
    const handle = page.locator('.data-grid .manualColumnResizer').first();
    await handle.waitFor();
    const h = (await handle.boundingBox())!;
    const saved = page.waitForResponse((r) => /UpdateSingleUserPreference$/i.test(new URL(r.url()).pathname));
    await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
    await page.mouse.down();
    await page.mouse.move(h.x + h.width / 2 + 60, h.y + h.height / 2, { steps: 6 });
    await page.mouse.up();
    expect((await saved).status()).toBe(200);
    const resized = (await th.boundingBox())!.width;
    expect(resized).toBeGreaterThan(before.width + 40);

    await page.reload();
    await page.locator('.data-grid .ht_master td').first().waitFor();
    await expect.poll(async () => Math.round((await header(page, 'Season Name').boundingBox())!.width)).toBe(Math.round(resized));

    const other = await openGrid('admin', '/grid/costing');
    await page.waitForTimeout(500); // the other user's preferences have loaded (or not) by now
    // The other user has the column as the grid gives it (its document width, or wider for its title).
    const documentWidth = costingGrid.columns.find((c) => c.field === 'SeasonName')!.width;
    const othersWidth = Math.round((await header(other, 'Season Name').boundingBox())!.width);
    expect(othersWidth).toBe(Math.round(before.width));
    expect(othersWidth).toBeGreaterThanOrEqual(documentWidth);
  });

  it('PERM-016 a viewer on /grid/costing sees "Read only" and is told so when typing or pasting', async () => {
    const page = await openGrid('viewer', '/grid/costing');
    await expect.poll(() => page.locator('.data-grid__toolbar').getByText('Read only', { exact: true }).isVisible()).toBe(true);
    const saves: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/Grid\/costing\/Save$/i.test(new URL(r.url()).pathname)) saves.push(r.url());
    });
    await goToColumn(page, 'Factory First Cost');
    const cell = page.locator('.data-grid .ht_master td.current').first();
    const before = await cell.textContent();
    await cell.click(); // the grid has the keyboard
    await page.keyboard.type('12');
    await page.getByRole('status').filter({ hasText: 'This grid is read only.' }).waitFor();
    expect(await cell.textContent()).toBe(before);
    await page.reload();
    await page.locator('.data-grid .ht_master td').first().waitFor();
    await goToColumn(page, 'Factory First Cost');
    expect(await page.getByText('This grid is read only.').count()).toBe(0);
    await page.locator('.data-grid .ht_master td.current').first().click();
    await paste(page, '99');
    await page.getByRole('status').filter({ hasText: 'This grid is read only.' }).waitFor();
    expect(saves).toEqual([]);

    // An editor of the same grid has no badge.
    const editor = await openGrid('costing', '/grid/costing');
    await editor.getByRole('button', { name: 'Export' }).waitFor();
    expect(await editor.locator('.data-grid__toolbar').getByText('Read only', { exact: true }).count()).toBe(0);
  });

  it('a reference column shows names, never ids: brand and season on /grid/library-outsole, the launch date on /grid/forecast', async () => {
    const page = await openGrid('admin', '/grid/library-outsole');
    for (const [title, name] of [
      ['Brand', /^Summit Ridge$/],
      ['Season', /^(Spring\/Summer|Fall\/Winter) \d{4}$/],
    ] as const) {
      const cells = (await columnCells(page, title)).filter((c) => c.text);
      expect(cells.length, title).toBeGreaterThan(5);
      expect(
        cells.filter((c) => /^\d+$/.test(c.text)),
        title,
      ).toEqual([]);
      expect(
        cells.some((c) => name.test(c.text)),
        title,
      ).toBe(true);
      for (const c of cells) expect(c.title).toBe(c.text);
    }

    const forecast = await openGrid('forecast', '/grid/forecast');
    // Sorted by the launch date (the id), dated rows first.
    const sorted = forecast.waitForResponse((r) => /\/api\/Grid\/forecast\/Search$/i.test(new URL(r.url()).pathname));
    await header(forecast, 'Launch Date').locator('.colHeader').click();
    await sorted;
    await expect.poll(async () => (await columnCells(forecast, 'Launch Date')).filter((c) => c.text).length).toBeGreaterThan(0);
    const launches = (await columnCells(forecast, 'Launch Date')).filter((c) => c.text);
    expect(launches.filter((c) => /^[\d,]+$/.test(c.text))).toEqual([]);
  });

  it('the grids on /grid/costing, the /Search results and /grid/colorway-search have no serious or critical axe violations', async () => {
    const page = await openGrid('admin', '/grid/costing');
    expect(await seriousViolations(page, '.data-grid')).toEqual([]);
    for (const path of ['/Search', '/grid/colorway-search']) {
      await navigate(page, path);
      await page.locator('.data-grid .ht_master td').first().waitFor();
      expect(await seriousViolations(page, '.data-grid'), path).toEqual([]);
    }
  });

  it('CONST-017 an exported workbook has a frozen header, an autofilter, fitted widths and number formats', async () => {
    const page = await openGrid('costing', '/grid/costing');
    await page.getByText(/[\d,]+ records?\b/).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync((await (await download).path())!) as never);
    const ws = wb.worksheets[0];
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, xSplit: 2 });
    const header = (ws.getRow(1).values as unknown[]).slice(1) as string[];
    expect(ws.autoFilter).toMatch(new RegExp(`^A1:[A-Z]+${ws.rowCount}$`));
    const col = (title: string) => ws.getColumn(header.indexOf(title) + 1);
    expect(col('Colorway Name').width).toBeGreaterThan(col('Stock Number').width!);
    expect(col('Colorway Name').width).toBeLessThanOrEqual(60);
    const money = col('Initial Prototype Price');
    const moneyCell = (money.values as unknown[]).findIndex((v, i) => i > 1 && typeof v === 'number');
    expect(ws.getRow(moneyCell).getCell(money.number).numFmt).toBe('#,##0.00');
    const date = col('Initial Prototype Date');
    const dateRow = (date.values as unknown[]).findIndex((v, i) => i > 1 && v instanceof Date);
    expect(ws.getRow(dateRow).getCell(date.number).numFmt).toBe('mm/dd/yyyy');
  });
});
