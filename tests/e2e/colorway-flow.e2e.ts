/**
 * The colorway in one sitting (issue 5): a designer creates a colorway from a released pattern,
 * assigns a factory, enters the FFC, ticks SM (the earlier milestones tick themselves, CW-036),
 * releases it (CW-019), runs an ECN (CW-052), uploads a PDF and an image, and dual-sources it
 * (CW-025); after a reload everything is kept. The factory user then opens the same colorway: no
 * costing, no factory fields, no factory transfer or dual source (PERM-029, CW-024/025), and the
 * API answers hold none of those fields.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiToken, login, navigate, networkQuiet, pathOf, toastsFromNow, type DemoUser } from './harness';
import { setupApp, waitForPath } from './setup-app';
import { finishColorwayCreate, pickReleasedPattern } from './colorway-steps';
import { fillSizeRow, sizeRows } from './size-range-steps';

const app = setupApp();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const COSTING = ['EstFFC', 'FFC', 'FfcPct', 'ActPurPrice', 'ServFee', 'IsSFOverride', 'SFOverride', 'CostingCompl', 'SMPrice', 'ISRPrice'];
const FACTORY = ['FactNameKy', 'FactName', 'CtryOfOrig', 'FactoryGroupKey', 'FactoryGroupName', 'TransferFactoryKy', 'DSFactoryKy', 'DualSrcdPatt'];

const section = (page: Page, id: string) => page.locator(`details[data-section="${id}"]`);
/** Saves the form and waits for its answer and its own toast (an earlier save's toast may still be on show). */
const saveForm = async (page: Page) => {
  const toast = await toastsFromNow(page, 'Record Saved Successfully.');
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname.toLowerCase() === '/api/prototype/updateprototype');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBe(200);
  await toast.first().waitFor();
};

const tokenOf = (user: DemoUser) => apiToken(app.server.baseUrl, user);
const api = async (token: string, path: string, json?: unknown) => {
  const res = await fetch(
    `${app.server.baseUrl}${path}`,
    json === undefined
      ? { headers: { authorization: `Bearer ${token}` } }
      : { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(json) },
  );
  expect(res.status, path).toBe(200);
  return res.json();
};

