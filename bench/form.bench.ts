/**
 * SchemaForm in Chromium: a 150-field form, first render and keystroke-to-paint, beside a bare
 * RJSF Form of the same schema and data in the same run (DESIGN: first render ≤ 300 ms,
 * keystroke-to-paint ≤ 50 ms).
 */
import { buildPages, median, openBrowser, openPage, p95, servePages } from './lib/browser-bench';
import { writeSection } from './lib/results';

const RUNS = 5;
const KEYS = 30;

export async function benchForm() {
  await buildPages();
  const site = await servePages();
  const browser = await openBrowser();
  try {
    const first: Record<'ours' | 'accordion' | 'bare', number[]> = { ours: [], accordion: [], bare: [] };
    const keys: Record<'ours' | 'bare', number[]> = { ours: [], bare: [] };
    const script: Record<'ours' | 'bare', number[]> = { ours: [], bare: [] };
    for (let i = 0; i < RUNS + 1; i++) {
      const accordion = await openPage(browser, site.url, 'form.html');
      const at = (await accordion.evaluate(() => (window as any).benchForm('accordion'))) as number;
      await accordion.context().close();
      if (i > 0) first.accordion.push(at);
      for (const kind of ['bare', 'ours'] as const) {
        const page = await openPage(browser, site.url, 'form.html');
        const t = (await page.evaluate((k) => (window as any).benchForm(k), kind)) as number;
        // Type into a text field in the middle of the form (Field 76 is text in both forms).
        await page.locator('#root_F76').click();
        await page.evaluate(() => {
          (window as any).keyLatencies.length = 0;
          (window as any).keyScripting.length = 0;
        });
        for (let k = 0; k < KEYS; k++) await page.keyboard.press('x');
        await page.waitForTimeout(100);
        const lat = (await page.evaluate(() => [...(window as any).keyLatencies])) as number[];
        const scr = (await page.evaluate(() => [...(window as any).keyScripting])) as number[];
        await page.context().close();
        if (i === 0) continue;
        first[kind].push(t);
        keys[kind].push(...lat);
        script[kind].push(...scr);
      }
    }
    const row = (label: string, ours: number, bare: number, target: number) =>
      `| ${label} | ${ours.toFixed(1)} | ${bare.toFixed(1)} | ${(ours / bare).toFixed(2)}× | ≤ ${target} ms ${ours <= target ? '✔' : '✘'} |`;
    const body = [
      `150 fields in 5 sections (text, notes, numbers, money, dates, checkboxes), Chromium headless; first render: median of ${RUNS} fresh pages; keystroke-to-paint: ${KEYS} keys into a text field per page, keydown to the next painted frame. The accordion row is the same form with four sections collapsed (closed sections mount no fields, as on the colorway screen).`,
      '',
      '| measure | SchemaForm ms | bare RJSF Form ms | ratio | target |',
      '|---|---:|---:|---:|---|',
      row('first render (median)', median(first.ours), median(first.bare), 300),
      row('first render as an accordion, 1 of 5 sections open (median)', median(first.accordion), median(first.bare), 300),
      row('keystroke-to-paint (median)', median(keys.ours), median(keys.bare), 50),
      row('keystroke-to-paint (p95)', p95(keys.ours), p95(keys.bare), 50),
      row('keystroke script time, keydown to next task (median)', median(script.ours), median(script.bare), 50),
      row('keystroke script time (p95)', p95(script.ours), p95(script.bare), 50),
    ].join('\n');
    console.log(body);
    writeSection('Web: SchemaForm 150 fields', body);
  } finally {
    await browser.close();
    await site.close();
  }
}
