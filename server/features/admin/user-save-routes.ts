/** The user editor's saves (ADMIN-009..015): CreateUser (module 6 create) and UpdateUser (module 6 edit); the rules are user-save.ts's. */
import type { Context } from 'hono';
import type { AppEnv } from '../../core/context';
import { perm, type ApiRouter } from '../../core/http/router';
import { nested, ok } from '../../core/http/request';
import { loadAdminUser } from './user-queries';
import { assignedBrands, assignedFactories } from './user-rules';
import { createUser, updateUser, type UserInput } from './user-save';

const USER_FIELDS = [
  'UserId',
  'UserName',
  'FirstName',
  'LastName',
  'IsActive',
  'EmailConfirmed',
  'ChangePasswordRequired',
  'NetworkId',
  'Theme',
  'IsFactoryUser',
  'RoleId',
  'RowVersion',
];

/** The request as one flat record: top-level flags (ADMIN-015) win over the same fields inside User. */
function userInput(c: Context<AppEnv>): UserInput {
  const b = c.get('body');
  const u = nested(b.User, USER_FIELDS);
  for (const k of ['RoleId', 'IsActive', 'EmailConfirmed', 'ChangePasswordRequired'] as const) if (b[k] !== undefined) u[k] = b[k];
  if (b.networkId !== undefined) u.NetworkId = b.networkId;
  for (const k of ['UserName', 'FirstName', 'LastName']) if (typeof u[k] === 'string') u[k] = u[k].trim();
  return {
    user: u,
    brands: Array.isArray(b.UserBrands) ? assignedBrands(b.UserBrands) : undefined,
    factories: Array.isArray(b.UserFactories) ? assignedFactories(b.UserFactories) : undefined,
    resetPassword: b.ResetPassword === true,
  };
}

export function userSaveRoutes(r: ApiRouter) {
  r.post('/api/User/CreateUser', perm('users', 'create'), { body: 'user-save' }, async (c) => {
    const userId = await createUser(c.get('ctx'), c.get('user').userId, userInput(c));
    return c.json(ok('User created. A temporary password was mailed to the user.', { User: await loadAdminUser(c.get('ctx').db, userId) }));
  });

  r.post('/api/User/UpdateUser', perm('users', 'edit'), { body: 'user-save' }, async (c) => {
    const userId = await updateUser(c.get('ctx'), c.get('user'), userInput(c));
    return c.json(ok('User saved.', { User: await loadAdminUser(c.get('ctx').db, userId) }));
  });
}
