/** SQL of the user administration reads: one user with links, and pages of users (ADMIN-005/007/014). */
import type { Queryable } from '../../core/db/client';
import { PERMISSIONS } from '../../core/auth/permissions';

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
  return Object.values(PERMISSIONS.modules).flatMap((m) => m.actions.map((a) => {
    const actionId = PERMISSIONS.actions[a as keyof typeof PERMISSIONS.actions];
    return { ModuleId: m.id, ModuleName: m.name, ActionId: actionId, ActionName: actionName[actionId] };
  }));
}
