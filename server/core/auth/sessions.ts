/**
 * Sessions and refresh-token rotation (AUTH-008, AUTH-011/012). A session lives at most
 * 3 hours from sign-in; its refresh tokens form one family.
 */
import crypto from 'node:crypto';
import type { Queryable } from '../db/client';
import type { AppContext } from '../context';
import type { SessionUser } from './permissions';
import { randomToken, sha256, signAccessToken } from './tokens';

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  validUntil: string;
}

export async function createSession(ctx: AppContext, q: Queryable, userId: number): Promise<IssuedTokens> {
  const sessionId = crypto.randomUUID();
  const [s] = await q.query<{ expiresat: string }>(
    `INSERT INTO sessions (sessionid, userid, expiresat) VALUES ($1, $2, now() + make_interval(secs => $3))
     RETURNING expiresat`,
    [sessionId, userId, ctx.config.sessionSeconds],
  );
  return issueTokens(ctx, q, sessionId, userId, s.expiresat);
}

async function issueTokens(ctx: AppContext, q: Queryable, sessionId: string, userId: number, expiresAt: string): Promise<IssuedTokens> {
  const refreshToken = randomToken();
  await q.query('INSERT INTO refresh_tokens (tokenhash, sessionid) VALUES ($1, $2)', [sha256(refreshToken), sessionId]);
  const now = Math.floor(Date.now() / 1000);
  const sessionEnd = Math.floor(Date.parse(expiresAt) / 1000);
  const exp = Math.min(now + ctx.config.accessTokenSeconds, sessionEnd);
  const accessToken = await signAccessToken({ sid: sessionId, sub: userId, exp }, ctx.tokenSecret);
  return { accessToken, refreshToken, expiresIn: Math.max(0, exp - now), validUntil: expiresAt };
}

export type RotateResult = { ok: true; userId: number; tokens: IssuedTokens } | { ok: false; reason: 'unknown' | 'reused' | 'ended' };

/**
 * A token used less than this long ago, whose successor has never been used, is answered with a
 * fresh pair instead of being treated as a replay: the browser that sent it lost the answer
 * (a reload aborted the request). Its unused successor dies, so there is still one live token.
 */
export const REFRESH_GRACE_SECONDS = 30;

/** Exchanges a refresh token for a new pair; a token used before revokes its session (reuse detection). */
export function rotateRefreshToken(ctx: AppContext, token: string): Promise<RotateResult> {
  return ctx.db.tx(async (q) => {
    const hash = sha256(token);
    const [row] = await q.query<{ sessionid: string; userid: number; usedat: string | null; expiresat: string; live: boolean; lost: boolean }>(
      `SELECT r.sessionid, s.userid, r.usedat, s.expiresat,
              (s.revokedat IS NULL AND s.expiresat > now()) AS live,
              (r.usedat > now() - make_interval(secs => $2) AND EXISTS (
                 SELECT 1 FROM refresh_tokens n WHERE n.tokenhash = r.replacedby AND n.usedat IS NULL)) AS lost
         FROM refresh_tokens r JOIN sessions s ON s.sessionid = r.sessionid
        WHERE r.tokenhash = $1 FOR UPDATE OF r, s`,
      [hash, REFRESH_GRACE_SECONDS],
    );
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (!row.live) return { ok: false, reason: 'ended' } as const;
    if (row.usedat && !row.lost) {
      await revokeSession(q, row.sessionid, 'refresh token reused');
      return { ok: false, reason: 'reused' } as const;
    }
    if (row.lost) {
      await q.query(`UPDATE refresh_tokens SET usedat = now() WHERE tokenhash = (SELECT replacedby FROM refresh_tokens WHERE tokenhash = $1)`, [hash]);
    }
    const tokens = await issueTokens(ctx, q, row.sessionid, row.userid, row.expiresat);
    await q.query('UPDATE refresh_tokens SET usedat = coalesce(usedat, now()), replacedby = $2 WHERE tokenhash = $1', [hash, sha256(tokens.refreshToken)]);
    return { ok: true, userId: row.userid, tokens } as const;
  });
}

export async function revokeSession(q: Queryable, sessionId: string, reason: string) {
  await q.query('UPDATE sessions SET revokedat = now(), revokereason = $2 WHERE sessionid = $1 AND revokedat IS NULL', [sessionId, reason]);
}

/** Ends every session of a user at once (deactivation, role change, password change). */
export async function revokeUserSessions(q: Queryable, userId: number, reason: string) {
  await q.query('UPDATE sessions SET revokedat = now(), revokereason = $2 WHERE userid = $1 AND revokedat IS NULL', [userId, reason]);
}

/** A user's name, role permissions, brands and factories (the rights every check reads). */
const USER_SELECT = `SELECT u.userid, u.username, u.firstname, u.lastname, u.isfactoryuser, u.roleid,
            coalesce((SELECT array_agg(rp.moduleid * 100 + rp.actionid) FROM role_permissions rp
                        JOIN roles r ON r.roleid = rp.roleid AND r.isactive WHERE rp.roleid = u.roleid), '{}') AS perms,
            coalesce((SELECT array_agg(brandid) FROM user_brands WHERE userid = u.userid), '{}') AS brands,
            coalesce((SELECT array_agg(factorykey) FROM user_factories WHERE userid = u.userid), '{}') AS factories`;

const sessionUser = (u: Record<string, any>, sessionId: string): SessionUser => ({
  userId: u.userid,
  userName: u.username,
  firstName: u.firstname,
  lastName: u.lastname,
  isFactoryUser: u.isfactoryuser,
  roleId: u.roleid,
  sessionId,
  permissions: new Set(u.perms),
  brandIds: new Set(u.brands),
  factoryKeys: new Set(u.factories),
});

/**
 * The signed-in user behind a live session, with permissions, brands and factories, and when the
 * session ends; null when it ended. Prepared: it runs for every request the session cache misses.
 */
export async function loadSession(q: Queryable, sessionId: string, userId: number): Promise<{ user: SessionUser; expiresAt: number } | null> {
  const [u] = await q.query(
    `${USER_SELECT}, s.expiresat
       FROM sessions s JOIN users u ON u.userid = s.userid
      WHERE s.sessionid = $1 AND s.userid = $2 AND s.revokedat IS NULL AND s.expiresat > now() AND u.isactive`,
    [sessionId, userId],
    { prepare: true },
  );
  if (!u) return null;
  return { user: sessionUser(u, sessionId), expiresAt: Date.parse(u.expiresat) };
}

/**
 * An active user with their rights as they are now, for background work done on their behalf (an
 * import job): the job may do only what its user may do when it runs. Null for an inactive user.
 */
export async function loadUser(q: Queryable, userId: number): Promise<SessionUser | null> {
  const [u] = await q.query(`${USER_SELECT} FROM users u WHERE u.userid = $1 AND u.isactive`, [userId]);
  return u ? sessionUser(u, '') : null;
}
