/**
 * User administration end to end (ADMIN-006..016, AUTH-021/028): an administrator creates a user
 * with a role and brands; the new user signs in with the mailed temporary password, must change
 * it, and then sees only those brands. The factory assignment finds a factory through the
 * lookup dialog (ADMIN-013).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, navigate } from './harness';
import { setupApp, waitForPath } from './setup-app';

const app = setupApp();

/** The temporary password of the newest e-mail to `to` in $DATA_DIR/outbox. */
async function temporaryPassword(dataDir: string, to: string, timeoutMs = 20_000): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox)
      ? fs
          .readdirSync(outbox)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse()
      : [];
    for (const f of files) {
      const text = fs
        .readFileSync(path.join(outbox, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16)));
      if (!text.toLowerCase().includes(to.toLowerCase())) continue;
      const m = /temporary password:\s+(\S+)/.exec(text);
      if (m) return m[1];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No temporary password for ${to} arrived in ${outbox}`);
}

async function brandsShown(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Your brands' });
  await list.waitFor();
  return (await list.getByRole('listitem').allInnerTexts()).map((t) => t.trim()).sort();
}

describe('user administration', () => {
  it('ADMIN-006 ADMIN-009 ADMIN-010 ADMIN-015 AUTH-021: an admin creates a user with a role and brands; the user changes the mailed password and sees only those brands', async (ctx) => {
    if (!app.server.dataDir) ctx.skip();
    const admin = await app.page();
    await login(admin, 'admin');
    await navigate(admin, '/users');
    await admin.getByRole('link', { name: 'Add user' }).click();
    await waitForPath(admin, '/userEdit/0');
    const email = `new.hire.${Date.now()}@example.com`;

    // ADMIN-010: no brand yet.
    await admin.getByRole('textbox', { name: 'User name (e-mail)' }).fill(email);
    await admin.getByLabel('First name').fill('Nora');
    await admin.getByLabel('Last name').fill('Quinn');
    await admin.getByLabel('Role').selectOption({ label: 'Product Designer' });
    await admin.getByRole('button', { name: 'Create user' }).click();
    await admin.locator('[data-field="Brands"] .field__error', { hasText: 'Please select at least one brand.' }).waitFor();
    await admin.getByText('Your submission contains error(s). Please correct the highlighted items below.').waitFor();

    const brands = admin.getByRole('group', { name: 'Brands' });
    await brands.getByLabel('Harborline').check();
    await brands.getByLabel('Velocity Run').check();
    await admin.getByRole('button', { name: 'Create user' }).click();
    await admin.waitForURL((u) => /^\/userEdit\/[1-9]\d*$/.test(u.pathname));
    await admin.getByRole('heading', { name: 'Nora Quinn' }).waitFor();

    // AUTH-028: the name is now taken, and the live check says so.
    await navigate(admin, '/userEdit/0');
    await admin.getByRole('textbox', { name: 'User name (e-mail)' }).fill(email);
    await admin.getByText(`The username ${email} is in use!`).waitFor();

    const password = await temporaryPassword(app.server.dataDir!, email);
    const user = await app.page();
    await navigate(user, '/login');
    await user.getByLabel('User name').fill(email);
    await user.getByLabel('Password', { exact: true }).fill(password);
    await user.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(user, '/changeUserPassword');
    await user.getByLabel('Current password').fill(password);
    await user.getByLabel('New password', { exact: true }).fill('Nora#Quinn2027!');
    await user.getByLabel('Confirm password').fill('Nora#Quinn2027!');
    await user.getByRole('button', { name: 'Change password' }).click();
    await waitForPath(user, '/login');
    await login(user, email, 'Nora#Quinn2027!');
    await waitForPath(user, '/home');
    expect(await brandsShown(user)).toEqual(['Harborline', 'Velocity Run']);
  });

  it('ADMIN-013: a typed factory key with several matches opens the factory lookup; the picked key fills in', async () => {
    const admin = await app.page();
    await login(admin, 'admin');
    await navigate(admin, '/userEdit/0');
    await admin.getByLabel('Factory user').check();
    await admin.getByLabel('Factory key').fill('zzz-none');
    await admin.getByRole('button', { name: 'Add factory' }).click();
    await admin.getByRole('alert').filter({ hasText: 'No factories found that contain that text.' }).waitFor();

    await admin.getByLabel('Factory key').fill('3101');
    await admin.getByRole('button', { name: 'Add factory' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Search Factories' });
    await dialog.getByRole('button', { name: '310102', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const assigned = admin.getByRole('table', { name: 'Assigned factories' });
    await assigned.getByRole('cell', { name: '310102', exact: true }).waitFor();

    // One exact key is filled in without a dialog.
    await admin.getByLabel('Factory key').fill('320201');
    await admin.getByRole('button', { name: 'Add factory' }).click();
    await assigned.getByRole('cell', { name: '320201', exact: true }).waitFor();
    expect(await admin.getByRole('dialog').count()).toBe(0);
  });
});
