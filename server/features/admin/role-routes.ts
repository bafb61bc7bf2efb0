/** Role administration (ADMIN-018..022, module 7): the calls; the rules and SQL are roles.ts's. */
import { anyOf, perm, type ApiRouter } from '../../core/http/router';
import { notFound } from '../../core/http/errors';
import { intParam, nested, ok, queryParam } from '../../core/http/request';
import { listRoles, loadRole, nameExists, ROLE_DATA_ERROR, ROLE_NAME_EXISTS, rolePermissions, saveRole, type Pair } from './roles';

export function roleRoutes(r: ApiRouter) {
  // The user editor's role picker needs the list too, so module 6 read opens it as well.
  r.get('/api/Role', anyOf(['roles', 'read'], ['users', 'read']), async (c) => c.json(await listRoles(c.get('ctx').db)));

  r.get('/api/Role/GetRole', perm('roles', 'read'), { query: { roleId: 'id' } }, async (c) => {
    const role = await loadRole(c.get('ctx').db, intParam(c, 'roleId'));
    if (!role) throw notFound(ROLE_DATA_ERROR);
    return c.json(role);
  });

  // ADMIN-020: checked before save; answers whether the name is free for role `id`.
  r.get('/api/Role/CheckRoleName', anyOf(['roles', 'create'], ['roles', 'edit']), { query: { name: 'text', id: 'id' } }, async (c) => {
    const exists = await nameExists(c.get('ctx').db, queryParam(c, 'name') ?? '', intParam(c, 'id', 0));
    return c.json({ IsSuccessful: !exists, Exists: exists, Message: exists ? ROLE_NAME_EXISTS : '' });
  });

  // The permission catalogue, flagged with the role's assignment when roleId is given.
  r.get('/api/Role/GetRolePermissions', perm('roles', 'read'), { query: { roleId: 'id' } }, async (c) =>
    c.json(await rolePermissions(c.get('ctx').db, intParam(c, 'roleId', 0))),
  );

  for (const mode of ['create', 'edit'] as const) {
    r.post(mode === 'create' ? '/api/Role/CreateRole' : '/api/Role/UpdateRole', perm('roles', mode), { body: 'role-save' }, async (c) => {
      const body = c.get('body');
      const role = nested(body.Role, ['RoleId', 'RoleName', 'IsActive', 'RowVersion']);
      const assignment = (body.PermissionAssignment as Record<string, unknown>[]).map((p) => nested(p, ['ModuleId', 'ActionId']) as Pair);
      return c.json(ok('Role saved.', { Role: await saveRole(c.get('ctx').db, c.get('user').userId, mode, role, assignment) }));
    });
  }
}
