/** Steps of the colorway create form (CW-002) shared by the colorway e2e files. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** On /prototypeCreate: brand Summit Ridge, season Spring/Summer 2026, the first released pattern. */
export async function pickReleasedPattern(page: Page): Promise<void> {
  await page.locator('#root_BrandId').selectOption({ label: 'Summit Ridge' });
  await page.locator('#root_SeasonId').selectOption({ label: 'Spring/Summer 2026' });
  const patterns = page.getByRole('group', { name: 'Pattern' }).getByRole('radio');
  await patterns.first().waitFor();
  await patterns.first().check();
}

/** Division, optional responsible, product type and the first workflow group; Create; waits for /colorway/{id}. */
export async function finishColorwayCreate(page: Page, responsible?: string): Promise<void> {
  await page.locator('#root_DivisionKey').selectOption({ label: 'Footwear' });
  if (responsible) await page.locator('#root_ResponsibleId').selectOption({ label: responsible });
  await page.locator('#root_ProductTypeId').selectOption({ label: 'New Product' });
  const group = page.locator('#root_WFGroupId');
  await expect.poll(() => group.locator('option').count()).toBeGreaterThan(1);
  await group.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Create' }).click();
  await page.waitForURL(/\/colorway\/\d+$/);
}
