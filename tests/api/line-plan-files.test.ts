/**
 * Line plans' files and lists (LP-012, LP-024, LP-025, LP-029, LP-030, LP-032): the calendar import
 * (files made by LibreOffice too), the export, and the lists of the line plan screens. Creating,
 * deleting, child sets and release: line-plans.test.ts.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { linePlanSteps } from '../helpers/line-plans';
import { convertWithOffice, removeOfficeFiles } from '../support/office';

let t: TestApp;
let designer: string, viewer: string;
beforeAll(async () => {
  t = await createTestApp();
  [designer, viewer] = await t.tokens('designer', 'viewer');
  // These tests start new line plans with empty calendars: the demo's corporate template is set aside
  // (LP-018 checks the seeding with its own rows here, and with the demo template in demo-data.test.ts).
  await t.ctx.db.query('UPDATE corporate_template_items SET isdeleted = true');
});
afterAll(async () => {
  await t?.close();
  removeOfficeFiles();
});

const { get, create, rowVersion, save, setStatus } = linePlanSteps(
  () => t,
  () => designer,
);

/** A workbook with one calendar sheet of the given rows (after the header). */
async function calendarFile(rows: unknown[][], header = ['Sub-Season', 'Name', 'Stage', 'Group', 'Sort', 'Start Date', 'End Date']) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Calendar');
  ws.addRow(header);
  rows.forEach((r) => ws.addRow(r));
  return new Blob([await wb.xlsx.writeBuffer()]);
}
/** LP-024: a multipart upload of LinePlanId, RowVersion and the file. */
const importFile = async (id: number, content: Blob, fileName = 'calendar.xlsx', token = designer) => {
  const form = new FormData();
  form.set('LinePlanId', String(id));
  form.set('RowVersion', String(await rowVersion(id)));
  form.set('file', content, fileName);
  return t.request('POST', '/api/LinePlan/ImportCalendar', { token, body: form });
};

