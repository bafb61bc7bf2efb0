/**
 * The dev prototype critical path edit screen end to end (CP-018, CP-019, CP-023, CP-024, CP-038..040):
 * the designer opens the path of a demo colorway, drags a process above another (renumbered by 10),
 * approves SPECAPP (the other rows unlock), approves LTHAPP and saves (the colorway shows leather
 * approved), then revokes SPECAPP with the confirmation (approvals cleared, flags reset) and saves,
 * downloads the path's PDF (pdftotext: processes and dates), sees the colorway not buy-ready in the
 * buy-ready report, and an admin's override flips it (BR-001, BR-005..008). The process grid is an
 * OwnedGrid (ADR 029): a locked row refuses edits with its reason, an Excel paste of two rows of dates
 * is one change undone with Ctrl+Z, a process edit is undone with Ctrl+Z.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { paste } from './grid-steps';
import { apiCall, freshDevPrototypePath } from './critical-path-steps';
import { apiToken, login, navigate, type DemoUser } from './harness';
import { setupApp } from './setup-app';

const app = setupApp();
const run = promisify(execFile);
const tokenOf = (user: DemoUser) => apiToken(app.server.baseUrl, user);
const api = (token: string, path: string, json?: unknown) => apiCall(app.server.baseUrl, token, path, json);

const GRID = '[data-testid="cp-finals"]';
const COLS = [
  'Process',
  'Est. Start',
  'Target',
  'Rev. Start',
  'Rev. Target',
  'Actual Complete',
  'Approval',
  'Approved By',
  'Approval Date',
  'Notes',
  'Notes 2',
];
const cell = (page: Page, title: string, row: number) =>
  page.locator(`${GRID} .ht_master tbody tr:nth-child(${row + 1}) td:nth-of-type(${COLS.indexOf(title) + 1})`);
const rowHeader = (page: Page, row: number) => page.locator(`${GRID} .ht_clone_inline_start tbody tr:nth-child(${row + 1}) th`);
const names = (page: Page) => page.locator(`${GRID} .ht_master tbody tr td:nth-of-type(1)`).allTextContents();
const isSave = (r: { url(): string; request(): { method(): string } }) =>
  r.url().includes('/api/CriticalPath/UpdateCriticalPathDevPrototype') && r.request().method() === 'POST';

async function pick(page: Page, row: number, value: string) {
  await cell(page, 'Approval', row).click();
  await page.keyboard.press('Enter');
  // The list offers the choices matching the editor's text: cleared, all of them.
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  const option = page.locator('.autocompleteEditor td').filter({ hasText: new RegExp(`^${value}$`) });
  await option.first().waitFor({ timeout: 10_000 });
  await option.first().click();
}

/** A demo colorway of the designer's brands with a dev prototype path, its approvals cleared. */
const freshColorway = (token: string) => freshDevPrototypePath(app.server.baseUrl, token);

