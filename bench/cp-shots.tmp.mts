import { launchBrowser, login, navigate, newPage, settled, startServer } from '../tests/e2e/harness';
const server = await startServer();
const browser = await launchBrowser();
try {
  for (const width of [1280, 1400]) {
    const page = await newPage(browser, server);
    await page.setViewportSize({ width, height: 900 });
    await login(page, 'designer');
    for (const [name, path] of [['cp-search-2', '/criticalPath?searchType=2'], ['cp-search-1', '/criticalPath?searchType=1'], ['cp-search-3', '/criticalPath?searchType=3'], ['cp-edit', '/criticalPathDevPrototypeEdit/3/3'], ['buyready', '/buyready']] as const) {
      await navigate(page, path);
      await settled(page);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/shots/${name}-${width}.png`, fullPage: name === 'cp-edit' });
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop?.();
}
process.exit(0);
