/**
 * Mass upload and the upload queue in Chromium (issue 13): the costing grid's export with 30 cells
 * changed, 3 of them broken as a user would in Excel (text, a negative cost, #N/A; exceljs), goes
 * through Upload → the preview (27 changed, 3 refused: counts, the diff grid's 'old → new' cells and
 * flagged errors) → Confirm → the toasts (being saved, then UQ-010's Upload Completed) → /upload-queue (the job's row and progress bar until
 * Completed) → /upload-queue/{id} → the mail in the outbox → the failed rows' workbook (the 3 rows
 * and their errors) → the 27 values in the costing grid (API, and on screen through the column
 * filter) and in a colorway's history; the list and its history search (UQ-002, UQ-007..009); a
 * file that is not Excel and an unchanged export (no changes). Uploads from other screens and Cancel/Resume: upload-queue-actions.e2e.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { exportWorkbook, recordCount } from './flash-edit-steps';
import { cellAt, goToColumn } from './grid-steps';
import { apiToken, login, navigate, pathOf } from './harness';
import { setupApp, waitForPath } from './setup-app';
import { countOf, previewDialog, title, upload, workbookFolder } from './upload-steps';

const app = setupApp();
const workbooks = workbookFolder();

/** Waits for a mail to `to` in the server's outbox holding `text` (quoted-printable soft breaks undone). */
async function mailWith(to: string, text: string, timeoutMs = 20_000): Promise<string> {
  const outbox = path.join(app.server.dataDir!, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const f of fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((x) => x.endsWith('.eml')) : []) {
      const mail = fs
        .readFileSync(path.join(outbox, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (mail.toLowerCase().includes(to.toLowerCase()) && mail.includes(text)) return mail;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No mail to ${to} with ${text}`);
}

const header = (ws: ExcelJS.Worksheet) =>
  new Map((ws.getRow(1).values as unknown[]).map((h, i) => [String(h ?? ''), i] as [string, number]).filter(([h]) => h));

/** Statuses 3..7 make a colorway read-only (server/features/hierarchy/rules.ts); a Released one must keep its factory (colorway.ts, CW-020). */
const EDITABLE_STATUSES = new Set(['Created', 'Released']);

/** The three ways a user breaks a number cell in Excel, with a word of the message each gets. */
const BREAKS = [
  { value: 'abc', message: 'Must be a number.' },
  { value: -5, message: 'Must be >= 0.' },
  { value: { error: '#N/A' }, message: 'The cell holds the Excel error #N/A.' },
] as const;

/**
 * The costing export with 30 rows' Est. Factory First Cost changed, 3 of them broken as in Excel (text,
 * a negative cost, an error cell). The rows are ones the costing user may change: an editable status,
 * a factory when Released, a stock number once per season in the file.
 */
async function changedExport(page: Page, changes: number) {
  await navigate(page, '/flashEditCosting');
  await recordCount(page);
  const { workbook } = await exportWorkbook(page);
  const ws = workbook.worksheets[0];
  const at = header(ws);
  const [cost, stock, season, status, factory] = ['EstFFC', 'StockNum', 'SeasonName', 'StatusName', 'FactNameKy'].map((f) => at.get(title(f))!);
  expect([cost, stock, season, status, factory].every(Boolean)).toBe(true);
  const keyOf = (n: number) => `${ws.getRow(n).getCell(stock).value ?? ''}|${ws.getRow(n).getCell(season).value ?? ''}`;
  const seen = new Map<string, number>();
  for (let n = 2; n <= ws.actualRowCount; n++) seen.set(keyOf(n), (seen.get(keyOf(n)) ?? 0) + 1);
  const editable = (n: number) => {
    const row = ws.getRow(n);
    const state = String(row.getCell(status).value ?? '');
    return !!row.getCell(stock).value && seen.get(keyOf(n)) === 1 && EDITABLE_STATUSES.has(state) && (state !== 'Released' || !!row.getCell(factory).value);
  };
  const picked: number[] = [];
  for (let n = 2; n <= ws.actualRowCount && picked.length < changes; n++) if (editable(n)) picked.push(n);
  expect(picked.length).toBe(changes);
  // Spread over the 30: the 6th, 16th and 26th are broken.
  const broken = new Map(BREAKS.map((b, i) => [picked[5 + i * 10], b]));
  const changed = new Map<string, { row: number; value: number }>();
  for (const [i, n] of picked.entries()) {
    const cell = ws.getRow(n).getCell(cost);
    const bad = broken.get(n);
    if (bad) {
      cell.value = bad.value as ExcelJS.CellValue;
      continue;
    }
    const value = Math.round((900 + i + Number(cell.value ?? 0)) * 100) / 100;
    cell.value = value;
    changed.set(keyOf(n), { row: n, value });
  }
  return { workbook, changed, broken };
}

/** The text of every row of the diff grid in `dialog` by its Row number: the grid renders what is in view, so it is scrolled through. */
async function diffGridRows(scope: Locator): Promise<Map<number, { changed: string[]; errors: { text: string; title: string }[] }>> {
  const rows = new Map<number, { changed: string[]; errors: { text: string; title: string }[] }>();
  const holder = scope.locator('.diff-grid .ht_master .wtHolder');
  for (let top = 0; ; top += 300) {
    // Scrolled, then two frames: the grid draws the rows now in view.
    await holder.evaluate(
      (h, t) =>
        new Promise<void>((done) => {
          h.scrollTop = t;
          requestAnimationFrame(() => requestAnimationFrame(() => done()));
        }),
      top,
    );
    // The Row column is frozen: its cells are in the left clone, the others in the master, matched by aria-rowindex.
    const seen = await scope.locator('.diff-grid').evaluate((grid) => {
      const rowNumbers = new Map(
        [...grid.querySelectorAll(':is(.ht_clone_left, .ht_clone_inline_start) tbody tr')].map(
          (tr) => [tr.getAttribute('aria-rowindex'), Number(tr.querySelector('td')?.textContent)] as const,
        ),
      );
      return [...grid.querySelectorAll('.ht_master tbody tr')].map((tr) => {
        const tds = [...tr.querySelectorAll('td')];
        return {
          row: rowNumbers.get(tr.getAttribute('aria-rowindex')) ?? 0,
          changed: tds.filter((td) => td.classList.contains('cell--changed')).map((td) => td.textContent ?? ''),
          errors: tds.filter((td) => td.classList.contains('cell--error') && td.title).map((td) => ({ text: td.textContent ?? '', title: td.title })),
        };
      });
    });
    for (const s of seen) if (s.row) rows.set(s.row, s);
    const end = await holder.evaluate((h) => h.scrollTop + h.clientHeight >= h.scrollHeight - 1);
    if (end) return rows;
  }
}

/** The Stock Number column filter (its header's filter button): answers the rows the server found, in the grid's order. */
async function filterStockNumber(page: Page, stockNum: string): Promise<Record<string, unknown>[]> {
  // The header of a frozen column is the one in the top-left corner clone (the others lie under it).
  await page
    .locator('.data-grid .ht_clone_top_inline_start_corner')
    .getByRole('button', { name: `Filter ${title('StockNum')}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Filter ${title('StockNum')}` });
  await dialog.getByLabel('Value').fill(stockNum);
  const searched = page.waitForResponse((r) => /\/api\/Grid\/costing\/Search$/i.test(new URL(r.url()).pathname));
  await dialog.getByRole('button', { name: 'Apply' }).click();
  const found = (await (await searched).json()).Results as Record<string, unknown>[];
  await dialog.waitFor({ state: 'detached' });
  return found;
}

describe('mass upload and the upload queue (issue 13)', () => {
  it('FLASH-005 UQ-010 UQ-001 UQ-003: the costing export with 30 changes, 3 broken in Excel → preview (27 changed, 3 refused) → Confirm → /upload-queue shows the job Completed → its page, the mail, the 27 in the grid and the history, the failed rows file', async () => {
    const page = await app.page();
    await login(page, 'costing');
    const { workbook, changed, broken } = await changedExport(page, 30);
    expect(changed.size).toBe(27);
    await upload(page, await workbooks.write(workbook, 'Costing-changed.xlsx'));

    const dialog = previewDialog(page);
    await dialog.getByRole('list', { name: 'Rows of the file' }).waitFor({ timeout: 30_000 });
    expect(await countOf(dialog, 'Rows of the file', 'Changed')).toBe(27);
    expect(await countOf(dialog, 'Rows of the file', 'Refused')).toBe(3);
    expect(await seriousViolations(page, 'dialog[open]')).toEqual([]);
    // The diff grid: the 27 rows, each with one highlighted 'old → new' cell whose new value is the file's.
    await dialog.locator('.diff-grid .ht_master td.cell--changed').first().waitFor();
    const shown = await diffGridRows(dialog);
    const rowOf = new Map([...changed.values()].map((c) => [c.row, c.value]));
    expect([...shown.keys()].sort((a, b) => a - b)).toEqual([...rowOf.keys()].sort((a, b) => a - b));
    for (const [row, s] of shown) {
      expect(s.changed, `row ${row}`).toHaveLength(1);
      expect(Number(s.changed[0].split(' → ')[1].replace(/,/g, '')), `row ${row}`).toBe(rowOf.get(row));
    }
    // Refused: the 3 broken cells flagged in red with their messages, the row numbers the file's.
    await dialog.getByRole('button', { name: 'Refused', exact: true }).click();
    await dialog
      .getByTestId('row-count')
      .filter({ hasText: /^3 rows$/ })
      .waitFor();
    await dialog.locator('.diff-grid .ht_master td.cell--error[title]').first().waitFor();
    const refused = await diffGridRows(dialog);
    expect([...refused.keys()].sort((a, b) => a - b)).toEqual([...broken.keys()].sort((a, b) => a - b));
    for (const [row, bad] of broken) {
      const titles = refused
        .get(row)!
        .errors.map((e) => e.title)
        .join('\n');
      expect(titles, `row ${row}`).toContain(bad.message);
    }
    expect(refused.get([...broken].find(([, b]) => b.value === 'abc')![0])!.errors.some((e) => e.text === 'abc')).toBe(true);

    // Confirm with Ctrl+S: 'being saved' with UQ-010's notice and a link to the job; 'Upload Completed' once written (issue 27).
    await page.keyboard.press('Control+s');
    const toast = page.getByTestId('toast').filter({ hasText: 'Upload confirmed: 27 rows being saved.' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('You will be notified by email when processing is complete.');
    await page.getByTestId('toast').filter({ hasText: 'Upload Completed: 27 rows saved, 3 rows not saved.' }).waitFor({ timeout: 60_000 });
    await dialog.waitFor({ state: 'detached' });
    const link = toast.getByRole('link', { name: /Open job \d+ in the Upload Queue/ });
    const jobId = Number((await link.getAttribute('href'))!.split('/').pop());

    // The queue (through the nav): the job's row with its status and progress bar, polled until Completed.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Edit in bulk' }).click();
    await page.getByRole('menu', { name: 'Edit in bulk' }).getByRole('menuitem', { name: 'Upload Queue' }).click();
    await waitForPath(page, '/upload-queue');
    const jobRow = page.getByRole('table', { name: 'Current jobs' }).locator(`tbody tr[data-job-id="${jobId}"]`);
    await jobRow.waitFor();
    await jobRow.getByRole('progressbar').waitFor();
    expect(await jobRow.textContent()).toContain('Costing-changed.xlsx');
    await jobRow.getByTestId('job-status').filter({ hasText: 'Completed' }).waitFor({ timeout: 60_000 });
    await expect.poll(() => jobRow.getByRole('progressbar').getAttribute('aria-valuenow'), { timeout: 10_000 }).toBe('100');
    await jobRow.getByRole('link', { name: String(jobId), exact: true }).click();
    await waitForPath(page, `/upload-queue/${jobId}`);
    await page.getByTestId('job-status').filter({ hasText: 'Completed' }).first().waitFor({ timeout: 30_000 });
    await expect.poll(() => countOf(page.locator('#main'), 'Rows of the job', 'Saved'), { timeout: 10_000 }).toBe(27);
    // The breadcrumb names the file, never the id.
    expect(await page.locator('nav[aria-label="Breadcrumb"]').textContent()).toContain('Costing-changed.xlsx');
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await page.locator('.diff-grid').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The uploader gets a mail with the counts and the link to the job (outbox).
    expect(app.server.dataDir).toBeTruthy();
    expect(await mailWith('costing@example.com', `/upload-queue/${jobId}`)).toContain('Rows saved: 27');

    // The failed rows: exactly the 3 broken ones, an Error column naming each problem.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download failed rows' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/FailedRows\.xlsx$/);
    const failed = new ExcelJS.Workbook();
    await failed.xlsx.load(fs.readFileSync((await file.path())!) as never);
    const fws = failed.worksheets[0];
    const fat = header(fws);
    expect(fws.actualRowCount).toBe(1 + broken.size);
    const errorsByRow = new Map<number, string>();
    for (let n = 2; n <= fws.actualRowCount; n++)
      errorsByRow.set(Number(fws.getRow(n).getCell(fat.get('File Row')!).value), String(fws.getRow(n).getCell(fat.get('Error')!).value));
    expect([...errorsByRow.keys()].sort((a, b) => a - b)).toEqual([...broken.keys()].sort((a, b) => a - b));
    for (const [row, bad] of broken) expect(errorsByRow.get(row), `row ${row}`).toContain(bad.message);

    // All 27 saved values are the grid's now (API)…
    const token = await apiToken(app.server.baseUrl, 'costing');
    const res = await fetch(`${app.server.baseUrl}/api/Grid/costing/Search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pageNumber: 1, pageSize: 5000 }),
    });
    const byStock = new Map(((await res.json()).Results as Record<string, unknown>[]).map((r) => [`${r.StockNum}|${r.SeasonName}`, r]));
    for (const [key, { value }] of changed) expect(byStock.get(key)?.EstFFC, key).toBe(value);
    for (const [row] of broken) expect([...changed.values()].some((c) => c.row === row)).toBe(false);

    // …and in the grid on screen: a few of them, found with the Stock Number column filter.
    await navigate(page, '/flashEditCosting');
    await recordCount(page);
    const samples = [...changed].filter((_, i) => i % 9 === 0).slice(0, 3);
    let at = -1;
    for (const [key, { value }] of samples) {
      const found = await filterStockNumber(page, key.split('|')[0]);
      at = found.findIndex((r) => `${r.StockNum}|${r.SeasonName}` === key);
      expect(at, key).toBeGreaterThanOrEqual(0);
      await page
        .getByText(`${found.length.toLocaleString('en-US')} record${found.length === 1 ? '' : 's'}`)
        .first()
        .waitFor();
      // The count can be the previous sample's too: wait for this sample's stock number in its row.
      const link = page.locator(`.data-grid :is(.ht_clone_left, .ht_clone_inline_start) tbody tr[aria-rowindex="${at + 2}"] a.data-grid__link`);
      await expect.poll(async () => (await link.textContent())?.trim()).toBe(key.split('|')[0]);
      await goToColumn(page, title('SeasonName'));
      await expect.poll(async () => (await cellAt(page, title('SeasonName'), at))?.text, { timeout: 5_000 }).toBe(key.split('|')[1]);
      await goToColumn(page, title('EstFFC'));
      await expect.poll(async () => Number((await cellAt(page, title('EstFFC'), at))?.text.replace(/[^\d.-]/g, '')), { timeout: 5_000 }).toBe(value);
    }

    // The history of a changed colorway (the grid's stock number link): the costing user's Est. FFC change.
    const [, { value: lastValue }] = samples[samples.length - 1];
    await page.locator(`.data-grid :is(.ht_clone_left, .ht_clone_inline_start) tbody tr[aria-rowindex="${at + 2}"] a.data-grid__link`).click();
    await page.waitForURL((u) => /^\/colorway\/\d+$/.test(u.pathname), { timeout: 15_000 });
    const entry = page
      .locator('.history-table tbody tr', { hasText: title('EstFFC') })
      .filter({ hasText: 'Priya Raman' })
      .first();
    // The History panel is a <details> that loads when opened; a screen still settling may render it again closed: open it until it shows.
    const history = page.locator('details.record-panel', { has: page.locator('summary', { hasText: /^History$/ }) });
    await expect
      .poll(
        async () => {
          if (!(await history.evaluate((d) => (d as HTMLDetailsElement).open))) await history.locator('summary').click();
          return entry.isVisible();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    expect(Number((await entry.locator('td').nth(4).textContent())!.replace(/[^\d.-]/g, ''))).toBe(lastValue);
  });

  it("UQ-002 UQ-003 UQ-009 UQ-008: /upload-queue lists the user's jobs; the history search checks the dates and offers 25/50/100/250", async () => {
    const page = await app.page();
    // The change feed down (issue 30: the list follows it while it is up): the 5-second poll is the fallback.
    await page.route(
      (url) => url.pathname.toLowerCase() === '/api/feed',
      (route) => route.abort(),
    );
    await login(page, 'costing');
    await navigate(page, '/upload-queue');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Upload Queue');
    const current = page.getByRole('table', { name: 'Current jobs' });
    await current.waitFor();
    expect(await current.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    // UQ-002: the list asks again every 5 seconds while the feed is down.
    const again = await page.waitForResponse((r) => new URL(r.url()).pathname === '/api/UploadQueue', { timeout: 8_000 });
    expect(again.status()).toBe(200);

    const form = page.getByRole('form', { name: 'History search' });
    expect(await form.getByLabel('Results').evaluate((s: HTMLSelectElement) => [...s.options].map((o) => o.value))).toEqual(['25', '50', '100', '250']);
    expect(await form.getByLabel('Results').inputValue()).toBe('50');
    expect(await form.getByLabel('User').count()).toBe(0); // not module 18 read: own jobs only
    await form.getByLabel('Start date').fill('03/02/2027');
    await form.getByLabel('End date').fill('03/01/2027');
    await form.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('alert').filter({ hasText: 'Select a Start date that ocurrs before the End date.' }).waitFor();

    await form.getByLabel('Start date').fill('');
    await form.getByLabel('End date').fill('');
    await form.getByLabel('Job status').selectOption('Completed');
    const history = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/UploadQueue/History');
    await form.getByRole('button', { name: 'Search' }).click();
    expect((await history).status()).toBe(200);
    const results = page.getByRole('table', { name: 'History results' });
    await results.waitFor();
    const statuses = await results.getByTestId('job-status').allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['Completed']));
    // A row opens its job.
    await results.locator('tbody tr').first().click();
    await page.waitForURL((u) => /^\/upload-queue\/\d+$/.test(u.pathname));
  });

  it('FLASH-005 CONST-029: a file that is not Excel is refused in the browser; an unchanged export previews as No changes with Confirm disabled', async () => {
    const page = await app.page();
    await login(page, 'costing');
    await navigate(page, '/flashEditCosting');
    await recordCount(page);
    const csv = path.join(workbooks.dir, 'costing.pdf');
    fs.writeFileSync(csv, 'Stock Number,Est. Factory First Cost\nX,1\n');
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/Upload/')) sent.push(r.url());
    });
    await upload(page, csv);
    await page.getByTestId('toast').filter({ hasText: 'Please upload an Excel file (.xls or .xlsx)' }).waitFor();
    expect(sent).toEqual([]);

    const { workbook } = await exportWorkbook(page);
    await upload(page, await workbooks.write(workbook, 'Costing-unchanged.xlsx'));
    const dialog = previewDialog(page);
    await dialog.getByText('No changes.').waitFor({ timeout: 30_000 });
    expect(await countOf(dialog, 'Rows of the file', 'Changed')).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(true);
    // Esc cancels: the import is discarded.
    const discard = page.waitForResponse((r) => /\/api\/Upload\/\d+\/Discard$/.test(new URL(r.url()).pathname));
    await page.keyboard.press('Escape');
    expect((await discard).status()).toBe(200);
    await dialog.waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/flashEditCosting');
  });
});
