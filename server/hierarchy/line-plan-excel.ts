/**
 * Line plan workbooks. Export (LP-032): LinePlanExport.xlsx with the sheets Line Plan, Seasonal
 * Planning Phase, one per sub-season calendar and Launch Dates; dates are real Excel dates and
 * formula-looking text is neutralised (server/domain/excel-cells.ts); table sheets have the shared
 * layout (server/domain/sheet-style.ts: frozen header, autofilter, fitted widths, number formats). Import (LP-024/025): every
 * sheet laid out like an exported calendar replaces the rows of its sub-season calendar; a bad cell
 * is reported by row and column and nothing is written.
 */
import ExcelJS from 'exceljs';
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { badRequest, type FieldError } from '../http/errors';
import { excelDate, neutralise, unneutralise } from '../domain/excel-cells';
import { writeTable } from '../domain/sheet-style';
import { readRecord } from '../records/read';
import { CHILD_SETS, readChildSet, writeChildSet, type ChildItem, type Row } from './line-plan-children';
import { endBeforeStart } from './line-plan-dates';
import { LINE_PLAN, openChildSave } from './line-plan';

export const EXPORT_FILE = 'LinePlanExport.xlsx';
export const NOT_EXCEL = 'Please upload an Excel file (.xls, .xlsx)';
export const IMPORT_FAILED = 'Calendar Import Failed';

type Col = { field: string; title: string; kind?: 'date' | 'integer' };
const d = (field: string, title: string): Col => ({ field, title, kind: 'date' });
const PLANNING_COLS: Col[] = [{ field: 'Name', title: 'Phase' }, d('StartDate', 'Start Date'), d('EndDate', 'End Date')];
export const CALENDAR_COLS: Col[] = [
  { field: 'SubSeasonName', title: 'Sub-Season' }, { field: 'Name', title: 'Name' }, { field: 'Stage', title: 'Stage' },
  { field: 'GroupId', title: 'Group', kind: 'integer' }, { field: 'Sort', title: 'Sort', kind: 'integer' },
  d('StartDate', 'Start Date'), d('EndDate', 'End Date'), { field: 'Duration', title: 'Duration (days)', kind: 'integer' },
];
const LAUNCH_COLS: Col[] = [
  { field: 'LaunchNumber', title: 'Launch', kind: 'integer' }, { field: 'LaunchDesc', title: 'Description' }, d('AdoptionDueDate', 'Adoption Due'),
  d('SpecLckT1DueDate', 'Spec Lock T1 Due'), d('PoIssuedDate', 'PO Issued'), d('T2DueDate', 'T2 Due'), d('T3DueDate', 'T3 Due'),
  d('FactoryExGoDate', 'Factory Ex-Go'), d('AvailAtRetailDate', 'Available at Retail'),
];
const HEADER_FIELDS: [string, string][] = [
  ['LinePlanId', 'Line Plan Id'], ['LinePlanName', 'Line Plan Name'], ['BrandName', 'Brand'], ['SeasonName', 'Season'],
  ['StatusName', 'Status'], ['ResponsibleName', 'Responsible'], ['WFGroupName', 'Workflow Group'],
];

/** The text a neutralised cell stood for (an import reading back an export). */

const cell = (v: unknown, c?: Col) => (v === null || v === undefined ? null : c?.kind === 'date' ? excelDate(v) : neutralise(v));

function addTable(wb: ExcelJS.Workbook, name: string, cols: Col[], rows: Row[]) {
  writeTable(wb.addWorksheet(name), cols.map((c) => ({ header: c.title, kind: c.kind })), rows.map((r) => cols.map((c) => cell(r[c.field], c))));
}

/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);

async function subSeasons(q: Queryable, linePlanId: number) {
  return q.query<{ subseasonid: number; subseasonname: string }>(
    `SELECT s.subseasonid, s.subseasonname FROM line_plan_subseasons l JOIN subseasons s ON s.subseasonid = l.subseasonid
      WHERE l.lineplanid = $1 ORDER BY s.subseasonid`, [linePlanId]);
}

