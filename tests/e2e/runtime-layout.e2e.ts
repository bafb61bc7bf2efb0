/**
 * Issue 26 "Must show": layouts change at runtime, without a deploy. An administrator, in the
 * profile's field-layout panel (PREF-017..023, as everyone's default), hides, moves and renames
 * fields of the dev prototype critical path header and of the transfer checklist header; the
 * designer, signed in in another browser context, sees each change on the next load of those
 * screens. And the dev prototype path's PDF prints the process tables with the columns and titles
 * the screen's process grids show (both from the grid documents).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiToken, login, navigate } from './harness';
import { setupApp } from './setup-app';

const app = setupApp();
const run = promisify(execFile);

async function api<T>(path: string, json?: unknown): Promise<T> {
  const token = await apiToken(app.server.baseUrl, 'designer');
  const res = await fetch(`${app.server.baseUrl}${path}`, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, ...(json === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  expect(res.status, path).toBe(200);
  return res.json() as Promise<T>;
}

/** The labels of the form row holding the field labelled `label`. */
const rowOf = (page: Page, label: string) =>
  page
    .locator('.sf-row')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('label')
    .allTextContents();
const labelled = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** In the admin's field-layout panel: picks a field of the layout rows by its shown title. */
const layoutField = (page: Page, title: string) => page.getByRole('list', { name: 'Layout rows' }).getByRole('button', { name: title, exact: true });

async function openLayout(admin: Page, screen: string) {
  await admin.getByLabel('Screen').selectOption({ label: screen });
  await admin.getByLabel('Save as').selectOption({ label: 'Default for everyone' });
}

async function saveLayout(admin: Page) {
  await admin.getByText('Unsaved changes.', { exact: false }).waitFor();
  const saved = admin.waitForResponse((r) => r.url().includes('/fields/updateFieldConfiguration/') && r.request().method() === 'POST');
  await admin.getByRole('button', { name: 'Save layout' }).click();
  expect((await saved).status()).toBe(200);
  await admin.getByText('Field Profile Saved').last().waitFor();
  // Saved once the panel has read the layout back (until then it counts as changed and would ask before switching screens).
  await expect.poll(() => admin.getByText('Unsaved changes.', { exact: false }).count()).toBe(0);
}

/** hide, move (up a row) and rename one field each. */
async function change(admin: Page, hide: string, moveUp: string, rename: [from: string, to: string]) {
  await layoutField(admin, hide).click();
  await admin.getByRole('button', { name: 'Hide', exact: true }).click();
  await layoutField(admin, moveUp).click();
  await admin.getByRole('button', { name: 'Move up', exact: true }).click();
  await layoutField(admin, rename[0]).click();
  await admin.locator('#layout-title').fill(rename[1]);
  await layoutField(admin, rename[1]).waitFor();
}

