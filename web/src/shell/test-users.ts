/** The demo accounts' permissions (fixtures/demo) as sessions hold them, for the shell's tests. */
import { moduleId, actionId, type ActionKey, type ModuleKey } from '../auth/permissions';
import type { Holder } from '../auth/access';
import roles from '../../../fixtures/demo/role.json';
import users from '../../../fixtures/demo/user.json';

/** A session holding these pairs. */
export const holding = (pairs: readonly (readonly [ModuleKey, ActionKey])[], isFactoryUser = false): Holder => ({
  isFactoryUser,
  userPermissions: pairs.map(([m, a]) => ({ ModuleId: moduleId(m), ActionId: actionId(a) })),
});

/** The demo user `admin@example.com` as 'admin': their role's permissions and their factory flag. */
export function demoUser(name: string): Holder {
  const user = users.find((u) => u.UserName === `${name}@example.com`);
  const role = roles.find((r) => r.RoleId === user?.RoleId);
  if (!user || !role) throw new Error(`no demo user ${name}`);
  return holding(role.Permissions as [ModuleKey, ActionKey][], user.IsFactoryUser);
}

export const DEMO_USERS = ['admin', 'designer', 'costing', 'forecast', 'factory', 'viewer'] as const;
