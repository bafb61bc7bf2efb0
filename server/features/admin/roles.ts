/**
 * Role administration (ADMIN-018..022, module 7; the calls are role-routes.ts): list, one role with
 * its permission assignment, the name check, the permission catalogue, create and update. Every
 * (module, action) pair is checked against schemas/permissions.json. Holders see a change on their
 * next request, because each request loads the session user's permissions afresh (ADR 003).
 */
import type { Db, Queryable } from '../../core/db/client';
import { badRequest, notFound, type FieldError } from '../../core/http/errors';
import { recordAction, savedChanges } from '../../core/records/actions';
import { staleRecord } from '../../core/records/stale';
import { allModulePermissions } from './user-queries';

/** DECISIONS ADMIN-017 / ADMIN-021. */
export const ROLE_DATA_ERROR = 'There was an error while retrieving role data. Please contact system administrator';
export const ROLE_NAME_EXISTS = 'A role with this name already exists.';

const ROLE_COLS = 'r.roleid AS "RoleId", r.rolename AS "RoleName", r.isactive AS "IsActive", r.rowversion AS "RowVersion"';
const ASSIGNMENT = `coalesce((SELECT json_agg(json_build_object('ModuleId', rp.moduleid, 'ActionId', rp.actionid) ORDER BY rp.moduleid, rp.actionid)
  FROM role_permissions rp WHERE rp.roleid = r.roleid), '[]') AS "PermissionAssignment"`;

export const nameExists = async (q: Queryable, name: string, exceptId: number) =>
  (await q.query('SELECT 1 FROM roles WHERE lower(rolename) = lower($1) AND roleid <> $2', [name.trim(), exceptId])).length > 0;

export type Pair = { ModuleId: number; ActionId: number };
const key = (p: Pair) => `${p.ModuleId}/${p.ActionId}`;

/** The assignment as unique pairs; a pair permissions.json does not define is a field error. */
function checkedPairs(list: Pair[]): { pairs: Pair[]; errors: FieldError[] } {
  const known = new Set(allModulePermissions().map(key));
  const errors: FieldError[] = [];
  list.forEach((p, i) => {
    if (!known.has(key(p))) errors.push({ Field: `/PermissionAssignment/${i}`, Message: `Module ${p.ModuleId} has no action ${p.ActionId}.` });
  });
  const unique = new Map(list.map((p) => [key(p), { ModuleId: p.ModuleId, ActionId: p.ActionId }]));
  return { pairs: [...unique.values()].sort((a, b) => a.ModuleId - b.ModuleId || a.ActionId - b.ActionId), errors };
}

async function writeRole(q: Queryable, actor: number, roleId: number, role: Record<string, any>, pairs: Pair[]) {
  const [prev] = await q.query('SELECT rolename, isactive, rowversion FROM roles WHERE roleid = $1', [roleId]);
  const before = (await q.query('SELECT moduleid, actionid FROM role_permissions WHERE roleid = $1 ORDER BY 1, 2', [roleId])).map(
    (p) => `${p.moduleid}/${p.actionid}`,
  );
  await q.query('UPDATE roles SET rolename = $2, isactive = $3, rowversion = rowversion + 1 WHERE roleid = $1', [
    roleId,
    role.RoleName.trim(),
    role.IsActive ?? true,
  ]);
  await q.query('DELETE FROM role_permissions WHERE roleid = $1', [roleId]);
  if (pairs.length) {
    await q.query('INSERT INTO role_permissions (roleid, moduleid, actionid) SELECT $1, unnest($2::int[]), unnest($3::int[])', [
      roleId,
      pairs.map((p) => p.ModuleId),
      pairs.map((p) => p.ActionId),
    ]);
  }
  const after = pairs.map(key);
  await recordAction(
    q,
    actor,
    'role',
    roleId,
    savedChanges(
      prev.rowversion,
      [
        { field: 'RoleName', oldValue: prev.rolename, newValue: role.RoleName.trim() },
        { field: 'IsActive', oldValue: prev.isactive, newValue: role.IsActive ?? true },
        { field: 'PermissionAssignment', oldValue: before, newValue: after },
      ].filter((ch) => JSON.stringify(ch.oldValue) !== JSON.stringify(ch.newValue)),
    ),
  );
}

export const listRoles = (q: Queryable) =>
  q.query(`SELECT ${ROLE_COLS},
  (SELECT count(*)::int FROM users u WHERE u.roleid = r.roleid AND u.isactive) AS "ActiveUsers"
  FROM roles r ORDER BY lower(r.rolename)`);

export async function loadRole(q: Queryable, roleId: number) {
  const [role] = await q.query(`SELECT ${ROLE_COLS}, ${ASSIGNMENT} FROM roles r WHERE r.roleid = $1`, [roleId]);
  return role;
}

/** The permission catalogue, flagged with the role's assignment (role 0: none). */
export async function rolePermissions(q: Queryable, roleId: number) {
  const held = new Set(
    (await q.query('SELECT moduleid, actionid FROM role_permissions WHERE roleid = $1', [roleId])).map((p) => `${p.moduleid}/${p.actionid}`),
  );
  return allModulePermissions().map((p) => ({ ...p, IsAssigned: held.has(key(p)) }));
}

/** CreateRole or UpdateRole: every problem of the form at once, the name unique, the version current; answers the saved role. */
export async function saveRole(db: Db, actor: number, mode: 'create' | 'edit', role: Record<string, any>, assignment: Pair[]) {
  const { pairs, errors } = checkedPairs(assignment);
  if (!String(role.RoleName ?? '').trim()) errors.push({ Field: '/Role/RoleName', Message: 'Required.' });
  if (mode === 'edit' && (!(role.RoleId > 0) || !(role.RowVersion > 0))) errors.push({ Field: '/Role/RowVersion', Message: 'Required.' });
  if (errors.length) throw badRequest('Your submission contains error(s). Please correct the highlighted items below.', errors);
  const roleId = await db.tx(async (q) => {
    if (await nameExists(q, role.RoleName, mode === 'edit' ? role.RoleId : 0)) {
      throw badRequest(ROLE_NAME_EXISTS, [{ Field: '/Role/RoleName', Message: ROLE_NAME_EXISTS }]);
    }
    let id = role.RoleId as number;
    if (mode === 'create') {
      [{ roleid: id }] = await q.query<{ roleid: number }>('INSERT INTO roles (rolename, isactive) VALUES ($1, $2) RETURNING roleid', [
        role.RoleName.trim(),
        role.IsActive ?? true,
      ]);
      await recordAction(q, actor, 'role', id, [{ field: 'RoleName', oldValue: null, newValue: role.RoleName.trim() }]);
    } else {
      const [locked] = await q.query('SELECT rowversion FROM roles WHERE roleid = $1 FOR UPDATE', [id]);
      if (!locked) throw notFound(ROLE_DATA_ERROR);
      if (locked.rowversion !== role.RowVersion) throw await staleRecord(q, 'role', id, locked.rowversion);
    }
    await writeRole(q, actor, id, role, pairs);
    return id;
  });
  return loadRole(db, roleId);
}
