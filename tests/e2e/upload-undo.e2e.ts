/**
 * Undo an upload in Chromium (issue 28, ADR 033): the costing export with 30 Est. Factory First
 * Costs changed, opened and saved by LibreOffice (headless: its booleans become =TRUE()/=FALSE()
 * formulas), uploads as 30 changed rows and nothing refused → Confirm → the job → someone else
 * changes one of the 30 cells → "Undo this upload" on /upload-queue/{id} → its preview (29 to put
 * back, the other listed and left alone) → Confirm → every value back but that one (API), both jobs
 * in the upload queue's history and both changes in the colorway's History.
 */
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { convertWithOffice, removeOfficeFiles } from '../support/office';
import { exportWorkbook, recordCount } from './flash-edit-steps';
import { apiToken, login, navigate } from './harness';
import { setupApp, waitForPath } from './setup-app';

const app = setupApp();
afterAll(() => removeOfficeFiles());

const header = (ws: ExcelJS.Worksheet) =>
  new Map((ws.getRow(1).values as unknown[]).map((h, i) => [String(h ?? ''), i] as [string, number]).filter(([h]) => h));
/** Statuses in which a colorway's costing may change; a Released one needs its factory (as in upload-queue.e2e.ts). */
const EDITABLE = new Set(['Created', 'Released']);

async function countOf(scope: Locator, list: string, label: string): Promise<number> {
  const li = scope.getByRole('list', { name: list }).locator('li', { has: scope.page().locator('span', { hasText: new RegExp(`^${label}$`) }) });
  return Number((await li.locator('strong').textContent())!.replace(/\D+/g, ''));
}

