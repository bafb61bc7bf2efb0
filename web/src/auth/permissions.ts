/**
 * Typed permissions (PERM-001..021): a (module, action) pair named by the keys of
 * schemas/permissions.json, checked against the session's permission list. The server enforces
 * the same rules; the browser uses them only to route and to hide what cannot be used.
 */
import permissionsDoc from '../../../schemas/permissions.json';
import type { ModulePermission } from './session';

export type ModuleKey = keyof typeof permissionsDoc.modules;
export type ActionKey = keyof typeof permissionsDoc.actions;

export function moduleId(module: ModuleKey): number {
  return permissionsDoc.modules[module].id;
}

export function actionId(action: ActionKey): number {
  return permissionsDoc.actions[action];
}

/** Whether the permission list holds (module, action). */
export function can(permissions: readonly ModulePermission[] | null | undefined, module: ModuleKey, action: ActionKey): boolean {
  if (!permissions) return false;
  const m = moduleId(module);
  const a = actionId(action);
  return permissions.some((p) => Number(p.ModuleId) === m && Number(p.ActionId) === a);
}

/** Whether the list holds any action on the module (e.g. PERM-011: any module 8 permission). */
export function canAny(permissions: readonly ModulePermission[] | null | undefined, module: ModuleKey): boolean {
  if (!permissions) return false;
  const m = moduleId(module);
  return permissions.some((p) => Number(p.ModuleId) === m);
}

/** DECISIONS PERM-011: an ECN needs colorway/ecn or any permission on module 8 (search); the server checks the same. */
export const canEcn = (permissions: readonly ModulePermission[] | null | undefined) => can(permissions, 'colorway', 'ecn') || canAny(permissions, 'search');
