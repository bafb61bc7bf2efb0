/**
 * The child rows of a line plan (LP-008): seasonal planning items, the sub-season calendars and the
 * launch dates. Each set is read as a list and saved as a list (LP-023): a row with its key is
 * changed, with its key and IsDelete is deleted, without a key is added. Every row is checked
 * against its entity schema and the date rule (LP-020); calendars are renumbered in steps of 10
 * (LP-022) and their duration is computed by the database (LP-021). Nothing is written when a row
 * is refused.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { badRequest, type FieldError } from '../../core/http/errors';
import { writeAudit } from '../../core/records/audit';
import { columnOf } from '../../core/records/split-record';
import { endBeforeStart, renumbered } from './line-plan-dates';
import { ERRORS_FOUND, openChildSave } from './line-plan';

export interface ChildSet {
  /** Entity schema of one row. */
  entity: string;
  key: string;
  table: string;
  /** Where the rows show on the screen, for 'Details Tab > ...' messages. */
  label: string;
  orderBy: string;
  /** Audit field naming the set in the line plan's history (and in the 409 of the next stale save). */
  auditField: string;
}

export const CHILD_SETS = {
  planning: { entity: 'seasonal-planning-item', key: 'SeasonalPlanningItemId', table: 'seasonal_planning_items', label: 'Seasonal Planning Phase',
    orderBy: 'startdate NULLS LAST, seasonalplanningitemid', auditField: 'SeasonalPlanningItems' },
  calendar: { entity: 'calendar-item', key: 'CalendarItemId', table: 'calendar_items', label: 'Calendar',
    orderBy: 'subseasonid NULLS LAST, sort, calendaritemid', auditField: 'CalendarItems' },
  launch: { entity: 'launch-date', key: 'LinePlanLaunchDateId', table: 'line_plan_launch_dates', label: 'Launch Dates',
    orderBy: 'launchnumber', auditField: 'LaunchDates' },
} as const satisfies Record<string, ChildSet>;

export type Row = Record<string, unknown>;
const UNSORTED = 1_000_000;
export type ChildItem = Row & { IsDelete?: boolean };

function columns(ctx: AppContext, set: ChildSet) {
  const schema = ctx.schemas.entities.get(set.entity)!;
  const all = Object.entries(schema.properties).filter(([, p]) => p['x-table'] === set.table).map(([f, p]) => ({ field: f, column: columnOf(f, p), computed: !!p['x-computed'] }));
  return { schema, all, writable: all.filter((c) => !c.computed && c.field !== 'LinePlanId') };
}

/** The rows of one set of the line plan, in screen order. */
export async function readChildSet(ctx: AppContext, q: Queryable, set: ChildSet, linePlanId: number): Promise<Row[]> {
  const { all } = columns(ctx, set);
  return q.query(`SELECT ${all.map((c) => `${c.column} AS "${c.field}"`).join(', ')} FROM ${set.table} WHERE lineplanid = $1 ORDER BY ${set.orderBy}`, [linePlanId]);
}

/** Row-level checks beyond the schema: the date rule, calendar sub-seasons, unique launch numbers, launches in use. */
async function setErrors(q: Queryable, set: ChildSet, linePlanId: number, kept: { i: number; row: Row }[], deleted: { i: number; row: Row }[]) {
  const errors: FieldError[] = [];
  const at = (i: number, row: Row) => `Details Tab > ${set.label} > ${row.Name ?? (row.LaunchNumber ? `Launch ${row.LaunchNumber}` : `row ${i + 1}`)}`;
  for (const { i, row } of kept) {
    if (endBeforeStart(row.StartDate, row.EndDate)) errors.push({ Field: `/Items/${i}/EndDate`, Message: `${at(i, row)}: End Date must not be before Start Date.` });
  }
  if (set.table === 'calendar_items') {
    const subs = new Set((await q.query<{ subseasonid: number }>('SELECT subseasonid FROM line_plan_subseasons WHERE lineplanid = $1', [linePlanId])).map((r) => r.subseasonid));
    for (const { i, row } of kept) {
      if (row.SubSeasonId != null && !subs.has(row.SubSeasonId as number)) errors.push({ Field: `/Items/${i}/SubSeasonId`, Message: `${at(i, row)}: not a sub-season of this line plan.` });
    }
  }
  if (set.table === 'line_plan_launch_dates') {
    const seen = new Set<number>();
    for (const { i, row } of kept) {
      if (seen.has(row.LaunchNumber as number)) errors.push({ Field: `/Items/${i}/LaunchNumber`, Message: `${at(i, row)}: this launch is listed twice.` });
      seen.add(row.LaunchNumber as number);
    }
    for (const { i, row } of deleted) {
      const [used] = await q.query('SELECT 1 FROM prototype_seasonals WHERE lineplanlaunchdateid = $1 LIMIT 1', [row.LinePlanLaunchDateId]);
      if (used) errors.push({ Field: `/Items/${i}/IsDelete`, Message: `${at(i, row)}: colorways use this launch; it cannot be deleted.` });
    }
  }
  return errors;
}