async function api(token: string, method: string, route: string, body?: object | FormData) {
  const json = body !== undefined && !(body instanceof FormData);
  const res = await fetch(`${app.server.baseUrl}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(body) : (body as FormData | undefined),
  });
  expect(res.ok, `${method} ${route}: ${res.status}`).toBe(true);
  return res;
}

/** Est. Factory First Cost by 'stock|season' in the costing export the user gets now (API). */
async function costs(token: string): Promise<Map<string, unknown>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await (await api(token, 'POST', '/api/Grid/costing/Export', {})).arrayBuffer()) as never);
  const ws = wb.worksheets[0];
  const at = header(ws);
  const out = new Map<string, unknown>();
  for (let n = 2; n <= ws.actualRowCount; n++) {
    const r = ws.getRow(n);
    out.set(
      `${r.getCell(at.get('Stock Number')!).value}|${r.getCell(at.get('Season Name')!).value}`,
      r.getCell(at.get('Est. Factory First Cost')!).value ?? null,
    );
  }
  return out;
}

async function jobDone(token: string, jobId: number) {
  await expect
    .poll(async () => (await (await api(token, 'GET', `/api/UploadQueue/Details?jobGuid=${jobId}`)).json()).JobStatus, { timeout: 90_000, interval: 500 })
    .toBe('Completed');
}

async function upload(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await (await chooser).setFiles(file);
}

describe('undo an upload (issue 28)', () => {
  it('FLASH-005 UQ-001: export costing, change 30 cells, save in LibreOffice, upload, confirm, undo, confirm: every value back, a cell changed since listed and kept, both jobs in History', async () => {
    const page = await app.page();
    await login(page, 'costing');
    await navigate(page, '/flashEditCosting');
    await recordCount(page);
    const { workbook } = await exportWorkbook(page);
    const ws = workbook.worksheets[0];
    const at = header(ws);
    const [cost, stock, season, status, factory] = ['Est. Factory First Cost', 'Stock Number', 'Season Name', 'Status Name', 'Factory Key'].map(
      (h) => at.get(h)!,
    );
    expect([cost, stock, season, status, factory].every(Boolean), [...at.keys()].join(', ')).toBe(true);
    const keyOf = (n: number) => `${ws.getRow(n).getCell(stock).value ?? ''}|${ws.getRow(n).getCell(season).value ?? ''}`;
    const seen = new Map<string, number>();
    for (let n = 2; n <= ws.actualRowCount; n++) seen.set(keyOf(n), (seen.get(keyOf(n)) ?? 0) + 1);
    const picked: number[] = [];
    for (let n = 2; n <= ws.actualRowCount && picked.length < 30; n++) {
      const r = ws.getRow(n);
      const state = String(r.getCell(status).value ?? '');
      if (r.getCell(stock).value && seen.get(keyOf(n)) === 1 && EDITABLE.has(state) && (state !== 'Released' || r.getCell(factory).value)) picked.push(n);
    }
    expect(picked).toHaveLength(30);
    const before = await costs(await apiToken(app.server.baseUrl, 'costing'));
    for (const [i, n] of picked.entries()) ws.getRow(n).getCell(cost).value = 700 + i;
    // LibreOffice opens and saves the file (headless), as the analyst of the issue did.
    const [saved] = await convertWithOffice([{ name: 'Costing-30.xlsx', content: Buffer.from(await workbook.xlsx.writeBuffer()), to: 'xlsx' }]);
    await upload(page, saved);
    const dialog = page.getByRole('dialog', { name: /Costing upload/ });
    await dialog.getByRole('list', { name: 'Rows of the file' }).waitFor({ timeout: 60_000 });
    expect(await countOf(dialog, 'Rows of the file', 'Changed')).toBe(30);
    expect(await countOf(dialog, 'Rows of the file', 'Refused')).toBe(0);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Upload confirmed: 30 rows being saved.' });
    await toast.waitFor();
    const jobId = Number((await toast.getByRole('link').getAttribute('href'))!.split('/').pop());
    const costing = await apiToken(app.server.baseUrl, 'costing');
    await jobDone(costing, jobId);

    // Someone else changes one of the 30 cells since (the admin, by an upload of their own).
    const admin = await apiToken(app.server.baseUrl, 'admin');
    const theirs = new ExcelJS.Workbook();
    await theirs.xlsx.load(Buffer.from(await (await api(admin, 'POST', '/api/Grid/costing/Export', {})).arrayBuffer()) as never);
    const tws = theirs.worksheets[0];
    const tat = header(tws);
    const otherKey = keyOf(picked[10]);
    for (let n = 2; n <= tws.actualRowCount; n++) {
      const r = tws.getRow(n);
      if (`${r.getCell(tat.get('Stock Number')!).value}|${r.getCell(tat.get('Season Name')!).value}` === otherKey)
        r.getCell(tat.get('Est. Factory First Cost')!).value = 555.55;
    }
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(await theirs.xlsx.writeBuffer())]), 'theirs.xlsx');
    const { ImportId: theirImport } = await (await api(admin, 'POST', '/api/Upload/costing', fd)).json();
    await expect.poll(async () => (await (await api(admin, 'GET', `/api/Upload/${theirImport}`)).json()).Status, { timeout: 60_000 }).toBe('Previewed');
    await jobDone(admin, (await (await api(admin, 'POST', `/api/Upload/${theirImport}/Commit`)).json()).JobId);

    // Undo this upload: its preview puts 29 back and lists the other, left alone.
    await navigate(page, `/upload-queue/${jobId}`);
    await page.getByRole('button', { name: 'Undo this upload' }).click();
    const undo = page.getByRole('dialog', { name: /Costing upload: Undo of Costing-30\.xlsx/ });
    await undo.getByRole('list', { name: 'Rows of the file' }).waitFor({ timeout: 60_000 });
    expect(await countOf(undo, 'Rows of the file', 'Changed')).toBe(29);
    expect(await countOf(undo, 'Rows of the file', 'Refused')).toBe(0);
    await undo.getByText('1 cell was changed again since the upload and is left as it is (marked red in the rows).').waitFor();
    await undo.getByRole('button', { name: 'Unchanged', exact: true }).click();
    await undo.locator('.diff-grid td.cell--error[title^="Changed again since this upload (now 555.55)"]').first().waitFor();
    await undo.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Upload confirmed: 29 rows being saved.' }).waitFor();
    await page.waitForURL((u) => /\/upload-queue\/\d+$/.test(u.pathname) && !u.pathname.endsWith(`/${jobId}`));
    const undoJobId = Number(new URL(page.url()).pathname.split('/').pop());
    await jobDone(costing, undoJobId);
    await page.getByTestId('job-status').filter({ hasText: 'Completed' }).first().waitFor({ timeout: 30_000 });
    await waitForPath(page, `/upload-queue/${undoJobId}`);

    // Every value back but the one changed since (API).
    const after = await costs(costing);
    for (const n of picked) {
      const key = keyOf(n);
      expect(Number(after.get(key)), key).toBe(key === otherKey ? 555.55 : Number(before.get(key)));
    }
    // Both jobs in the upload queue's history, both changes in a colorway's History.
    const history = (await (await api(costing, 'GET', '/api/UploadQueue/History?pageSize=250')).json()).Results.map((j: { JobId: number }) => j.JobId);
    expect(history).toEqual(expect.arrayContaining([jobId, undoJobId]));
    const { ImportId } = await (await api(costing, 'GET', `/api/UploadQueue/Details?jobGuid=${jobId}`)).json();
    const rows = (await (await api(costing, 'GET', `/api/Upload/${ImportId}/Rows?outcome=saved&pageSize=1000`)).json()).Results;
    const restored = rows.find((r: { Label: string }) => r.Label !== otherKey.split('|')[0]);
    const audit = await (await api(costing, 'GET', `/api/Audit/GetRecordHistory?ProjectLevelId=4&ProjectId=${restored.Key}`)).json();
    const ffc = audit.filter((a: { Field: string }) => a.Field === 'EstFFC').slice(0, 2);
    expect(ffc).toHaveLength(2);
    expect(Number(ffc[0].OldValue)).toBe(Number(ffc[1].NewValue));
    expect(Number(ffc[0].NewValue)).toBe(Number(ffc[1].OldValue));
  });
});
