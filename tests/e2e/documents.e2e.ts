/**
 * Documents in the browser (DOC-001..017): a designer uploads a PDF and an image to a brief through
 * the category → approval → files steps, sees them listed, downloads one and deletes one; a
 * factory user sees the documents of their factory on a pattern without any factory controls.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiToken, login, navigate } from './harness';
import { setupApp } from './setup-app';

const app = setupApp();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

const documents = (page: Page) => page.getByRole('region', { name: 'Documents' });

describe('documents', () => {
  it('DOC-004 DOC-005 DOC-007 DOC-016 DOC-001 a designer uploads a PDF and an image to a brief, downloads one and deletes one', async () => {
    const page = await app.page();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await login(page, 'designer');
    await navigate(page, '/brief/5');
    const panel = documents(page);
    await panel.getByRole('button', { name: 'Upload Documents' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Documents' });
    await dialog.getByLabel('Category').selectOption({ label: 'Design Brief' });
    await dialog.getByRole('button', { name: 'Next' }).click();
    // An approval category asks the approval question before the files (DOC-005).
    await dialog.getByText('Is this an approved document?').waitFor();
    await dialog.getByLabel('Yes').check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Document files').setInputFiles([
      { name: 'tech-spec.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'sketch.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Document(s) Uploaded Successfully').first().waitFor();
    await panel.getByRole('button', { name: 'tech-spec.pdf' }).waitFor();
    await panel.getByRole('button', { name: 'sketch.png' }).waitFor();
    expect(await panel.getByRole('row').filter({ hasText: 'tech-spec.pdf' }).getByRole('cell', { name: 'Design Brief' }).count()).toBe(1);

    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'tech-spec.pdf' }).click()]);
    expect(download.suggestedFilename()).toBe('tech-spec.pdf');

    await panel.getByLabel('Select sketch.png').check();
    await panel.getByRole('button', { name: 'Delete Selected (1)' }).click();
    await page.getByRole('alertdialog', { name: 'Delete documents' }).getByRole('button', { name: 'Delete' }).click();
    await panel.getByRole('button', { name: 'sketch.png' }).waitFor({ state: 'detached' });
    expect(await panel.getByRole('button', { name: 'tech-spec.pdf' }).count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('DOC-008 DOC-010 a file the server would refuse is shown as refused before any upload', async () => {
    const page = await app.page();
    await login(page, 'designer');
    await navigate(page, '/brief/5');
    await documents(page).getByRole('button', { name: 'Upload Documents' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Documents' });
    await dialog.getByLabel('Category').selectOption({ label: 'Sketch' });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Document files').setInputFiles([{ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: PNG }]);
    await dialog.getByText('Invalid File Extension.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Upload' }).isDisabled()).toBe(true);
  });

  it("DOC-006 DOC-011 DOC-001 a factory user sees their factory's documents without factory controls; a designer has them and associates colorways", async () => {
    // The designer gives a pattern document to the factory user's factory through the API.
    const token = { access_token: await apiToken(app.server.baseUrl, 'designer') };
    const form = new FormData();
    for (const [k, v] of Object.entries({ ProjectId: '1', ProjectLevel: '3', ProjLevDocCategoryId: '302', FactoryKey: '310101' })) form.append(k, v);
    form.append('file', new Blob([PDF]), 'factory-spec.pdf');
    const res = await fetch(`${app.server.baseUrl}/api/Document/UploadDocument`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.access_token}` },
      body: form,
    });
    expect(res.status).toBe(200);

    const designer = await app.page();
    await login(designer, 'designer');
    await navigate(designer, '/pattern/1');
    await documents(designer).getByRole('button', { name: 'factory-spec.pdf' }).waitFor();
    expect(await documents(designer).getByRole('button', { name: 'Change Factory' }).count()).toBeGreaterThan(0);
    // DOC-001: the designer associates the pattern document with one of the pattern's colorways.
    const row = documents(designer).getByRole('row').filter({ hasText: 'factory-spec.pdf' });
    await row.getByRole('button', { name: 'Colorways (0)' }).click();
    const colorways = designer.getByRole('dialog', { name: 'Colorways of factory-spec.pdf' });
    await colorways.getByRole('checkbox').first().check();
    await colorways.getByRole('button', { name: 'Save' }).click();
    await row.getByRole('button', { name: 'Colorways (1)' }).waitFor();

    const page = await app.page();
    await login(page, 'factory');
    await navigate(page, '/pattern/1');
    await documents(page).getByRole('button', { name: 'factory-spec.pdf' }).waitFor();
    expect(await documents(page).getByText('310101').count()).toBeGreaterThan(0);
    expect(await documents(page).getByRole('button', { name: 'Change Factory' }).count()).toBe(0);
    expect(await documents(page).getByRole('button', { name: 'Remove Factory' }).count()).toBe(0);
    expect(await documents(page).getByRole('button', { name: 'Upload Documents' }).count()).toBe(0);
  });
});
