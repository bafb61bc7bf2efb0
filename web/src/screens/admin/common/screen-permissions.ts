/**
 * The administration screens' permissions (PERM-026 and DECISIONS SHELL-019 / PERM-026): one
 * table read by the route guards, the site map and the Ctrl+Shift+E shortcut.
 */
import { can } from '../../../auth/permissions';
import type { ModulePermission } from '../../../auth/session';
import type { PermissionPair } from './RequireAnyPermission';

/** DECISIONS SHELL-019: module 6 read or module 18 read, for the route, the shortcut and the API alike. */
export const ERROR_LOG_PERMISSIONS: readonly PermissionPair[] = [['users', 'read'], ['systemMessages', 'read']];

export const canViewErrors = (perms: readonly ModulePermission[] | null | undefined) =>
  ERROR_LOG_PERMISSIONS.some(([m, a]) => can(perms, m, a));

/** DECISIONS PERM-026: /libraryEntries opens for any module 9 permission; 9/2 or 9/3 changes entries. */
export const LIBRARY_VIEW: readonly PermissionPair[] = [['libraries', 'read'], ['libraries', 'edit'], ['libraries', 'create']];
export const canChangeLibrary = (perms: readonly ModulePermission[] | null | undefined) =>
  can(perms, 'libraries', 'edit') || can(perms, 'libraries', 'create');

