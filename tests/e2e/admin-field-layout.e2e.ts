/**
 * Field layout end to end (PREF-017..023): an administrator hides a field in the default layout
 * of the colorway screen; another user's effective layout has it hidden on the next load, with
 * no deploy: both in the profile's layout panel and on the colorway record screen itself.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, navigate } from './harness';
import { setupApp } from './setup-app';

const app = setupApp();
const FIELD = 'Development Color Name';

async function colorwayField(page: Page) {
  await navigate(page, '/UserProfile');
  await page.getByLabel('Screen').selectOption({ label: 'Colorway' });
  const button = page.getByRole('list', { name: 'Layout rows' }).getByRole('button', { name: FIELD, exact: true });
  await button.waitFor();
  return button;
}

describe('field layout', () => {
  it('PREF-018 PREF-022 PREF-023: a field hidden in the default layout is hidden for another user on the next load', async () => {
    const designer = await app.page();
    await login(designer, 'designer');
    await navigate(designer, '/record/colorway/1');
    await designer.getByLabel(FIELD, { exact: true }).waitFor();
    expect(await (await colorwayField(designer)).getAttribute('title')).not.toContain('hidden');
    // A designer (no users/edit) can only save their own layout.
    expect(await designer.getByLabel('Save as').count()).toBe(0);

    const admin = await app.page();
    await login(admin, 'admin');
    const field = await colorwayField(admin);
    await admin.getByLabel('Save as').selectOption({ label: 'Default for everyone' });
    await field.click();
    await admin.getByRole('button', { name: 'Hide' }).click();
    await admin.getByText('Unsaved changes.', { exact: false }).waitFor();
    // Issue 27: the row count says what it counts and what the limit is.
    await admin.getByText(/laid out in \d+ rows; a layout holds at most 200 rows/).waitFor();
    await admin.getByRole('button', { name: 'Save layout' }).click();
    await admin.getByText('Field Profile Saved').waitFor();

    await designer.reload();
    await designer.getByLabel('Screen').selectOption({ label: 'Colorway' });
    const after = designer.getByRole('list', { name: 'Layout rows' }).getByRole('button', { name: FIELD, exact: true });
    await expect.poll(() => after.getAttribute('title')).toContain('hidden');
    expect(await after.getAttribute('title')).toContain('from the default layout');

    await navigate(designer, '/record/colorway/1');
    await designer.getByRole('heading').first().waitFor();
    await designer.getByLabel('Colorway Name', { exact: false }).first().waitFor();
    expect(await designer.getByLabel(FIELD, { exact: true }).count()).toBe(0);
  });
});
