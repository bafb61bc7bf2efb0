/**
 * Splits a merged entity record (a colorway = prototype + prototype seasonal) into one row per
 * table, driven only by the entity schema (ADR 002):
 * - `x-tables` names the tables, the first being the base; `x-table` puts a property in one of them;
 *   the column is `x-column` or the property name in lower case.
 * - Properties without `x-table` are derived (view joins) and are not written.
 * - `x-link` properties are arrays stored in a link table, one row per item (see linkRows).
 * The base key is copied into every other table's row: that is how a seasonal row points at its base.
 * On create the key is absent; the writer inserts the base row first and sets the new key on the others.
 */
import type { EntitySchema, PropertySchema } from '../schemas/documents';

export type { EntitySchema, PropertySchema };

export type Row = Record<string, unknown>;

/** The database column of a property. */
export function columnOf(name: string, prop: PropertySchema): string {
  return prop['x-column'] ?? name.toLowerCase();
}

function baseKey(schema: EntitySchema): { field: string; column: string } {
  const tables = schema['x-tables'] ?? {};
  const [base] = Object.keys(tables);
  const field = tables[base];
  const prop = schema.properties[field];
  if (!prop) throw new Error(`x-tables key ${field} is not a property`);
  return { field, column: columnOf(field, prop) };
}

/** One row per table of `x-tables`, with lower-cased column names; undefined values are left out. */
export function splitRecord(schema: EntitySchema, record: Record<string, unknown>): Record<string, Row> {
  const tables = Object.keys(schema['x-tables'] ?? {});
  const rows: Record<string, Row> = Object.fromEntries(tables.map((t) => [t, {}]));
  for (const [name, prop] of Object.entries(schema.properties)) {
    const table = prop['x-table'];
    if (!table || record[name] === undefined) continue;
    if (!rows[table]) throw new Error(`${name}: x-table "${table}" is not one of x-tables`);
    rows[table][columnOf(name, prop)] = record[name];
  }
  const key = baseKey(schema);
  const keyValue = record[key.field];
  if (keyValue !== undefined) for (const t of tables.slice(1)) rows[t][key.column] = keyValue;
  return rows;
}

/**
 * Rows of the link tables for the record's `x-link` properties: { table: rows }. A property that
 * is present but empty gives an empty list (the writer replaces the set); an absent one gives nothing.
 */
export function linkRows(schema: EntitySchema, record: Record<string, unknown>): Record<string, Row[]> {
  const key = baseKey(schema);
  const out: Record<string, Row[]> = {};
  for (const [name, prop] of Object.entries(schema.properties)) {
    const link = prop['x-link'];
    const items = record[name];
    if (!link || items === undefined) continue;
    if (!Array.isArray(items)) throw new Error(`${name}: an x-link property must be an array`);
    const keyColumn = link.keyColumn ?? key.column;
    out[link.table] = items.map((item) => {
      const row: Row = { [keyColumn]: record[key.field] };
      if (link.columns)
        link.columns.forEach((c, i) => {
          row[c] = (item as unknown[])[i];
        });
      else row[link.column ?? name.toLowerCase()] = item;
      return row;
    });
  }
  return out;
}
