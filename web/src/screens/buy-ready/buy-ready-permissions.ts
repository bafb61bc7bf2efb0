/** Who opens the buy-ready screens (BR-001, BR-006): the report with PERM-014 read or PERM-019 read; the overrides with PERM-019. */
import type { PermissionPair } from '../admin/common/RequireAnyPermission';

export const BUY_READY_VIEW: readonly PermissionPair[] = [
  ['criticalPathDevPattern', 'read'], ['criticalPathDevPrototype', 'read'], ['criticalPathCommercialization', 'read'], ['systemMessages', 'read'],
];
export const BUY_READY_OVERRIDE: readonly PermissionPair[] = [['systemMessages', 'read']];
