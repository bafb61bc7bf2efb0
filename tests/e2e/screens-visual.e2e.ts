/**
 * The main screens at the two screen sizes users have (1280 × 800 and 1400 × 900): each compared
 * pixel by pixel with its baseline in tests/e2e/baselines (a layout regression fails; anti-aliasing
 * does not, tests/e2e/visual.ts) and checked by axe-core for serious and critical violations.
 * Parts that show the clock (session end, record stamps) are masked.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, networkQuiet, settled } from './harness';
import { seriousViolations } from './axe';
import { setupApp } from './setup-app';
import { expectScreenshot } from './visual';

const app = setupApp();

interface Screen {
  name: string;
  path: string;
  ready: (page: Page) => Promise<unknown>;
}

const SCREENS: Screen[] = [
  { name: 'home', path: '/home', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
  { name: 'search', path: '/Search', ready: (p) => p.locator('.ht_master td').first().waitFor() },
  { name: 'line-plan', path: '/linePlan/1', ready: (p) => p.getByLabel(/^Line Plan Name/).waitFor() },
  { name: 'colorway', path: '/colorway/1', ready: (p) => p.getByLabel(/^Colorway Name/).waitFor() },
  { name: 'costing-grid', path: '/grid/costing', ready: (p) => p.locator('.ht_master td').first().waitFor() },
];

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1400, height: 900 },
];

/** Waits until the page has stopped fetching and painting (fonts loaded, two frames after). */
async function still(page: Page) {
  await networkQuiet(page);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

const volatile = (page: Page) => [page.locator('[data-volatile]'), page.getByLabel(/^(Created|Changed) On/)];

describe('main screens look as designed and pass axe (issue 11)', () => {
  for (const size of SIZES) {
    it(`login at ${size.width} × ${size.height}`, async () => {
      const page = await app.page();
      await page.setViewportSize(size);
      await page.goto('/login');
      await page.getByLabel('User name').waitFor();
      await still(page);
      expect(await seriousViolations(page)).toEqual([]);
      await expectScreenshot(page, `login-${size.width}`);
    });

    it(`home, search, line plan, colorway and costing grid at ${size.width} × ${size.height}`, async () => {
      const page = await app.page();
      await page.setViewportSize(size);
      await login(page, 'admin');
      await settled(page);
      const failures: string[] = [];
      for (const s of SCREENS) {
        await page.goto(s.path);
        await s.ready(page);
        await still(page);
        const violations = await seriousViolations(page);
        if (violations.length) failures.push(`${s.path}: ${violations.join('; ')}`);
        try {
          await expectScreenshot(page, `${s.name}-${size.width}`, { mask: volatile(page) });
        } catch (err) {
          failures.push((err as Error).message);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
