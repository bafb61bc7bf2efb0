/**
 * Token design (ADR 003): the access token is a short-lived HS256 JWT naming the session; every
 * request also checks the session row, so logout, deactivation and role changes end access at
 * once. Refresh tokens are random, stored hashed, single use, and rotate within their session
 * (the family); presenting a used one revokes the whole session.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sign, verify } from 'hono/jwt';

export interface AccessClaims {
  sid: string;
  sub: number;
  exp: number;
}

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
export const randomToken = () => crypto.randomBytes(32).toString('base64url');

/** The signing secret: TOKEN_SECRET, else one generated once and kept in DATA_DIR. */
export function loadTokenSecret(dataDir: string | undefined, env = process.env): string {
  if (env.TOKEN_SECRET) return env.TOKEN_SECRET;
  if (!dataDir) return randomToken();
  const file = path.join(dataDir, 'token-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    // Written aside, then linked in place (atomic, refused when present): of processes starting
    // together on one DATA_DIR, the first one's secret wins and none reads a half-written file.
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, randomToken(), { mode: 0o600 });
    try {
      fs.linkSync(tmp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.unlinkSync(tmp);
    }
  }
  return fs.readFileSync(file, 'utf8').trim();
}

export function signAccessToken(claims: AccessClaims, secret: string): Promise<string> {
  return sign({ ...claims }, secret, 'HS256');
}

/**
 * Tokens whose signature was verified, by token text and secret, with their claims: a page's
 * requests (the catalog's 50 images) carry one token, so its signature is checked once per
 * process, not per request. The expiry is checked on every use; a session's revocation is the
 * session check's (authenticate.ts), as before. Bounded: emptied when full.
 */
const verified = new Map<string, AccessClaims>();
const MAX_VERIFIED = 5_000;

/** The claims of a valid, unexpired access token, or null. */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessClaims | null> {
  const key = `${secret}\n${token}`;
  const known = verified.get(key);
  if (known) {
    if (known.exp > Math.floor(Date.now() / 1000)) return known;
    verified.delete(key);
    return null;
  }
  try {
    const payload = await verify(token, secret, 'HS256');
    if (typeof payload.sid !== 'string' || typeof payload.sub !== 'number' || typeof payload.exp !== 'number') return null;
    const claims: AccessClaims = { sid: payload.sid, sub: payload.sub, exp: payload.exp };
    if (verified.size >= MAX_VERIFIED) verified.clear();
    verified.set(key, claims);
    return claims;
  } catch {
    return null;
  }
}
