/**
 * The generic write path of the records pipeline (DESIGN "records pipeline"):
 * check field rights → lock and check the row version → validate the merged record against the
 * entity schema → entity hooks → write each table's changed columns → audit. One transaction;
 * a stale version gets 409 naming who changed the record and when, nothing is overwritten.
 */
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { badRequest, conflict, forbidden, notFound, type FieldError } from '../http/errors';
import { fieldAccess, visibleRecord } from '../schemas/visibility';
import type { EntitySchema } from '../schemas/documents';
import { diffRecords, writeAudit } from './audit';
import { column, viewOf } from './read';
import { splitRecord } from './split-record';
import { runUpdateHooks } from './hooks';
import { withUserNames } from './user-names';

/** `warnings` collects the hooks' notes that do not refuse the save (see UpdateHookArgs.warn). */
export interface UpdateRequest { id: number; rowVersion: number; changes: Record<string, unknown>; warnings?: string[] }

/** The fields a request may not change, as errors; hidden fields are not named (PERM-029). */
function refusedFields(schema: EntitySchema, access: ReturnType<typeof fieldAccess>, changes: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  let hiddenTouched = false;
  for (const field of Object.keys(changes)) {
    const prop = schema.properties[field];
    if (!prop) errors.push({ Field: `/${field}`, Message: 'Unknown field.' });
    else if (access.hidden.has(field)) hiddenTouched = true;
    else if (access.readOnly.has(field) || !prop['x-table']) errors.push({ Field: `/${field}`, Message: 'You may not change this field.' });
  }
  if (hiddenTouched) errors.push({ Field: '/', Message: 'The request changes fields you may not change.' });
  return errors;
}

async function lastChange(q: Queryable, entity: string, id: number) {
  const [row] = await q.query(
    `SELECT a.changedat, coalesce(u.firstname || ' ' || u.lastname, 'System User') AS name
       FROM audit_log a LEFT JOIN users u ON u.userid = a.userid
      WHERE a.entity = $1 AND a.entityid = $2 ORDER BY a.auditid DESC LIMIT 1`, [entity, String(id)]);
  return row as { changedat: string; name: string } | undefined;
}

const withoutNulls = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null));

export function updateRecord(ctx: AppContext, user: SessionUser, entity: string, keyField: string, req: UpdateRequest) {
  return ctx.db.tx((q) => updateRecordIn(ctx, q, user, entity, keyField, req));
}

/** The same, inside the caller's transaction (bulk saves run one savepoint per row). */
export async function updateRecordIn(ctx: AppContext, q: Queryable, user: SessionUser, entity: string, keyField: string, req: UpdateRequest) {
  const schema = ctx.schemas.entities.get(entity)!;
  const access = fieldAccess(ctx.schemas, user, entity);
  const refused = refusedFields(schema, access, req.changes);
  if (refused.some((e) => e.Message === 'Unknown field.')) throw badRequest('The request names unknown fields.', refused);
  if (refused.length) throw forbidden('You may not change some of these fields.').withErrors(refused);

  {
    const versionField = 'RowVersion';
    const versionTable = schema.properties[versionField]?.['x-table'];
    if (!versionTable) throw new Error(`${entity} has no RowVersion`);
    const versionKey = schema['x-tables']![versionTable];
    const cols = Object.entries(schema.properties).filter(([, p]) => p.type !== 'array').map(([f]) => `${column(schema, f)} AS "${f}"`);
    const [prev] = await q.query(`SELECT ${cols.join(', ')} FROM ${viewOf(entity)} WHERE ${column(schema, keyField)} = $1`, [req.id]);
    if (!prev) throw notFound('The record was not found.');
    const brandField = schema['x-brandField'];
    if (brandField && !user.brandIds.has(prev[brandField] as number)) throw notFound('The record was not found.');
    const factoryField = schema['x-factoryField'];
    if (factoryField && user.isFactoryUser && !user.factoryKeys.has(prev[factoryField] as string)) throw notFound('The record was not found.');

    const [locked] = await q.query(
      `SELECT rowversion FROM ${versionTable} WHERE ${column(schema, versionKey)} = $1 FOR UPDATE`, [prev[versionKey]]);
    if (locked.rowversion !== req.rowVersion) {
      const last = await lastChange(q, entity, req.id);
      const who = last ? `${last.name} on ${new Date(last.changedat).toISOString().slice(0, 16).replace('T', ' ')} UTC` : 'another user';
      throw conflict(`This record was changed by ${who} after you opened it. Reload it to see the changes; nothing was saved.`, {
        ChangedBy: last?.name ?? null, ChangedOn: last?.changedat ?? null, CurrentRowVersion: locked.rowversion,
      });
    }

    const warn = (message: string) => { if (!req.warnings?.includes(message)) req.warnings?.push(message); };
    const changes = await runUpdateHooks(entity, { ctx, q, user, prev, changes: { ...req.changes }, warn });
    const merged = { ...prev, ...changes };
    const errors = ctx.schemas.validate('entity', entity, withoutNulls(merged));
    if (errors.length) throw badRequest('Your submission contains error(s). Please correct the highlighted items below.', errors);

    const rows = splitRecord(schema as Parameters<typeof splitRecord>[0], changes);
    for (const [table, row] of Object.entries(rows)) {
      const key = schema['x-tables']![table];
      const keyCol = column(schema, key);
      delete row[keyCol];
      for (const k of Object.keys(schema['x-tables']!)) delete row[column(schema, schema['x-tables']![k])];
      const entries = Object.entries(row);
      if (!entries.length && table !== versionTable) continue;
      // Every written table gets its own version bumped and, where the entity keeps them, the change stamps.
      const stamps = ['rowversion = rowversion + 1', ...('ChangedOn' in schema.properties ? ['changedon = now()', `changedby = ${Number(user.userId)}`] : [])];
      await q.query(
        `UPDATE ${table} SET ${[...entries.map(([c], i) => `${c} = $${i + 2}`), ...stamps].join(', ')} WHERE ${keyCol} = $1`,
        [prev[key], ...entries.map(([, v]) => v)]);
      // A base row is shared by every season of the record: the other seasons' versions move too,
      // so a screen holding another season of it cannot overwrite this change.
      if (table !== versionTable && entries.length) {
        await q.query(
          `UPDATE ${versionTable} SET rowversion = rowversion + 1 WHERE ${keyCol} = $1 AND ${column(schema, versionKey)} <> $2`,
          [prev[key], prev[versionKey]]);
      }
    }
    const changed = diffRecords(prev, changes);
    await writeAudit(q, user.userId, entity, req.id, changed);
    const [next] = await q.query(`SELECT ${cols.join(', ')} FROM ${viewOf(entity)} WHERE ${column(schema, keyField)} = $1`, [req.id]);
    return (await withUserNames(q, schema, [visibleRecord(next, access)]))[0];
  }
}