describe('critical path edit', () => {
  it('CP-018 CP-019 CP-038 CP-039 CP-040 CP-050 BR-001 BR-005 BR-007 the designer reorders, approves SPECAPP and LTHAPP, revokes SPECAPP, downloads the PDF; buy-ready shows it, an override flips it', async () => {
    const token = await tokenOf('designer');
    const { ps, id, name } = await freshColorway(token);
    const page = await app.page();
    await login(page, 'designer');
    await navigate(page, `/criticalPathDevPrototypeEdit/${id}/${ps}`);
    await page.getByRole('heading', { name: `Dev Prototype Critical Path: ${name}` }).waitFor({ timeout: 20_000 });
    await expect.poll(() => names(page), { timeout: 15_000 }).toContain('Leather approval');
    const before = await names(page);
    expect(before[0]).toBe('Final spec approval');
    expect(before[1]).toBe('Leather approval');
    // CP-039: without the final spec approved the other rows are locked.
    expect(await cell(page, 'Approval', 1).getAttribute('class')).toContain('cp-grid__locked');
    expect(await cell(page, 'Approval', 0).getAttribute('class')).not.toContain('cp-grid__locked');
    await expect.poll(() => page.getByRole('button', { name: 'Report (PDF)' }).count()).toBe(1);

    // CP-018: the header folds and stays folded after a reload (preference HeaderMinimized).
    const toggle = page.getByRole('button', { name: 'Hide header' });
    const pref = page.waitForResponse((r) => r.url().includes('UpdateSingleUserPreference'));
    await toggle.click();
    await pref;
    await page.getByRole('button', { name: 'Show header' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Show header' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Show header' }).click();
    await expect.poll(() => names(page), { timeout: 15_000 }).toEqual(before);

    // CP-019: drag the fourth process above the third.
    await rowHeader(page, 3).click();
    const from = (await rowHeader(page, 3).boundingBox())!;
    const to = (await rowHeader(page, 2).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.move(to.x + to.width / 2, to.y + 3, { steps: 4 });
    await page.mouse.up();
    const moved = [before[0], before[1], before[3], before[2], ...before.slice(4)];
    await expect.poll(() => names(page), { timeout: 10_000 }).toEqual(moved);

    // CP-038/039: approving the final spec stamps it and unlocks the other rows.
    await pick(page, 0, 'Approved');
    await expect.poll(() => cell(page, 'Approval', 0).textContent()).toContain('Approved');
    await expect.poll(() => cell(page, 'Approval', 1).getAttribute('class')).not.toContain('cp-grid__locked');
    expect((await cell(page, 'Approved By', 0).textContent())?.trim()).not.toBe('');
    await pick(page, 1, 'Approved');
    await expect.poll(() => cell(page, 'Approval', 1).textContent()).toContain('Approved');

    let saved = page.waitForResponse(isSave);
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await page.getByText('Record Saved Successfully.').last().waitFor();
    const after = await api(token, `/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=${id}`);
    expect(after.FinalProcesses.map((p: any) => p.ProcessName)).toEqual(moved);
    expect(after.FinalProcesses.map((p: any) => p.SortOrder)).toEqual(moved.map((_, i) => (i + 1) * 10));
    expect(after.FinalProcesses.find((p: any) => p.ProcessType === 'LTHAPP').CriticalPathProcessApprovedId).toBe(1);

    // The colorway screen shows leather approved.
    await navigate(page, `/colorway/${ps}`);
    await expect.poll(() => page.locator('#root_IsLeatherApproved').isChecked(), { timeout: 20_000 }).toBe(true);

    // CP-040: revoking the final spec asks first, then clears the other approvals and resets the flags.
    await navigate(page, `/criticalPathDevPrototypeEdit/${id}/${ps}`);
    await expect.poll(() => cell(page, 'Approval', 1).textContent(), { timeout: 20_000 }).toContain('Approved');
    await pick(page, 0, 'Rejected');
    const dialog = page.getByRole('alertdialog', { name: 'Revoke final spec approval' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => cell(page, 'Approval', 1).textContent()).toBe('');
    await expect.poll(() => cell(page, 'Approval', 1).getAttribute('class')).toContain('cp-grid__locked');
    await expect.poll(() => page.locator('[data-testid="cp-stock"] td[data-flag="IsLeatherApproved"]').first().textContent()).toBe('');
    saved = page.waitForResponse(isSave);
    await page.keyboard.press('Control+s');
    expect((await saved).status()).toBe(200);
    await page.getByText('Record Saved Successfully.').last().waitFor();
    const revoked = await api(token, `/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=${id}`);
    expect(revoked.FinalProcesses.find((p: any) => p.ProcessType === 'SPECAPP').CriticalPathProcessApprovedId).toBe(2);
    expect(revoked.FinalProcesses.find((p: any) => p.ProcessType === 'LTHAPP').CriticalPathProcessApprovedId).toBeNull();
    expect(revoked.StockNumbers.every((s: any) => !s.IsLeatherApproved && !s.IsFinalSpecApprLocked)).toBe(true);

    // CP-050: the PDF of the path holds its processes and dates.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Report (PDF)' }).click();
    const file = (await (await download).path())!;
    // Reading order, whitespace collapsed: a name wrapped in its cell reads whole.
    const text = (await run('pdftotext', [file, '-'])).stdout.replace(/\s+/g, ' ');
    for (const p of revoked.FinalProcesses.slice(0, 4)) expect(text).toContain(p.ProcessName);
    const spec = revoked.FinalProcesses.find((p: any) => p.ProcessType === 'SPECAPP');
    const [y, m, d] = String(spec.ApprovalDate).slice(0, 10).split('-');
    expect(text).toContain(`${m}/${d}/${y}`);

    // BR-001 BR-005: the buy-ready report of the colorway shows its criteria: the final spec no longer locked, so not buy-ready.
    const cells = async () => (await page.locator('.ht_master tbody tr').first().locator('td').allTextContents()).map((c) => c.trim());
    // Wide enough for the grid to render every column.
    await page.setViewportSize({ width: 2400, height: 1000 });
    await navigate(page, `/buyready/${ps}`);
    await page.getByRole('heading', { name: 'Buy Ready' }).waitFor({ timeout: 20_000 });
    const stock = String(revoked.StockNumbers[0].StockNumber);
    await expect.poll(async () => (await cells()).includes(stock), { timeout: 20_000 }).toBe(true);
    const report = await api(token, `/api/BuyReady/GetBuyReady?PrototypeSeasonalId=${ps}`);
    const row = report.Rows[0];
    expect(row.Criteria.IsFinalSpecLocked).toBe(false);
    expect(row.BuyReady).toBe(false);
    expect((await cells()).slice(-3)).toEqual(['✘', '', '✘']);

    // BR-006..008: an override (the admin's) flips it: buy-ready whatever the criteria.
    const admin = await app.page();
    await admin.setViewportSize({ width: 2400, height: 1000 });
    await login(admin, 'admin');
    await navigate(admin, '/buyreadyoverride');
    await admin.getByLabel('Stock Number').fill(stock);
    const factory = admin.locator('#root_FactoryKey');
    await factory.fill(String(row.FactoryKey));
    await factory.press('Tab');
    await admin.locator('[data-field="FactoryKey"] .field__hint').waitFor();
    await admin.getByRole('button', { name: 'Add' }).click();
    await admin.getByText('Record Saved Successfully.').waitFor();
    await navigate(admin, `/buyready/${ps}`);
    const adminCells = async () => (await admin.locator('.ht_master tbody tr').first().locator('td').allTextContents()).map((c) => c.trim());
    await expect.poll(async () => (await adminCells()).slice(-3), { timeout: 20_000 }).toEqual(['✘', '✔', '✔']);
  });

  it('CP-022 CP-023 CP-024 CP-025 the colorway lists its critical paths; end before start is refused; a row is deleted after the confirmation', async () => {
    const token = await tokenOf('designer');
    const { ps, id, name } = await freshColorway(token);
    const colorway = await api(token, `/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${ps}`);
    const page = await app.page();
    await login(page, 'designer');
    await navigate(page, `/colorway/${ps}`);
    // The colorway's Patterns section (collapsed at first) holds the list.
    await page.getByRole('button', { name: 'Expand all' }).click({ timeout: 20_000 });
    const list = page.getByTestId('critical-path-list');
    await list.getByRole('link', { name }).click({ timeout: 20_000 });
    await page.waitForURL((u) => u.pathname === `/criticalPathDevPrototypeEdit/${id}/${ps}`);
    await expect.poll(() => names(page), { timeout: 15_000 }).toContain('Leather approval');

    // CP-025: a target before the estimated start.
    await cell(page, 'Target', 0).click();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('01/01/2020');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.alert--error').filter({ hasText: 'Please review all fields indicated in red' }).waitFor();
    await expect.poll(() => cell(page, 'Target', 0).getAttribute('class')).toContain('cell--error');

    // CP-024: a new row, then deleted after the confirmation.
    const section = page.getByRole('region', { name: 'Actual Processes' });
    const actualNames = () => page.locator('[data-testid="cp-actuals"] .ht_master tbody tr td:nth-of-type(1)').allTextContents();
    const count = (await actualNames()).length;
    await section.getByRole('button', { name: 'Add row' }).click();
    await expect.poll(() => actualNames()).toHaveLength(count + 1);
    await page.locator(`[data-testid="cp-actuals"] .ht_master tbody tr:nth-child(${count + 1}) td:nth-of-type(1)`).click();
    await section.getByRole('button', { name: 'Remove row' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove row' });
    await dialog.getByText('This action will delete the current row. Do you want to continue?').waitFor();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => actualNames()).toHaveLength(count);

    // CP-022: the pattern screen lists the paths of its pattern seasonal; a dev pattern path opens its screen.
    const paths = await api(token, `/api/CriticalPath/GetCriticalPathListByPatternSeasonal?PatternSeasonalId=${colorway.PatternSeasonalId}`);
    page.on('dialog', (d) => void d.accept());
    await navigate(page, `/pattern/${colorway.PatternSeasonalId}`);
    const leave = page.getByRole('alertdialog').getByRole('button', { name: /Leave|Discard|Yes/ });
    if (await leave.count()) await leave.first().click();
    await page.getByTestId('critical-path-list').waitFor({ timeout: 20_000 });
    const devPattern = paths.find((p: any) => p.SearchType === 1);
    if (devPattern) {
      await page.getByTestId('critical-path-list').getByRole('link', { name: devPattern.Name }).first().click();
      await page.getByRole('heading', { name: `Dev Pattern Critical Path: ${devPattern.Name}` }).waitFor({ timeout: 20_000 });
      await expect.poll(() => page.locator('[data-testid="cp-processes"] .ht_master tbody tr').count()).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Report (PDF)' }).waitFor();
    }
  });

  it('CP-018 CP-038 CP-044 the dev pattern and commercialization screens save (Ctrl+S); a stale save shows who changed it (409)', async () => {
    const token = await tokenOf('designer');
    const colorway = await api(token, '/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=1');
    const paths = await api(token, `/api/CriticalPath/GetCriticalPathListByPatternSeasonal?PatternSeasonalId=${colorway.PatternSeasonalId}`);
    const page = await app.page();
    await login(page, 'designer');

    // Dev pattern: notes saved with Ctrl+S.
    const pattern = paths.find((p: any) => p.SearchType === 1);
    await navigate(page, `/criticalPathDevPatternEdit/${colorway.PatternSeasonalId}`);
    await page.getByRole('heading', { name: `Dev Pattern Critical Path: ${pattern.Name}` }).waitFor({ timeout: 20_000 });
    await page.getByLabel('Notes').fill('Fit review moved a week.');
    let saved = page.waitForResponse((r) => r.url().includes('/api/CriticalPath/UpdateCriticalPathDevPattern'));
    await page.keyboard.press('Control+s');
    expect((await saved).status()).toBe(200);
    await page.getByText('Record Saved Successfully.').last().waitFor();
    const stored = await api(token, `/api/CriticalPath/GetCriticalPathDevPatternDetails?PatternSeasonalId=${colorway.PatternSeasonalId}`);
    expect(stored.Header.Notes).toBe('Fit review moved a week.');

    // Someone else saves meanwhile: the screen's save answers 409 with who changed it.
    await api(await tokenOf('admin'), '/api/CriticalPath/UpdateCriticalPathDevPattern', {
      CriticalPathDevPatternId: stored.Header.CriticalPathDevPatternId,
      PatternSeasonalId: colorway.PatternSeasonalId,
      RowVersion: stored.Header.RowVersion,
      CriticalPathName: stored.Header.CriticalPathName,
      Notes: 'Admin note',
    });
    await page.getByLabel('Notes').fill('Mine.');
    saved = page.waitForResponse((r) => r.url().includes('/api/CriticalPath/UpdateCriticalPathDevPattern'));
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(409);
    await page.locator('.alert--error').filter({ hasText: 'after you opened it' }).waitFor();

    // Commercialization: an approval is stamped with the user and saved.
    const comm = paths.find((p: any) => p.SearchType === 3);
    page.on('dialog', (d) => void d.accept());
    await navigate(page, `/criticalPathCommercializationEdit/${comm.Id}`);
    const leave = page.getByRole('alertdialog').getByRole('button', { name: /Leave|Discard|Yes/ });
    if (await leave.count()) await leave.first().click();
    await page.getByRole('heading', { name: `Commercialization Critical Path: ${comm.Name}` }).waitFor({ timeout: 20_000 });
    const commCell = (col: number, row = 0) => page.locator(`[data-testid="cp-processes"] .ht_master tbody tr:nth-child(${row + 1}) td:nth-of-type(${col})`);
    await commCell(6).click();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await page
      .locator('.autocompleteEditor td')
      .filter({ hasText: /^Approved$/ })
      .first()
      .click();
    // The approver is a choice of the brand's users (CP-026): its cell shows the dropdown's arrow.
    await expect.poll(async () => (await commCell(7).textContent())?.replace('▼', '').trim()).toBe('Dana Whitfield');
    saved = page.waitForResponse((r) => r.url().includes('/api/CriticalPath/UpdateCriticalPathCommercialization'));
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await page.getByText('Record Saved Successfully.').last().waitFor();
    const after = await api(token, `/api/CriticalPath/GetCriticalPathCommercializationDetails?CriticalPathCommercializationId=${comm.Id}`);
    expect(after.Processes[0].CriticalPathProcessApprovedId).toBe(1);
  });

  it('ADR 029 CP-039 the process grid: a locked row refuses edits with its reason; two rows of dates pasted are one change (Ctrl+Z, Ctrl+Y) and saved; Ctrl+Z undoes a process edit', async () => {
    const token = await tokenOf('designer');
    const { ps, id } = await freshColorway(token);
    const page = await app.page();
    await login(page, 'designer');
    await navigate(page, `/criticalPathDevPrototypeEdit/${id}/${ps}`);
    await expect.poll(() => names(page), { timeout: 20_000 }).toContain('Leather approval');
    const text = (title: string, row: number) => cell(page, title, row).textContent();
    const dates = async () => Promise.all([1, 2].map(async (r) => [await text('Est. Start', r), await text('Target', r)]));

    // CP-039: the final spec not approved, the second row is locked: typing into it changes nothing and says why.
    const locked = 'Locked until the final spec is approved.';
    const target = await text('Target', 1);
    expect(await cell(page, 'Target', 1).getAttribute('title')).toBe(locked);
    await cell(page, 'Target', 1).click();
    await page.keyboard.type('01/05/2027');
    await page.keyboard.press('Enter');
    await page.locator('.alert--warning').filter({ hasText: locked }).waitFor();
    expect(await text('Target', 1)).toBe(target);

    // Approved, the final spec unlocks the rows; two rows of dates pasted from Excel are one change.
    await pick(page, 0, 'Approved');
    await expect.poll(() => cell(page, 'Target', 1).getAttribute('class')).not.toContain('cp-grid__locked');
    const before = await dates();
    const pasted = [
      ['03/02/2027', '03/09/2027'],
      ['03/10/2027', '03/17/2027'],
    ];
    await cell(page, 'Est. Start', 1).click();
    await paste(page, pasted.map((r) => r.join('\t')).join('\r\n'));
    await expect.poll(dates, { timeout: 10_000 }).toEqual(pasted);
    await page.keyboard.press('Control+z');
    await expect.poll(dates, { timeout: 10_000 }).toEqual(before);
    await page.keyboard.press('Control+y');
    await expect.poll(dates, { timeout: 10_000 }).toEqual(pasted);

    // A process edit (its notes typed) is undone with Ctrl+Z; the paste stays.
    const notes = await text('Notes', 2);
    await cell(page, 'Notes', 2).click();
    await page.keyboard.type('Check the lasting');
    await page.keyboard.press('Enter');
    await expect.poll(() => text('Notes', 2)).toBe('Check the lasting');
    await page.keyboard.press('Control+z');
    await expect.poll(() => text('Notes', 2)).toBe(notes);
    expect(await dates()).toEqual(pasted);

    const saved = page.waitForResponse(isSave);
    await page.keyboard.press('Control+s');
    expect((await saved).status()).toBe(200);
    const after = await api(token, `/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=${id}`);
    expect(after.FinalProcesses.slice(1, 3).map((p: any) => [p.EstStartDate, p.TargetDate].map((d) => String(d).slice(0, 10)))).toEqual([
      ['2027-03-02', '2027-03-09'],
      ['2027-03-10', '2027-03-17'],
    ]);
    expect(after.FinalProcesses[2].Notes ?? '').toBe(notes);
  });
});
