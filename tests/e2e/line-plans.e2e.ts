/**
 * Line plans end to end (LP-001, LP-003, LP-008, LP-014, LP-018, LP-021, LP-023): the designer
 * creates a line plan, fills the seasonal planning phase, adds calendar rows, sets the launch
 * dates, releases it, reloads and finds everything kept. Issue 27: the profile's defaults, Create Brief
 * shown disabled with its reason before the release, the Launch field refusing letters visibly.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { login, navigate } from './harness';
import { cellText, rowCount, section, sectionCell, typeInto, typeRow } from './line-plan-steps';
import { setupApp } from './setup-app';

const app = setupApp();

describe('line plans', () => {
  it('LP-015 LP-016 LP-018 LP-003 LP-020 LP-023 LP-014 SHELL-021 CONST-013 designer creates, fills the details, releases and finds everything after a reload', async () => {
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
    await typeRow(page, 'planning', 1, { Phase: 'Design & Development', 'Start Date': '03/01/2026', 'End Date': '08/31/2026' });
    // Ctrl+S in the section's grid saves that section.
    const planningSaved = page.waitForResponse((r) => r.url().includes('/api/LinePlan/SaveSeasonalPlanningItems'));
    await page.keyboard.press('Control+S');
    expect((await planningSaved).status()).toBe(200);
    await page.getByText('Record Saved Successfully.').first().waitFor();
    // Issue 27: the toast leaves the header's buttons free.
    const [toastBox, actions] = [(await page.getByTestId('toast').first().boundingBox())!, (await page.locator('.page-header__actions').boundingBox())!];
    expect(toastBox.y > actions.y + actions.height || toastBox.x + toastBox.width < actions.x).toBe(true);

    // LP-018: the Spring 2027 calendar (sub-season 5) starts as a copy of the demo's corporate template;
    // its first two rows are renamed and dated.
    const cal = 'calendar-5',
      t = 'Calendar Spring 2027';
    await expect.poll(() => cellText(page, cal, 'Name', 1), { timeout: 10_000 }).toBe('Kick-off');
    // The group shows by name (the template's groups), never its id.
    expect(await cellText(page, cal, 'Group', 1)).toBe('Concept');
    await typeRow(page, cal, 1, { Name: 'Line Review', Stage: 'Concept', Group: 'Concept', 'Start Date': '03/02/2026', 'End Date': '03/05/2026' });
    await typeRow(page, cal, 2, { Name: 'Proto Review', Stage: 'Design', Group: 'Design', 'Start Date': '05/10/2026', 'End Date': '05/20/2026' });
    // Typed and not saved: the grids' amber.
    await expect.poll(() => sectionCell(page, cal, 'Name', 2).getAttribute('class')).toContain('cell--unsaved');
    // LP-020 before the save: an end before the start is red with the rule, at once.
    await typeInto(page, cal, 'End Date', 2, '05/01/2026');
    await expect.poll(() => sectionCell(page, cal, 'End Date', 2).getAttribute('title')).toBe('End Date must not be before Start Date.');
    expect(await sectionCell(page, cal, 'End Date', 2).getAttribute('class')).toContain('cell--error');
    await typeInto(page, cal, 'End Date', 2, '05/20/2026');
    await expect.poll(() => sectionCell(page, cal, 'End Date', 2).textContent()).toBe('05/20/2026');
    expect(await sectionCell(page, cal, 'End Date', 2).getAttribute('class')).not.toContain('cell--error');

    // Launch dates.
    await section(page, 'launches').getByRole('button', { name: 'Add row' }).click();
    // Issue 27: a letter typed into the Launch cell is refused visibly, with what the cell takes.
    await sectionCell(page, 'launches', 'Launch', 1).click();
    await page.keyboard.press('Enter');
    await page.keyboard.type('x');
    await section(page, 'launches').getByRole('status').getByText('Launch takes whole numbers only: type the digits 0–9.').waitFor();
    await page.keyboard.type('1');
    await page.keyboard.press('Enter');
    await expect.poll(() => cellText(page, 'launches', 'Launch', 1)).toBe('1');
    await typeRow(page, 'launches', 1, { 'Launch Description': 'January floorset', 'Factory Ex-Go': '11/15/2026', 'Available at Retail': '01/15/2027' });

    // The Summer 2027 calendar edited and not saved: the Spring calendar's save reads both calendars again (one read).
    const summer = 'calendar-6',
      ts = 'Calendar Summer 2027';
    await typeInto(page, summer, 'Name', 1, 'Summer Kick-off');

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
    await expect.poll(() => cellText(page, cal, 'Duration (days)', 1), { timeout: 10_000 }).toBe('3');
    expect(await cellText(page, cal, 'Sort', 2)).toBe('20');
    expect(await sectionCell(page, cal, 'Name', 2).getAttribute('class')).not.toContain('cell--unsaved');
    // The other calendar's unsaved edit is still there after that read, still marked; SHELL-021: leaving asks first.
    expect(await cellText(page, summer, 'Name', 1)).toBe('Summer Kick-off');
    expect(await sectionCell(page, summer, 'Name', 1).getAttribute('class')).toContain('cell--unsaved');
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
    await expect.poll(() => cellText(page, 'planning', 'Phase', 1), { timeout: 10_000 }).toBe('Design & Development');
    expect(await cellText(page, 'planning', 'End Date', 1)).toBe('08/31/2026');
    expect(await cellText(page, cal, 'Name', 1)).toBe('Line Review');
    expect(await cellText(page, cal, 'Name', 2)).toBe('Proto Review');
    expect(await cellText(page, cal, 'Group', 2)).toBe('Design');
    expect(await cellText(page, summer, 'Name', 1)).toBe('Summer Kick-off');
    expect(await cellText(page, cal, 'End Date', 2)).toBe('05/20/2026');
    expect(await cellText(page, cal, 'Duration (days)', 1)).toBe('3');
    expect(await cellText(page, 'launches', 'Available at Retail', 1)).toBe('01/15/2027');
    expect(await cellText(page, 'launches', 'Factory Ex-Go', 1)).toBe('11/15/2026');

    // LP-004: the gantt view lists every calendar row and draws the two dated ones as bars.
    const calendarRows = (await rowCount(page, cal)) + (await rowCount(page, summer));
    await page.getByRole('link', { name: 'Gantt' }).click();
    await page.waitForURL(new RegExp(`/linePlan/${id}/gantt$`));
    await expect.poll(() => page.getByTestId('gantt-row').count(), { timeout: 10_000 }).toBe(calendarRows);
    expect(await page.locator('.gantt__bar').count()).toBe(2);
    // Its groups by name, as the calendar shows them.
    expect(await page.locator('.gantt__group').allInnerTexts()).toContain('Concept');
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
    await expect.poll(() => rowCount(page, 'launches'), { timeout: 10_000 }).toBe(3);
    // The save is held on its way until the test has typed in another row.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/LinePlan/SaveLaunchDates', async (route) => {
      await held;
      await route.continue();
    });
    await typeInto(page, 'launches', 'Launch Description', 1, 'Saved first');
    const saved = page.waitForResponse((r) => r.url().includes('/api/LinePlan/SaveLaunchDates'));
    const reread = saved.then(() => page.waitForResponse((r) => r.url().includes('/api/LinePlan/GetLaunchDates')));
    await launches.getByRole('button', { name: 'Save Launch Dates' }).click();
    await launches.getByRole('button', { name: 'Saving…' }).waitFor();
    await typeInto(page, 'launches', 'Launch Description', 2, 'Typed while saving');
    release();
    expect((await saved).status()).toBe(200);
    await reread;
    // Once the rows read again are in: row 1 saved, row 2 still marked unsaved with what was typed.
    await expect.poll(() => sectionCell(page, 'launches', 'Launch Description', 1).getAttribute('class'), { timeout: 10_000 }).not.toContain('cell--unsaved');
    expect(await sectionCell(page, 'launches', 'Launch Description', 2).getAttribute('class')).toContain('cell--unsaved');
    const save = launches.getByRole('button', { name: 'Save Launch Dates' });
    expect(await cellText(page, 'launches', 'Launch Description', 1)).toBe('Saved first');
    expect(await cellText(page, 'launches', 'Launch Description', 2)).toBe('Typed while saving');
    // Still to be saved: the button is on, and saving stores it.
    expect(await save.isEnabled()).toBe(true);
    await page.unroute('**/api/LinePlan/SaveLaunchDates');
    const again = page.waitForResponse((r) => r.url().includes('/api/LinePlan/SaveLaunchDates'));
    await save.click();
    expect((await again).status()).toBe(200);
    await save.and(page.locator(':disabled')).waitFor();
    expect(await cellText(page, 'launches', 'Launch Description', 2)).toBe('Typed while saving');
    await expect.poll(() => sectionCell(page, 'launches', 'Launch Description', 2).getAttribute('class')).not.toContain('cell--unsaved');
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
    await expect.poll(() => cellText(page, 'calendar-5', 'Name', 1), { timeout: 15_000 }).toBe('Imported Kick-off');
    expect(await rowCount(page, 'calendar-5')).toBe(1);
    expect(await cellText(page, 'calendar-5', 'Group', 1)).toBe('Concept');

    await input.setInputFiles({ name: 'calendar.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('not a workbook') });
    await page
      .getByText(/Calendar Import Failed/)
      .first()
      .waitFor();
  });
});
