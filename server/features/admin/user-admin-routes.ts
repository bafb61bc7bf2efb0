/**
 * User administration reads (ADMIN-001..016): the access report, user lists, one user, and the
 * brand and factory assignment lists of the user editor. Lists need module 6 read (PERM-008);
 * the editor's assignment lists also open for module 6 create (add mode).
 */
import { anyOf, perm, SIGNED_IN, type ApiRouter } from '../../core/http/router';
import { notFound } from '../../core/http/errors';
import { intParam, queryParam } from '../../core/http/request';
import {
  accessReport,
  activeUsersNamed,
  activeUsersOfBrand,
  brandAssignment,
  factoryAssignment,
  loadAdminUser,
  roleOfUser,
  userExists,
  usersOf,
} from './user-queries';
import { subjectUserId } from './common';

/** ADMIN-016 and DECISIONS ADMIN-017. */
export const USER_DATA_ERROR = 'There was an error while retrieving user data. Please contact system administrator';
export const USER_BRAND_DATA_ERROR = 'There was an error while retrieving user brand data. Please contact system administrator';

const truthy = (v: string | undefined) => v !== undefined && /^(true|1|yes)$/i.test(v);

export function userAdminRoutes(r: ApiRouter) {
  r.get(
    '/api/User/UserAccessReport',
    perm('users', 'read'),
    { query: { pageNumber: 'id', pageSize: 'id', roleId: 'id', searchText: 'text', IncludeInactive: 'bool' } },
    async (c) =>
      c.json(
        await accessReport(c.get('ctx').db, {
          pageNumber: Math.max(1, intParam(c, 'pageNumber', 1)),
          pageSize: Math.min(9999, Math.max(1, intParam(c, 'pageSize', 50))),
          roleId: intParam(c, 'roleId', 0),
          text: (queryParam(c, 'searchText') ?? '').trim(),
          includeInactive: truthy(queryParam(c, 'IncludeInactive')),
        }),
      ),
  );

  r.get('/api/User/GetUsers', perm('users', 'read'), { query: { brandId: 'id', roleId: 'id' } }, async (c) =>
    c.json(await usersOf(c.get('ctx').db, intParam(c, 'brandId', 0), intParam(c, 'roleId', 0))),
  );

  // DECISIONS PREF-007: one's own record always; another user's with module 6 read.
  r.get('/api/User/GetUser', SIGNED_IN, { query: { UserId: 'id' } }, async (c) => {
    const found = await loadAdminUser(c.get('ctx').db, subjectUserId(c));
    if (!found) throw notFound('No Users Found');
    return c.json(found);
  });

  r.get('/api/User/GetUserRole', SIGNED_IN, { query: { UserId: 'id' } }, async (c) => {
    const role = await roleOfUser(c.get('ctx').db, subjectUserId(c));
    if (!role) throw notFound('No role assigned to this user');
    return c.json(role);
  });

  r.get('/api/User/GetUserBrandAssignment', anyOf(['users', 'read'], ['users', 'create']), { query: { editingUserId: 'id' } }, async (c) => {
    const { db } = c.get('ctx');
    const editingUserId = intParam(c, 'editingUserId', 0);
    if (editingUserId > 0 && !(await userExists(db, editingUserId))) throw notFound(USER_BRAND_DATA_ERROR);
    return c.json(await brandAssignment(db, editingUserId));
  });

  r.get('/api/User/GetUserFactories', anyOf(['users', 'read'], ['users', 'create']), { query: { UserId: 'id' } }, async (c) => {
    const { db } = c.get('ctx');
    const userId = intParam(c, 'UserId', 0);
    if (userId > 0 && !(await userExists(db, userId))) throw notFound(USER_DATA_ERROR);
    return c.json(await factoryAssignment(db, userId));
  });

  r.get('/api/User/GetUsersByBrand', SIGNED_IN, { brandParam: 'BrandId', query: { BrandId: 'id' } }, async (c) =>
    c.json(await activeUsersOfBrand(c.get('ctx').db, intParam(c, 'BrandId'))),
  );

  r.get('/api/User/UserByNameandBrand', SIGNED_IN, { brandParam: 'BrandId', query: { userName: 'text', name: 'text', BrandId: 'id' } }, async (c) =>
    c.json(await activeUsersNamed(c.get('ctx').db, intParam(c, 'BrandId'), (queryParam(c, 'userName') ?? queryParam(c, 'name') ?? '').trim())),
  );
}
