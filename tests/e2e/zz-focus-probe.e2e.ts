import { describe, it } from 'vitest';
import { chooseCriterion, recordCount, searchWith } from './flash-edit-steps';
import { goToColumn } from './grid-steps';
import { login, navigate } from './harness';
import { setupApp } from './setup-app';

const app = setupApp();
describe('probe', () => {
  it('focus after the column finder', async () => {
    const page = await app.page();
    await login(page, 'costing');
    await navigate(page, '/flashEditCosting');
    await recordCount(page);
    await chooseCriterion(page, 'Brand', 'Summit Ridge');
    await chooseCriterion(page, 'Season', 'Spring/Summer 2026');
    await chooseCriterion(page, 'Status', 'Released');
    await searchWith(page, 'costing');
    await recordCount(page);
    for (let n = 0; n < 5; n++) {
      await page.evaluate(() => {
        const w = window as any; w.__focus = [];
        const d = (el: any) => el ? `${el.tagName}${el.id ? '#' + el.id : ''}.${String(el.className).slice(0, 40)}` : 'none';
        if (!w.__hooked) { w.__hooked = true; document.addEventListener('focusin', (e) => w.__focus.push(`${performance.now().toFixed(0)} in ${d(e.target)}`), true); }
      });
      await goToColumn(page, n % 2 ? 'Est. Factory First Cost' : 'US FOB');
      await page.waitForTimeout(300);
      const before = await page.evaluate(() => document.querySelector('.data-grid .ht_master td.current')?.parentElement?.getAttribute('aria-rowindex'));
      await page.keyboard.press('ArrowDown');
      const after = await page.evaluate(() => document.querySelector('.data-grid .ht_master td.current')?.parentElement?.getAttribute('aria-rowindex'));
      console.log(n, 'row', before, '->', after, 'active', await page.evaluate(() => `${document.activeElement?.tagName}.${document.activeElement?.className}`), await page.evaluate(() => (window as any).__focus));
    }
  });
});
