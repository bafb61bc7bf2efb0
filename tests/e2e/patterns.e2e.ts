/**
 * Patterns in the browser (PAT-001, PAT-008, PAT-011, PAT-013, PAT-014, PAT-018, PAT-025): the
 * designer creates a pattern under a released brief, releases and adopts it, and the adoption is
 * kept after a reload; the factory user sees no costing field and cannot edit the target price.
 */
import { describe, expect, it } from 'vitest';
import { login, navigate, pathOf, settled } from './harness';
import { setupApp, waitForPath } from './setup-app';

const app = setupApp();

describe('patterns', () => {
  it('PAT-008 PAT-009 PAT-011 PAT-013 PAT-014 the designer creates a pattern from a released brief, releases and adopts it; a reload keeps it', async () => {
    const page = await app.page();
    await login(page, 'designer');
    await waitForPath(page, '/home');
    await navigate(page, '/patternCreate');
    await page.locator('#root_BrandId').selectOption({ label: 'Summit Ridge' });
    await page.locator('#root_SeasonId').selectOption({ label: 'Spring/Summer 2026' });
    const briefs = page.getByRole('group', { name: 'Brief' }).getByRole('radio');
    await briefs.first().waitFor();
    await briefs.first().check();
    // PAT-009: a name the brand already has is a note that does not block the create.
    await page.locator('#root_PatternName').fill('Ridgeline Low WP');
    await page.locator('[data-field="PatternName"] [role="status"]').waitFor();
    await page.locator('#root_PatternName').fill('E2E Summit Runner');
    await page.locator('#root_PatternNameKey').fill('E2E-SUMMIT');
    await page.locator('#root_GenderKey').selectOption({ label: "Men's" });
    await page.locator('#root_ResponsibleId').selectOption({ label: 'Dana Whitfield' });
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/pattern\/\d+$/);
    const path = pathOf(page);

    const toggles = page.getByRole('region', { name: 'Adoption and PTA' });
    await toggles.getByText('Adopted: No').waitFor();
    expect(await toggles.getByRole('checkbox', { name: 'Adopted' }).count()).toBe(0);

    await page.getByLabel('Set status').selectOption({ label: 'Released' });
    const adopt = toggles.getByRole('checkbox', { name: 'Adopted' });
    await adopt.waitFor();
    await adopt.check();
    const today = new Date()
      .toISOString()
      .slice(0, 10)
      .replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2/$3/$1');
    await toggles.getByText(`${today} · Dana Whitfield`).waitFor();

    await page.reload();
    await settled(page);
    expect(pathOf(page)).toBe(path);
    await expect.poll(() => toggles.getByRole('checkbox', { name: 'Adopted' }).isChecked()).toBe(true);
    await toggles.getByText(`${today} · Dana Whitfield`).waitFor();
  });

  it('PAT-002 PAT-020 /patternList filters by name and a row link opens the pattern', async () => {
    const page = await app.page();
    await login(page, 'designer');
    await waitForPath(page, '/home');
    await navigate(page, '/patternList');
    await page.getByLabel('Pattern name or key').fill('Ridgeline Low');
    const link = page.getByRole('link', { name: 'Ridgeline Low WP', exact: true }).first();
    await link.waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Ridgeline Mid WP', exact: true }).count(), { timeout: 10_000 }).toBe(0);
    await link.click();
    await page.waitForURL(/\/pattern\/\d+$/);
    await page.getByRole('heading', { name: 'Ridgeline Low WP' }).waitFor();
  });

  it('PAT-001 PAT-024 PAT-026 a pattern made from a brief is deleted; opening it again says so and goes to Search', async () => {
    const page = await app.page();
    await login(page, 'designer');
    await waitForPath(page, '/home');
    await navigate(page, '/patternFromBrief/1');
    await page.getByText('Brief Core Hiking Essentials').waitFor();
    expect(await page.getByRole('group', { name: 'Brief' }).getByRole('radio', { name: 'Core Hiking Essentials' }).isChecked()).toBe(true);
    await page.locator('#root_PatternName').fill('E2E Short Lived');
    await page.locator('#root_GenderKey').selectOption({ label: "Women's" });
    await page.locator('#root_ResponsibleId').selectOption({ label: 'Dana Whitfield' });
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/pattern\/\d+$/);
    const path = pathOf(page);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete Pattern' }).getByRole('button', { name: 'Delete' }).click();
    await waitForPath(page, '/patternList');
    await navigate(page, path);
    await page.getByText('The Pattern you are trying to access is deleted.').waitFor();
    await page.waitForURL((u) => u.pathname === '/Search' && u.searchParams.get('searchModule') === '3');
  });

  it('PAT-018 PERM-028 PERM-029 (ADR 014) the factory user sees no costing field, the target purchase price included', async () => {
    const page = await app.page();
    await login(page, 'factory');
    await waitForPath(page, '/home');
    await navigate(page, '/pattern/1');
    await page.getByLabel('Pattern Name Key').waitFor();
    for (const label of ['Target Purchase Price', 'Original FOB Target', 'US Target Duty %', 'CA Target Duty %', 'US Duty Free']) {
      expect(await page.getByText(label, { exact: true }).count(), label).toBe(0);
    }
  });

  it('PAT-025 an unknown pattern says so; PAT-001 /patternEdit redirects', async () => {
    const page = await app.page();
    await login(page, 'designer');
    await waitForPath(page, '/home');
    await navigate(page, '/pattern/999999');
    await page.getByText('Pattern Invalid: The pattern you are looking for was not found.').waitFor();
    await navigate(page, '/patternEdit/1');
    await waitForPath(page, '/pattern/1');
  });
});
