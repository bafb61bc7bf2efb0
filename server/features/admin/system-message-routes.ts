/** System messages (SYSMSG-001..016, module 18): the public poll and the administration calls; the rules and SQL are system-messages.ts's. */
import { authenticate } from '../../core/auth/authenticate';
import type { SessionUser } from '../../core/auth/permissions';
import { perm, PUBLIC, type ApiRouter } from '../../core/http/router';
import { intParam, ok } from '../../core/http/request';
import { activeMessages, allMessages, deleteMessage, loadMessage, saveMessage } from './system-messages';

export function systemMessageRoutes(r: ApiRouter) {
  // SYSMSG-004: polled every 10 minutes on every screen, public ones included; a bearer token, when sent and live, widens the set.
  r.get('/api/SystemMessage/DisplayMessages', PUBLIC, async (c) => {
    const ctx = c.get('ctx');
    let viewer: SessionUser | null = null;
    if (c.req.header('authorization')) viewer = await authenticate(ctx, c.req.header('authorization')).catch(() => null);
    return c.json(await activeMessages(ctx.db, viewer));
  });

  r.get('/api/SystemMessage/GetMessages', perm('systemMessages', 'read'), async (c) => c.json(await allMessages(c.get('ctx').db)));

  r.get('/api/SystemMessage/GetMessage', perm('systemMessages', 'read'), { query: { id: 'id' } }, async (c) =>
    c.json(await loadMessage(c.get('ctx').db, intParam(c, 'id'))),
  );

  // SYSMSG-009/013: id <= 0 adds a message; the editor needs module 18 edit (SYSMSG-002).
  r.post('/api/SystemMessage/UpdateMessage', perm('systemMessages', 'edit'), { body: 'system-message-save', query: { id: 'id' } }, async (c) => {
    const saved = await saveMessage(c.get('ctx').db, c.get('user').userId, intParam(c, 'id', 0), c.get('body'));
    return c.json(ok('Record Saved Successfully.', { SystemMessage: saved }));
  });

  r.post('/api/SystemMessage/DeleteMessage', perm('systemMessages', 'edit'), { query: { id: 'id' } }, async (c) => {
    await deleteMessage(c.get('ctx').db, c.get('user').userId, intParam(c, 'id'));
    return c.json(ok('Message successfully deleted.'));
  });
}
