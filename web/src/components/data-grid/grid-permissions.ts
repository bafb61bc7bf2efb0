/** The read/edit permission of a grid: its document's `read`/`edit` (one pair or a list of alternatives), else the entity module's. */
import permissionsDoc from '../../../../schemas/permissions.json';
import { can, type ActionKey, type ModuleKey } from '../../auth/permissions';
import type { ModulePermission } from '../../auth/session';

type Pair = [string, string];
export type PermissionRef = Pair | Pair[];

/** The alternatives of a reference: a single pair becomes a list of one. */
export function alternatives(ref: PermissionRef): Pair[] {
  return Array.isArray(ref[0]) ? (ref as Pair[]) : [ref as Pair];
}

/** Whether the permissions hold any of the reference's pairs; no reference and no module: open. */
export function holdsRef(
  perms: readonly ModulePermission[] | null | undefined,
  ref: PermissionRef | undefined,
  module: string | undefined,
  action: 'read' | 'edit',
): boolean {
  const r = ref ?? (module ? ([module, action] as Pair) : undefined);
  if (!r) return action === 'read';
  return alternatives(r).some(([m, a]) => m in permissionsDoc.modules && a in permissionsDoc.actions && can(perms, m as ModuleKey, a as ActionKey));
}
