/**
 * Rules every hierarchy record shares, run by the records pipeline before each update
 * (line plan, brief, pattern, colorway):
 * - a deleted record cannot be saved (its screen shows the entity's deleted message);
 * - a status change must follow the status table (LOOKUP-033) and needs the module's 'status'
 *   permission (PERM-004);
 * - statuses 3..7 make the record read-only (LP-011, PAT-012, CW read-only): only the status itself
 *   may change then (`lockedByStatus` of @domain/statuses: the grids draw their cells by it).
 */
import { can, type ModuleKey } from '../../core/auth/permissions';
import { AppError, badRequest, permissionDenied } from '../../core/http/errors';
import { onUpdate, type UpdateHookArgs } from '../../core/records/hooks';
import { cached } from '../../core/records/request-cache';
import { lockedByStatus, READ_ONLY_STATUSES } from '../../domain/statuses';

export { READ_ONLY_STATUSES };

export interface HierarchyEntity {
  entity: string;
  module: ModuleKey;
  deletedMessage: string;
}

/** The error a deleted hierarchy record answers with (SHELL-027: the screen shows it and goes to Search). */
export const recordDeleted = (h: HierarchyEntity) => new AppError(404, 'record_deleted', h.deletedMessage);

async function sharedRules(h: HierarchyEntity, { q, user, prev, changes }: UpdateHookArgs) {
  if (prev.IsDeleted) throw recordDeleted(h);
  const from = prev.StatusId as number;
  const to = changes.StatusId as number | undefined;
  const statusChanges = to !== undefined && to !== from;
  if (statusChanges) {
    if (!can(user, h.module, 'status')) throw permissionDenied();
    const transitions = await cached(q, 'statusTransitions', [], () =>
      q.query<{ f: number; t: number }>('SELECT fromstatusid AS f, tostatusid AS t FROM status_transitions'),
    );
    if (!transitions.some((s) => s.f === from && s.t === to)) {
      // Every status name once per request: a paste of many refused rows does not ask per row.
      const names = await cached(q, 'statusNames', [], () => q.query<{ statusid: number; statusname: string }>('SELECT statusid, statusname FROM statuses'));
      const name = (id: number) => names.find((n) => n.statusid === id)?.statusname ?? String(id);
      throw badRequest('Your submission contains error(s). Please correct the highlighted items below.', [
        { Field: '/StatusId', Message: `A record in status ${name(from)} cannot be set to ${name(to)}.` },
      ]);
    }
  }
  if (READ_ONLY_STATUSES.has(from)) {
    const others = Object.keys(changes).filter((f) => lockedByStatus(prev, f));
    if (others.length) {
      throw new AppError(
        409,
        'read_only',
        'This record is read-only in its current status; only the status can be changed.',
        others.map((f) => ({ Field: `/${f}`, Message: 'Read-only in this status.' })),
      );
    }
  }
  return changes;
}

/** Registers the shared rules for one hierarchy entity (first, before the entity's own hooks). */
export function registerSharedRules(h: HierarchyEntity) {
  onUpdate(h.entity, (args) => sharedRules(h, args), { first: true });
}
