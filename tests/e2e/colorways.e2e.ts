/**
 * Colorways in the browser (CW-001..008, CW-010, CW-024, CW-025): the designer creates a colorway
 * from a released pattern and lands on its screen; the designer is offered factory transfer on a
 * released colorway, the factory user is offered neither factory transfer nor dual source.
 */
import { describe, expect, it } from 'vitest';
import { login, navigate } from './harness';
import { setupApp, waitForPath } from './setup-app';

const app = setupApp();

describe('colorways', () => {
  it('CW-002 CW-007 CW-008 CW-047 the designer creates a colorway from a released pattern and lands on /colorway/{id}', async () => {
    const page = await app.page();
    await login(page, 'designer');
    await waitForPath(page, '/home');
    await navigate(page, '/prototypeCreate');
    const form = page.getByRole('form', { name: 'Create Colorway' });
    await form.locator('#colorway-create-BrandId').selectOption({ label: 'Summit Ridge' });
    await form.locator('#colorway-create-SeasonId').selectOption({ label: 'Spring/Summer 2026' });
    const patterns = page.getByRole('group', { name: 'Pattern' }).getByRole('radio');
    await patterns.first().waitFor();
    await patterns.first().check();
    // CW-047: a name the brand already has is a note that does not block the create.
    await form.locator('#colorway-create-name').fill('Ridgeline Mid WP - Olive/Sand');
    await page.getByText('Name duplication: You may continue, but please note this name already exists.').waitFor();
    await form.locator('#colorway-create-name').fill('E2E Colorway Ember');
    await form.locator('#colorway-create-DivisionKey').selectOption({ label: 'Footwear' });
    await form.locator('#colorway-create-ResponsibleId').selectOption({ label: 'Dana Whitfield' });
    await form.locator('#colorway-create-ProductTypeId').selectOption({ label: 'New Product' });
    const group = form.locator('#colorway-create-WFGroupId');
    await expect.poll(() => group.locator('option').count()).toBeGreaterThan(1);
    await group.selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/colorway\/\d+$/);
    await page.getByText('Colorway created or copied successfully.').waitFor();
    await page.getByRole('button', { name: 'Dual Source' }).waitFor();
    expect(await page.getByRole('button', { name: 'Factory Transfer' }).count()).toBe(0);
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
