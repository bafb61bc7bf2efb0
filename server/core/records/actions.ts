/**
 * The one way a feature records what it does outside the pipeline's update and create (issue 26
 * "one save path"): a domain action (a status transition, a link, a delete flag, a password reset,
 * a season shift) or the rows a feature's own check-then-write saves beside a pipeline save. Its
 * entries go into the audit trail through the core's one writer (audit.ts, core-private: a
 * dependency rule keeps features out of it), in one statement per call, in the caller's transaction.
 * A save of an entity's fields goes through the pipeline instead (write.ts, children.ts), which audits it.
 */
import type { Queryable } from '../db/client';
import { writeAuditRows, type FieldChange } from './audit';

export { diffRecords, savedChanges, type AuditRow, type FieldChange } from './audit';

/** The changes one action made to one record. */
export function recordAction(q: Queryable, userId: number | null, entity: string, entityId: string | number, changes: readonly FieldChange[]): Promise<void> {
  return writeAuditRows(q, userId, changes.map((c) => ({ ...c, entity, entityId })));
}

/** The changes one action made to many records of one entity. */
export function recordActions(q: Queryable, userId: number | null, entity: string, changes: readonly (FieldChange & { entityId: string | number })[]): Promise<void> {
  return writeAuditRows(q, userId, changes.map((c) => ({ ...c, entity })));
}
