/**
 * User administration reads (ADMIN-001..016): the access report, user lists, one user, and the
 * brand and factory assignment lists of the user editor. Lists need module 6 read (PERM-008);
 * the editor's assignment lists also open for module 6 create (add mode).
 */
import { anyOf, perm, SIGNED_IN, type ApiRouter } from '../../core/http/router';
import { notFound } from '../../core/http/errors';
import { intParam, queryParam } from '../../core/http/request';
import { paged } from '../../core/records/paging';
import { allModulePermissions, loadAdminUser, USER_COLS, USER_LINKS, withLinks } from './user-queries';
import { subjectUserId } from './common';
import { containsPattern } from '../../core/db/contains';

/** ADMIN-016 and DECISIONS ADMIN-017. */
export const USER_DATA_ERROR = 'There was an error while retrieving user data. Please contact system administrator';
export const USER_BRAND_DATA_ERROR = 'There was an error while retrieving user brand data. Please contact system administrator';

const truthy = (v: string | undefined) => v !== undefined && /^(true|1|yes)$/i.test(v);
const LIST_COLS = `v.userid AS "UserId", v.username AS "UserName", v.firstname AS "FirstName", v.lastname AS "LastName",
  v.isactive AS "IsActive", v.isfactoryuser AS "IsFactoryUser", v.roleid AS "RoleId", v.rolename AS "RoleName"`;

