/** The audit log (who, when, entity, id, field, old, new), written in the same transaction as the change. */
import type { Queryable } from '../db/client';

export interface FieldChange {
  field: string;
  oldValue: unknown;
  newValue: unknown;
}

const asText = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : String(v));

export async function writeAudit(q: Queryable, userId: number | null, entity: string, entityId: string | number, changes: FieldChange[]) {
  await writeAudits(
    q,
    userId,
    entity,
    changes.map((ch) => ({ ...ch, entityId })),
  );
}

/** The audit rows of many records in one statement (a bulk save writes one insert, not one per cell). */
export async function writeAudits(q: Queryable, userId: number | null, entity: string, changes: (FieldChange & { entityId: string | number })[]) {
  await writeAuditRows(
    q,
    userId,
    changes.map((c) => ({ ...c, entity })),
  );
}

/** One audit row of a save that writes records of several entities (a header and its child rows, ADR 031). */
export type AuditRow = FieldChange & { entity: string; entityId: string | number };

/** The audit rows of a save, whatever their entities, in one statement. */
export async function writeAuditRows(q: Queryable, userId: number | null, rows: AuditRow[]) {
  if (!rows.length) return;
  await q.query(
    `INSERT INTO audit_log (userid, entity, entityid, field, oldvalue, newvalue)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[])`,
    [
      userId,
      rows.map((c) => c.entity),
      rows.map((c) => String(c.entityId)),
      rows.map((c) => c.field),
      rows.map((c) => asText(c.oldValue)),
      rows.map((c) => asText(c.newValue)),
    ],
  );
}

/** The changes between two versions of a record, for the fields of `next`. */
export function diffRecords(prev: Record<string, unknown>, next: Record<string, unknown>): FieldChange[] {
  return Object.keys(next)
    .filter((k) => asText(prev[k]) !== asText(next[k]))
    .map((k) => ({ field: k, oldValue: prev[k], newValue: next[k] }));
}

/**
 * A save's audit rows: its changed fields, or the version move of a save that changed none of its
 * audited fields (only child rows, or nothing), so that the audit trail names every saved version:
 * the stale-save answer (stale.ts) reads who saved last from it.
 */
export const savedChanges = (rowVersion: number, changes: FieldChange[]): FieldChange[] =>
  changes.length ? changes : [{ field: 'RowVersion', oldValue: rowVersion, newValue: rowVersion + 1 }];
