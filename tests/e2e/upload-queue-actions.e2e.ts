/**
 * Uploads from other screens and a job's Cancel/Resume in Chromium (issue 13): /Search's pattern upload and
 * the factory user's offer (SEARCH-013..015), /home's mass forecast upload (FLASH-026), and Cancel and
 * Resume by the status the user saw (UQ-004, UQ-005). The costing upload's whole path: upload-queue.e2e.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { apiToken, login, navigate, type DemoUser } from './harness';
import { setupApp } from './setup-app';
import { countOf, upload, workbookFolder } from './upload-steps';

const app = setupApp();
const workbooks = workbookFolder();

describe('uploads from other screens and job actions (issue 13)', () => {
  it('SEARCH-013 SEARCH-014 SEARCH-015: /Search uploads patterns with the SEARCH-015 toast; factory users are offered it once results are shown (DECISIONS SEARCH-014)', async () => {
    const token = await apiToken(app.server.baseUrl, 'admin');
    const res = await fetch(`${app.server.baseUrl}/api/Grid/pattern-search/Search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pageNumber: 1, pageSize: 1 }),
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
    await upload(page, await workbooks.write(wb, 'Patterns.xlsx'), 'Upload patterns');
    const dialog = page.getByRole('dialog', { name: /Pattern upload/ });
    await dialog.getByRole('list', { name: 'Rows of the file' }).waitFor({ timeout: 30_000 });
    expect(await countOf(dialog, 'Rows of the file', 'Changed')).toBe(1);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page
      .getByTestId('toast')
      .filter({ hasText: 'Pattern upload confirmed: 1 row being saved. You will be notified by email when processing is complete.' })
      .waitFor();
    await page.getByTestId('toast').filter({ hasText: 'Pattern Upload Completed: 1 row saved' }).waitFor({ timeout: 60_000 });

    const factory = await app.page();
    await login(factory, 'factory');
    await navigate(factory, '/Search?searchModule=4');
    await factory.getByRole('heading', { name: 'Search', level: 1 }).waitFor();
    // Offered once the results are shown; hiding them takes it away, searching again brings it back.
    const offer = factory.getByRole('button', { name: 'Upload colorways' });
    await offer.waitFor({ timeout: 20_000 });
    await factory.getByRole('button', { name: 'Hide results' }).click();
    await offer.waitFor({ state: 'detached' });
    await factory.locator('.search-workbench__criteria').getByRole('button', { name: 'Search', exact: true }).click();
    await offer.waitFor();
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
      if (seen[user]) expect(await page.getByLabel('Mass forecast upload file').getAttribute('accept')).toBe('.xls,.xlsx,.ods,.csv,.tsv');
    }
    expect(seen).toEqual({ forecast: true, viewer: false });
  });

  it("UQ-004 UQ-005: Cancel and Resume follow the job's status and send the status the user saw; a stale one gets the server's answer", async () => {
    // A job of the user's own: an upload's dry run (the export as it is).
    const token = await apiToken(app.server.baseUrl, 'costing');
    const exported = await fetch(`${app.server.baseUrl}/api/Grid/costing/Export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const fd = new FormData();
    fd.append('file', new Blob([await exported.arrayBuffer()]), 'Costing-as-is.xlsx');
    const { PreviewJobId: jobId, ImportId } = await (
      await fetch(`${app.server.baseUrl}/api/Upload/costing`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: fd })
    ).json();
    // The dry run is over before the page pretends otherwise (the server then refuses the stale status).
    await expect
      .poll(
        async () => (await (await fetch(`${app.server.baseUrl}/api/Upload/${ImportId}`, { headers: { authorization: `Bearer ${token}` } })).json()).Status,
        { timeout: 30_000 },
      )
      .not.toBe('Previewing');

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
    await page
      .getByTestId('toast')
      .filter({ hasText: /reload the queue|cannot be canceled/ })
      .waitFor();

    shown = 'Failed';
    await page.reload();
    await page.getByTestId('job-status').filter({ hasText: 'Failed' }).first().waitFor();
    expect(await actions.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
    const resume = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/UploadQueue/Resume');
    await actions.getByRole('button', { name: 'Resume' }).click();
    expect(Object.fromEntries(new URL((await resume).url()).searchParams)).toEqual({ jobGuid: String(jobId), currentStatus: 'Failed' });
    await page
      .getByTestId('toast')
      .filter({ hasText: /reload the queue|cannot be resumed/ })
      .waitFor();
    await page.unrouteAll({ behavior: 'ignoreErrors' }); // a poll in flight when the page closes must not fail the run
  });
});