describe('runtime layouts (issue 26)', () => {
  it("PREF-017 PREF-018 CP-018 CP-050 TC-001 an admin hides, moves and renames header fields; another user sees it on reload; the PDF's process titles are the screen's", async () => {
    const [path] = (
      await api<{ Results: { CriticalPathDevPrototypeId: number; PrototypeSeasonalId: number; CriticalPathDevPrototypeName: string }[] }>(
        '/api/Grid/critical-path-dev-prototype-search/Search',
        { pageSize: 1, sortColumn: 'CriticalPathDevPrototypeId' },
      )
    ).Results;
    const [checklist] = (
      await api<{ Results: { TransferChecklistId: number; StockNumber: string }[] }>('/api/TransferChecklist/GetTransferChecklists?pageSize=1')
    ).Results;
    const pathUrl = `/criticalPathDevPrototypeEdit/${path.CriticalPathDevPrototypeId}/${path.PrototypeSeasonalId}`;
    const checklistUrl = `/transferChecklist/${checklist.TransferChecklistId}`;

    // The designer's screens as the layout documents lay them out.
    const designer = await app.page();
    await designer.setViewportSize({ width: 2400, height: 1200 });
    await login(designer, 'designer');
    await navigate(designer, pathUrl);
    await designer.getByRole('heading', { name: `Dev Prototype Critical Path: ${path.CriticalPathDevPrototypeName}` }).waitFor({ timeout: 20_000 });
    await labelled(designer, 'Asia Developer').waitFor();
    expect(await rowOf(designer, 'US Developer')).toEqual(['Designer', 'US Developer', 'Asia Developer']);
    await navigate(designer, checklistUrl);
    await labelled(designer, 'Product Type').waitFor({ timeout: 20_000 });
    expect(await labelled(designer, 'Pattern').count()).toBe(1);
    expect(await rowOf(designer, 'Completion Date')).toEqual(['Completion Date']);

    // The administrator changes both default layouts in the profile's field-layout panel.
    const admin = await app.page();
    await login(admin, 'admin');
    await navigate(admin, '/UserProfile');
    await openLayout(admin, 'Dev Prototype Critical Path');
    await layoutField(admin, 'Asia Developer').waitFor();
    await change(admin, 'Asia Developer', 'US Developer', ['Designer', 'Lead Designer']);
    await saveLayout(admin);
    await openLayout(admin, 'Transfer Checklist');
    await layoutField(admin, 'Completion Date').waitFor();
    await change(admin, 'Pattern', 'Completion Date', ['Product Type', 'Transfer Product Type']);
    await saveLayout(admin);

    // The designer reloads: hidden, moved and renamed at once, no deploy.
    await navigate(designer, pathUrl);
    await labelled(designer, 'Lead Designer').waitFor({ timeout: 20_000 });
    expect(await labelled(designer, 'Designer').count()).toBe(0);
    expect(await labelled(designer, 'Asia Developer').count()).toBe(0);
    expect(await rowOf(designer, 'US Developer')).toEqual(['Name', 'Status', 'US Developer']);
    expect(await rowOf(designer, 'Lead Designer')).toEqual(['Lead Designer']);
    await designer.reload();
    await labelled(designer, 'Lead Designer').waitFor({ timeout: 20_000 });

    await navigate(designer, checklistUrl);
    await labelled(designer, 'Transfer Product Type').waitFor({ timeout: 20_000 });
    expect(await labelled(designer, 'Product Type').count()).toBe(0);
    expect(await labelled(designer, 'Pattern').count()).toBe(0);
    expect(await rowOf(designer, 'Completion Date')).toEqual(['Transfer Product Type', 'Tariff Mitigation Transfer', 'Completion Date']);
    // The renamed field is the same field: another product type is chosen and saved through it.
    const productType = labelled(designer, 'Transfer Product Type');
    await expect.poll(() => productType.locator('option').count()).toBeGreaterThan(2);
    const current = await productType.locator('option:checked').textContent();
    const other = (await productType.locator('option').allTextContents()).find((o) => o && o !== 'None' && o !== current)!;
    await productType.selectOption({ label: other });
    await designer.getByRole('button', { name: 'Save', exact: true }).click();
    await designer.getByText('Transfer Checklist saved successfully!').waitFor();
    expect(
      (await api<{ TransferProductTypeName: string }>(`/api/TransferChecklist/Get?transferChecklistId=${checklist.TransferChecklistId}`))
        .TransferProductTypeName,
    ).toBe(other);

    // CP-050: the PDF's process tables have the screen's process grid columns, titled alike.
    await navigate(designer, pathUrl);
    const headers = (grid: string) => designer.locator(`[data-testid="${grid}"] .ht_clone_top thead th .colHeader`).allTextContents();
    await expect.poll(async () => (await headers('cp-finals')).length, { timeout: 20_000 }).toBeGreaterThan(5);
    const finals = (await headers('cp-finals')).map((t) => t.trim()).filter(Boolean);
    const actuals = (await headers('cp-actuals')).map((t) => t.trim()).filter(Boolean);
    expect(finals).toContain('Actual Complete');
    const download = designer.waitForEvent('download');
    await designer.getByRole('button', { name: 'Report (PDF)' }).click();
    const file = (await (await download).path())!;
    // -raw: the text in the order the PDF draws it, a wrapped column title's lines one after the other.
    const text = (await run('pdftotext', ['-raw', file, '-'])).stdout.replace(/\s+/g, ' ');
    fs.rmSync(file, { force: true });
    expect(text).toContain(`Final Processes ${finals.join(' ')} `);
    expect(text).toContain(`Actual Processes ${actuals.join(' ')} `);
  });
});
