/**
 * The SessionUser the server builds for a demo user's request (scope, permissions, factories): signed in
 * through the test app, then the session behind the token loaded as the auth middleware loads it. For
 * tests that call the records pipeline or the feed's cutting in process as that user.
 */
import type { SessionUser } from '../../server/core/auth/permissions';
import { loadSession } from '../../server/core/auth/sessions';
import { verifyAccessToken } from '../../server/core/auth/tokens';
import type { DemoUser, TestApp } from './test-app';

export async function sessionUserOf(t: TestApp, user: DemoUser | string): Promise<{ token: string; user: SessionUser }> {
  const token = (await t.login(user)).access_token;
  const claims = (await verifyAccessToken(token, t.ctx.tokenSecret))!;
  return { token, user: (await loadSession(t.ctx.db, claims.sid, claims.sub))!.user };
}
