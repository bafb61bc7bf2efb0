/**
 * Mass upload and the upload queue in Chromium (issue 13): the costing grid's export, changed and
 * broken as a user would in Excel (exceljs), goes through Upload → the preview (counts, the diff
 * grid's changed and refused cells) → Confirm → UQ-010's toast with its link → /upload-queue/{id}
 * showing the job Completed with its rows and the failed rows' workbook; the list and its history
 * search (UQ-002, UQ-007..009); a file that is not Excel and an unchanged export (no changes).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { exportWorkbook, recordCount } from './flash-edit-steps';
import { apiToken, login, navigate, pathOf, type DemoUser } from './harness';
import { setupApp, waitForPath } from './setup-app';

const app = setupApp();

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'plm-upload-e2e-'));
async function writeWorkbook(wb: ExcelJS.Workbook, name: string): Promise<string> {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, Buffer.from(await wb.xlsx.writeBuffer()));
  return file;
}

/** Clicks the screen's Upload button and picks the file in the browser's file chooser. */
async function upload(page: Page, file: string, button = 'Upload') {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button, exact: true }).click();
  await (await chooser).setFiles(file);
}

const previewDialog = (page: Page) => page.getByRole('dialog', { name: /Costing upload/ });

/** A count of the preview or job page by its label ('Changed', 'Refused'…). */
async function countOf(scope: Locator, list: string, label: string): Promise<number> {
  const li = scope.getByRole('list', { name: list }).locator('li', { has: scope.page().locator('span', { hasText: new RegExp(`^${label}$`) }) });
  return Number((await li.locator('strong').textContent())!.replace(/\D+/g, ''));
}

