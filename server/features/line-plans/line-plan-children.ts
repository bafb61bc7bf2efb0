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
import { saveList } from '../../core/records/children';
import { columnOf } from '../../core/records/split-record';
import { END_BEFORE_START, endBeforeStart, renumbered } from '../../domain/line-plan-dates';
import { ERRORS_FOUND, LINE_PLAN, openChildSave } from './line-plan';

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
  planning: {
    entity: 'seasonal-planning-item',
    key: 'SeasonalPlanningItemId',
    table: 'seasonal_planning_items',
    label: 'Seasonal Planning Phase',
    orderBy: 'startdate NULLS LAST, seasonalplanningitemid',
    auditField: 'SeasonalPlanningItems',
  },
  calendar: {
    entity: 'calendar-item',
    key: 'CalendarItemId',
    table: 'calendar_items',
    label: 'Calendar',
    orderBy: 'subseasonid NULLS LAST, sort, calendaritemid',
    auditField: 'CalendarItems',
  },
  launch: {
    entity: 'launch-date',
    key: 'LinePlanLaunchDateId',
    table: 'line_plan_launch_dates',
    label: 'Launch Dates',
    orderBy: 'launchnumber',
    auditField: 'LaunchDates',
  },
} as const satisfies Record<string, ChildSet>;

export type Row = Record<string, unknown>;
const UNSORTED = 1_000_000;
export type ChildItem = Row & { IsDelete?: boolean };

function columns(ctx: AppContext, set: ChildSet) {
  const schema = ctx.schemas.entities.get(set.entity)!;
  const all = Object.entries(schema.properties)
    .filter(([, p]) => p['x-table'] === set.table)
    .map(([f, p]) => ({ field: f, column: columnOf(f, p), computed: !!p['x-computed'] }));
  return { schema, all, writable: all.filter((c) => !c.computed && c.field !== 'LinePlanId') };
}

/** The rows of one set of the line plan, in screen order. */
export async function readChildSet(ctx: AppContext, q: Queryable, set: ChildSet, linePlanId: number): Promise<Row[]> {
  const { all } = columns(ctx, set);
  return q.query(`SELECT ${all.map((c) => `${c.column} AS "${c.field}"`).join(', ')} FROM ${set.table} WHERE lineplanid = $1 ORDER BY ${set.orderBy}`, [
    linePlanId,
  ]);
}

/** Row-level checks beyond the schema: the date rule, calendar sub-seasons and groups, unique launch numbers, launches in use. */
async function setErrors(q: Queryable, set: ChildSet, linePlanId: number, kept: { i: number; row: Row }[], deleted: { i: number; row: Row }[]) {
  const errors: FieldError[] = [];
  const at = (i: number, row: Row) => `Details Tab > ${set.label} > ${row.Name ?? (row.LaunchNumber ? `Launch ${row.LaunchNumber}` : `row ${i + 1}`)}`;
  for (const { i, row } of kept) {
    if (endBeforeStart(row.StartDate, row.EndDate)) errors.push({ Field: `/Items/${i}/EndDate`, Message: `${at(i, row)}: ${END_BEFORE_START}` });
  }
  if (set.table === 'calendar_items') {
    const subs = new Set(
      (await q.query<{ subseasonid: number }>('SELECT subseasonid FROM line_plan_subseasons WHERE lineplanid = $1', [linePlanId])).map((r) => r.subseasonid),
    );
    // The group is one of the calendar groups (the screen shows it by name).
    const groups = new Set((await q.query<{ groupid: number }>('SELECT groupid FROM calendar_groups')).map((r) => r.groupid));
    for (const { i, row } of kept) {
      if (row.SubSeasonId != null && !subs.has(row.SubSeasonId as number))
        errors.push({ Field: `/Items/${i}/SubSeasonId`, Message: `${at(i, row)}: not a sub-season of this line plan.` });
      if (row.GroupId != null && !groups.has(row.GroupId as number))
        errors.push({ Field: `/Items/${i}/GroupId`, Message: `${at(i, row)} > Group: not a calendar group.` });
    }
  }
  if (set.table === 'line_plan_launch_dates') {
    const seen = new Set<number>();
    for (const { i, row } of kept) {
      if (seen.has(row.LaunchNumber as number)) errors.push({ Field: `/Items/${i}/LaunchNumber`, Message: `${at(i, row)}: this launch is listed twice.` });
      seen.add(row.LaunchNumber as number);
    }
    // The launches in use among the deleted ones, in one statement.
    const used = deleted.length
      ? new Set(
          (
            await q.query<{ id: number }>('SELECT DISTINCT lineplanlaunchdateid AS id FROM prototype_seasonals WHERE lineplanlaunchdateid = ANY($1)', [
              deleted.map((d) => d.row.LinePlanLaunchDateId),
            ])
          ).map((r) => r.id),
        )
      : new Set<number>();
    for (const { i, row } of deleted) {
      if (used.has(row.LinePlanLaunchDateId as number))
        errors.push({ Field: `/Items/${i}/IsDelete`, Message: `${at(i, row)}: colorways use this launch; it cannot be deleted.` });
    }
  }
  return errors;
}

