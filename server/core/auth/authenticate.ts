/**
 * Bearer-token authentication (CONST-004): a valid signature and a live session, checked on every
 * request; the session comes from the per-process cache, which a revocation empties (session-cache.ts).
 */
import type { AppContext } from '../context';
import { unauthorized } from '../http/errors';
import type { SessionUser } from './permissions';
import { sessionCache } from './session-cache';
import { verifyAccessToken } from './tokens';

export async function authenticate(ctx: AppContext, header: string | undefined): Promise<SessionUser> {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!m) throw unauthorized();
  const claims = await verifyAccessToken(m[1], ctx.tokenSecret);
  if (!claims) throw unauthorized();
  const user = await (await sessionCache(ctx.db)).get(claims.sid, claims.sub);
  if (!user) throw unauthorized();
  return user;
}
