/** SQL of the user administration reads: one user with links, the access report, user lists and assignment lists (ADMIN-005..016). */
import type { Queryable } from '../../core/db/client';
import { PERMISSIONS } from '../../core/auth/permissions';
import { containsPattern } from '../../core/db/contains';
import { paged } from '../../core/records/paging';

/** The user fields of the admin record (ADMIN-007), from user_view. */
export const USER_COLS = `v.userid AS "UserId", v.username AS "UserName", v.firstname AS "FirstName", v.lastname AS "LastName",
  v.isactive AS "IsActive", v.emailconfirmed AS "EmailConfirmed", v.changepasswordrequired AS "ChangePasswordRequired",
  v.networkid AS "NetworkId", v.theme AS "Theme", v.isfactoryuser AS "IsFactoryUser", v.roleid AS "RoleId", v.rolename AS "RoleName",
  v.defaultbrandid AS "DefaultBrandId", v.defaultseasonid AS "DefaultSeasonId", v.defaultdivisionkey AS "DefaultDivisionKey",
  v.usedefaultsinquicksearch AS "UseDefaultsInQuickSearch", v.showstartuphelp AS "ShowStartupHelp", v.lastlogin AS "LastLogin",
  v.created AS "Created", v.createdby AS "CreatedBy", v.lastchanged AS "LastChanged", v.lastchangedby AS "LastChangedBy",
  v.rowversion AS "RowVersion"`;

/** Brands, factories and the role's module permissions of each user, as subqueries over `v`. */
export const USER_LINKS = `
  coalesce((SELECT json_agg(json_build_object('BrandId', b.brandid, 'BrandName', b.brandname) ORDER BY b.brandname)
              FROM user_brands ub JOIN brands b ON b.brandid = ub.brandid WHERE ub.userid = v.userid), '[]') AS "Brands",
  coalesce((SELECT json_agg(uf.factorykey ORDER BY uf.factorykey) FROM user_factories uf WHERE uf.userid = v.userid), '[]') AS "Factories",
  coalesce((SELECT json_agg(json_build_object('ModuleId', rp.moduleid, 'ActionId', rp.actionid) ORDER BY rp.moduleid, rp.actionid)
              FROM role_permissions rp WHERE rp.roleid = v.roleid), '[]') AS "ModulePermissions"`;

const asJson = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

/** PGlite and node-postgres both parse json, but be safe about text answers. */
export function withLinks<T extends Record<string, unknown>>(row: T): T {
  for (const k of ['Brands', 'Factories', 'ModulePermissions']) if (k in row) (row as Record<string, unknown>)[k] = asJson(row[k]);
  if ('RoleId' in row) (row as Record<string, unknown>).Role = row.RoleId === null ? null : { RoleId: row.RoleId, RoleName: row.RoleName };
  return row;
}

export async function loadAdminUser(q: Queryable, userId: number) {
  const [row] = await q.query(`SELECT ${USER_COLS}, ${USER_LINKS} FROM user_view v WHERE v.userid = $1`, [userId]);
  return row ? withLinks(row) : undefined;
}

/** Every (module, action) pair with names: the columns of the access report and the role editor. */
export function allModulePermissions() {
  const actionName = Object.fromEntries(Object.entries(PERMISSIONS.actions).map(([k, id]) => [id, k]));
  return Object.values(PERMISSIONS.modules).flatMap((m) =>
    m.actions.map((a) => {
      const actionId = PERMISSIONS.actions[a as keyof typeof PERMISSIONS.actions];
      return { ModuleId: m.id, ModuleName: m.name, ActionId: actionId, ActionName: actionName[actionId] };
    }),
  );
}

const LIST_COLS = `v.userid AS "UserId", v.username AS "UserName", v.firstname AS "FirstName", v.lastname AS "LastName",
  v.isactive AS "IsActive", v.isfactoryuser AS "IsFactoryUser", v.roleid AS "RoleId", v.rolename AS "RoleName"`;

export interface AccessReportFilter {
  pageNumber: number;
  pageSize: number;
  roleId: number;
  text: string;
  includeInactive: boolean;
}