/**
 * Applies the saved list in the caller's transaction (the line plan already locked); answers counts.
 * The rows are checked here in the line plan's own words, then written by the records pipeline's child
 * writer (core/records/children.ts, the line plan's `x-children`): one DELETE, one UPDATE of the changed
 * rows and one INSERT, whatever the number of rows; the calendars' sort numbers (LP-022, per
 * sub-season) are worked out before the write, so renumbering is part of the same UPDATE.
 */
export async function writeChildSet(ctx: AppContext, q: Queryable, user: SessionUser, set: ChildSet, linePlanId: number, items: ChildItem[]) {
  const { schema, writable } = columns(ctx, set);
  const stored = await readChildSet(ctx, q, set, linePlanId);
  const existing = new Map(stored.map((r) => [r[set.key] as number, r]));
  const errors: FieldError[] = [];
  const kept: { i: number; row: Row; id?: number }[] = [],
    deleted: { i: number; row: Row }[] = [];
  items.forEach((item, i) => {
    const id = item[set.key] as number | undefined;
    const prev = id === undefined ? undefined : existing.get(id);
    if (id !== undefined && !prev) {
      errors.push({ Field: `/Items/${i}/${set.key}`, Message: `Details Tab > ${set.label} > row ${i + 1}: not a row of this line plan.` });
      return;
    }
    if (item.IsDelete) {
      if (prev) deleted.push({ i, row: prev });
      return;
    }
    const row: Row = { ...prev, ...Object.fromEntries(writable.filter((c) => c.field in item).map((c) => [c.field, item[c.field]])), LinePlanId: linePlanId };
    // A new calendar row without a sort number goes last; the renumbering gives it its place.
    if (set.table === 'calendar_items' && row.Sort == null) row.Sort = UNSORTED + i;
    const probe = Object.fromEntries(
      Object.entries({ ...row, [set.key]: id ?? 1, RowVersion: 1 }).filter(([f, v]) => v !== null && v !== undefined && f !== 'Duration'),
    );
    // Issue 27: the message names the column ('row 1 > Launch: Required.'), not only the row.
    for (const e of ctx.schemas.validate('entity', set.entity, probe)) {
      const title = schema.properties[e.Field.split('/')[1] ?? '']?.title;
      errors.push({ Field: `/Items/${i}${e.Field}`, Message: `Details Tab > ${set.label} > row ${i + 1}${title ? ` > ${title}` : ''}: ${e.Message}` });
    }
    kept.push({ i, row, id });
  });
  errors.push(...(await setErrors(q, set, linePlanId, kept, deleted)));
  if (errors.length) throw badRequest(ERRORS_FOUND, errors);

  // The list after the save: the stored rows the request leaves alone stay, in the set's order, then the new rows in the request's.
  const gone = new Set(deleted.map((d) => d.row[set.key]));
  const named = new Map(kept.filter((k) => k.id !== undefined).map((k) => [k.id, k.row]));
  const rows = [
    ...stored.filter((r) => !gone.has(r[set.key])).map((r) => named.get(r[set.key] as number) ?? { ...r }),
    ...kept.filter((k) => k.id === undefined).map((k) => k.row),
  ];
  const spec = ctx.schemas.entities.get(LINE_PLAN.entity)!['x-children']![set.auditField];
  const added = kept.filter((k) => k.id === undefined).length;
  const counts = { added, changed: kept.length - added, deleted: deleted.length };
  // The line plan's history names the set saved (and so does the 409 of the next stale save), beside each row's own entries.
  const summary = {
    entity: LINE_PLAN.entity,
    entityId: linePlanId,
    field: set.auditField,
    oldValue: null,
    newValue: `${counts.added} added, ${counts.changed} changed, ${counts.deleted} deleted`,
  };
  await saveList(
    q,
    user.userId,
    {
      spec,
      property: set.auditField,
      schema,
      key: set.key,
      table: set.table,
      stored,
      errors: [],
      keep: set.table === 'calendar_items' ? calendarOrder(rows, set.key) : rows,
      removed: deleted.map((d) => d.row),
    },
    { parentId: linePlanId, after: [summary] },
  );
  return counts;
}

/**
 * LP-022: each sub-season calendar numbered 10, 20, 30... in its order (sort number, then stored rows
 * by key, then new rows as sent, as the database's serial keys would order them). The rows stay in
 * their given order (new rows are inserted as sent).
 */
function calendarOrder(rows: Row[], key: string): Row[] {
  const n = (v: unknown) => (typeof v === 'number' ? v : Number.MAX_SAFE_INTEGER);
  const ordered = rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => n(a.r.Sort) - n(b.r.Sort) || n(a.r[key]) - n(b.r[key]) || a.i - b.i)
    .map(({ r }) => r);
  for (const sub of new Set(ordered.map((r) => r.SubSeasonId ?? null))) {
    const calendar = ordered.filter((r) => (r.SubSeasonId ?? null) === sub);
    renumbered(calendar).forEach((r, k) => {
      calendar[k].Sort = r.Sort;
    });
  }
  return rows;
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
