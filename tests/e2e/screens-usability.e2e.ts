/**
 * Forms and screens at a laptop's width (1280×800): the line plan fits without sideways scroll,
 * the scroll-to-top button keeps clear of the Save bar, an invalid field is red with its message
 * under it, the search tabs say which is chosen, the gantt has a time axis fitting its dates with
 * today marked (a line, or a marker at the edge) and MM/DD/YYYY dates, a create says it worked,
 * and the controls follow a dark theme.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { login, navigate } from './harness';
import { setupApp } from './setup-app';

const app = setupApp();

async function signedIn(user: 'admin' | 'designer' = 'admin'): Promise<Page> {
  const page = await app.page();
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, user);
  return page;
}

const box = async (l: Locator) => (await l.boundingBox())!;
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('screens usability', () => {
  it('LP-003 the line plan screen fits 1280 px without horizontal scroll; no serious accessibility faults', async () => {
    const page = await signedIn();
    await navigate(page, '/linePlan/1');
    // The sections' grids with their rows in.
    await page.getByTestId('launches-grid').locator('.ht_master tbody tr').first().waitFor();
    await page.getByTestId('calendar-1-grid').locator('.ht_master tbody tr').first().waitFor();
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.scrollingElement!.scrollWidth,
      clientWidth: document.scrollingElement!.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    // The Details tab is a themed tab, the chosen one.
    expect(await page.getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('SHELL-006 the scroll-to-top button never covers the Save button', async () => {
    const page = await signedIn();
    await navigate(page, '/colorway/1');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.waitFor();
    for (const y of [400, 1200, 100_000]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      const up = page.getByRole('button', { name: 'Scroll to top' });
      await up.waitFor();
      await page.waitForTimeout(150); // the button is placed on the next frame
      if (await save.isVisible()) expect(overlaps(await box(up), await box(save)), `scrolled to ${y}`).toBe(false);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('BRIEF-004 a cleared required field is red, with its message under it, aria-invalid and described by it', async () => {
    const page = await signedIn();
    await navigate(page, '/linePlan/1');
    const name = page.locator('#root_LinePlanName');
    const responsible = page.locator('#root_ResponsibleId');
    await name.waitFor();
    const border = (l: Locator) => l.evaluate((el) => getComputedStyle(el).borderTopColor);
    const valid = { input: await border(name), select: await border(responsible) };
    await name.fill('');
    await name.press('Tab');
    await responsible.selectOption('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /highlighted|indicated in red/ })
      .first()
      .waitFor();
    for (const [control, before] of [
      [name, valid.input],
      [responsible, valid.select],
    ] as const) {
      await expect.poll(() => control.getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => border(control)).toBe('rgb(201, 42, 42)'); // --danger, once the border's transition ends
      expect(before).not.toBe('rgb(201, 42, 42)');
      const message = page.locator(`[id="${await control.getAttribute('aria-describedby')}"]`);
      expect((await message.textContent())?.trim()).toBeTruthy();
      const [m, c] = [await box(message), await box(control)];
      expect(m.y).toBeGreaterThanOrEqual(c.y + c.height);
      expect(await message.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(201, 42, 42)');
    }

    // A create form says 'Please review all fields indicated in red' (BRIEF-004, QF-013): and they are.
    await navigate(page, '/linePlanCreate');
    const newName = page.locator('#root_LinePlanName');
    await newName.waitFor();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Please review all fields indicated in red').first().waitFor();
    await expect.poll(() => newName.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => border(newName)).toBe('rgb(201, 42, 42)');
    expect(await page.locator(`[id="${await newName.getAttribute('aria-describedby')}"]`).isVisible()).toBe(true);
  });

  it('SEARCH-001 the search module tabs are a tablist with the chosen tab aria-selected', async () => {
    const page = await signedIn();
    await navigate(page, '/Search?searchModule=2');
    const tabs = page.getByRole('tablist').getByRole('tab');
    await tabs.first().waitFor();
    expect(await tabs.count()).toBe(4);
    expect(await page.getByRole('tab', { name: 'Brief' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tab', { name: 'Line Plan' }).getAttribute('aria-selected')).toBe('false');
    await page.locator('.handsontable td').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Pattern' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Pattern' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tab', { name: 'Brief' }).getAttribute('aria-selected')).toBe('false');
    // The chosen tab looks chosen: its colour differs from the others'.
    const colour = (n: string) => page.getByRole('tab', { name: n }).evaluate((el) => getComputedStyle(el).color);
    await expect.poll(async () => (await colour('Brief')) !== (await colour('Pattern'))).toBe(true);
    // Keys move between tabs (WAI-ARIA tabs): the grid below is the chosen tab's panel.
    await page.getByRole('tab', { name: 'Pattern' }).press('ArrowRight');
    await expect.poll(() => page.getByRole('tab', { name: 'Colorway' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Colorway');
    await page.getByRole('tabpanel', { name: 'Colorway' }).waitFor();
  });

  it('LP-004 CONST-015 the gantt fits its dates: month labels, bars with MM/DD/YYYY dates on hover, today marked at the edge it lies beyond, and week labels when zoomed in', async () => {
    const page = await signedIn();
    await navigate(page, '/linePlan/1/gantt');
    const chart = page.getByRole('region', { name: 'Gantt Spring 2026' });
    await chart.locator('.gantt__bar').first().waitFor();
    const months = await chart.getByTestId('gantt-axis').locator('.gantt__tick').allTextContents();
    expect(months.slice(0, 3)).toEqual(['Jan', 'Feb', 'Mar']);
    expect(await chart.getByTestId('gantt-axis').locator('.gantt__year').first().textContent()).toBe('2025');
    // Fit spans the calendars' 2025 dates (01/06–09/19/2025 over both), not today: on the one shared
    // axis the bars run from near its left edge to near its right one.
    const track = await box(chart.locator('.gantt__track').first());
    expect(await page.getByRole('region', { name: /^Gantt / }).count()).toBeGreaterThan(1);
    const bars = await page.locator('.gantt__bar').evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.x, right: r.right };
      }),
    );
    expect(Math.min(...bars.map((b) => b.x)) - track.x).toBeLessThan(track.width * 0.05);
    expect(track.x + track.width - Math.max(...bars.map((b) => b.right))).toBeLessThan(track.width * 0.05);
    // Today (after the data) is a labelled marker at the right edge, not a line.
    const today = await page.evaluate(() => new Date().toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' }));
    const edge = chart.getByTestId('gantt-today-edge');
    expect(await edge.textContent()).toBe(`Today ${today} →`);
    expect(await chart.getByTestId('gantt-today').count()).toBe(0);
    const edgeBox = await box(edge);
    expect(Math.abs(edgeBox.x + edgeBox.width - (track.x + track.width))).toBeLessThan(4);
    expect(await chart.locator('.gantt__bar').first().getAttribute('title')).toBe('Line Review (Concept): 01/06/2025 – 01/08/2025');
    // No ISO dates anywhere on the screen: the title line shows the span as MM/DD/YYYY too.
    expect(await page.locator('main, #main, .app__body').first().innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(await chart.locator('.card__title').innerText()).toMatch(/01\/06\/2025 – 08\/05\/2025/);

    await page.getByRole('button', { name: 'Weeks' }).click();
    expect(await page.getByRole('button', { name: 'Weeks' }).getAttribute('aria-pressed')).toBe('true');
    const weeks = await chart.getByTestId('gantt-axis').locator('.gantt__tick').allTextContents();
    expect(weeks[0]).toBe('12/30/2024');
    // Zoomed in, the chart scrolls inside its card; the page itself does not; the marker stays in view.
    expect(await chart.locator('.gantt__scroll').evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= document.scrollingElement!.clientWidth)).toBe(true);
    expect(await edge.isVisible()).toBe(true);
  });

  it("LP-004 with today inside the calendars' dates the gantt draws a today line there and no edge marker", async () => {
    const page = await signedIn();
    await page.clock.setFixedTime(new Date('2025-03-15T12:00:00'));
    await navigate(page, '/linePlan/1/gantt');
    const chart = page.getByRole('region', { name: 'Gantt Spring 2026' });
    await chart.locator('.gantt__bar').first().waitFor();
    const line = chart.getByTestId('gantt-today');
    expect(await line.getAttribute('title')).toBe('Today: 03/15/2025');
    expect(await chart.getByTestId('gantt-today-edge').count()).toBe(0);
    // The line lies after the January bar (Line Review, 01/06–01/08/2025) and inside the chart.
    const [first, at, track] = await Promise.all([box(chart.locator('.gantt__bar').first()), box(line), box(chart.locator('.gantt__track').first())]);
    expect(at.x).toBeGreaterThan(first.x + first.width);
    expect(at.x).toBeLessThan(track.x + track.width / 2);
  });

  it('BRIEF-006 creating a brief shows a success toast and opens the brief', async () => {
    const page = await signedIn('designer');
    await navigate(page, '/briefFromLinePlan/1');
    await page.locator('#root_BriefName').fill(`Usability Brief ${Date.now()}`);
    await page.locator('#root_ResponsibleId').selectOption({ label: 'Dana Whitfield' });
    await page.locator('#root_WFGroupId').selectOption({ label: 'Brief Standard Development' });
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Brief created.').waitFor();
    await page.waitForURL((u) => /^\/brief\/\d+$/.test(u.pathname), { timeout: 20_000 });
  });

  it('ADMIN-019 creating a role says so: Role created.', async () => {
    const page = await signedIn();
    await navigate(page, '/roleEdit/0');
    await page.getByLabel('Role Name').fill(`Usability role ${Date.now()}`);
    await page.getByRole('button', { name: 'Create role' }).click();
    await page.getByText('Role created.').waitFor();
    await page.waitForURL((u) => /^\/roleEdit\/[1-9]\d*$/.test(u.pathname));
  });

  it('SHELL-013 in the dark theme the header select and the tabs take the theme colours', async () => {
    const page = await signedIn();
    await navigate(page, '/linePlan/1');
    await page.getByRole('button', { name: /^Theme: / }).click();
    await page.getByRole('radio', { name: 'Midnight' }).check();
    await page.keyboard.press('Escape');
    const status = page.getByRole('combobox', { name: 'Set status' });
    await status.waitFor();
    const look = () =>
      status.evaluate((el) => {
        const s = getComputedStyle(el);
        return { bg: s.backgroundColor, fg: s.color };
      });
    await expect.poll(look).toEqual({ bg: 'rgb(26, 32, 43)', fg: 'rgb(230, 233, 239)' }); // --main-light and --text of Midnight
    // Its accent, once the colour transition ends.
    await expect.poll(() => page.getByRole('tab', { name: 'Details' }).evaluate((el) => getComputedStyle(el).color)).toBe('rgb(77, 171, 247)');
  });
});
