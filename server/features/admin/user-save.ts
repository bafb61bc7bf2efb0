/**
 * The user editor's saves (ADMIN-009..015): CreateUser (module 6 create) and UpdateUser (module 6
 * edit). A new user is active, must change the mailed temporary password and has theme 0.
 * UpdateUser goes through the records pipeline (field rights, RowVersion 409, audit); the brand
 * and factory sets are replaced and audited beside it. Deactivating a user or changing the role
 * ends their sessions (trigger of migration 003).
 */
import type { AppContext } from '../../core/context';
import type { SessionUser } from '../../core/auth/permissions';
import type { Queryable } from '../../core/db/client';
import { badRequest, type FieldError } from '../../core/http/errors';
import { hashPassword } from '../../core/auth/password';
import { revokeUserSessions } from '../../core/auth/sessions';
import { recordAction } from '../../core/records/actions';
import { updateRecordIn } from '../../core/records/write';
import { assignmentErrors, mailTemporaryPassword, nameInUse, nameTaken, refuse, temporaryPassword } from './user-rules';

/** The editor's request as one flat user record, its assignment lists when sent, and whether to reset the password. */
export interface UserInput {
  user: Record<string, any>;
  brands?: number[];
  factories?: string[];
  resetPassword: boolean;
}

async function replaceLinks(
  q: Queryable,
  actor: number,
  userId: number,
  table: 'user_brands' | 'user_factories',
  column: string,
  field: string,
  next: (number | string)[],
) {
  const prev = (await q.query(`SELECT ${column} AS v FROM ${table} WHERE userid = $1 ORDER BY 1`, [userId])).map((r) => r.v);
  const sorted = [...next].sort();
  if (JSON.stringify(prev) === JSON.stringify(sorted)) return;
  await q.query(`DELETE FROM ${table} WHERE userid = $1`, [userId]);
  if (next.length) await q.query(`INSERT INTO ${table} (userid, ${column}) SELECT $1, unnest($2::${column === 'brandid' ? 'int' : 'text'}[])`, [userId, next]);
  await recordAction(q, actor, 'user', userId, [{ field, oldValue: prev, newValue: sorted }]);
}

async function resetPassword(ctx: AppContext, q: Queryable, actor: number, userId: number, isNew: boolean) {
  const password = temporaryPassword();
  const [u] = await q.query(
    `UPDATE users SET passwordhash = $2, changepasswordrequired = true WHERE userid = $1
    RETURNING username, firstname`,
    [userId, await hashPassword(password)],
  );
  if (!isNew) {
    await revokeUserSessions(q, userId, 'password reset by administrator');
    await recordAction(q, actor, 'user', userId, [{ field: 'Password', oldValue: null, newValue: '(reset)' }]);
  }
  await mailTemporaryPassword(ctx, q, u.username, u.firstname, password, isNew);
}

/** ADMIN-009: a new user is active (unless the editor says otherwise), must change the password, theme 0; answers the new user's id. */
export function createUser(ctx: AppContext, actor: number, { user: u, brands, factories }: UserInput) {
  const record: Record<string, any> = {
    ...u,
    IsActive: u.IsActive ?? true,
    EmailConfirmed: u.EmailConfirmed ?? true,
    ChangePasswordRequired: true,
    Theme: 0,
    IsFactoryUser: u.IsFactoryUser ?? false,
    Brands: brands ?? [],
    Factories: factories ?? [],
  };
  delete record.UserId;
  delete record.RowVersion;
  return ctx.db.tx(async (q) => {
    const errors: FieldError[] = ctx.schemas
      .validate('entity', 'user', Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null && v !== undefined)))
      .filter((e) => !e.Field.startsWith('/Brands'))
      .map((e) => ({ ...e, Field: `/User${e.Field}` }));
    errors.push(
      ...(await assignmentErrors(q, { brands: record.Brands, factories: record.Factories, isFactoryUser: record.IsFactoryUser, roleId: record.RoleId })),
    );
    if (errors.length) refuse(errors);
    if (await nameTaken(q, record.UserName)) throw badRequest(nameInUse(record.UserName), [{ Field: '/User/UserName', Message: nameInUse(record.UserName) }]);
    const [row] = await q.query<{ userid: number }>(
      `INSERT INTO users (username, passwordhash, firstname, lastname, isactive, emailconfirmed, changepasswordrequired,
                          networkid, theme, isfactoryuser, roleid, createdby, lastchangedby)
       VALUES ($1, '', $2, $3, $4, $5, true, $6, 0, $7, $8, $9, $9) RETURNING userid`,
      [
        record.UserName,
        record.FirstName,
        record.LastName,
        record.IsActive,
        record.EmailConfirmed,
        record.NetworkId ?? null,
        record.IsFactoryUser,
        record.RoleId ?? null,
        actor,
      ],
    );
    await replaceLinks(q, actor, row.userid, 'user_brands', 'brandid', 'Brands', record.Brands);
    await replaceLinks(q, actor, row.userid, 'user_factories', 'factorykey', 'Factories', record.Factories);
    await recordAction(
      q,
      actor,
      'user',
      row.userid,
      ['UserName', 'FirstName', 'LastName', 'IsActive', 'RoleId', 'IsFactoryUser'].map((f) => ({
        field: f,
        oldValue: null,
        newValue: (record as Record<string, unknown>)[f] ?? null,
      })),
    );
    await resetPassword(ctx, q, actor, row.userid, true);
    return row.userid;
  });
}

/** Saves the user through the records pipeline, then the assignment lists and the password reset; answers the user's id. */
export async function updateUser(ctx: AppContext, actor: SessionUser, { user: u, brands, factories, resetPassword: reset }: UserInput) {
  const userId = Number(u.UserId);
  if (!(userId > 0) || !(Number(u.RowVersion) > 0)) {
    throw badRequest('Your submission contains error(s). Please correct the highlighted items below.', [
      { Field: '/User/UserId', Message: 'Required.' },
      { Field: '/User/RowVersion', Message: 'Required.' },
    ]);
  }
  await ctx.db.tx(async (q) => {
    const [prev] = await q.query('SELECT isfactoryuser FROM users WHERE userid = $1', [userId]);
    const isFactoryUser = (u.IsFactoryUser ?? prev?.isfactoryuser) === true;
    const errors = await assignmentErrors(q, { brands, factories, isFactoryUser, roleId: u.RoleId });
    if (errors.length) refuse(errors);
    const changes = Object.fromEntries(Object.entries(u).filter(([k, v]) => v !== undefined && !['UserId', 'RowVersion'].includes(k)));
    if (typeof changes.UserName === 'string' && (await nameTaken(q, changes.UserName, userId))) {
      throw badRequest(nameInUse(changes.UserName), [{ Field: '/User/UserName', Message: nameInUse(changes.UserName) }]);
    }
    await updateRecordIn(ctx, q, actor, 'user', 'UserId', { id: userId, rowVersion: Number(u.RowVersion), changes });
    await q.query('UPDATE users SET lastchanged = now(), lastchangedby = $2 WHERE userid = $1', [userId, actor.userId]);
    if (brands) await replaceLinks(q, actor.userId, userId, 'user_brands', 'brandid', 'Brands', brands);
    // Factory assignments exist only for factory users: a user who stops being one loses them.
    if (factories || !isFactoryUser) await replaceLinks(q, actor.userId, userId, 'user_factories', 'factorykey', 'Factories', isFactoryUser ? factories! : []);
    if (reset) await resetPassword(ctx, q, actor.userId, userId, false);
  });
  return userId;
}
