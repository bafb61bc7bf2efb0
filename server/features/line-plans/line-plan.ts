/**
 * Line plan rules on top of the shared hierarchy rules (server/features/hierarchy/rules.ts):
 * - releasing (status 2) needs the seasonal planning dates and every launch's AvailAtRetailDate and
 *   FactoryExGoDate (DECISIONS LP-014), refused with 'Errors found.' and 'Details Tab > ...' (LP-026);
 * - a save of the line plan's child rows (planning items, calendars, launch dates) takes the line
 *   plan's RowVersion like a record update (409 naming who changed it), bumps it, and is refused
 *   in the read-only statuses 3..7 or when the line plan is deleted (LP-011).
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { AppError, badRequest, type FieldError } from '../../core/http/errors';
import { onUpdate } from '../../core/records/hooks';
import { updateRecordIn } from '../../core/records/write';
import { READ_ONLY_STATUSES } from '../hierarchy';

export const LINE_PLAN = { entity: 'line-plan', key: 'LinePlanId' } as const;
export const CREATED = 1,
  RELEASED = 2;
/** LP-026: the headline of every save refusal on the line plan screen; each error names 'Details Tab > ...'. */
export const ERRORS_FOUND = 'Errors found.';

/** DECISIONS LP-014: what is missing before the line plan may be released (empty when nothing is). */
export async function releaseErrors(q: Queryable, linePlanId: number): Promise<FieldError[]> {
  const planning = await q.query<{ name: string; startdate: string | null; enddate: string | null }>(
    'SELECT name, startdate, enddate FROM seasonal_planning_items WHERE lineplanid = $1 ORDER BY startdate NULLS LAST, seasonalplanningitemid',
    [linePlanId],
  );
  const launches = await q.query<{ launchnumber: number; availatretaildate: string | null; factoryexgodate: string | null }>(
    'SELECT launchnumber, availatretaildate, factoryexgodate FROM line_plan_launch_dates WHERE lineplanid = $1 ORDER BY launchnumber',
    [linePlanId],
  );
  const errors: FieldError[] = [];
  const need = (Field: string, where: string, what: string) =>
    errors.push({ Field, Message: `Details Tab > ${where}: ${what} is required to release the line plan.` });
  if (!planning.length) need('/SeasonalPlanningItems', 'Seasonal Planning Phase', 'a planning phase with its dates');
  planning.forEach((p, i) => {
    if (!p.startdate) need(`/SeasonalPlanningItems/${i}/StartDate`, `Seasonal Planning Phase > ${p.name}`, 'Start Date');
    if (!p.enddate) need(`/SeasonalPlanningItems/${i}/EndDate`, `Seasonal Planning Phase > ${p.name}`, 'End Date');
  });
  if (!launches.length) need('/LaunchDates', 'Launch Dates', 'a launch with its dates');
  launches.forEach((l, i) => {
    if (!l.availatretaildate) need(`/LaunchDates/${i}/AvailAtRetailDate`, `Launch Dates > Launch ${l.launchnumber}`, 'Available at Retail');
    if (!l.factoryexgodate) need(`/LaunchDates/${i}/FactoryExGoDate`, `Launch Dates > Launch ${l.launchnumber}`, 'Factory Ex-Go');
  });
  return errors;
}

/** Registers the rule with the records pipeline (server/features.ts, once per process). */
export function registerLinePlanHooks() {
  onUpdate(LINE_PLAN.entity, async ({ q, prev, changes }) => {
    if (changes.StatusId === RELEASED && prev.StatusId !== RELEASED) {
      const errors = await releaseErrors(q, prev.LinePlanId as number);
      if (errors.length) throw badRequest(ERRORS_FOUND, errors);
    }
    return changes;
  });
}

/**
 * Opens a save of the line plan's child rows inside the caller's transaction: the line plan is
 * locked at the version the user read (stale → 409 naming who changed it), must be visible to the
 * user, not deleted and not read-only; its RowVersion is bumped. Answers the line plan record.
 */
export async function openChildSave(ctx: AppContext, q: Queryable, user: SessionUser, linePlanId: number, rowVersion: number) {
  const record = await updateRecordIn(ctx, q, user, LINE_PLAN.entity, LINE_PLAN.key, { id: linePlanId, rowVersion, changes: {} });
  if (READ_ONLY_STATUSES.has(record.StatusId as number)) {
    throw new AppError(409, 'read_only', `This line plan is read-only in status ${record.StatusName}; nothing was saved.`);
  }
  return record;
}
