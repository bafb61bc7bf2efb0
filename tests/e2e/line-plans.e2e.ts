/**
 * Line plans end to end (LP-001, LP-003, LP-008, LP-014, LP-018, LP-021, LP-023): the designer
 * creates a line plan, fills the seasonal planning phase, adds calendar rows, sets the launch
 * dates, releases it, reloads and finds everything kept. Issue 27: the profile's defaults, Create Brief
 * shown disabled with its reason before the release, the Launch field refusing letters visibly.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, navigate } from './harness';
import { setupApp } from './setup-app';

const app = setupApp();

/** The editor section of one child set. */
const section = (page: Page, testId: string) => page.getByTestId(testId);
const cell = (page: Page, testId: string, label: string) => section(page, testId).getByLabel(label, { exact: true });

describe('line plans', () => {
  it('LP-015 LP-016 LP-018 LP-003 LP-023 LP-014 SHELL-021 designer creates, fills the details, releases and finds everything after a reload', async () => {
    const page = await app.page();
    await login(page, 'designer');
    await navigate(page, '/linePlanCreate');
    const name = `E2E Line Plan ${Date.now()}`;

    // Issue 27: Brand and Responsible start from the user's profile (the designer's default brand, the designer).
    await expect.poll(() => page.locator('#root_BrandId option:checked').innerText()).toBe('Summit Ridge');
    await expect.poll(() => page.locator('#root_ResponsibleId option:checked').innerText()).toBe('Dana Whitfield');

    // LP-015: an empty form names the fields in red.
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Please review all fields indicated in red').waitFor();

    await page.locator('#root_BrandId').selectOption({ label: 'Summit Ridge' });
    await page.locator('#root_SeasonId').selectOption({ label: 'Spring/Summer 2027' });
    // LP-016: a name the brand already has only adds a note under the field.
    await page.locator('#root_LinePlanName').fill('Summit Ridge SS26 Trail & Hike');
    await page.locator('[data-field="LinePlanName"]').getByText('You may continue, but please note this name already exists.').waitFor();
    await page.locator('#root_LinePlanName').fill(name);
    await page.locator('[data-field="LinePlanName"] [role="status"]').waitFor({ state: 'detached' });
    // Leaving the name commits it and clears its error (every required field was named in red above).
    await page.locator('#root_LinePlanName').press('Tab');
    await page.locator('#root_LinePlanName__error').waitFor({ state: 'detached' });
    await page.locator('#root_ResponsibleId').selectOption({ label: 'Sofia Alvarez' });
    await page.locator('#root_WFGroupId').selectOption({ label: 'Line Plan Standard Development' });
    await page.getByLabel('Spring 2027', { exact: true }).check();
    await page.getByLabel('Summer 2027', { exact: true }).check();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/linePlan\/\d+$/, { timeout: 15_000 });
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { name }).waitFor();
    await page.getByRole('tab', { name: 'Details' }).waitFor();
    // Issue 27: before the release, Create Brief is there, disabled, and says why.
    const blocked = page.getByRole('button', { name: 'Create Brief' });
    expect(await blocked.getAttribute('aria-disabled')).toBe('true');
    expect(await blocked.getAttribute('title')).toBe('The line plan must be Released or Completed.');

    // Seasonal planning phase.
    await section(page, 'planning').getByRole('button', { name: 'Add row' }).click();
    await cell(page, 'planning', 'Seasonal Planning Phase Phase row 1').fill('Design & Development');
    await cell(page, 'planning', 'Seasonal Planning Phase Start Date row 1').fill('2026-03-01');
    await cell(page, 'planning', 'Seasonal Planning Phase End Date row 1').fill('2026-08-31');
    await section(page, 'planning').getByRole('button', { name: 'Save Seasonal Planning Phase' }).click();
    await page.getByText('Record Saved Successfully.').first().waitFor();
    // Issue 27: the toast leaves the header's buttons free.
    const [toastBox, actions] = [(await page.getByTestId('toast').first().boundingBox())!, (await page.locator('.page-header__actions').boundingBox())!];
    expect(toastBox.y > actions.y + actions.height || toastBox.x + toastBox.width < actions.x).toBe(true);

    // LP-018: the Spring 2027 calendar (sub-season 5) starts as a copy of the demo's corporate template;
    // its first two rows are renamed and dated.
    const cal = 'calendar-5',
      t = 'Calendar Spring 2027';
    await expect.poll(() => cell(page, cal, `${t} Name row 1`).inputValue(), { timeout: 10_000 }).toBe('Kick-off');
    for (const [row, values] of [
      [1, ['Line Review', 'Concept', '1', '2026-03-02', '2026-03-05']],
      [2, ['Proto Review', 'Design', '2', '2026-05-10', '2026-05-20']],
    ] as const) {
      await cell(page, cal, `${t} Name row ${row}`).fill(values[0]);
      await cell(page, cal, `${t} Stage row ${row}`).fill(values[1]);
      await cell(page, cal, `${t} Group row ${row}`).fill(values[2]);
      await cell(page, cal, `${t} Start Date row ${row}`).fill(values[3]);
      await cell(page, cal, `${t} End Date row ${row}`).fill(values[4]);
    }

    // Launch dates.
    await section(page, 'launches').getByRole('button', { name: 'Add row' }).click();
    // Issue 27: a letter in the Launch field is refused visibly, with what the field takes.
    await cell(page, 'launches', 'Launch Dates Launch row 1').pressSequentially('x');
    await section(page, 'launches').getByRole('alert').getByText('Launch takes whole numbers only: type the digits 0–9.').waitFor();
    expect(await cell(page, 'launches', 'Launch Dates Launch row 1').getAttribute('aria-invalid')).toBe('true');
    await cell(page, 'launches', 'Launch Dates Launch row 1').fill('1');
    await section(page, 'launches').getByRole('alert').waitFor({ state: 'detached' });
    await cell(page, 'launches', 'Launch Dates Description row 1').fill('January floorset');
    await cell(page, 'launches', 'Launch Dates Factory Ex-Go row 1').fill('2026-11-15');
    await cell(page, 'launches', 'Launch Dates Available at Retail row 1').fill('2027-01-15');

    // The Summer 2027 calendar edited and not saved: the Spring calendar's save reads both calendars again (one read).
    const summer = 'calendar-6',
      ts = 'Calendar Summer 2027';
    await cell(page, summer, `${ts} Name row 1`).fill('Summer Kick-off');

    // LP-023: the calendar and the launch dates saved one right after the other: the second save waits for the
    // first's answer and goes at the version it gave (sent at once, it would carry the version before the
    // calendar's save and be refused as changed by the designer herself). Then the line plan is read again.
    const calendarSaved = page.waitForResponse((r) => r.url().includes('/api/LinePlan/SaveCalendarItems'));
    const launchesSaved = page.waitForResponse((r) => r.url().includes('/api/LinePlan/SaveLaunchDates'));
    const reloaded = launchesSaved.then(() => page.waitForResponse((r) => r.url().includes('/api/LinePlan/GetLinePlan?')));
    await section(page, cal)
      .getByRole('button', { name: `Save ${t}` })
      .click();
    await section(page, 'launches').getByRole('button', { name: 'Save Launch Dates' }).click();
    const [calendar, launches] = [await calendarSaved, await launchesSaved];
    expect([calendar.status(), launches.status()]).toEqual([200, 200]);
    expect(launches.request().postDataJSON().RowVersion).toBe((await calendar.json()).RowVersion);
    await reloaded;
    // LP-021/022: the server numbers the rows and computes the durations (Line Review: 2 to 5 March, 3 days).
    await expect.poll(() => section(page, cal).locator('tbody tr').first().locator('td').nth(6).innerText(), { timeout: 10_000 }).toBe('3');
    expect(await cell(page, cal, `${t} Sort row 2`).inputValue()).toBe('20');
    // The other calendar's unsaved edit is still there after that read; SHELL-021: leaving asks first.
    expect(await cell(page, summer, `${ts} Name row 1`).inputValue()).toBe('Summer Kick-off');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    const ask = page.getByRole('alertdialog');
    expect(await ask.textContent()).toContain('There are unsaved changes on the page, do you want to continue without saving?');
    await ask.getByRole('button', { name: 'Stay on page' }).click();
    const summerSaved = page.waitForResponse((r) => r.url().includes('/api/LinePlan/SaveCalendarItems'));
    await section(page, summer)
      .getByRole('button', { name: `Save ${ts}` })
      .click();
    expect((await summerSaved).status()).toBe(200);
    await section(page, summer)
      .getByRole('button', { name: `Save ${ts}` })
      .and(page.locator(':disabled'))
      .waitFor();

    // LP-014: with the dates set the line plan can be released.
    await page.getByLabel('Set status').selectOption({ label: 'Released' });
    await page.getByText('Line Plan · Released').waitFor();

    await page.reload();
    await page.getByText('Line Plan · Released').waitFor();
    await page.getByRole('link', { name: 'Create Brief' }).waitFor();
    await expect.poll(() => cell(page, 'planning', 'Seasonal Planning Phase Phase row 1').inputValue(), { timeout: 10_000 }).toBe('Design & Development');
    expect(await cell(page, 'planning', 'Seasonal Planning Phase End Date row 1').inputValue()).toBe('2026-08-31');
    expect(await cell(page, cal, `${t} Name row 1`).inputValue()).toBe('Line Review');
    expect(await cell(page, cal, `${t} Name row 2`).inputValue()).toBe('Proto Review');
    expect(await cell(page, summer, `${ts} Name row 1`).inputValue()).toBe('Summer Kick-off');
    expect(await cell(page, cal, `${t} End Date row 2`).inputValue()).toBe('2026-05-20');
    expect(await section(page, cal).locator('tbody tr').first().locator('td').nth(6).innerText()).toBe('3');
    expect(await cell(page, 'launches', 'Launch Dates Available at Retail row 1').inputValue()).toBe('2027-01-15');
    expect(await cell(page, 'launches', 'Launch Dates Factory Ex-Go row 1').inputValue()).toBe('2026-11-15');

    // LP-004: the gantt view lists every calendar row and draws the two dated ones as bars.
    const calendarRows = await page.locator('[data-testid^="calendar-"] tbody tr').count();
    await page.getByRole('link', { name: 'Gantt' }).click();
    await page.waitForURL(new RegExp(`/linePlan/${id}/gantt$`));
    await expect.poll(() => page.getByTestId('gantt-row').count(), { timeout: 10_000 }).toBe(calendarRows);
    expect(await page.locator('.gantt__bar').count()).toBe(2);
  });

  it('LP-002 /linePlanEdit/{id} goes to /linePlan/{id}; LP-001 the list opens one; LP-005 an unknown id says the Line Plan was not found, with the way to the list (issue 11)', async () => {
    const page = await app.page();
    await login(page, 'designer');
    await navigate(page, '/linePlanEdit/1');
    await page.waitForURL(/\/linePlan\/1$/);
    // LP-001 LP-031: the list opens a line plan.
    await navigate(page, '/linePlanList');
    await page.getByRole('link', { name: 'Summit Ridge FW26 Cold Weather' }).click();
    await page.waitForURL(/\/linePlan\/2$/);
    await navigate(page, '/linePlan/999999');
    await page.getByRole('heading', { name: 'Line Plan not found' }).waitFor();
    await page.getByText('The Line Plan was not found.').waitFor();
    await page.getByRole('link', { name: 'Go to Line plans' }).click();
    await page.waitForURL(/\/linePlanList$/);
  });

  it('LP-023 an edit typed in a section while its save runs stays, to be saved next (nothing typed is dropped)', async () => {
    const page = await app.page();
    await login(page, 'designer');
    await navigate(page, '/linePlan/2');
    const launches = section(page, 'launches');
    await expect.poll(() => launches.locator('tbody tr').count(), { timeout: 10_000 }).toBe(3);
    // The save is held on its way until the test has typed in another row.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/LinePlan/SaveLaunchDates', async (route) => {
      await held;
      await route.continue();
    });
    await cell(page, 'launches', 'Launch Dates Description row 1').fill('Saved first');
    const saved = page.waitForResponse((r) => r.url().includes('/api/LinePlan/SaveLaunchDates'));
    const reread = saved.then(() => page.waitForResponse((r) => r.url().includes('/api/LinePlan/GetLaunchDates')));
    await launches.getByRole('button', { name: 'Save Launch Dates' }).click();
    await launches.getByRole('button', { name: 'Saving…' }).waitFor();
    await cell(page, 'launches', 'Launch Dates Description row 2').fill('Typed while saving');
    release();
    expect((await saved).status()).toBe(200);
    await reread;
    // Once the rows read again are in: row 1 saved, row 2 still marked unsaved with what was typed.
    await launches.locator('tbody tr').nth(0).and(page.locator(':not([data-unsaved])')).waitFor();
    expect(await launches.locator('tbody tr').nth(1).getAttribute('data-unsaved')).toBe('true');
    const save = launches.getByRole('button', { name: 'Save Launch Dates' });
    expect(await cell(page, 'launches', 'Launch Dates Description row 1').inputValue()).toBe('Saved first');
    expect(await cell(page, 'launches', 'Launch Dates Description row 2').inputValue()).toBe('Typed while saving');
    // Still to be saved: the button is on, and saving stores it.
    expect(await save.isEnabled()).toBe(true);
    await page.unroute('**/api/LinePlan/SaveLaunchDates');
    const again = page.waitForResponse((r) => r.url().includes('/api/LinePlan/SaveLaunchDates'));
    await save.click();
    expect((await again).status()).toBe(200);
    await save.and(page.locator(':disabled')).waitFor();
    expect(await cell(page, 'launches', 'Launch Dates Description row 2').inputValue()).toBe('Typed while saving');
  });

  it('LP-012 LP-024 LP-025 the calendar import replaces a sub-season calendar; a bad file says Calendar Import Failed', async () => {
    const page = await app.page();
    await login(page, 'designer');
    await navigate(page, '/linePlan/3');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Calendar');
    ws.addRow(['Sub-Season', 'Name', 'Stage', 'Group', 'Sort', 'Start Date', 'End Date']);
    ws.addRow(['Spring 2027', 'Imported Kick-off', 'Concept', 1, 10, '03/02/2026', '03/06/2026']);
    const input = page.getByLabel('Import Calendar');
    await input.setInputFiles({ name: 'calendar.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from(await wb.xlsx.writeBuffer()) });
    await expect.poll(() => cell(page, 'calendar-5', 'Calendar Spring 2027 Name row 1').inputValue(), { timeout: 15_000 }).toBe('Imported Kick-off');
    expect(await section(page, 'calendar-5').locator('tbody tr').count()).toBe(1);

    await input.setInputFiles({ name: 'calendar.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('not a workbook') });
    await page
      .getByText(/Calendar Import Failed/)
      .first()
      .waitFor();
  });
});