/** Waits for a mail to `to` in the server's outbox holding `text` (quoted-printable soft breaks undone). */
async function mailWith(to: string, text: string, timeoutMs = 20_000): Promise<string> {
  const outbox = path.join(app.server.dataDir!, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const f of fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((x) => x.endsWith('.eml')) : []) {
      const mail = fs.readFileSync(path.join(outbox, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (mail.toLowerCase().includes(to.toLowerCase()) && mail.includes(text)) return mail;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No mail to ${to} with ${text}`);
}

const header = (ws: ExcelJS.Worksheet) => new Map((ws.getRow(1).values as unknown[]).map((h, i) => [String(h ?? ''), i] as [string, number]).filter(([h]) => h));

/** The costing export with `changes` rows' first cost changed and one later row's first cost made text. */
async function changedExport(page: Page, changes: number) {
  await navigate(page, '/flashEditCosting');
  await recordCount(page);
  const { workbook } = await exportWorkbook(page);
  const ws = workbook.worksheets[0];
  const at = header(ws);
  const cost = at.get('Est. Factory First Cost')!;
  const stock = at.get('Stock Number')!;
  const season = at.get('Season Name')!;
  expect(cost && stock && season).toBeTruthy();
  expect(ws.actualRowCount).toBeGreaterThan(changes + 2);
  const changed = new Map<string, number>();
  for (let n = 2; n < 2 + changes; n++) {
    const value = Math.round((900 + n + Number(ws.getRow(n).getCell(cost).value ?? 0)) * 100) / 100;
    ws.getRow(n).getCell(cost).value = value;
    // A stock number is one per season: the row is the pair.
    changed.set(`${ws.getRow(n).getCell(stock).value}|${ws.getRow(n).getCell(season).value}`, value);
  }
  const badRow = 2 + changes;
  ws.getRow(badRow).getCell(cost).value = 'abc';
  return { workbook, changed, badRow };
}

describe('mass upload and the upload queue (issue 13)', () => {
  it('FLASH-005 UQ-010 UQ-001: costing Upload → preview diff and the refused row → Confirm → toast link → the job Completed, its rows and failed rows file', async () => {
    const page = await app.page();
    await login(page, 'costing');
    const { workbook, changed, badRow } = await changedExport(page, 4);
    await upload(page, await writeWorkbook(workbook, 'Costing-changed.xlsx'));

    const dialog = previewDialog(page);
    await dialog.getByRole('list', { name: 'Rows of the file' }).waitFor({ timeout: 30_000 });
    const changedCount = await countOf(dialog, 'Rows of the file', 'Changed');
    expect(changedCount).toBeGreaterThan(0);
    expect(changedCount).toBeLessThanOrEqual(changed.size);
    expect(await countOf(dialog, 'Rows of the file', 'Refused')).toBeGreaterThanOrEqual(1);
    expect(await seriousViolations(page, 'dialog[open]')).toEqual([]);
    // The diff grid: changed cells read "old → new", highlighted, the new value the file's.
    const changedCells = dialog.locator('.diff-grid .ht_master td.cell--changed');
    await changedCells.first().waitFor();
    const texts = await changedCells.allTextContents();
    expect(texts.length).toBe(changedCount);
    for (const t of texts) expect([...changed.values()].map(String)).toContain(t.split(' → ')[1]);
    // Refused: the bad cell flagged in red with its message as title, the Errors column naming the column.
    await dialog.getByRole('button', { name: 'Refused', exact: true }).click();
    const bad = dialog.locator('.diff-grid .ht_master td.cell--error[title]').filter({ hasText: 'abc' });
    await bad.first().waitFor();
    expect(await bad.first().getAttribute('title')).toBeTruthy();
    // The frozen Row column (the left clone) names the Excel row.
    expect(await dialog.locator('.diff-grid .ht_clone_left tbody tr').first().locator('td').first().textContent()).toBe(String(badRow));

    // Confirm with Ctrl+S (the focus on the filter): the UQ-010 toast with a link to the job.
    await page.keyboard.press('Control+s');
    const toast = page.getByTestId('toast').filter({ hasText: 'Upload Completed' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('You will be notified by email when processing is complete.');
    await dialog.waitFor({ state: 'detached' });
    const link = toast.getByRole('link', { name: /Open job \d+ in the Upload Queue/ });
    const jobId = Number((await link.getAttribute('href'))!.split('/').pop());
    await link.click();
    await waitForPath(page, `/upload-queue/${jobId}`);
    // The page polls while the job runs: it ends Completed, with the saved rows counted.
    await page.getByTestId('job-status').filter({ hasText: 'Completed' }).first().waitFor({ timeout: 60_000 });
    await expect.poll(() => countOf(page.locator('#main'), 'Rows of the job', 'Saved'), { timeout: 10_000 }).toBe(changedCount);
    // The breadcrumb names the file, never the id.
    expect(await page.locator('nav[aria-label="Breadcrumb"]').textContent()).toContain('Costing-changed.xlsx');
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await page.locator('.diff-grid').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The uploader gets a mail with the counts and the link to the job (outbox).
    if (app.server.dataDir) expect(await mailWith('costing@example.com', `/upload-queue/${jobId}`)).toContain(`Rows saved: ${changedCount}`);

    // The saved values are the grid's now.
    const token = await apiToken(app.server.baseUrl, 'costing');
    const res = await fetch(`${app.server.baseUrl}/api/Grid/costing/Search`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ pageNumber: 1, pageSize: 5000 }),
    });
    const byStock = new Map(((await res.json()).Results as Record<string, unknown>[]).map((r) => [`${r.StockNum}|${r.SeasonName}`, r.EstFFC]));
    const savedRows = [...changed].filter(([s, v]) => byStock.get(s) === v);
    expect(savedRows.length).toBe(changedCount);

    // The failed rows as a workbook with an Error column.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download failed rows' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/FailedRows\.xlsx$/);
    const failed = new ExcelJS.Workbook();
    await failed.xlsx.load(fs.readFileSync((await file.path())!) as never);
    const fws = failed.worksheets[0];
    expect([...header(fws).keys()]).toContain('Error');
    expect(fws.actualRowCount).toBeGreaterThanOrEqual(2);
  });

  it('UQ-002 UQ-003 UQ-009 UQ-008: /upload-queue lists the user\'s jobs; the history search checks the dates and offers 25/50/100/250', async () => {
    const page = await app.page();
    await login(page, 'costing');
    await navigate(page, '/upload-queue');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Upload Queue');
    const current = page.getByRole('table', { name: 'Current jobs' });
    await current.waitFor();
    expect(await current.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    // UQ-002: the list asks again every 5 seconds.
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
    const csv = path.join(tmp, 'costing.csv');
    fs.writeFileSync(csv, 'Stock Number,Est. Factory First Cost\nX,1\n');
    const sent: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/api/Upload/')) sent.push(r.url()); });
    await upload(page, csv);
    await page.getByTestId('toast').filter({ hasText: 'Please upload an Excel file (.xls or .xlsx)' }).waitFor();
    expect(sent).toEqual([]);

    const { workbook } = await exportWorkbook(page);
    await upload(page, await writeWorkbook(workbook, 'Costing-unchanged.xlsx'));
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

  it('SEARCH-013 SEARCH-014 SEARCH-015: /Search uploads patterns with the SEARCH-015 toast; factory users are not offered it', async () => {
    const token = await apiToken(app.server.baseUrl, 'admin');
    const res = await fetch(`${app.server.baseUrl}/api/Grid/pattern-search/Search`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ pageNumber: 1, pageSize: 1 }),
    });
    const [pattern] = (await res.json()).Results as Record<string, unknown>[];
    const titles = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../schemas/entities/pattern.schema.json'), 'utf8')).properties;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Patterns');
    ws.addRow([titles.PatternName.title, 'Season', titles.PatternDesc.title]);
    ws.addRow([pattern.PatternName, pattern.SeasonName, `Uploaded description ${Date.now()}`]);

    const page = await app.page();
    await login(page, 'admin');
    await navigate(page, '/Search?searchModule=3');
    await upload(page, await writeWorkbook(wb, 'Patterns.xlsx'), 'Upload patterns');
    const dialog = page.getByRole('dialog', { name: /Pattern upload/ });
    await dialog.getByRole('list', { name: 'Rows of the file' }).waitFor({ timeout: 30_000 });
    expect(await countOf(dialog, 'Rows of the file', 'Changed')).toBe(1);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Pattern Upload Completed: You will be notified by email when processing is complete.' }).waitFor();

    const factory = await app.page();
    await login(factory, 'factory');
    await navigate(factory, '/Search');
    await factory.getByRole('heading', { name: 'Search', level: 1 }).waitFor();
    expect(await factory.getByRole('button', { name: /^Upload / }).count()).toBe(0);
  });

  it('FLASH-026 PERM-026: /home offers the mass forecast upload only with forecasting edit', async () => {
    const seen: Partial<Record<DemoUser, boolean>> = {};
    for (const user of ['forecast', 'viewer'] as const) {
      const page = await app.page();
      await login(page, user);
      await navigate(page, '/home');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.locator('.dashboard').waitFor();
      seen[user] = (await page.getByRole('button', { name: 'Mass forecast upload' }).count()) === 1;
      if (seen[user]) expect(await page.getByLabel('Mass forecast upload file').getAttribute('accept')).toBe('.xls,.xlsx');
    }
    expect(seen).toEqual({ forecast: true, viewer: false });
  });

  it('UQ-004 UQ-005: Cancel and Resume follow the job\'s status and send the status the user saw; a stale one gets the server\'s answer', async () => {
    // A job of the user's own: an upload's dry run (the export as it is).
    const token = await apiToken(app.server.baseUrl, 'costing');
    const exported = await fetch(`${app.server.baseUrl}/api/Grid/costing/Export`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}',
    });
    const fd = new FormData();
    fd.append('file', new Blob([await exported.arrayBuffer()]), 'Costing-as-is.xlsx');
    const { PreviewJobId: jobId, ImportId } = await (await fetch(`${app.server.baseUrl}/api/Upload/costing`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: fd })).json();
    // The dry run is over before the page pretends otherwise (the server then refuses the stale status).
    await expect.poll(async () => (await (await fetch(`${app.server.baseUrl}/api/Upload/${ImportId}`, { headers: { authorization: `Bearer ${token}` } })).json()).Status,
      { timeout: 30_000 }).not.toBe('Previewing');

    const page = await app.page();
    await login(page, 'costing');
    // The page as it looks while the job runs (Running: Cancel only) or after it failed (Failed: Resume only).
    let shown: 'Running' | 'Failed' = 'Running';
    await page.route('**/api/UploadQueue/Details?*', async (route) => {
      const res = await route.fetch();
      const job = await res.json();
      await route.fulfill({ response: res, json: { ...job, JobStatus: shown, CanCancel: shown === 'Running', CanResume: shown === 'Failed' } });
    });
    await navigate(page, `/upload-queue/${jobId}`);
    const actions = page.locator('.page-header__actions');
    await page.getByTestId('job-status').filter({ hasText: 'Running' }).first().waitFor();
    expect(await actions.getByRole('button', { name: 'Resume' }).isDisabled()).toBe(true);
    await actions.getByRole('button', { name: 'Cancel' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Cancel the job?' });
    const cancel = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/UploadQueue/Cancel');
    await ask.getByRole('button', { name: 'Cancel job' }).click();
    const sent = new URL((await cancel).url());
    expect(Object.fromEntries(sent.searchParams)).toEqual({ jobGuid: String(jobId), currentStatus: 'Running' });
    // The job really finished meanwhile: the server says so and nothing changes.
    await page.getByTestId('toast').filter({ hasText: /reload the queue|cannot be canceled/ }).waitFor();

    shown = 'Failed';
    await page.reload();
    await page.getByTestId('job-status').filter({ hasText: 'Failed' }).first().waitFor();
    expect(await actions.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
    const resume = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/UploadQueue/Resume');
    await actions.getByRole('button', { name: 'Resume' }).click();
    expect(Object.fromEntries(new URL((await resume).url()).searchParams)).toEqual({ jobGuid: String(jobId), currentStatus: 'Failed' });
    await page.getByTestId('toast').filter({ hasText: /reload the queue|cannot be resumed/ }).waitFor();
    await page.unrouteAll({ behavior: 'ignoreErrors' }); // a poll in flight when the page closes must not fail the run
  });
});