describe('calendar import (LP-012, LP-024, LP-025)', () => {
  it('LP-024 a good workbook replaces the calendars of its sub-seasons; a group by its name (as exported) or by its number', async () => {
    const id = await create();
    await save('CalendarItems', id, [
      { SubSeasonId: 5, Name: 'Old 5', Stage: 'S', GroupId: 1 },
      { SubSeasonId: 6, Name: 'Kept 6', Stage: 'S', GroupId: 1 },
    ]);
    const file = await calendarFile([
      ['Spring 2027', 'Line Review', 'Concept', 'design', 20, new Date(Date.UTC(2026, 2, 1)), '03/04/2026'],
      ['Spring 2027', 'Kick-off', 'Concept', 1, 10, '2026-02-01', null],
    ]);
    const res = await importFile(id, file);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ IsSuccessful: true });
    const items = await (await get(`GetCalendarItems?LinePlanId=${id}`)).json();
    expect(items.map((i: Record<string, unknown>) => [i.SubSeasonId, i.Name, i.GroupId, i.Sort, i.StartDate, i.EndDate, i.Duration])).toEqual([
      [5, 'Kick-off', 1, 10, '2026-02-01', null, null],
      [5, 'Line Review', 2, 20, '2026-03-01', '2026-03-04', 3],
      [6, 'Kept 6', 1, 10, null, null, null],
    ]);
  });

  it('LP-024 bad rows are reported by row and column and nothing is written', async () => {
    const id = await create();
    const file = await calendarFile([
      ['Spring 2027', 'Fine', 'Concept', 1, 10, '2026-02-01', '2026-02-02'],
      ['Spring 2027', 'Bad date', 'Concept', 1, 20, 'soon', '2026-02-02'],
      ['Winter 1999', '', 'Concept', 'x', 30, '2026-02-05', '2026-02-01'],
    ]);
    const res = await importFile(id, file);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ IsSuccessful: false, Message: 'Calendar Import Failed' });
    expect(body.Errors).toEqual([
      { Field: 'Calendar: Row 3, Column F (Start Date)', Message: 'Must be a date (MM/DD/YYYY).' },
      { Field: 'Calendar: Row 4, Column B (Name)', Message: 'Required.' },
      { Field: 'Calendar: Row 4, Column D (Group)', Message: "'x' is not a calendar group." },
      { Field: 'Calendar: Row 4, Column G (End Date)', Message: 'End Date must not be before Start Date.' },
      { Field: 'Calendar: Row 4, Column A (Sub-Season)', Message: "'Winter 1999' is not a sub-season of this line plan." },
    ]);
    expect(await (await get(`GetCalendarItems?LinePlanId=${id}`)).json()).toEqual([]);
  });

  it('LP-024 LP-025 only .xls or .xlsx files (by name, CONST-029 the line plan text; by content, Calendar Import Failed); an .xls made by LibreOffice is read like the .xlsx', async () => {
    const id = await create();
    const file = await calendarFile([]);
    const csv = await importFile(id, file, 'calendar.csv');
    expect(csv.status).toBe(400);
    expect((await csv.json()).Message).toBe('Please upload an Excel file (.xls, .xlsx)');
    const broken = await importFile(id, new Blob(['not a workbook']));
    expect(await broken.json()).toMatchObject({
      Message: 'Calendar Import Failed',
      Errors: [{ Field: '/file', Message: 'Please upload an Excel file (.xls, .xlsx)' }],
    });
    const good = await calendarFile([['Spring 2027', 'Kick-off', 'Concept', 1, 10, '02/01/2026', '02/03/2026']]);
    const [xls] = await convertWithOffice([{ name: 'calendar.xlsx', content: Buffer.from(await good.arrayBuffer()), to: 'xls' }]);
    const res = await importFile(id, new Blob([new Uint8Array(fs.readFileSync(xls))]), 'calendar.xls');
    expect(res.status, await res.clone().text()).toBe(200);
    const items = await (await get(`GetCalendarItems?LinePlanId=${id}`)).json();
    expect(items.map((i: Record<string, unknown>) => [i.SubSeasonId, i.Name, i.StartDate, i.EndDate])).toEqual([[5, 'Kick-off', '2026-02-01', '2026-02-03']]);
  });

  it('LP-024 the import needs the file, the line plan and its version, and the edit permission', async () => {
    const id = await create();
    const form = new FormData();
    form.set('LinePlanId', String(id));
    form.set('RowVersion', String(await rowVersion(id)));
    const noFile = await t.request('POST', '/api/LinePlan/ImportCalendar', { token: designer, body: form });
    expect(noFile.status).toBe(400);
    expect((await noFile.json()).Message).toBe('Please upload an Excel file (.xls, .xlsx)');
    const noVersion = new FormData();
    noVersion.set('LinePlanId', String(id));
    noVersion.set('file', await calendarFile([]), 'calendar.xlsx');
    expect((await t.request('POST', '/api/LinePlan/ImportCalendar', { token: designer, body: noVersion })).status).toBe(400);
    const [own] = await t.ctx.db.query('SELECT lineplanid FROM line_plans WHERE brandid = 3 AND statusid IN (1, 2) LIMIT 1');
    expect((await importFile(own.lineplanid, await calendarFile([]), 'calendar.xlsx', viewer)).status).toBe(403);
  });

  it('LP-012 import is refused outside statuses 1 and 2', async () => {
    const id = await create();
    await setStatus(id, 2);
    expect((await importFile(id, await calendarFile([['Spring 2027', 'A', 'S', 1, 10, null, null]]))).status).toBe(200);
    await setStatus(id, 4);
    expect((await importFile(id, await calendarFile([['Spring 2027', 'A', 'S', 1, 10, null, null]]))).status).toBe(409);
  });
});

