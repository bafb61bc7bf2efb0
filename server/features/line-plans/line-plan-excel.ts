/**
 * Line plan workbooks. Export (LP-032): LinePlanExport.xlsx with the sheets Line Plan, Seasonal
 * Planning Phase, one per sub-season calendar and Launch Dates; dates are real Excel dates and
 * formula-looking text is neutralised (server/domain/excel-cells.ts); table sheets have the shared
 * layout (server/domain/sheet-style.ts: frozen header, autofilter, fitted widths, number formats). Import (LP-024/025): every
 * sheet laid out like an exported calendar replaces the rows of its sub-season calendar; a bad cell
 * is reported by row and column and nothing is written.
 */
import type ExcelJS from 'exceljs';
import { newWorkbook } from '../../core/files/exceljs';
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { AppError, badRequest, type FieldError } from '../../core/http/errors';
import { excelDate, neutralise } from '../../domain/excel-cells';
import { importKind } from '../../core/imports/kinds';
import { openWorkbookSheets } from '../../core/imports/workbook';
import { writeTable } from '../../domain/sheet-style';
import { readRecord } from '../../core/records/read';
import { CHILD_SETS, readChildSet, writeChildSet, type ChildItem, type Row } from './line-plan-children';
import { END_BEFORE_START, endBeforeStart } from '../../domain/line-plan-dates';
import { LINE_PLAN, openChildSave } from './line-plan';

export const EXPORT_FILE = 'LinePlanExport.xlsx';
export const NOT_EXCEL = 'Please upload an Excel file (.xls, .xlsx)';
export const IMPORT_FAILED = 'Calendar Import Failed';

type Col = { field: string; title: string; kind?: 'date' | 'integer' };
const d = (field: string, title: string): Col => ({ field, title, kind: 'date' });
const PLANNING_COLS: Col[] = [{ field: 'Name', title: 'Phase' }, d('StartDate', 'Start Date'), d('EndDate', 'End Date')];
/** A sheet is a calendar when it has these columns (its header row names them). */
const CALENDAR_KEYS = ['Name', 'Stage', 'GroupId', 'StartDate', 'EndDate'];
export const CALENDAR_COLS: Col[] = [
  { field: 'SubSeasonName', title: 'Sub-Season' },
  { field: 'Name', title: 'Name' },
  { field: 'Stage', title: 'Stage' },
  { field: 'GroupName', title: 'Group' },
  { field: 'Sort', title: 'Sort', kind: 'integer' },
  d('StartDate', 'Start Date'),
  d('EndDate', 'End Date'),
  { field: 'Duration', title: 'Duration (days)', kind: 'integer' },
];
const LAUNCH_COLS: Col[] = [
  { field: 'LaunchNumber', title: 'Launch', kind: 'integer' },
  { field: 'LaunchDesc', title: 'Description' },
  d('AdoptionDueDate', 'Adoption Due'),
  d('SpecLckT1DueDate', 'Spec Lock T1 Due'),
  d('PoIssuedDate', 'PO Issued'),
  d('T2DueDate', 'T2 Due'),
  d('T3DueDate', 'T3 Due'),
  d('FactoryExGoDate', 'Factory Ex-Go'),
  d('AvailAtRetailDate', 'Available at Retail'),
];
const HEADER_FIELDS: [string, string][] = [
  ['LinePlanId', 'Line Plan Id'],
  ['LinePlanName', 'Line Plan Name'],
  ['BrandName', 'Brand'],
  ['SeasonName', 'Season'],
  ['StatusName', 'Status'],
  ['ResponsibleName', 'Responsible'],
  ['WFGroupName', 'Workflow Group'],
];

const cell = (v: unknown, c?: Col) => (v === null || v === undefined ? null : c?.kind === 'date' ? excelDate(v) : neutralise(v));

function addTable(wb: ExcelJS.Workbook, name: string, cols: Col[], rows: Row[]) {
  writeTable(
    wb.addWorksheet(name),
    cols.map((c) => ({ header: c.title, kind: c.kind })),
    rows.map((r) => cols.map((c) => cell(r[c.field], c))),
  );
}

/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);

