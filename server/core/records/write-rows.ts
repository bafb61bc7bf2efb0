/**
 * The set-based table writer of the records pipeline (ADR 013): an entity's tables, keys and
 * columns worked out once per save, and one UPDATE per table for all rows of a batch.
 */
import type { SessionUser } from '../auth/permissions';
import type { Queryable } from '../db/client';
import type { EntitySchema } from '../schemas/documents';
import { column } from './columns';

/** The tables, keys and columns of an entity as the writer needs them. */
export function shapeOf(schema: EntitySchema, entity: string) {
  const versionTable = schema.properties.RowVersion?.['x-table'];
  if (!versionTable) throw new Error(`${entity} has no RowVersion`);
  const tables = schema['x-tables']!;
  const select = (fields: string[]) => fields.map((f) => `${column(schema, f)} AS "${f}"`).join(', ');
  const all = Object.entries(schema.properties)
    .filter(([, p]) => p.type !== 'array')
    .map(([f]) => f);
  // The hooks see the stored fields of a record (and its keys and scope fields): selecting only them lets
  // PostgreSQL drop the view's joins to names, which a 1,000-row read would otherwise pay for.
  const stored = all.filter(
    (f) => schema.properties[f]['x-table'] || Object.values(tables).includes(f) || [schema['x-brandField'], schema['x-factoryField'], 'IsDeleted'].includes(f),
  );
  const keyColumns = new Set(Object.values(tables).map((k) => column(schema, k)));
  const place = new Map(
    all.filter((f) => schema.properties[f]['x-table']).map((f) => [f, { table: schema.properties[f]['x-table']!, col: column(schema, f) }]),
  );
  /** The columns a table gets from a row's changes (keys are never written). */
  const tableRow = (changes: Record<string, unknown>, table: string) => {
    const row: Record<string, unknown> = {};
    for (const [f, v] of Object.entries(changes)) {
      const p = place.get(f);
      if (p && p.table === table && v !== undefined && !keyColumns.has(p.col)) row[p.col] = v;
    }
    return row;
  };
  return {
    tables,
    versionTable,
    versionKey: tables[versionTable],
    stored: select(stored),
    storedFields: stored,
    select,
    all,
    tableRow,
    stamped: 'ChangedOn' in schema.properties,
  };
}

/**
 * One UPDATE of `table` from a JSON object per row: its key column and the columns it sets, typed by
 * the table's own row type (jsonb_populate_record, once per row: as a LATERAL item, not a subquery
 * column the planner copies into each `(r).column`, which cost 1.6× the statement); a column a row
 * leaves out keeps its value. `also`: assignments every row gets (the version, the change stamps).
 */
export async function updateEachRow(q: Queryable, table: string, keyCol: string, rows: Record<string, unknown>[], also: string[]) {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((c) => c !== keyCol);
  const sets = columns.map((c) => `${c} = CASE WHEN d.j ? '${c}' THEN r.${c} ELSE t.${c} END`);
  await q.query(
    `UPDATE ${table} t SET ${[...sets, ...also].join(', ')}
       FROM jsonb_array_elements($1::jsonb) AS d(j), LATERAL jsonb_populate_record(NULL::${table}, d.j) AS r
      WHERE t.${keyCol} = r.${keyCol}`,
    [JSON.stringify(rows)],
  );
}

/**
 * One UPDATE per table for all rows: each row's changed columns, its version bumped and, where the
 * entity keeps them, the change stamps. The version table is written for every row, changed or not.
 * A base row is shared by every season of the record: the other seasons' versions move too, so a
 * screen holding another season of it cannot overwrite this change.
 */
export async function writeRows(
  q: Queryable,
  schema: EntitySchema,
  shape: ReturnType<typeof shapeOf>,
  user: SessionUser,
  rows: { prev: Record<string, unknown>; changes: Record<string, unknown> }[],
) {
  if (!rows.length) return;
  const stamps = ['rowversion = t.rowversion + 1', ...(shape.stamped ? ['changedon = now()', `changedby = ${Number(user.userId)}`] : [])];
  const baseWritten: unknown[] = [];
  for (const [table, key] of Object.entries(shape.tables)) {
    const keyCol = column(schema, key);
    const payload = rows
      .map((r) => ({ key: r.prev[key], row: shape.tableRow(r.changes, table) }))
      .filter((p) => table === shape.versionTable || Object.keys(p.row).length);
    if (!payload.length) continue;
    await updateEachRow(
      q,
      table,
      keyCol,
      payload.map((p) => ({ ...p.row, [keyCol]: p.key })),
      stamps,
    );
    if (table !== shape.versionTable) baseWritten.push(...payload.map((p) => p.key));
  }
  if (baseWritten.length) {
    const baseCol = column(schema, Object.values(shape.tables)[0]);
    const versionCol = column(schema, shape.versionKey);
    await q.query(`UPDATE ${shape.versionTable} SET rowversion = rowversion + 1 WHERE ${baseCol} = ANY($1) AND NOT (${versionCol} = ANY($2))`, [
      baseWritten,
      rows.map((r) => r.prev[shape.versionKey]),
    ]);
  }
}