/** Applies the saved list in the caller's transaction (the line plan already locked); answers counts. */
export async function writeChildSet(ctx: AppContext, q: Queryable, user: SessionUser, set: ChildSet, linePlanId: number, items: ChildItem[]) {
  const { schema, writable } = columns(ctx, set);
  const keyCol = columnOf(set.key, schema.properties[set.key]);
  const existing = new Map((await readChildSet(ctx, q, set, linePlanId)).map((r) => [r[set.key] as number, r]));
  const errors: FieldError[] = [];
  const kept: { i: number; row: Row; id?: number }[] = [], deleted: { i: number; row: Row }[] = [];
  items.forEach((item, i) => {
    const id = item[set.key] as number | undefined;
    const prev = id === undefined ? undefined : existing.get(id);
    if (id !== undefined && !prev) { errors.push({ Field: `/Items/${i}/${set.key}`, Message: `Details Tab > ${set.label} > row ${i + 1}: not a row of this line plan.` }); return; }
    if (item.IsDelete) { if (prev) deleted.push({ i, row: prev }); return; }
    const row: Row = { ...prev, ...Object.fromEntries(writable.filter((c) => c.field in item).map((c) => [c.field, item[c.field]])), LinePlanId: linePlanId };
    // A new calendar row without a sort number goes last; the renumbering gives it its place.
    if (set.table === 'calendar_items' && row.Sort == null) row.Sort = UNSORTED + i;
    const probe = Object.fromEntries(Object.entries({ ...row, [set.key]: id ?? 1, RowVersion: 1 }).filter(([f, v]) => v !== null && v !== undefined && f !== 'Duration'));
    // Issue 27: the message names the column ('row 1 > Launch: Required.'), not only the row.
    for (const e of ctx.schemas.validate('entity', set.entity, probe)) {
      const title = schema.properties[e.Field.split('/')[1] ?? '']?.title;
      errors.push({ Field: `/Items/${i}${e.Field}`, Message: `Details Tab > ${set.label} > row ${i + 1}${title ? ` > ${title}` : ''}: ${e.Message}` });
    }
    kept.push({ i, row, id });
  });
  errors.push(...await setErrors(q, set, linePlanId, kept, deleted));
  if (errors.length) throw badRequest(ERRORS_FOUND, errors);

  for (const { row } of deleted) await q.query(`DELETE FROM ${set.table} WHERE ${keyCol} = $1`, [row[set.key]]);
  let added = 0, changed = 0;
  for (const { row, id } of kept) {
    const cols = writable.filter((c) => row[c.field] !== undefined);
    const values = cols.map((c) => row[c.field] ?? null);
    if (id === undefined) {
      const names = ['lineplanid', ...cols.map((c) => c.column)];
      await q.query(`INSERT INTO ${set.table} (${names.join(', ')}) VALUES (${names.map((_, n) => `$${n + 1}`).join(', ')})`, [linePlanId, ...values]);
      added++;
    } else {
      await q.query(`UPDATE ${set.table} SET ${cols.map((c, n) => `${c.column} = $${n + 2}`).join(', ')}, rowversion = rowversion + 1 WHERE ${keyCol} = $1`, [id, ...values]);
      changed++;
    }
  }
  if (set.table === 'calendar_items') await renumberCalendars(q, linePlanId);
  const summary = `${added} added, ${changed} changed, ${deleted.length} deleted`;
  await writeAudit(q, user.userId, 'line-plan', linePlanId, [{ field: set.auditField, oldValue: null, newValue: summary }]);
  return { added, changed, deleted: deleted.length };
}

/** LP-022: each sub-season calendar numbered 10, 20, 30... in its current order. */
async function renumberCalendars(q: Queryable, linePlanId: number) {
  const rows = await q.query<{ calendaritemid: number; subseasonid: number | null; sort: number }>(
    'SELECT calendaritemid, subseasonid, sort FROM calendar_items WHERE lineplanid = $1 ORDER BY sort, calendaritemid', [linePlanId]);
  for (const sub of new Set(rows.map((r) => r.subseasonid))) {
    const calendar = rows.filter((r) => r.subseasonid === sub).map((r) => ({ id: r.calendaritemid, was: r.sort, Sort: r.sort }));
    for (const r of renumbered(calendar)) if (r.Sort !== r.was) await q.query('UPDATE calendar_items SET sort = $2 WHERE calendaritemid = $1', [r.id, r.Sort]);
  }
}

/** One save of a set (LP-023): lock the line plan at the user's version, write the rows, answer the set and the new version. */
export function saveChildSet(ctx: AppContext, user: SessionUser, set: ChildSet, req: { LinePlanId: number; RowVersion: number; Items: ChildItem[] }) {
  return ctx.db.tx(async (q) => {
    await openChildSave(ctx, q, user, req.LinePlanId, req.RowVersion);
    const counts = await writeChildSet(ctx, q, user, set, req.LinePlanId, req.Items);
    const [{ rowversion }] = await q.query<{ rowversion: number }>('SELECT rowversion FROM line_plans WHERE lineplanid = $1', [req.LinePlanId]);
    return { ...counts, RowVersion: rowversion, Items: await readChildSet(ctx, q, set, req.LinePlanId) };
  });
}
