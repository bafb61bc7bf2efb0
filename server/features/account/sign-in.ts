/** Sign-in checks of the token call (AUTH-007..009, AUTH-019..022): the account by name, what blocks its session, and a new session. */
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { createSession } from '../../core/auth/sessions';
import { tokenResponse } from '../../core/auth/token-response';

/** The reason a signed-in user may not have a session now, as the spec's error code. */
export async function accountBlock(ctx: AppContext, userId: number): Promise<[string, string] | null> {
  const [u] = await ctx.db.query('SELECT isactive, emailconfirmed, changepasswordrequired, roleid FROM users WHERE userid = $1', [userId]);
  if (!u?.isactive) return ['invalid_grant', 'This account is not active.'];
  if (!u.emailconfirmed) return ['confirm_email', 'Please confirm your e-mail address before signing in.'];
  if (u.changepasswordrequired) return ['change_password_required', 'You must change your password before signing in.'];
  if (u.roleid === null) return ['role_not_assigned', 'No role assigned to this user'];
  return null;
}

export async function userByName(q: Queryable, userName: string) {
  const [user] = await q.query<{ userid: number; passwordhash: string }>('SELECT userid, passwordhash FROM users WHERE lower(username) = lower($1)', [
    userName,
  ]);
  return user;
}

/** A new session of the user, its last sign-in stamped; answers the token response. */
export function signIn(ctx: AppContext, userId: number) {
  return ctx.db.tx(async (q) => {
    await q.query('UPDATE users SET lastlogin = now() WHERE userid = $1', [userId]);
    return tokenResponse(ctx, q, userId, await createSession(ctx, q, userId));
  });
}
