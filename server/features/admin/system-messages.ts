/**
 * System messages (SYSMSG-001..016, module 18): the public poll of active messages, and the
 * administration list, editor load, save and delete. Signed-out callers get only messages flagged
 * ShowUnauthenticatedUsers, factory users only those flagged ShowFactoryUsers (SYSMSG-007/008).
 */
import { authenticate } from '../../core/auth/authenticate';
import type { SessionUser } from '../../core/auth/permissions';
import { perm, PUBLIC, type ApiRouter } from '../../core/http/router';
import { AppError, badRequest, notFound } from '../../core/http/errors';
import { intParam } from '../../core/http/request';
import { diffRecords, writeAudit } from '../../core/records/audit';
import { ok } from '../../core/http/request';
import { staleRecord } from '../../core/records/stale';

export const MESSAGE_NOT_FOUND = 'Message not found.';
/** SYSMSG-012: the system-message editor's text (two spaces after the first period). */
export const MESSAGE_SAVE_ERRORS = 'Your submission contains error(s).  Please correct the highlighted items below.';

const COLS = `systemmessageid AS "SystemMessageId", title AS "Title", message AS "Message", starttime AS "StartTime",
  expiretime AS "ExpireTime", showunauthenticatedusers AS "ShowUnauthenticatedUsers", showfactoryusers AS "ShowFactoryUsers",
  changedon AS "ChangedOn"`;

export function systemMessageRoutes(r: ApiRouter) {
  // SYSMSG-004: polled every 10 minutes on every screen, public ones included; a bearer token, when sent and live, widens the set.
  r.get('/api/SystemMessage/DisplayMessages', PUBLIC, async (c) => {
    const ctx = c.get('ctx');
    let viewer: SessionUser | null = null;
    if (c.req.header('authorization')) viewer = await authenticate(ctx, c.req.header('authorization')).catch(() => null);
    const audience = !viewer ? 'AND showunauthenticatedusers' : viewer.isFactoryUser ? 'AND showfactoryusers' : '';
    return c.json(await ctx.db.query(
      `SELECT ${COLS} FROM system_messages WHERE starttime <= now() AND expiretime > now() ${audience} ORDER BY starttime DESC, systemmessageid`));
  });

  r.get('/api/SystemMessage/GetMessages', perm('systemMessages', 'read'), async (c) =>
    c.json(await c.get('ctx').db.query(`SELECT ${COLS} FROM system_messages ORDER BY starttime DESC, systemmessageid DESC`)));

  r.get('/api/SystemMessage/GetMessage', perm('systemMessages', 'read'), { query: { id: 'id' } }, async (c) => {
    const [row] = await c.get('ctx').db.query(`SELECT ${COLS} FROM system_messages WHERE systemmessageid = $1`, [intParam(c, 'id')]);
    if (!row) throw notFound(MESSAGE_NOT_FOUND);
    return c.json(row);
  });

  // SYSMSG-009/013: id <= 0 adds a message; the editor needs module 18 edit (SYSMSG-002).
  r.post('/api/SystemMessage/UpdateMessage', perm('systemMessages', 'edit'), { body: 'system-message-save', query: { id: 'id' } }, async (c) => {
    const { db } = c.get('ctx');
    const actor = c.get('user').userId;
    const b = c.get('body');
    const id = intParam(c, 'id', 0);
    if (Date.parse(b.ExpireTime) <= Date.parse(b.StartTime)) {
      throw badRequest(MESSAGE_SAVE_ERRORS, [{ Field: '/ExpireTime', Message: 'The expire time must be after the start time.' }]);
    }
    const values = [b.Title.trim(), b.Message.trim(), b.StartTime, b.ExpireTime, b.ShowUnauthenticatedUsers, b.ShowFactoryUsers];
    const saved = await db.tx(async (q) => {
      if (id <= 0) {
        const [row] = await q.query(`INSERT INTO system_messages (title, message, starttime, expiretime, showunauthenticatedusers, showfactoryusers)
          VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLS}`, values);
        await writeAudit(q, actor, 'system-message', row.SystemMessageId, [{ field: 'Title', oldValue: null, newValue: row.Title }]);
        return row;
      }
      const [prev] = await q.query(`SELECT ${COLS} FROM system_messages WHERE systemmessageid = $1 FOR UPDATE`, [id]);
      if (!prev) throw notFound(MESSAGE_NOT_FOUND);
      // ChangedOn is the message's version (SYSMSG-006); an editor that sends it back gets 409 when someone saved in between.
      if (b.ChangedOn && Date.parse(b.ChangedOn) !== Date.parse(prev.ChangedOn)) {
        throw await staleRecord(q, 'system-message', id, new Date(prev.ChangedOn).toISOString());
      }
      const [row] = await q.query(`UPDATE system_messages SET title = $2, message = $3, starttime = $4, expiretime = $5,
          showunauthenticatedusers = $6, showfactoryusers = $7, changedon = now() WHERE systemmessageid = $1 RETURNING ${COLS}`, [id, ...values]);
      const { ChangedOn: _a, ...before } = prev;
      const { ChangedOn: _b, ...after } = row;
      // A save that changed no field still moves the version: its ChangedOn is audited then, so the trail names every version (stale.ts).
      const changes = diffRecords(before, after);
      await writeAudit(q, actor, 'system-message', id, changes.length ? changes : diffRecords({ ChangedOn: prev.ChangedOn }, { ChangedOn: row.ChangedOn }));
      return row;
    });
    return c.json(ok('Record Saved Successfully.', { SystemMessage: saved }));
  });

  r.post('/api/SystemMessage/DeleteMessage', perm('systemMessages', 'edit'), { query: { id: 'id' } }, async (c) => {
    const { db } = c.get('ctx');
    const id = intParam(c, 'id');
    await db.tx(async (q) => {
      const [row] = await q.query('DELETE FROM system_messages WHERE systemmessageid = $1 RETURNING title', [id]);
      if (!row) throw new AppError(404, 'not_found', MESSAGE_NOT_FOUND);
      await writeAudit(q, c.get('user').userId, 'system-message', id, [{ field: 'Deleted', oldValue: row.title, newValue: null }]);
    });
    return c.json(ok('Message successfully deleted.'));
  });
}
