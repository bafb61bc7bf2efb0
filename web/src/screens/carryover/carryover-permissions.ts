/** PERM-015: module 14 edit opens every carryover screen and the Shift Season actions (factory users are refused by the server). */
import type { PermissionPair } from '../admin/common/RequireAnyPermission';

export const CARRYOVER: readonly PermissionPair[] = [['carryover', 'edit']];