export async function exportLinePlan(ctx: AppContext, user: SessionUser, linePlanId: number): Promise<Buffer> {
  const lp = await readRecord(ctx, user, LINE_PLAN.entity, LINE_PLAN.key, linePlanId);
  const subs = await subSeasons(ctx.db, linePlanId);
  const wb = new ExcelJS.Workbook();
  const header = wb.addWorksheet('Line Plan');
  header.columns = [{ header: 'Field', width: 20 }, { header: 'Value', width: 40 }];
  for (const [f, title] of HEADER_FIELDS) if (f in lp) header.addRow([title, cell(lp[f])]);
  addTable(wb, 'Seasonal Planning Phase', PLANNING_COLS, await readChildSet(ctx, ctx.db, CHILD_SETS.planning, linePlanId));
  const calendar = await readChildSet(ctx, ctx.db, CHILD_SETS.calendar, linePlanId);
  const nameOf = new Map(subs.map((s) => [s.subseasonid, s.subseasonname]));
  const calendars = [...subs.map((s) => s.subseasonid), ...(calendar.some((r) => r.SubSeasonId == null) ? [null] : [])];
  for (const sub of calendars) {
    const rows = calendar.filter((r) => (r.SubSeasonId ?? null) === sub).map((r) => ({ ...r, SubSeasonName: sub === null ? null : nameOf.get(sub) }));
    addTable(wb, sheetName(sub === null ? 'Calendar' : `Calendar ${nameOf.get(sub)}`), CALENDAR_COLS, rows);
  }
  addTable(wb, 'Launch Dates', LAUNCH_COLS, await readChildSet(ctx, ctx.db, CHILD_SETS.launch, linePlanId));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const columnLetter = (n: number): string => (n > 26 ? columnLetter(Math.floor((n - 1) / 26)) : '') + String.fromCharCode(65 + ((n - 1) % 26));

/** A cell's value as text, number or 'YYYY-MM-DD'; formulas count by their result. */
function plain(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return plain(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((t) => t.text).join('');
    if ('text' in value) return String(value.text);
    return null;
  }
  return typeof value === 'string' ? (unneutralise(value.trim()) || null) : value;
}

/** CONST-015: dates are typed MM/DD/YYYY; ISO dates are accepted too. */
function asDate(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  const iso = us ? `${us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}` : v;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return undefined;
  const t = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().startsWith(iso) ? iso : undefined;
}

/** The calendar rows of a workbook by sub-season, or the errors by row and column. */
export async function readCalendarWorkbook(data: Buffer, subs: { subseasonid: number; subseasonname: string }[]) {
  const wb = new ExcelJS.Workbook();
  try { await wb.xlsx.load(data as unknown as ArrayBuffer); } catch {
    throw badRequest(IMPORT_FAILED, [{ Field: '/file', Message: 'The file could not be read as an Excel workbook.' }]);
  }
  const errors: FieldError[] = [];
  const rows: ChildItem[] = [];
  const bySubName = new Map(subs.map((s) => [s.subseasonname.toLowerCase(), s.subseasonid]));
  let sheets = 0;
  wb.eachSheet((ws) => {
    const titles = (ws.getRow(1).values as ExcelJS.CellValue[]).map((v) => String(plain(v) ?? '').toLowerCase());
    const at = new Map(CALENDAR_COLS.map((c) => [c.field, titles.indexOf(c.title.toLowerCase())]));
    if (['Name', 'Stage', 'GroupId', 'StartDate', 'EndDate'].some((f) => at.get(f)! < 1)) return;
    sheets++;
    const sheetSub = bySubName.get(ws.name.replace(/^Calendar /i, '').toLowerCase());
    ws.eachRow((r, n) => {
      if (n === 1) return;
      const where = (f: string) => `${ws.name}: Row ${n}, Column ${columnLetter(at.get(f)!)} (${CALENDAR_COLS.find((c) => c.field === f)!.title})`;
      const get = (f: string) => (at.get(f)! > 0 ? plain(r.getCell(at.get(f)!).value) : null);
      if (CALENDAR_COLS.every((c) => get(c.field) === null)) return;
      const bad = (f: string, Message: string) => errors.push({ Field: where(f), Message });
      const item: ChildItem = {};
      for (const f of ['Name', 'Stage']) {
        const v = get(f);
        if (v === null) bad(f, 'Required.'); else item[f] = String(v);
      }
      for (const f of ['GroupId', 'Sort']) {
        const v = get(f);
        if (v === null) { if (f === 'GroupId') bad(f, 'Required.'); } else if (Number.isInteger(Number(v)) && Number(v) >= 0) item[f] = Number(v); else bad(f, 'Must be a whole number.');
      }
      for (const f of ['StartDate', 'EndDate']) {
        const v = get(f);
        if (v === null) item[f] = null; else if (asDate(v)) item[f] = asDate(v); else bad(f, 'Must be a date (MM/DD/YYYY).');
      }
      if (endBeforeStart(item.StartDate, item.EndDate)) bad('EndDate', 'End Date must not be before Start Date.');
      const subName = get('SubSeasonName');
      const sub = subName === null ? sheetSub : bySubName.get(String(subName).toLowerCase());
      if (sub === undefined) bad('SubSeasonName', subName === null ? 'Required.' : `'${subName}' is not a sub-season of this line plan.`);
      item.SubSeasonId = sub;
      rows.push(item);
    });
  });
  if (!sheets) errors.push({ Field: '/file', Message: `No sheet has the calendar columns ${CALENDAR_COLS.slice(1, 7).map((c) => c.title).join(', ')}.` });
  if (errors.length) throw badRequest(IMPORT_FAILED, errors);
  return rows;
}

export interface CalendarImport { LinePlanId: number; RowVersion: number; FileName: string; data: Buffer }

/** LP-024: the upload must be an .xls or .xlsx file; an .xls (Excel 97-2003) cannot be read. */
export function checkExcelName(fileName: string) {
  const ext = /\.(xlsx|xls)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (!ext) throw badRequest(NOT_EXCEL, [{ Field: '/file', Message: NOT_EXCEL }]);
  if (ext === 'xls') {
    throw badRequest(IMPORT_FAILED, [{ Field: '/file', Message: 'Excel 97-2003 files (.xls) cannot be read; save the file as .xlsx and upload it again.' }]);
  }
}

/** LP-024: the file's calendars replace the line plan's calendars of the same sub-seasons, all or nothing. */
export async function importCalendar(ctx: AppContext, user: SessionUser, req: CalendarImport) {
  checkExcelName(req.FileName);
  return ctx.db.tx(async (q) => {
    await openChildSave(ctx, q, user, req.LinePlanId, req.RowVersion);
    const rows = await readCalendarWorkbook(req.data, await subSeasons(q, req.LinePlanId));
    const replaced = new Set(rows.map((r) => r.SubSeasonId));
    const old = (await readChildSet(ctx, q, CHILD_SETS.calendar, req.LinePlanId)).filter((r) => replaced.has(r.SubSeasonId as number));
    await writeChildSet(ctx, q, user, CHILD_SETS.calendar, req.LinePlanId,
      [...old.map((r) => ({ CalendarItemId: r.CalendarItemId, IsDelete: true })), ...rows]);
    const [{ rowversion }] = await q.query<{ rowversion: number }>('SELECT rowversion FROM line_plans WHERE lineplanid = $1', [req.LinePlanId]);
    return { IsSuccessful: true, Message: `Calendar imported: ${rows.length} rows.`, RowVersion: rowversion };
  });
}
