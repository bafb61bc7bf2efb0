/** The audit log (who, when, entity, id, field, old, new), written in the same transaction as the change. */
import type { Queryable } from '../db/client';

export interface FieldChange { field: string; oldValue: unknown; newValue: unknown }

const asText = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : String(v));

export async function writeAudit(q: Queryable, userId: number | null, entity: string, entityId: string | number, changes: FieldChange[]) {
  for (const ch of changes) {
    await q.query(
      'INSERT INTO audit_log (userid, entity, entityid, field, oldvalue, newvalue) VALUES ($1, $2, $3, $4, $5, $6)',
      [userId, entity, String(entityId), ch.field, asText(ch.oldValue), asText(ch.newValue)]);
  }
}

/** The changes between two versions of a record, for the fields of `next`. */
export function diffRecords(prev: Record<string, unknown>, next: Record<string, unknown>): FieldChange[] {
  return Object.keys(next)
    .filter((k) => asText(prev[k]) !== asText(next[k]))
    .map((k) => ({ field: k, oldValue: prev[k], newValue: next[k] }));
}
