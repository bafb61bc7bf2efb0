/**
 * The line plan calls of the screens (server/features/line-plans/routes.ts): the child sets of the Details tab,
 * saved as lists with IsDelete flags at the line plan's RowVersion (LP-023), the calendar import
 * (LP-024) and the LinePlanExport.xlsx download (LP-032).
 */
import { ApiError, apiBlob, apiFetch, saveFile } from '../../api/http';

export type Row = Record<string, unknown>;

export interface ChildSetDef {
  /** Read call (GET ?LinePlanId=) and save call (POST). */
  read: string;
  save: string;
  key: string;
  title: string;
  /** The section's grid document (its columns). */
  grid: string;
}

export const PLANNING: ChildSetDef = {
  read: '/api/LinePlan/GetSeasonalPlanningItems',
  save: '/api/LinePlan/SaveSeasonalPlanningItems',
  key: 'SeasonalPlanningItemId',
  title: 'Seasonal Planning Phase',
  grid: 'line-plan-planning',
};
export const CALENDAR: ChildSetDef = {
  read: '/api/LinePlan/GetCalendarItems',
  save: '/api/LinePlan/SaveCalendarItems',
  key: 'CalendarItemId',
  title: 'Calendar',
  grid: 'line-plan-calendar',
};
export const LAUNCHES: ChildSetDef = {
  read: '/api/LinePlan/GetLaunchDates',
  save: '/api/LinePlan/SaveLaunchDates',
  key: 'LinePlanLaunchDateId',
  title: 'Launch Dates',
  grid: 'line-plan-launch-dates',
};

export const childKey = (set: ChildSetDef, linePlanId: number) => `${set.read}?LinePlanId=${linePlanId}`;

export interface SaveRefusal {
  Message: string;
  Errors: { Field: string; Message: string }[];
  conflict: boolean;
}

/** What a save answers: the line plan's next RowVersion, or the refusal (400/404/409). */
export type SaveAnswer = { ok: true; RowVersion: number } | ({ ok: false } & SaveRefusal);

export async function saveChildRows(set: ChildSetDef, linePlanId: number, rowVersion: number, items: Row[]): Promise<SaveAnswer> {
  try {
    const answer = await apiFetch<{ RowVersion: number }>(set.save, { method: 'POST', json: { LinePlanId: linePlanId, RowVersion: rowVersion, Items: items } });
    return { ok: true, RowVersion: answer.RowVersion };
  } catch (e) {
    return { ok: false, ...refusal(e) };
  }
}

/** LP-024: a multipart upload of LinePlanId, RowVersion and the file. */
export async function importCalendarFile(linePlanId: number, rowVersion: number, file: File): Promise<SaveAnswer> {
  const form = new FormData();
  form.set('LinePlanId', String(linePlanId));
  form.set('RowVersion', String(rowVersion));
  form.set('file', file, file.name);
  try {
    const body = await apiFetch<{ RowVersion: number }>('/api/LinePlan/ImportCalendar', { method: 'POST', multipart: form, handleAuthErrors: false });
    return { ok: true, RowVersion: body.RowVersion };
  } catch (e) {
    if (e instanceof ApiError && e.network) throw e;
    return { ok: false, ...refusal(e) };
  }
}

function refusal(e: unknown): SaveRefusal {
  if (e instanceof ApiError && e.body && typeof e.body === 'object') {
    const b = e.body as { Message?: string; Errors?: SaveRefusal['Errors']; Code?: string };
    return { Message: b.Message ?? 'error', Errors: b.Errors ?? [], conflict: e.status === 409 && b.Code === 'stale' };
  }
  throw e;
}

/** LP-032: downloads LinePlanExport.xlsx. */
export async function downloadExport(linePlanId: number) {
  const blob = await apiBlob('/api/LinePlan/ExportLinePlan', { query: { LinePlanId: linePlanId }, handleAuthErrors: false });
  if (blob) saveFile(blob, 'LinePlanExport.xlsx');
}
