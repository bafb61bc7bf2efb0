/**
 * The product hierarchy in one sitting (issue 4): a designer creates a line plan, fills its
 * planning and launch dates and a calendar row, releases it, creates a brief from it, releases the
 * brief, creates a pattern from the brief, uploads a pattern image, releases and adopts the
 * pattern; after a reload everything is kept, the history shows who changed what, and the records
 * are the user's last-used projects (PREF-024).
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiToken, login, navigate, pathOf } from './harness';
import { cellText, rowCount, typeRow } from './line-plan-steps';
import { setupApp } from './setup-app';

const app = setupApp();

const idOf = (page: Page) => Number(pathOf(page).split('/').pop());

async function release(page: Page, title: string) {
  await page.getByLabel('Set status').selectOption({ label: 'Released' });
  await page.getByText(`${title} · Released`).waitFor({ timeout: 15_000 });
}

describe('product hierarchy flow', () => {
  it('LP-018 LP-014 BRIEF-003 BRIEF-006 PAT-008 DOC-021 PAT-013 a designer goes from line plan to adopted pattern with an image; a reload keeps everything', async () => {
    const page = await app.page();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await login(page, 'designer');
    const stamp = Date.now();

    // Line plan: create, planning phase, one calendar row, launch dates, release.
    await navigate(page, '/linePlanCreate');
    const lpName = `Flow Line Plan ${stamp}`;
    await page.locator('#root_BrandId').selectOption({ label: 'Summit Ridge' });
    await page.locator('#root_SeasonId').selectOption({ label: 'Spring/Summer 2027' });
    await page.locator('#root_LinePlanName').fill(lpName);
    await page.locator('#root_ResponsibleId').selectOption({ label: 'Dana Whitfield' });
    await page.locator('#root_WFGroupId').selectOption({ label: 'Line Plan Standard Development' });
    await page.getByLabel('Spring 2027', { exact: true }).check();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/linePlan\/\d+$/, { timeout: 15_000 });
    const linePlanId = idOf(page);
    await page.getByRole('heading', { name: lpName }).waitFor();

    await page.getByTestId('planning').getByRole('button', { name: 'Add row' }).click();
    await typeRow(page, 'planning', 1, { Phase: 'Design', 'Start Date': '03/01/2026', 'End Date': '06/30/2026' });
    await page.getByTestId('planning').getByRole('button', { name: 'Save Seasonal Planning Phase' }).click();
    await page.getByText('Record Saved Successfully.').first().waitFor();

    const cal = 'calendar-5',
      t = 'Calendar Spring 2027';
    // The calendar starts as a copy of the corporate template (10 rows, numbered 10 to 100): the added row is the last.
    await expect.poll(() => cellText(page, cal, 'Name', 1), { timeout: 10_000 }).toBe('Kick-off');
    const templateRows = await rowCount(page, cal);
    await page.getByTestId(cal).getByRole('button', { name: 'Add row' }).click();
    const row = templateRows + 1;
    await typeRow(page, cal, row, { Name: 'Line Review', Stage: 'Concept', Group: 'Concept', 'Start Date': '03/02/2026', 'End Date': '03/05/2026' });
    // Wait for the save's answer and the duration only the server computes (2 to 5 March, 3 days), not for a sort
    // number: row 1 is numbered 10 before the save too.
    const calendarSaved = page.waitForResponse((r) => r.url().includes('/api/LinePlan/SaveCalendarItems'));
    await page
      .getByTestId(cal)
      .getByRole('button', { name: `Save ${t}` })
      .click();
    const calendar = await calendarSaved;
    expect(calendar.status(), await calendar.text()).toBe(200);
    await expect.poll(() => cellText(page, cal, 'Duration (days)', row), { timeout: 10_000 }).toBe('3');
    expect(await cellText(page, cal, 'Sort', 1)).toBe('10');
    // LP-022: the added row numbered after the template's.
    expect(await cellText(page, cal, 'Sort', row)).toBe(String(row * 10));

    await page.getByTestId('launches').getByRole('button', { name: 'Add row' }).click();
    await typeRow(page, 'launches', 1, {
      Launch: '1',
      'Launch Description': 'Spring floorset',
      'Factory Ex-Go': '11/15/2026',
      'Available at Retail': '01/15/2027',
    });
    // The line plan read again after the launch dates' save, not a read still under way from the calendar's.
    const launchesSaved = page.waitForResponse((r) => r.url().includes('/api/LinePlan/SaveLaunchDates'));
    const reloaded = launchesSaved.then(() => page.waitForResponse((r) => r.url().includes('/api/LinePlan/GetLinePlan?')));
    await page.getByTestId('launches').getByRole('button', { name: 'Save Launch Dates' }).click();
    expect((await launchesSaved).status()).toBe(200);
    await reloaded;
    await release(page, 'Line Plan');

    // Brief from the released line plan, then released.
    await page.getByRole('link', { name: 'Create Brief' }).click();
    await page.waitForURL(new RegExp(`/briefFromLinePlan/${linePlanId}$`));
    const briefName = `Flow Brief ${stamp}`;
    await page.getByRole('radio', { name: lpName }).waitFor();
    expect(await page.getByRole('radio', { name: lpName }).isChecked()).toBe(true);
    await page.locator('#root_BriefName').fill(briefName);
    await page.locator('#root_ResponsibleId').selectOption({ label: 'Dana Whitfield' });
    await page.locator('#root_WFGroupId').selectOption({ label: 'Brief Standard Development' });
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL((u) => /^\/brief\/\d+$/.test(u.pathname), { timeout: 20_000 });
    await page.getByRole('heading', { name: briefName }).waitFor();
    await release(page, 'Brief');

    // Pattern from the released brief.
    await page.getByRole('link', { name: 'Create Pattern' }).click();
    await page.waitForURL(/\/patternFromBrief\/\d+$/);
    const patternName = `Flow Pattern ${stamp}`;
    await page.locator('#root_PatternName').fill(patternName);
    await page.locator('#root_PatternNameKey').fill(`FLOW-${stamp}`);
    await page.locator('#root_GenderKey').selectOption({ label: "Men's" });
    await page.locator('#root_ResponsibleId').selectOption({ label: 'Dana Whitfield' });
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/pattern\/\d+$/, { timeout: 20_000 });
    const patternPath = pathOf(page);
    await page.getByRole('heading', { name: patternName }).waitFor();

    // A product image, then release and adopt.
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2f7a5a' } })
      .png()
      .toBuffer();
    const images = page.getByRole('region', { name: 'Image' });
    await images.getByRole('radio', { name: 'Product' }).check();
    await images.getByLabel('Image file').setInputFiles({ name: 'flow-shoe.png', mimeType: 'image/png', buffer: png });
    await page.getByText('Image uploaded successfully').first().waitFor({ timeout: 15_000 });
    await images.locator('img.image-panel__image').waitFor();

    await release(page, 'Pattern');
    const toggles = page.getByRole('region', { name: 'Adoption and PTA' });
    await toggles.getByRole('checkbox', { name: 'Adopted' }).check();
    await toggles.getByText(/· Dana Whitfield/).waitFor();

    // Reload: all kept.
    await page.reload();
    await page.getByRole('heading', { name: patternName }).waitFor();
    expect(pathOf(page)).toBe(patternPath);
    await page.getByText('Pattern · Released').waitFor();
    await expect.poll(() => toggles.getByRole('checkbox', { name: 'Adopted' }).isChecked(), { timeout: 10_000 }).toBe(true);
    await images.locator('img.image-panel__image').waitFor({ timeout: 10_000 });
    expect(await images.locator('img.image-panel__image').evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);

    // The history names the designer's changes.
    await page.getByText('History', { exact: true }).click();
    await page.locator('.history-table').getByText('Dana Whitfield').first().waitFor();

    // PREF-024: the three records are the designer's last-used projects.
    const base = app.server.baseUrl;
    const access_token = await apiToken(base, 'designer');
    const recent = await (await fetch(`${base}/api/User/GetLastViewedProjects`, { headers: { authorization: `Bearer ${access_token}` } })).json();
    const levels = new Set((recent as { ProjectLevelId: number }[]).map((r) => r.ProjectLevelId));
    expect(levels.has(1) && levels.has(2) && levels.has(3)).toBe(true);
    expect(problems).toEqual([]);
  });
});