/** The calendar groups (the corporate template's): a file names a row's group, as the screen shows it. */
async function calendarGroups(q: Queryable) {
  return q.query<{ groupid: number; groupname: string }>('SELECT groupid, groupname FROM calendar_groups');
}

/**
 * A calendar row's group as a file gives it: its name (what the export writes), or a group's number
 * (files exported before the export named the groups); undefined when it is neither.
 */
export function groupOf(text: string, groups: readonly { groupid: number; groupname: string }[]): number | undefined {
  const t = text.trim().toLowerCase();
  const hit = groups.find((g) => g.groupname.toLowerCase() === t) ?? (/^\d+$/.test(t) ? groups.find((g) => g.groupid === Number(t)) : undefined);
  return hit?.groupid;
}

async function subSeasons(q: Queryable, linePlanId: number) {
  return q.query<{ subseasonid: number; subseasonname: string }>(
    `SELECT s.subseasonid, s.subseasonname FROM line_plan_subseasons l JOIN subseasons s ON s.subseasonid = l.subseasonid
      WHERE l.lineplanid = $1 ORDER BY s.subseasonid`,
    [linePlanId],
  );
}

export async function exportLinePlan(ctx: AppContext, user: SessionUser, linePlanId: number): Promise<Buffer> {
  const lp = await readRecord(ctx, user, LINE_PLAN.entity, LINE_PLAN.key, linePlanId);
  const subs = await subSeasons(ctx.db, linePlanId);
  const wb = await newWorkbook();
  const header = wb.addWorksheet('Line Plan');
  header.columns = [
    { header: 'Field', width: 20 },
    { header: 'Value', width: 40 },
  ];
  for (const [f, title] of HEADER_FIELDS) if (f in lp) header.addRow([title, cell(lp[f])]);
  addTable(wb, 'Seasonal Planning Phase', PLANNING_COLS, await readChildSet(ctx, ctx.db, CHILD_SETS.planning, linePlanId));
  const calendar = await readChildSet(ctx, ctx.db, CHILD_SETS.calendar, linePlanId);
  const nameOf = new Map(subs.map((s) => [s.subseasonid, s.subseasonname]));
  const groupName = new Map((await calendarGroups(ctx.db)).map((g) => [g.groupid, g.groupname]));
  const calendars = [...subs.map((s) => s.subseasonid), ...(calendar.some((r) => r.SubSeasonId == null) ? [null] : [])];
  for (const sub of calendars) {
    const rows = calendar
      .filter((r) => (r.SubSeasonId ?? null) === sub)
      .map((r) => ({ ...r, SubSeasonName: sub === null ? null : nameOf.get(sub), GroupName: groupName.get(r.GroupId as number) ?? r.GroupId }));
    addTable(wb, sheetName(sub === null ? 'Calendar' : `Calendar ${nameOf.get(sub)}`), CALENDAR_COLS, rows);
  }
  addTable(wb, 'Launch Dates', LAUNCH_COLS, await readChildSet(ctx, ctx.db, CHILD_SETS.launch, linePlanId));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * The calendar rows of a workbook by sub-season (LP-024), read by the import pipeline's reader
 * (.xlsx or .xls, headers by the `line-plan-calendar` import document): every visible sheet with the
 * calendar columns; a row without a sub-season takes its sheet's ('Calendar <sub-season>').
 * Throws the errors by sheet, row and column; nothing is returned when any row is bad.
 */
export async function readCalendarWorkbook(
  ctx: AppContext,
  file: string,
  fileName: string,
  subs: { subseasonid: number; subseasonname: string }[],
  groups: { groupid: number; groupname: string }[],
) {
  const kind = importKind(ctx, 'line-plan-calendar');
  const errors: FieldError[] = [];
  const rows: ChildItem[] = [];
  const bySubName = new Map(subs.map((s) => [s.subseasonname.toLowerCase(), s.subseasonid]));
  const shownAs: Record<string, string> = { SubSeasonId: 'SubSeasonName', GroupId: 'GroupName' };
  const title = (f: string) => CALENDAR_COLS.find((c) => c.field === (shownAs[f] ?? f))!.title;
  try {
    for await (const sheet of openWorkbookSheets(file, fileName, { columns: kind.columns, keyFields: CALENDAR_KEYS, notExcel: NOT_EXCEL })) {
      const letter = new Map(sheet.columns.map((c) => [c.field, c.column]));
      const sheetSub = bySubName.get(sheet.sheet.replace(/^Calendar /i, '').toLowerCase());
      for await (const r of sheet.rows) {
        const bad = (f: string, Message: string) =>
          errors.push({ Field: `${sheet.sheet}: Row ${r.row}, Column ${letter.get(f) ?? '?'} (${title(f)})`, Message });
        const cellError = (f: string) => r.errors.find((e) => e.Field === f);
        const v = r.values;
        const item: ChildItem = {};
        for (const f of ['Name', 'Stage'])
          if (v[f] === null || v[f] === undefined) bad(f, 'Required.');
          else item[f] = String(v[f]);
        // The group by name (a reference is written in a file by its name), or by its number.
        if (v.GroupId === null || v.GroupId === undefined || String(v.GroupId).trim() === '') bad('GroupId', 'Required.');
        else if (groupOf(String(v.GroupId), groups) === undefined) bad('GroupId', `'${v.GroupId}' is not a calendar group.`);
        else item.GroupId = groupOf(String(v.GroupId), groups);
        if (cellError('Sort')) bad('Sort', cellError('Sort')!.Message);
        else if (v.Sort !== null && v.Sort !== undefined) {
          if ((v.Sort as number) >= 0) item.Sort = v.Sort;
          else bad('Sort', 'Must be a whole number.');
        }
        for (const f of ['StartDate', 'EndDate'])
          if (cellError(f)) bad(f, cellError(f)!.Message);
          else item[f] = v[f] ?? null;
        if (endBeforeStart(item.StartDate, item.EndDate)) bad('EndDate', END_BEFORE_START);
        const subName = v.SubSeasonId;
        const sub = subName === null || subName === undefined ? sheetSub : bySubName.get(String(subName).toLowerCase());
        if (sub === undefined)
          bad('SubSeasonId', subName === null || subName === undefined ? 'Required.' : `'${subName}' is not a sub-season of this line plan.`);
        item.SubSeasonId = sub;
        rows.push(item);
      }
    }
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    // The file itself (its content not a workbook, too large, a column twice): the import failed (LP-025), the reason below.
    throw badRequest(IMPORT_FAILED, [{ Field: '/file', Message: err.message }, ...(err.errors ?? []).filter((e) => e.Message !== err.message)]);
  }
  if (errors.length) throw badRequest(IMPORT_FAILED, errors);
  return rows;
}

export interface CalendarImport {
  LinePlanId: number;
  RowVersion: number;
  FileName: string;
  path: string;
}

/** LP-024: the upload must be an .xls or .xlsx file (the reader checks its content too). */
export function checkExcelName(fileName: string) {
  if (!/\.xlsx?$/i.test(fileName)) throw badRequest(NOT_EXCEL, [{ Field: '/file', Message: NOT_EXCEL }]);
}

/** LP-024: the file's calendars replace the line plan's calendars of the same sub-seasons, all or nothing. */
export async function importCalendar(ctx: AppContext, user: SessionUser, req: CalendarImport) {
  checkExcelName(req.FileName);
  return ctx.db.tx(async (q) => {
    await openChildSave(ctx, q, user, req.LinePlanId, req.RowVersion);
    const rows = await readCalendarWorkbook(ctx, req.path, req.FileName, await subSeasons(q, req.LinePlanId), await calendarGroups(q));
    const replaced = new Set(rows.map((r) => r.SubSeasonId));
    const old = (await readChildSet(ctx, q, CHILD_SETS.calendar, req.LinePlanId)).filter((r) => replaced.has(r.SubSeasonId as number));
    await writeChildSet(ctx, q, user, CHILD_SETS.calendar, req.LinePlanId, [
      ...old.map((r) => ({ CalendarItemId: r.CalendarItemId, IsDelete: true })),
      ...rows,
    ]);
    const [{ rowversion }] = await q.query<{ rowversion: number }>('SELECT rowversion FROM line_plans WHERE lineplanid = $1', [req.LinePlanId]);
    return { IsSuccessful: true, Message: `Calendar imported: ${rows.length} rows.`, RowVersion: rowversion };
  });
}
