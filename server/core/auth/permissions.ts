/**
 * Typed permissions (PERM-001..021): a permission is a (module, action) pair named by the keys
 * of schemas/permissions.json; the database and the token carry the numeric ids.
 */
import permissionsDoc from '../../../schemas/permissions.json';

export type ModuleKey = keyof typeof permissionsDoc.modules;
export type ActionKey = keyof typeof permissionsDoc.actions;
export type Permission = readonly [ModuleKey, ActionKey];

export const PERMISSIONS = permissionsDoc;

export interface SessionUser {
  userId: number;
  userName: string;
  firstName: string;
  lastName: string;
  isFactoryUser: boolean;
  roleId: number | null;
  sessionId: string;
  /** moduleId * 100 + actionId for each granted pair. */
  permissions: Set<number>;
  brandIds: Set<number>;
  factoryKeys: Set<string>;
}

export const permissionCode = (moduleId: number, actionId: number) => moduleId * 100 + actionId;

export function permissionIds([module, action]: Permission): [number, number] {
  return [PERMISSIONS.modules[module].id, PERMISSIONS.actions[action]];
}

export function can(user: Pick<SessionUser, 'permissions'>, module: ModuleKey, action: ActionKey): boolean {
  const [m, a] = permissionIds([module, action]);
  return user.permissions.has(permissionCode(m, a));
}

/** True when the user holds any action on the module. */
export function hasAnyOn(user: Pick<SessionUser, 'permissions'>, module: ModuleKey): boolean {
  const id = PERMISSIONS.modules[module].id;
  for (const p of user.permissions) if (Math.floor(p / 100) === id) return true;
  return false;
}

/** DECISIONS PERM-011: ECN is granted by colorway/ecn or by any permission on module 8 (search). */
export const canEcn = (user: Pick<SessionUser, 'permissions'>) => can(user, 'colorway', 'ecn') || hasAnyOn(user, 'search');
