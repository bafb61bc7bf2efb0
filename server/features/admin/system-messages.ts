/**
 * System messages (SYSMSG-001..016, module 18): the public poll of active messages, and the
 * administration list, editor load, save and delete. Signed-out callers get only messages flagged
 * ShowUnauthenticatedUsers, factory users only those flagged ShowFactoryUsers (SYSMSG-007/008).
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { Db, Queryable } from '../../core/db/client';
import { AppError, badRequest, notFound } from '../../core/http/errors';
import { diffRecords, recordAction } from '../../core/records/actions';
import { staleRecord } from '../../core/records/stale';

export const MESSAGE_NOT_FOUND = 'Message not found.';
/** SYSMSG-012: the system-message editor's text (two spaces after the first period). */
export const MESSAGE_SAVE_ERRORS = 'Your submission contains error(s).  Please correct the highlighted items below.';

const COLS = `systemmessageid AS "SystemMessageId", title AS "Title", message AS "Message", starttime AS "StartTime",
  expiretime AS "ExpireTime", showunauthenticatedusers AS "ShowUnauthenticatedUsers", showfactoryusers AS "ShowFactoryUsers",
  changedon AS "ChangedOn"`;

/** SYSMSG-004: the active messages of the viewer's audience (signed out: null). */
export function activeMessages(q: Queryable, viewer: SessionUser | null) {
  const audience = !viewer ? 'AND showunauthenticatedusers' : viewer.isFactoryUser ? 'AND showfactoryusers' : '';
  return q.query(`SELECT ${COLS} FROM system_messages WHERE starttime <= now() AND expiretime > now() ${audience} ORDER BY starttime DESC, systemmessageid`);
}

export const allMessages = (q: Queryable) => q.query(`SELECT ${COLS} FROM system_messages ORDER BY starttime DESC, systemmessageid DESC`);

export async function loadMessage(q: Queryable, id: number) {
  const [row] = await q.query(`SELECT ${COLS} FROM system_messages WHERE systemmessageid = $1`, [id]);
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  return row;
}

/** SYSMSG-009/013: id <= 0 adds a message, else the message is changed at the ChangedOn the editor read; answers the saved message. */
export async function saveMessage(db: Db, actor: number, id: number, b: Record<string, any>) {
  if (Date.parse(b.ExpireTime) <= Date.parse(b.StartTime)) {
    throw badRequest(MESSAGE_SAVE_ERRORS, [{ Field: '/ExpireTime', Message: 'The expire time must be after the start time.' }]);
  }
  const values = [b.Title.trim(), b.Message.trim(), b.StartTime, b.ExpireTime, b.ShowUnauthenticatedUsers, b.ShowFactoryUsers];
  return db.tx(async (q) => {
    if (id <= 0) {
      const [row] = await q.query(
        `INSERT INTO system_messages (title, message, starttime, expiretime, showunauthenticatedusers, showfactoryusers)
        VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLS}`,
        values,
      );
      await recordAction(q, actor, 'system-message', row.SystemMessageId, [{ field: 'Title', oldValue: null, newValue: row.Title }]);
      return row;
    }
    const [prev] = await q.query(`SELECT ${COLS} FROM system_messages WHERE systemmessageid = $1 FOR UPDATE`, [id]);
    if (!prev) throw notFound(MESSAGE_NOT_FOUND);
    // ChangedOn is the message's version (SYSMSG-006); an editor that sends it back gets 409 when someone saved in between.
    if (b.ChangedOn && Date.parse(b.ChangedOn) !== Date.parse(prev.ChangedOn)) {
      throw await staleRecord(q, 'system-message', id, new Date(prev.ChangedOn).toISOString());
    }
    const [row] = await q.query(
      `UPDATE system_messages SET title = $2, message = $3, starttime = $4, expiretime = $5,
        showunauthenticatedusers = $6, showfactoryusers = $7, changedon = now() WHERE systemmessageid = $1 RETURNING ${COLS}`,
      [id, ...values],
    );
    const { ChangedOn: _a, ...before } = prev;
    const { ChangedOn: _b, ...after } = row;
    // A save that changed no field still moves the version: its ChangedOn is audited then, so the trail names every version (stale.ts).
    const changes = diffRecords(before, after);
    await recordAction(q, actor, 'system-message', id, changes.length ? changes : diffRecords({ ChangedOn: prev.ChangedOn }, { ChangedOn: row.ChangedOn }));
    return row;
  });
}

export function deleteMessage(db: Db, actor: number, id: number) {
  return db.tx(async (q) => {
    const [row] = await q.query('DELETE FROM system_messages WHERE systemmessageid = $1 RETURNING title', [id]);
    if (!row) throw new AppError(404, 'not_found', MESSAGE_NOT_FOUND);
    await recordAction(q, actor, 'system-message', id, [{ field: 'Deleted', oldValue: row.title, newValue: null }]);
  });
}
