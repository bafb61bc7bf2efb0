/**
 * The generic create path of the records pipeline: validate the new record against the entity
 * schema, insert the base row (unless the record names an existing base, e.g. a new season of
 * a pattern), then every other table's row with the base key, then the `x-link` rows, stamping
 * CreatedBy/ChangedBy where the tables keep them, and audit the created fields. Runs in the
 * caller's transaction; answers the new keys, e.g. { BriefId, BriefSeasonalId }.
 */
import type { SessionUser } from '../auth/permissions';
import type { Queryable } from '../db/client';
import type { AppContext } from '../context';
import { badRequest } from '../http/errors';
import { writeAudit } from './audit';
import { columnOf, linkRows, splitRecord, type EntitySchema } from './split-record';

const withoutNulls = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null && v !== undefined));

/** The entity's computed/stamp fields filled by the database or by this writer, not the caller. */
function stampColumns(schema: EntitySchema, table: string, userId: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of ['CreatedBy', 'ChangedBy']) {
    const p = schema.properties[f];
    if (p?.['x-table'] === table) out[columnOf(f, p)] = userId;
  }
  return out;
}

export async function insertRecord(
  ctx: AppContext,
  q: Queryable,
  user: SessionUser,
  entity: string,
  values: Record<string, unknown>,
): Promise<Record<string, number>> {
  const schema = ctx.schemas.entities.get(entity)! as EntitySchema;
  const tables = Object.entries(schema['x-tables'] ?? {});
  const keys = new Set(tables.map(([, k]) => k));
  // Computed fields (keys, versions, stamps) are the database's: the required check skips them.
  const probe = withoutNulls({
    ...values,
    ...('RowVersion' in schema.properties ? { RowVersion: 1 } : {}),
    ...Object.fromEntries([...keys].map((k) => [k, values[k] ?? 1])),
  });
  const errors = ctx.schemas.validate('entity', entity, probe).filter((e) => !keys.has(e.Field.slice(1)));
  if (errors.length) throw badRequest('Your submission contains error(s). Please correct the highlighted items below.', errors);

  const created: Record<string, number> = {};
  const rows = splitRecord(schema, values);
  for (const [i, [table, keyField]] of tables.entries()) {
    const keyCol = columnOf(keyField, schema.properties[keyField]);
    if (i === 0 && values[keyField] != null) {
      created[keyField] = values[keyField] as number;
      continue;
    }
    const row: Record<string, unknown> = { ...rows[table], ...stampColumns(schema, table, user.userId) };
    delete row[keyCol];
    if (i > 0) row[columnOf(tables[0][1], schema.properties[tables[0][1]])] = created[tables[0][1]];
    const cols = Object.keys(row);
    const [out] = await q.query(
      `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((_, n) => `$${n + 1}`).join(', ')}) RETURNING ${keyCol} AS key`,
      cols.map((c) => row[c]),
    );
    created[keyField] = out.key as number;
  }
  for (const [table, linkRowsOf] of Object.entries(linkRows(schema, { ...values, ...created }))) {
    for (const row of linkRowsOf) {
      const cols = Object.keys(row);
      await q.query(
        `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((_, n) => `$${n + 1}`).join(', ')})`,
        cols.map((c) => row[c]),
      );
    }
  }
  const recordId = created[tables[tables.length - 1][1]];
  await writeAudit(
    q,
    user.userId,
    entity,
    recordId,
    Object.entries(withoutNulls(values))
      .filter(([f]) => schema.properties[f]?.['x-table'] || schema.properties[f]?.['x-link'])
      .map(([field, newValue]) => ({ field, oldValue: null, newValue })),
  );
  return created;
}
