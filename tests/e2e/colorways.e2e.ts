/**
 * Colorways in the browser (CW-001..008, CW-010, CW-024, CW-025): the designer creates a colorway
 * from a released pattern and lands on its screen; the designer is offered factory transfer on a
 * released colorway, the factory user is offered neither factory transfer nor dual source.
 */
import { describe, expect, it } from 'vitest';
import { login, navigate } from './harness';
import { setupApp, waitForPath } from './setup-app';
import { finishColorwayCreate, pickReleasedPattern } from './colorway-steps';

const app = setupApp();

describe('colorways', () => {
  it('CW-002 CW-007 CW-008 CW-047 CW-059 the designer creates a colorway from a released pattern and lands on /colorway/{id}, then deletes it', async () => {
    const page = await app.page();
    await login(page, 'designer');
    await waitForPath(page, '/home');
    await navigate(page, '/prototypeCreate');
    await pickReleasedPattern(page);
    // CW-047: a name the brand already has is a note that does not block the create.
    await page.locator('#root_PrototypeName').fill('Ridgeline Mid WP - Olive/Sand');
    await page
      .locator('[data-field="PrototypeName"] [role="status"]')
      .getByText('Name duplication: You may continue, but please note this name already exists.')
      .waitFor();
    await page.locator('#root_PrototypeName').fill('E2E Colorway Ember');
    await finishColorwayCreate(page, 'Dana Whitfield');
    await page.getByText('Colorway created or copied successfully.').waitFor();
    await page.getByRole('button', { name: 'Dual Source' }).waitFor();
    expect(await page.getByRole('button', { name: 'Factory Transfer' }).count()).toBe(0);
    // CW-059: a colorway in status 1 is deleted after the confirmation; the list opens.
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete Colorway' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Record Deleted Successfully.').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/Search' && u.searchParams.get('searchModule') === '4');
  });

  it('CW-001 /prototypeEdit/{id} opens /colorway/{id}; CW-024 the designer is offered factory transfer on a released colorway', async () => {
    const page = await app.page();
    await login(page, 'designer');
    await waitForPath(page, '/home');
    await navigate(page, '/prototypeEdit/2');
    await page.waitForURL(/\/colorway\/2$/);
    await page.getByRole('button', { name: 'Factory Transfer' }).waitFor();
    await page.getByRole('button', { name: 'Dual Source' }).waitFor();
  });

  it('CW-024 CW-025 the factory user opening a colorway sees no factory transfer or dual source buttons', async () => {
    const page = await app.page();
    await login(page, 'factory');
    await waitForPath(page, '/home');
    await navigate(page, '/colorway/2');
    await page.getByRole('button', { name: 'List' }).waitFor();
    expect(await page.getByRole('button', { name: 'Factory Transfer' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Dual Source' }).count()).toBe(0);
  });
});