export function userAdminRoutes(r: ApiRouter) {
  // ADMIN-005: a page of users with their brands and module permissions, plus every brand and permission (the report's columns).
  r.get('/api/User/UserAccessReport', perm('users', 'read'), { query: { pageNumber: 'id', pageSize: 'id', roleId: 'id', searchText: 'text', IncludeInactive: 'bool' } }, async (c) => {
    const { db } = c.get('ctx');
    const pageNumber = Math.max(1, intParam(c, 'pageNumber', 1));
    const pageSize = Math.min(9999, Math.max(1, intParam(c, 'pageSize', 50)));
    const roleId = intParam(c, 'roleId', 0);
    const text = (queryParam(c, 'searchText') ?? '').trim();
    const params: unknown[] = [];
    const where: string[] = [];
    if (!truthy(queryParam(c, 'IncludeInactive'))) where.push('v.isactive');
    if (roleId > 0) { params.push(roleId); where.push(`v.roleid = $${params.length}`); }
    if (text) {
      params.push(containsPattern(text));
      where.push(`(v.username ILIKE $${params.length} OR v.firstname ILIKE $${params.length} OR v.lastname ILIKE $${params.length}
                   OR (v.firstname || ' ' || v.lastname) ILIKE $${params.length})`);
    }
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM user_view v ${whereSql}`, params);
    const rows = await db.query(`SELECT ${USER_COLS}, ${USER_LINKS} FROM user_view v ${whereSql}
      ORDER BY lower(v.lastname), lower(v.firstname), v.userid LIMIT ${pageSize} OFFSET ${(pageNumber - 1) * pageSize}`, params);
    const AllBrands = await db.query('SELECT brandid AS "BrandId", brandname AS "BrandName" FROM brands ORDER BY brandname');
    return c.json({ Users: paged(rows.map(withLinks), pageNumber, pageSize, n), AllBrands, AllModulePermissions: allModulePermissions() });
  });

  r.get('/api/User/GetUsers', perm('users', 'read'), { query: { brandId: 'id', roleId: 'id' } }, async (c) => {
    const brandId = intParam(c, 'brandId', 0);
    const roleId = intParam(c, 'roleId', 0);
    return c.json(await c.get('ctx').db.query(
      `SELECT ${LIST_COLS} FROM user_view v
        WHERE ($1 = 0 OR EXISTS (SELECT 1 FROM user_brands ub WHERE ub.userid = v.userid AND ub.brandid = $1))
          AND ($2 = 0 OR v.roleid = $2)
        ORDER BY lower(v.lastname), lower(v.firstname), v.userid`, [brandId, roleId]));
  });

  // DECISIONS PREF-007: one's own record always; another user's with module 6 read.
  r.get('/api/User/GetUser', SIGNED_IN, { query: { UserId: 'id' } }, async (c) => {
    const found = await loadAdminUser(c.get('ctx').db, subjectUserId(c));
    if (!found) throw notFound('No Users Found');
    return c.json(found);
  });

  r.get('/api/User/GetUserRole', SIGNED_IN, { query: { UserId: 'id' } }, async (c) => {
    const { db } = c.get('ctx');
    const [role] = await db.query(
      `SELECT r.roleid AS "RoleId", r.rolename AS "RoleName", r.isactive AS "IsActive",
              coalesce((SELECT json_agg(json_build_object('ModuleId', rp.moduleid, 'ActionId', rp.actionid) ORDER BY rp.moduleid, rp.actionid)
                          FROM role_permissions rp WHERE rp.roleid = r.roleid), '[]') AS "PermissionAssignment"
         FROM users u JOIN roles r ON r.roleid = u.roleid WHERE u.userid = $1`, [subjectUserId(c)]);
    if (!role) throw notFound('No role assigned to this user');
    return c.json(role);
  });

  // ADMIN-008: every brand, flagged when the edited user holds it (add mode: none).
  r.get('/api/User/GetUserBrandAssignment', anyOf(['users', 'read'], ['users', 'create']), { query: { editingUserId: 'id' } }, async (c) => {
    const { db } = c.get('ctx');
    const editingUserId = intParam(c, 'editingUserId', 0);
    if (editingUserId > 0 && !(await db.query('SELECT 1 FROM users WHERE userid = $1', [editingUserId])).length) throw notFound(USER_BRAND_DATA_ERROR);
    return c.json(await db.query(
      `SELECT b.brandid AS "BrandId", b.brandname AS "BrandName",
              EXISTS (SELECT 1 FROM user_brands ub WHERE ub.brandid = b.brandid AND ub.userid = $1) AS "IsAssigned"
         FROM brands b ORDER BY b.brandname`, [editingUserId]));
  });

  r.get('/api/User/GetUserFactories', anyOf(['users', 'read'], ['users', 'create']), { query: { UserId: 'id' } }, async (c) => {
    const { db } = c.get('ctx');
    const userId = intParam(c, 'UserId', 0);
    if (userId > 0 && !(await db.query('SELECT 1 FROM users WHERE userid = $1', [userId])).length) throw notFound(USER_DATA_ERROR);
    return c.json(await db.query(
      `SELECT f.factoryid AS "UserFactoryId", f.factorykey AS "FactNameKy", f.factoryname AS "FactoryName",
              EXISTS (SELECT 1 FROM user_factories uf WHERE uf.factorykey = f.factorykey AND uf.userid = $1) AS "IsAssigned"
         FROM factories f ORDER BY f.factorykey`, [userId]));
  });

  // Responsible pickers of the hierarchy screens: active users of a brand the caller is assigned to.
  r.get('/api/User/GetUsersByBrand', SIGNED_IN, { brandParam: 'BrandId', query: { BrandId: 'id' } }, async (c) =>
    c.json(await c.get('ctx').db.query(
      `SELECT u.userid AS "UserId", u.username AS "UserName", u.firstname AS "FirstName", u.lastname AS "LastName"
         FROM users u JOIN user_brands ub ON ub.userid = u.userid
        WHERE ub.brandid = $1 AND u.isactive ORDER BY lower(u.lastname), lower(u.firstname)`, [intParam(c, 'BrandId')])));

  r.get('/api/User/UserByNameandBrand', SIGNED_IN, { brandParam: 'BrandId', query: { userName: 'text', name: 'text', BrandId: 'id' } }, async (c) => {
    const name = (queryParam(c, 'userName') ?? queryParam(c, 'name') ?? '').trim();
    return c.json(await c.get('ctx').db.query(
      `SELECT u.userid AS "UserId", u.username AS "UserName", u.firstname AS "FirstName", u.lastname AS "LastName"
         FROM users u JOIN user_brands ub ON ub.userid = u.userid
        WHERE ub.brandid = $1 AND u.isactive
          AND (lower(u.username) = lower($2) OR lower(u.firstname || ' ' || u.lastname) = lower($2))
        ORDER BY u.userid`, [intParam(c, 'BrandId'), name]));
  });
}