/** ADMIN-005: a page of users with their brands and module permissions, plus every brand and permission (the report's columns). */
export async function accessReport(q: Queryable, f: AccessReportFilter) {
  const params: unknown[] = [];
  const where: string[] = [];
  if (!f.includeInactive) where.push('v.isactive');
  if (f.roleId > 0) {
    params.push(f.roleId);
    where.push(`v.roleid = $${params.length}`);
  }
  if (f.text) {
    params.push(containsPattern(f.text));
    where.push(`(v.username ILIKE $${params.length} OR v.firstname ILIKE $${params.length} OR v.lastname ILIKE $${params.length}
                 OR (v.firstname || ' ' || v.lastname) ILIKE $${params.length})`);
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [{ n }] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM user_view v ${whereSql}`, params);
  const rows = await q.query(
    `SELECT ${USER_COLS}, ${USER_LINKS} FROM user_view v ${whereSql}
    ORDER BY lower(v.lastname), lower(v.firstname), v.userid LIMIT ${f.pageSize} OFFSET ${(f.pageNumber - 1) * f.pageSize}`,
    params,
  );
  const AllBrands = await q.query('SELECT brandid AS "BrandId", brandname AS "BrandName" FROM brands ORDER BY brandname');
  return { Users: paged(rows.map(withLinks), f.pageNumber, f.pageSize, n), AllBrands, AllModulePermissions: allModulePermissions() };
}

/** The users of a brand and of a role (0: any). */
export const usersOf = (q: Queryable, brandId: number, roleId: number) =>
  q.query(
    `SELECT ${LIST_COLS} FROM user_view v
    WHERE ($1 = 0 OR EXISTS (SELECT 1 FROM user_brands ub WHERE ub.userid = v.userid AND ub.brandid = $1))
      AND ($2 = 0 OR v.roleid = $2)
    ORDER BY lower(v.lastname), lower(v.firstname), v.userid`,
    [brandId, roleId],
  );

/** The user's role with its permission assignment; undefined when the user has none. */
export async function roleOfUser(q: Queryable, userId: number) {
  const [role] = await q.query(
    `SELECT r.roleid AS "RoleId", r.rolename AS "RoleName", r.isactive AS "IsActive",
            coalesce((SELECT json_agg(json_build_object('ModuleId', rp.moduleid, 'ActionId', rp.actionid) ORDER BY rp.moduleid, rp.actionid)
                        FROM role_permissions rp WHERE rp.roleid = r.roleid), '[]') AS "PermissionAssignment"
       FROM users u JOIN roles r ON r.roleid = u.roleid WHERE u.userid = $1`,
    [userId],
  );
  return role;
}

export const userExists = async (q: Queryable, userId: number) => (await q.query('SELECT 1 FROM users WHERE userid = $1', [userId])).length > 0;

/** ADMIN-008: every brand, flagged when the user holds it (user 0, add mode: none). */
export const brandAssignment = (q: Queryable, userId: number) =>
  q.query(
    `SELECT b.brandid AS "BrandId", b.brandname AS "BrandName",
          EXISTS (SELECT 1 FROM user_brands ub WHERE ub.brandid = b.brandid AND ub.userid = $1) AS "IsAssigned"
     FROM brands b ORDER BY b.brandname`,
    [userId],
  );

export const factoryAssignment = (q: Queryable, userId: number) =>
  q.query(
    `SELECT f.factoryid AS "UserFactoryId", f.factorykey AS "FactNameKy", f.factoryname AS "FactoryName",
          EXISTS (SELECT 1 FROM user_factories uf WHERE uf.factorykey = f.factorykey AND uf.userid = $1) AS "IsAssigned"
     FROM factories f ORDER BY f.factorykey`,
    [userId],
  );

/** Active users of a brand: the hierarchy screens' responsible pickers. */
export const activeUsersOfBrand = (q: Queryable, brandId: number) =>
  q.query(
    `SELECT u.userid AS "UserId", u.username AS "UserName", u.firstname AS "FirstName", u.lastname AS "LastName"
     FROM users u JOIN user_brands ub ON ub.userid = u.userid
    WHERE ub.brandid = $1 AND u.isactive ORDER BY lower(u.lastname), lower(u.firstname)`,
    [brandId],
  );

/** Active users of a brand whose user name or full name is `name`. */
export const activeUsersNamed = (q: Queryable, brandId: number, name: string) =>
  q.query(
    `SELECT u.userid AS "UserId", u.username AS "UserName", u.firstname AS "FirstName", u.lastname AS "LastName"
     FROM users u JOIN user_brands ub ON ub.userid = u.userid
    WHERE ub.brandid = $1 AND u.isactive
      AND (lower(u.username) = lower($2) OR lower(u.firstname || ' ' || u.lastname) = lower($2))
    ORDER BY u.userid`,
    [brandId, name],
  );
