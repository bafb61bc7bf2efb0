/**
 * POST /api/token (AUTH-007..009, AUTH-019..022): password and refresh_token grants, form-encoded
 * or JSON. Failures answer OAuth-style `{ error, error_description }` with the codes the
 * specification names: role_not_assigned, confirm_email, change_password_required, invalid_grant.
 */
import type { Context } from 'hono';
import { PUBLIC, type ApiRouter } from '../../core/http/router';
import { verifyPassword } from '../../core/auth/password';
import { revokeUserSessions, rotateRefreshToken } from '../../core/auth/sessions';
import { tokenResponse } from '../../core/auth/token-response';
import { claimAttempt, clearFailures } from '../../core/auth/throttle';
import { accountBlock, signIn, userByName } from './sign-in';

const BAD_CREDENTIALS = 'The user name or password is incorrect.';
// A real argon2id hash of a random string, verified when the user name is unknown so that
// unknown and known names take the same time.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$Xb0Jk0v3KX0nW5Zk3iD8lO6xkq3zS0r4Q4dAGmgT+0Q';

const oauthError = (c: Context, error: string, description: string, status: 400 | 429 = 400, extra: object = {}) =>
  c.json({ error, error_description: description, ...extra }, status);

export function tokenRoutes(r: ApiRouter) {
  r.post('/api/token', PUBLIC, async (c) => {
    const ctx = c.get('ctx');
    const body = c.get('body');
    const errors = ctx.schemas.validate('request', 'token', body);
    if (errors.length) return oauthError(c, 'invalid_request', 'The request is invalid.', 400, { Errors: errors });

    if (body.grant_type === 'refresh_token') {
      const result = await rotateRefreshToken(ctx, String(body.refresh_token));
      if (!result.ok)
        return oauthError(
          c,
          'invalid_grant',
          result.reason === 'reused' ? 'The refresh token was already used; the session has been ended.' : 'The session has ended.',
        );
      const block = await accountBlock(ctx, result.userId);
      if (block) {
        await revokeUserSessions(ctx.db, result.userId, block[0]);
        return oauthError(c, block[0], block[1]);
      }
      return c.json(await tokenResponse(ctx, ctx.db, result.userId, result.tokens));
    }

    const userName = String(body.username).trim();
    const wait = await claimAttempt(ctx.db, userName);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return oauthError(c, 'too_many_attempts', `Too many failed sign-ins. Please try again in ${Math.ceil(wait / 60)} minute(s).`, 429);
    }
    const user = await userByName(ctx.db, userName);
    const ok = await verifyPassword(user?.passwordhash ?? DUMMY_HASH, String(body.password));
    // A wrong password leaves the claimed attempt as its failure; a right one clears the name's failures.
    if (!user || !ok) return oauthError(c, 'invalid_grant', BAD_CREDENTIALS);
    await clearFailures(ctx.db, userName);
    const block = await accountBlock(ctx, user.userid);
    if (block) return oauthError(c, block[0], block[1]);
    return c.json(await signIn(ctx, user.userid));
  });
}