describe('colorway flow', () => {
  let colorwayId = 0;

  it('CW-007 CW-036 CW-019 CW-052 DOC-004 DOC-021 CW-025 SHELL-021 a designer takes a new colorway from pattern to dual source; a reload keeps everything', async () => {
    const page = await app.page();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await login(page, 'designer');
    await waitForPath(page, '/home');

    // Create from a released pattern of the factory user's brand.
    await navigate(page, '/prototypeCreate');
    await pickReleasedPattern(page);
    await page.locator('#root_PrototypeName').fill('E2E Flow Colorway Basalt');
    await finishColorwayCreate(page);
    colorwayId = Number(pathOf(page).split('/').pop());
    await page.getByText('E2E Flow Colorway Basalt · Created').or(page.getByText('Colorway · Created')).first().waitFor();

    // CW-009: the accordion — collapsed sections open on demand.
    expect(await section(page, 'hts').evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    await page.getByRole('button', { name: 'Expand all' }).click();
    expect(await section(page, 'hts').evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);

    // Factory and FFC: the purchase price follows the FFC and the factory's service fee as typed.
    await page.locator('#root_FactNameKy').fill('310101');
    await page.locator('#root_FactNameKy').press('Tab');
    await networkQuiet(page);
    await page.locator('#root_FFC').fill('40');
    await page.locator('#root_FFC').press('Tab');
    await saveForm(page);
    const stored = await api(await tokenOf('designer'), `/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${colorwayId}`);
    expect(stored).toMatchObject({ FactNameKy: '310101', FFC: 40 });
    await expect.poll(() => page.locator('#root_FactName').inputValue(), { timeout: 10_000 }).toBe(stored.FactName);
    const price = Number((await page.locator('#root_ActPurPrice').inputValue()).replace(/[^0-9.]/g, ''));
    expect(price).toBeGreaterThan(40);

    // CW-036: ticking SM ticks the earlier milestones.
    await page.locator('#root_SMComplete').check();
    // The chain shows at once (the same rule as the server's), then the server stamps it on save.
    await expect.poll(() => page.locator('#root_LDMComplete').isChecked()).toBe(true);
    await saveForm(page);
    for (const m of ['InitialPrototypeComplete', 'ISRComplete', 'LDMComplete', 'SMComplete']) {
      await expect.poll(() => page.locator(`#root_${m}`).isChecked(), { message: m }).toBe(true);
    }
    expect(await page.locator('#root_SMFinalComplete').isChecked()).toBe(false);

    // CW-067: a size range row, saved with the colorway.
    const sizes = page.getByTestId('size-ranges');
    await sizes.getByText('No size ranges.').waitFor();
    await sizes.getByRole('button', { name: 'Add row' }).click();
    await fillSizeRow(page, sizes, 0, 'US', 'Medium', '7-13');
    // SHELL-021: the size ranges edited and not saved (the form is saved): leaving asks first.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    const ask = page.getByRole('alertdialog');
    expect(await ask.textContent()).toContain('There are unsaved changes on the page, do you want to continue without saving?');
    await ask.getByRole('button', { name: 'Stay on page' }).click();
    await sizes.getByRole('button', { name: 'Save size ranges' }).click();
    await page.getByText('Record Saved Successfully.').last().waitFor();
    await expect.poll(async () => (await api(await tokenOf('designer'), `/api/Prototype/GetSizeRanges?PrototypeSeasonalId=${colorwayId}`)).length).toBe(1);

    // CW-019: release.
    await page.getByLabel('Set status').selectOption({ label: 'Released' });
    await page.getByText('· Released').first().waitFor({ timeout: 15_000 });

    // CW-052: an ECN from the reasons list, with notes.
    const specLog = section(page, 'specLog');
    await specLog.getByRole('button', { name: 'Apply ECN' }).click();
    const ecn = page.getByRole('dialog', { name: 'Apply ECN' });
    await ecn.getByLabel('Reason').fill('Material change');
    await ecn.getByLabel('Additional comments').fill('Suede upper.');
    await ecn.getByRole('button', { name: 'Apply ECN' }).click();
    await specLog.getByText('ECN Process applied for reason: Material change.  Additional user comments: Suede upper.').waitFor();

    // A PDF in the documents panel and a product image.
    const documents = page.getByRole('region', { name: 'Documents' });
    await documents.getByRole('button', { name: 'Upload Documents' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Documents' });
    await upload.getByLabel('Category').selectOption({ label: 'Color Standard' });
    await upload.getByRole('button', { name: 'Next' }).click();
    await upload.getByLabel('Document files').setInputFiles([{ name: 'basalt-spec.pdf', mimeType: 'application/pdf', buffer: PDF }]);
    await upload.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Document(s) Uploaded Successfully').first().waitFor();
    await documents.getByRole('button', { name: 'basalt-spec.pdf' }).waitFor();
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#5a4632' } })
      .png()
      .toBuffer();
    const images = page.getByRole('region', { name: 'Image' });
    await images.getByLabel('Image file').setInputFiles({ name: 'basalt.png', mimeType: 'image/png', buffer: png });
    await page.getByText('Image uploaded successfully').first().waitFor({ timeout: 15_000 });
    await images.locator('img.image-panel__image').waitFor();

    // CW-025: dual source at another factory opens the new colorway.
    await page.getByRole('button', { name: 'Dual Source' }).click();
    const dual = page.getByRole('dialog', { name: 'Dual Source' });
    await dual.getByLabel('Dual source factory').selectOption({ index: 1 });
    await dual.getByRole('button', { name: 'Dual Source' }).click();
    await page.getByText('Dual Source completed successfully').first().waitFor();
    await page.waitForURL((u) => !u.pathname.endsWith(`/colorway/${colorwayId}`));

    // Reload the original: everything kept.
    await navigate(page, `/colorway/${colorwayId}`);
    await page.getByText('· Released').first().waitFor();
    await page.getByRole('button', { name: 'Expand all' }).click();
    expect(await page.locator('#root_FactNameKy').inputValue()).toBe('310101');
    expect(Number((await page.locator('#root_FFC').inputValue()).replace(/[^0-9.]/g, ''))).toBe(40);
    for (const m of ['InitialPrototypeComplete', 'ISRComplete', 'LDMComplete', 'SMComplete'])
      expect(await page.locator(`#root_${m}`).isChecked(), m).toBe(true);
    expect(await page.locator('#root_DSFactoryKy').inputValue()).not.toBe('');
    await section(page, 'specLog').getByText('ECN Process applied for reason: Material change.', { exact: false }).waitFor();
    await page.getByRole('region', { name: 'Documents' }).getByRole('button', { name: 'basalt-spec.pdf' }).waitFor();
    await page.getByRole('region', { name: 'Image' }).locator('img.image-panel__image').waitFor();
    // The saved row shows its region and width by name.
    await expect.poll(() => sizeRows(page.getByTestId('size-ranges')), { timeout: 15_000 }).toEqual([['US', 'Medium', '7-13']]);
    expect(problems).toEqual([]);
  });

  it('PERM-029 CW-024 CW-025 the factory user sees the colorway without costing, factory fields or factory actions, in the screen and the API', async () => {
    expect(colorwayId).toBeGreaterThan(0);
    const page = await app.page();
    await login(page, 'factory');
    await waitForPath(page, '/home');
    await navigate(page, `/colorway/${colorwayId}`);
    await page.getByText('· Released').first().waitFor();
    await page.getByRole('button', { name: 'Expand all' }).click();
    await page.locator('#root_SMComplete').waitFor();
    expect(await section(page, 'costing').count(), 'costing section').toBe(0);
    expect(await section(page, 'factory').count(), 'factory section').toBe(0);
    for (const f of [...COSTING, ...FACTORY]) expect(await page.locator(`#root_${f}`).count(), f).toBe(0);
    expect(await page.getByRole('button', { name: 'Factory Transfer' }).count(), 'transfer').toBe(0);
    expect(await page.getByRole('button', { name: 'Dual Source' }).count(), 'dual source').toBe(0);
    // The ECN and the document reached the factory user; the answers behind the screen hold no hidden field.
    await section(page, 'specLog').getByText('ECN Process applied for reason: Material change.', { exact: false }).waitFor();

    const token = await tokenOf('factory');
    const record = await api(token, `/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${colorwayId}`);
    expect(record.PrototypeSeasonalId).toBe(colorwayId);
    const search = await api(token, '/api/Prototype/SearchPrototypes', {
      pageNumber: 1,
      pageSize: 50,
      sortColumn: 'PrototypeSeasonalId',
      sortDirection: 'DESC',
    });
    const listed = (search.Results as Record<string, unknown>[]).find((r) => r.PrototypeSeasonalId === colorwayId);
    expect(listed).toBeTruthy();
    const schema = await api(token, '/schemas/entities/colorway.schema.json');
    for (const f of [...COSTING, ...FACTORY]) {
      expect(record, f).not.toHaveProperty(f);
      expect(listed, f).not.toHaveProperty(f);
      expect(schema.properties, f).not.toHaveProperty(f);
    }
  });

  it('CW-067 CW-048 saving the size ranges keeps the unsaved edits of the form, which then save at the new version', async () => {
    const page = await app.page();
    await login(page, 'designer');
    await waitForPath(page, '/home');
    await navigate(page, '/colorway/3');
    await page.getByRole('button', { name: 'Expand all' }).click();
    await page.locator('#root_GenNotes').fill('Edited before the size ranges were saved.');
    await page.locator('#root_GenNotes').press('Tab');
    const sizes = page.getByTestId('size-ranges');
    const before = await api(await tokenOf('designer'), '/api/Prototype/GetSizeRanges?PrototypeSeasonalId=3');
    const row = before.length;
    expect(row).toBeGreaterThan(0);
    // The saved rows show their region and width by name (never their ids).
    await expect
      .poll(async () => (await sizeRows(sizes)).map((r) => r[0]), { timeout: 15_000 })
      .toEqual(before.map((r: { RegionName: string }) => r.RegionName));
    await sizes.getByRole('button', { name: 'Add row' }).click();
    await fillSizeRow(page, sizes, row, 'Asia', 'Wide', '240-290');
    // The colorway moved to a new version and is read again; the form still holds the edit once that read is in.
    const sizesSaved = page.waitForResponse((r) => r.url().includes('/api/Prototype/SaveSizeRanges'));
    const reread = sizesSaved.then(() => page.waitForResponse((r) => r.url().includes('/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=3')));
    await sizes.getByRole('button', { name: 'Save size ranges' }).click();
    expect((await sizesSaved).status()).toBe(200);
    await page.getByText('Record Saved Successfully.').last().waitFor();
    await reread;
    const after = await api(await tokenOf('designer'), '/api/Prototype/GetSizeRanges?PrototypeSeasonalId=3');
    expect(after.map((r: { RegionName: string; WidthName: string; SizeRange: string }) => [r.RegionName, r.WidthName, r.SizeRange])).toContainEqual([
      'Asia',
      'Wide',
      '240-290',
    ]);
    // The form saves the edit without a conflict.
    await expect.poll(() => page.locator('#root_GenNotes').inputValue()).toBe('Edited before the size ranges were saved.');
    await saveForm(page);
    expect(await page.getByText('This record was changed by').count()).toBe(0);
    const stored = await api(await tokenOf('designer'), '/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=3');
    expect(stored.GenNotes).toBe('Edited before the size ranges were saved.');
  });
});
