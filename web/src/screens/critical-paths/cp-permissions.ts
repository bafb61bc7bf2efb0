/** PERM-014: any one kind's read opens the critical path search (its tabs are the kinds the user may read). */
import type { PermissionPair } from '../admin/common/RequireAnyPermission';

export const CRITICAL_PATH_READ: readonly PermissionPair[] = [['criticalPathDevPattern', 'read'], ['criticalPathDevPrototype', 'read'], ['criticalPathCommercialization', 'read']];
