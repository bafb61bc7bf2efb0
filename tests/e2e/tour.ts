/** Dev aid: screenshots of the main screens at 1280 and 1400 px (npx tsx tests/e2e/tour.ts OUTDIR [paths...]). */
import { launchBrowser, login, newPage, settled } from './harness';
import { startServer } from './app-server';

const out = process.argv[2] ?? '/tmp/shots';
const paths = process.argv.slice(3).length
  ? process.argv.slice(3)
  : [
      '/home',
      '/Search',
      '/linePlanList',
      '/linePlan/1',
      '/brief/1',
      '/pattern/1',
      '/colorway/1',
      '/grid/costing',
      '/grid/library-outsole',
      '/users',
      '/help',
      '/nope',
    ];
const server = await startServer();
const browser = await launchBrowser();
try {
  for (const width of [1280, 1400]) {
    const page = await newPage(browser, server);
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 900 });
    await page.goto('/login');
    await page.screenshot({ path: `${out}/login-${width}.png` });
    await login(page, process.env.TOUR_USER ?? 'admin');
    await settled(page);
    for (const p of paths) {
      await page.goto(p);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `${out}/${p.replace(/\W+/g, '_')}-${width}.png`, fullPage: !!process.env.FULL });
      console.log(width, p, await page.title());
    }
    await page.context().close();
  }
} finally {
  await browser.close();
  await server.stop();
}
