/**
 * The change history of one record from the audit log, newest first, without the fields the user
 * may not see. History rows that are not fields of the record's schema but belong to its history:
 * its size ranges (CW-067) and its documents (uploaded, deleted, factory changed). Each has the
 * title the History panel shows and who may see it: document rows name files and factories a
 * factory user may not see (DOC-011), so they are left out for factory users.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { readRecord } from '../../core/records/read';
import { fieldAccess } from '../../core/schemas/visibility';
import { type HIERARCHY, withDeletedMessage } from './levels';

interface HistoryEntry {
  matches: (field: string) => boolean;
  title: (field: string) => string;
  visibleTo: (user: SessionUser) => boolean;
}

const DOCUMENT_FACTORY = 'Document Factory: ';

const ENTRIES: HistoryEntry[] = [
  { matches: (f) => f === 'SizeRanges', title: () => 'Size Ranges', visibleTo: () => true },
  { matches: (f) => f === 'Document', title: () => 'Document', visibleTo: (u) => !u.isFactoryUser },
  {
    matches: (f) => f.startsWith(DOCUMENT_FACTORY),
    title: (f) => `Document factory (${f.slice(DOCUMENT_FACTORY.length)})`,
    visibleTo: (u) => !u.isFactoryUser,
  },
];

/** The title of a non-field history row the user may see, or null. */
function historyEntryTitle(field: string, user: SessionUser): string | null {
  const entry = ENTRIES.find((e) => e.matches(field));
  return entry?.visibleTo(user) ? entry.title(field) : null;
}

/** The record's history (at most 500 rows); a record the user may not see answers like a missing one. */
export async function recordHistory(ctx: AppContext, user: SessionUser, h: (typeof HIERARCHY)[number], id: number) {
  await withDeletedMessage(h, () => readRecord(ctx, user, h.entity, h.key, id));
  const schema = ctx.schemas.entities.get(h.entity)!;
  const { hidden } = fieldAccess(ctx.schemas, user, h.entity);
  const rows = await ctx.db.query<{ auditid: number; changedat: string; username: string; field: string; oldvalue: string | null; newvalue: string | null }>(
    `SELECT a.auditid, a.changedat, CASE WHEN a.userid = 1 OR u.userid IS NULL THEN 'System User' ELSE u.firstname || ' ' || u.lastname END AS username,
            a.field, a.oldvalue, a.newvalue
       FROM audit_log a LEFT JOIN users u ON u.userid = a.userid
      WHERE a.entity = $1 AND a.entityid = $2 ORDER BY a.auditid DESC LIMIT 500`,
    [h.entity, String(id)],
  );
  const titleOf = (field: string) =>
    schema.properties[field] ? (hidden.has(field) ? null : (schema.properties[field].title ?? field)) : historyEntryTitle(field, user);
  return rows
    .map((r) => ({ r, title: titleOf(r.field) }))
    .filter(({ title }) => title !== null)
    .map(({ r, title }) => ({
      AuditId: r.auditid,
      ChangedOn: r.changedat,
      ChangedBy: r.username,
      Field: r.field,
      FieldTitle: title,
      OldValue: r.oldvalue,
      NewValue: r.newvalue,
    }));
}
