/**
 * The one way a feature records what it does outside the pipeline's update and create (issue 26
 * "one save path"): a domain action (a delete flag, a relink, a factory transfer, a season shift, a
 * password reset), decided by the feature's own rule after its own checks, not a user's edit of fields.
 *
 * - `applyActions`: fields of records an action sets, written by the pipeline's table writer
 *   (write-rows.ts: one UPDATE per table, the version moved, the change stamps where the entity keeps
 *   them) and audited (the changed fields only), in the caller's transaction. No field rights, hooks or
 *   version check: the feature has locked the record and checked its rule.
 * - `recordAction` / `recordActions`: the audit entries of an action the feature writes itself (rows
 *   of no entity document, or one set-based statement over many records).
 *
 * Entries go into the audit trail through the core's one writer (audit.ts, core-private: a dependency
 * rule keeps features out of it). A save of an entity's fields goes through the pipeline instead
 * (write.ts, children.ts, create.ts), which audits it.
 */
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { recordNotFound } from './access';
import { diffRecords, writeAuditRows, type FieldChange } from './audit';
import { column } from './columns';
import { shapeOf, writeRows } from './write-rows';

export { diffRecords, savedChanges, type AuditRow } from './audit';

/** The changes one action made to one record. */
export function recordAction(q: Queryable, userId: number | null, entity: string, entityId: string | number, changes: readonly FieldChange[]): Promise<void> {
  return writeAuditRows(
    q,
    userId,
    changes.map((c) => ({ ...c, entity, entityId })),
  );
}

/** The changes one action made to many records of one entity. */
export function recordActions(
  q: Queryable,
  userId: number | null,
  entity: string,
  changes: readonly (FieldChange & { entityId: string | number })[],
): Promise<void> {
  return writeAuditRows(
    q,
    userId,
    changes.map((c) => ({ ...c, entity })),
  );
}

/**
 * Sets stored fields of records of an entity (by record key) as an action decided them, writes the
 * ones that changed and audits them; answers the changes by record. A record not found is a 404.
 */
export async function applyActions(
  ctx: AppContext,
  q: Queryable,
  user: SessionUser,
  entity: string,
  actions: readonly { id: number; set: Record<string, unknown> }[],
): Promise<Map<number, FieldChange[]>> {
  const schema = ctx.schemas.entities.get(entity)!;
  const shape = shapeOf(schema, entity);
  const tables = Object.entries(schema['x-tables']!);
  const keys = tables.map(([, k]) => k);
  const recordKey = keys[keys.length - 1];
  const fields = [...new Set([...keys, ...actions.flatMap((a) => Object.keys(a.set))])];
  const place = (f: string) => (keys.includes(f) ? tables.find(([, k]) => k === f)![0] : schema.properties[f]['x-table']!);
  // The records as stored, straight from their tables (base first, joined on the base key).
  const [base, baseKey] = tables[0];
  const from = tables.map(([t], i) => (i ? `JOIN ${t} ON ${t}.${column(schema, baseKey)} = ${base}.${column(schema, baseKey)}` : t)).join(' ');
  const stored = await q.query(
    `SELECT ${fields.map((f) => `${place(f)}.${column(schema, f)} AS "${f}"`).join(', ')} FROM ${from}
                                 WHERE ${place(recordKey)}.${column(schema, recordKey)} = ANY($1)`,
    [actions.map((a) => a.id)],
  );
  const byId = new Map(stored.map((r) => [r[recordKey] as number, r]));
  const out = new Map<number, FieldChange[]>();
  const rows: { prev: Record<string, unknown>; changes: Record<string, unknown> }[] = [];
  for (const a of actions) {
    const prev = byId.get(a.id);
    if (!prev) throw recordNotFound();
    const changes = diffRecords(prev, a.set);
    out.set(a.id, changes);
    if (changes.length) rows.push({ prev, changes: Object.fromEntries(changes.map((c) => [c.field, c.newValue])) });
  }
  await writeRows(q, schema, shape, user, rows);
  await writeAuditRows(
    q,
    user.userId,
    [...out].flatMap(([id, changes]) => changes.map((c) => ({ ...c, entity, entityId: id }))),
  );
  return out;
}

/** One record's action (applyActions); answers its changes. */
export async function applyAction(
  ctx: AppContext,
  q: Queryable,
  user: SessionUser,
  entity: string,
  id: number,
  set: Record<string, unknown>,
): Promise<FieldChange[]> {
  return (await applyActions(ctx, q, user, entity, [{ id, set }])).get(id)!;
}
