/**
 * The change feed over Server-Sent Events (issue 30, ADR 035):
 *
 * - GET /api/Feed: a stream of `records` (changed records, scoped and without hidden fields),
 *   `jobs` (upload jobs the user sees), `presence` (who has a topic the tab announced open),
 *   `hello` (where the stream starts) and `reload` (events were missed: read again) events. Each
 *   event has an id; a stream opened with the last one seen (the Last-Event-ID header, or the
 *   `lastEventId` parameter) resumes after it. Signed in like every call (the bearer token); the
 *   stream ends when the session ends (within a second) or the token expires.
 * - POST /api/Feed/Presence: a tab's topics ('record:<entity>:<id>', 'grid:<gridId>'), repeated
 *   every 15 s; topics the user may not read are left out (and answered without them).
 */
import { streamSSE } from 'hono/streaming';
import type { SessionUser } from '../auth/permissions';
import { initialsOf, presencePayload } from '../feed/presence';
import { feedHub } from '../feed/hub';
import type { AppContext } from '../context';
import { verifyAccessToken } from '../auth/tokens';
import { SIGNED_IN, type ApiRouter } from '../http/router';
import { AppError, unauthorized } from '../http/errors';
import { queryParam } from '../http/request';
import { recordState } from '../records/access';
import { hasView, recordKey } from '../records/columns';
import { holds } from '../schemas/visibility';
import { CHANGES_CHANNEL } from '../db/client';
import { gridFor } from './grids';

const CLIENT = /^[A-Za-z0-9_-]{8,64}$/;

/** Whether the user may read what a topic names (a record in their scope, a grid they may read). */
async function mayOpen(ctx: AppContext, user: SessionUser, topic: string): Promise<boolean> {
  try {
    const [kind, name, id] = topic.split(':');
    if (kind === 'grid') {
      await gridFor(ctx, user, name, 'read');
      return true;
    }
    const schema = ctx.schemas.entities.get(name);
    if (!schema?.['x-tables'] || !(await hasView(ctx, name))) return false;
    const module = ctx.schemas.visibility.get(name)?.module ?? schema['x-module'];
    if (module && !holds(user, [module, 'read'])) return false;
    await recordState(ctx, user, name, recordKey(schema), Number(id));
    return true;
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}

export function feedRoutes(r: ApiRouter) {
  r.get('/api/Feed', SIGNED_IN, { query: { client: 'text', lastEventId: 'text' } }, async (c) => {
    const ctx = c.get('ctx');
    // The stream lives as long as the token it was opened with (the guard checked the session).
    const claims = await verifyAccessToken(/^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '', ctx.tokenSecret);
    if (!claims) throw unauthorized();
    const client = queryParam(c, 'client') ?? '';
    const lastEventId = c.req.header('last-event-id') ?? queryParam(c, 'lastEventId');
    const hub = await feedHub(ctx);
    // No buffering by a proxy in between (nginx), or events would arrive in bursts.
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, (stream) =>
      hub.serve(stream, {
        user: c.get('user'),
        client: CLIENT.test(client) ? client : '',
        until: claims.exp * 1000,
        lastEventId: lastEventId?.slice(0, 100),
      }),
    );
  });

  r.post('/api/Feed/Presence', SIGNED_IN, { body: 'feed-presence' }, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const body = c.get('body') as { Client: string; Topics: string[] };
    const topics: string[] = [];
    for (const t of new Set(body.Topics)) if (await mayOpen(ctx, user, t)) topics.push(t);
    await feedHub(ctx);
    const payload = presencePayload({
      client: body.Client,
      userId: user.userId,
      name: `${user.firstName} ${user.lastName}`.trim(),
      initials: initialsOf(user.firstName, user.lastName),
      topics,
    });
    await ctx.db.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, payload]);
    return c.json({ IsSuccessful: true, Topics: topics });
  });
}
