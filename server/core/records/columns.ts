/**
 * Columns of the records pipeline: a field's column in its entity's view, the view's name, a
 * record's key, and the fields a user may see read as one JSON text (selectFields).
 */
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import type { EntitySchema } from '../schemas/documents';
import { fieldAccess } from '../schemas/visibility';
import { columnOf } from './split-record';
import { toIso, type Queryable } from '../db/client';

export const column = (schema: EntitySchema, field: string) => columnOf(field, schema.properties[field] ?? {});
export const viewOf = (entity: string) => `${entity.replace(/-/g, '_')}_view`;

/**
 * Whether an entity's records are read through a view of their own (the records pipeline's), asked once per
 * database. Others stored in tables (roles, spec log entries, system messages) have rows only through their
 * screens' own calls: no grid search of theirs, and they are not live (issue 30).
 */
const views = new WeakMap<object, Map<string, Promise<boolean>>>();
export function hasView(ctx: AppContext, entity: string): Promise<boolean> {
  let known = views.get(ctx.db);
  if (!known) views.set(ctx.db, (known = new Map()));
  let exists = known.get(entity);
  if (!exists) {
    exists = ctx.db.query<{ r: string | null }>('SELECT to_regclass($1)::text AS r', [viewOf(entity)]).then(([row]) => !!row?.r);
    exists.catch(() => known.delete(entity));
    known.set(entity, exists);
  }
  return exists;
}

/**
 * Records' fields read as one JSON text built by the database (an array of values per row, in
 * chunks of 90: a function takes at most 100 arguments) and parsed here: for wide rows (a record's
 * 150 stored fields) several times faster on the embedded database than the driver's value-by-value
 * parsing or JSON objects repeating every field name. Values keep the driver's shapes: numbers,
 * 'YYYY-MM-DD' dates, ISO timestamps in UTC (the schema's date-time fields). `rest`: FROM … WHERE ….
 */
export async function selectFields(
  q: Queryable,
  schema: EntitySchema,
  fields: readonly string[],
  rest: string,
  params: unknown[],
): Promise<Record<string, unknown>[]> {
  const [{ j }] = await q.query<{ j: string }>(`SELECT coalesce(json_agg(${fieldsJsonSql(schema, fields)}), '[]')::text AS j ${rest}`, params, {
    prepare: true,
  });
  const read = fieldsReader(schema, fields);
  return (JSON.parse(j) as unknown[][][]).map(read);
}

/** One row's fields as selectFields reads them: a JSON array of chunks of at most 90 values (the SQL expression). */
export function fieldsJsonSql(schema: EntitySchema, fields: readonly string[]): string {
  const cols = fields.map((f) => column(schema, f));
  const chunks: string[] = [];
  for (let i = 0; i < cols.length; i += 90) chunks.push(`json_build_array(${cols.slice(i, i + 90).join(', ')})`);
  return `json_build_array(${chunks.join(', ')})`;
}

/** The row of fieldsJsonSql's parsed value, with the schema's date-time fields as ISO timestamps in UTC. */
export function fieldsReader(schema: EntitySchema, fields: readonly string[]): (parts: unknown[][]) => Record<string, unknown> {
  const stamps = fields.filter((f) => schema.properties[f]?.format === 'date-time');
  const build = rowBuilder(fields);
  return (parts) => {
    const row = build(parts);
    for (const f of stamps) if (typeof row[f] === 'string') row[f] = toIso(row[f] as string);
    return row;
  };
}

const builders = new Map<string, (parts: unknown[][]) => Record<string, unknown>>();
/**
 * A function making a row object from selectFields' chunks with one object literal (fields as keys,
 * values taken from their chunk and place): one allocation of a fixed shape per row, where setting
 * 150 properties one by one on an empty object cost a 50,000-row upload's preview seconds (issue 28).
 * Made once per field list; the keys are JSON-quoted, the code holds nothing else from outside.
 */
function rowBuilder(fields: readonly string[]) {
  const key = fields.join('\u0000');
  let build = builders.get(key);
  if (!build && fields.includes('__proto__')) {
    // Never a schema field; a literal would set the prototype instead of the property.
    return (parts: unknown[][]) => Object.fromEntries(fields.map((f, i) => [f, parts[Math.floor(i / 90)][i % 90]]));
  }
  if (!build) {
    const props = fields.map((f, i) => `${JSON.stringify(f)}: p[${Math.floor(i / 90)}][${i % 90}]`).join(', ');
    build = new Function('p', `return { ${props} };`) as (parts: unknown[][]) => Record<string, unknown>;
    if (builders.size > 500) builders.clear();
    builders.set(key, build);
  }
  return build;
}

/** The key of a record: the key of the last of its tables (base first, seasonal last). */
export function recordKey(schema: EntitySchema): string {
  const keys = Object.values(schema['x-tables'] ?? {});
  if (!keys.length) throw new Error(`${schema.title ?? 'entity'} has no x-tables`);
  return keys[keys.length - 1];
}

export function visibleColumns(ctx: AppContext, user: SessionUser, entity: string, only?: string[]) {
  const schema = ctx.schemas.entities.get(entity)!;
  const { hidden } = fieldAccess(ctx.schemas, user, entity);
  const wanted = only ? new Set(only) : undefined;
  const fields = Object.keys(schema.properties).filter((f) => !hidden.has(f) && schema.properties[f].type !== 'array' && (!wanted || wanted.has(f)));
  return { schema, fields, hidden, select: fields.map((f) => `${column(schema, f)} AS "${f}"`).join(', ') };
}

/** A field's value as JSON built by the database gives it as the JS read path does (timestamps as ISO 8601 in UTC). */
export function jsonValueSql(schema: EntitySchema, field: string): string {
  const col = column(schema, field);
  return schema.properties[field]?.format === 'date-time' ? `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : col;
}

/** A field holding a list of values (a PostgreSQL array). */
export const isList = (schema: EntitySchema, field: string) => schema.properties[field]?.type === 'array';
