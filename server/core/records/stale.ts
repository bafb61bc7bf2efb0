/**
 * The stale-save answer of every update route (issue 26 "one save path"). A save sent at a version
 * the record has left since it was read is refused, nothing is overwritten, and the answer is one
 * shape wherever it comes from (a record, a role, a critical path, a checklist, a forecast cell):
 *
 *   409 { IsSuccessful: false, Code: 'stale', Message, Errors: [], ChangedBy, ChangedOn, RowVersion }
 *
 * ChangedBy and ChangedOn name the record's last change from the audit trail (null when the trail
 * does not name one); RowVersion is the version the record is at now, the one a save must send.
 * The audit trail is read once for all stale rows of a request.
 */
import type { Queryable } from '../db/client';
import { AppError } from '../http/errors';

/** The code of a stale save (AppError.code, the answer's Code): screens tell it from the other 409s by it. */
export const STALE = 'stale';

/** A record's last change as the audit trail names it: the user's name and the time (ISO). */
interface LastChange {
  ChangedBy: string;
  ChangedOn: string;
}

/** A record's version as a route knows it: a row version, or what stands for one (a message's ChangedOn; null: none). */
export type Version = number | string | null;

/** Who changed each record of an entity last and when, in one query; a record without audit rows is absent. */
async function lastChanges(q: Queryable, entity: string, ids: readonly (string | number)[]): Promise<Map<string, LastChange>> {
  if (!ids.length) return new Map();
  const rows = await q.query<{ entityid: string; changedat: string | Date; name: string }>(
    `SELECT DISTINCT ON (a.entityid) a.entityid, a.changedat, coalesce(u.firstname || ' ' || u.lastname, 'System User') AS name
       FROM audit_log a LEFT JOIN users u ON u.userid = a.userid
      WHERE a.entity = $1 AND a.entityid = ANY($2) ORDER BY a.entityid, a.auditid DESC`,
    [entity, [...new Set(ids.map(String))]],
  );
  return new Map(rows.map((r) => [r.entityid, { ChangedBy: r.name, ChangedOn: new Date(r.changedat).toISOString() }]));
}

/** The stale-save 409 of a record whose last change is `last` (undefined: not known) and which is at `rowVersion` now. */
export function staleSave(last: LastChange | undefined, rowVersion: Version): AppError {
  const who = last ? `${last.ChangedBy} on ${last.ChangedOn.slice(0, 16).replace('T', ' ')} UTC` : 'another user';
  return new AppError(409, STALE, `This record was changed by ${who} after you opened it. Reload it to see the changes; nothing was saved.`, [], {
    ChangedBy: last?.ChangedBy ?? null,
    ChangedOn: last?.ChangedOn ?? null,
    RowVersion: rowVersion,
  });
}

/** The stale-save 409s of many records of an entity (id → the version each is at now), from one read of the audit trail. */
export async function staleSaves<K extends string | number>(q: Queryable, entity: string, current: ReadonlyMap<K, Version>): Promise<Map<K, AppError>> {
  const last = await lastChanges(q, entity, [...current.keys()]);
  return new Map([...current].map(([id, version]) => [id, staleSave(last.get(String(id)), version)]));
}

/** The stale-save 409 of one record, to throw. */
export async function staleRecord(q: Queryable, entity: string, id: string | number, rowVersion: Version): Promise<AppError> {
  return (await staleSaves(q, entity, new Map([[id, rowVersion]]))).get(id)!;
}