describe('export (LP-032)', () => {
  it('LP-032 LinePlanExport.xlsx has the sheets Line Plan, Seasonal Planning Phase, the calendars and Launch Dates', async () => {
    const id = await create();
    await save('SeasonalPlanningItems', id, [{ Name: '=HYPERLINK("x")', StartDate: '2026-01-05', EndDate: '2026-02-01' }]);
    await save('CalendarItems', id, [{ SubSeasonId: 6, Name: 'Sales Meeting', Stage: 'Sell-in', GroupId: 3, StartDate: '2026-07-01', EndDate: '2026-07-04' }]);
    await save('LaunchDates', id, [{ LaunchNumber: 1, LaunchDesc: 'Launch 1', FactoryExGoDate: '2026-11-01', AvailAtRetailDate: '2027-01-15' }]);
    const res = await get(`ExportLinePlan?LinePlanId=${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('LinePlanExport.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Line Plan', 'Seasonal Planning Phase', 'Calendar Spring 2027', 'Calendar Summer 2027', 'Launch Dates']);
    const planning = wb.getWorksheet('Seasonal Planning Phase')!;
    expect(planning.getRow(2).getCell(1).value).toBe(`'=HYPERLINK("x")`);
    expect(planning.getRow(2).getCell(2).value).toEqual(new Date(Date.UTC(2026, 0, 5)));
    expect(planning.getRow(2).getCell(2).numFmt).toBe('mm/dd/yyyy');
    expect(planning.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(planning.autoFilter).toBe('A1:C2');
    expect(wb.getWorksheet('Calendar Summer 2027')!.getRow(2).getCell(5).numFmt).toBe('#,##0');
    expect(wb.getWorksheet('Calendar Summer 2027')!.getRow(2).values).toEqual([
      undefined,
      'Summer 2027',
      'Sales Meeting',
      'Sell-in',
      // The group by its name, as the screen shows it.
      'Sell-in',
      10,
      new Date(Date.UTC(2026, 6, 1)),
      new Date(Date.UTC(2026, 6, 4)),
      3,
    ]);
    expect(wb.getWorksheet('Launch Dates')!.getRow(2).getCell(9).value).toEqual(new Date(Date.UTC(2027, 0, 15)));
    expect(wb.getWorksheet('Line Plan')!.getRow(3).values).toEqual([undefined, 'Line Plan Name', expect.stringMatching(/^LP Test/)]);
  });

  it('LP-024 LP-032 an exported workbook imports back unchanged', async () => {
    const id = await create();
    await save('CalendarItems', id, [
      { SubSeasonId: 5, Name: 'A', Stage: 'S', GroupId: 1, StartDate: '2026-01-01', EndDate: '2026-01-03' },
      { SubSeasonId: 6, Name: '=B()', Stage: '+T', GroupId: 2 },
    ]);
    const before = await (await get(`GetCalendarItems?LinePlanId=${id}`)).json();
    const file = await (await get(`ExportLinePlan?LinePlanId=${id}`)).blob();
    expect((await importFile(id, file, 'LinePlanExport.xlsx')).status).toBe(200);
    const after = await (await get(`GetCalendarItems?LinePlanId=${id}`)).json();
    const strip = (rows: Record<string, unknown>[]) => rows.map(({ CalendarItemId: _i, RowVersion: _v, ...r }) => r);
    expect(strip(after)).toEqual(strip(before));
  });
});

describe('lists (LP-029, LP-030)', () => {
  it('LP-029 line plan briefs and line plans by brand and season', async () => {
    const briefs = await (await get('GetLinePlanBriefs?LinePlanId=1')).json();
    expect(briefs.TotalRecords).toBeGreaterThan(0);
    const [{ n }] = await t.ctx.db.query('SELECT count(*)::int AS n FROM brief_seasonals WHERE lineplanid = 1 AND NOT isdeleted');
    expect(briefs.TotalRecords).toBe(n);
    const plans = await (await get('GetLinePlansByBrandSeason?BrandId=1&SeasonId=1')).json();
    expect(plans.map((p: { LinePlanId: number }) => p.LinePlanId)).toContain(1);
    expect((await get('GetLinePlansByBrandSeason?BrandId=3&SeasonId=9')).status).toBe(403);
  });

  it('LP-010 only Released and Completed line plans are offered for new briefs', async () => {
    const created = await create();
    const completed = await create();
    await setStatus(completed, 3);
    const offered = (await (await get('GetLinePlansByBrandSeason?BrandId=1&SeasonId=3&Released=true')).json()).map((p: { LinePlanId: number }) => p.LinePlanId);
    expect(offered).toContain(completed);
    expect(offered).not.toContain(created);
    const all = (await (await get('GetLinePlansByBrandSeason?BrandId=1&SeasonId=3')).json()).map((p: { LinePlanId: number }) => p.LinePlanId);
    expect(all).toEqual(expect.arrayContaining([created, completed]));
  });

  it('LP-030 the search payload filters by brand, season and statuses 2/3, sorted by name', async () => {
    const res = await t.request('POST', '/api/LinePlan/SearchLinePlans', {
      token: designer,
      json: {
        BrandId: 1,
        StatusId: 2,
        StatusIdSecondary: 3,
        sortColumn: 'LinePlanName',
        sortDirection: 'asc',
        pageNumber: 1,
        pageSize: 50,
      },
    });
    expect(res.status).toBe(200);
    const rows = (await res.json()).Results as { StatusId: number; LinePlanName: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => [2, 3].includes(r.StatusId))).toBe(true);
    expect(rows.map((r) => r.LinePlanName)).toEqual([...rows.map((r) => r.LinePlanName)].sort((a, b) => a.localeCompare(b)));
  });
});
