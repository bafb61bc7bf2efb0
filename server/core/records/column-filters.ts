/**
 * Column filters of a grid search (the Search body's `columnFilters`, issue 12): per column field,
 * text `contains`, `equals`, or a `from`/`to` range of a number or date column. A reference column
 * is filtered by its id field: an equal id, or `contains`/`equals` on the name the grid shows (from
 * the view, or from the reference's source within the user's brands and factories). Only the
 * grid's columns (and the id fields behind its name columns) the user may see can be filtered; any
 * other field is a 400, never a hint about a hidden value (PERM-029).
 */
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import type { EntitySchema, PropertySchema } from '../schemas/documents';
import { badRequest } from '../http/errors';
import { containsPattern } from '../db/contains';
import { REFERENCE_SOURCES, nameFieldOf, referenceOf, withNameFields, type ReferenceSource } from './references';
import { column, viewOf } from './columns';
import { conditionOn, type Condition } from './search-criteria';
import { scope } from './scope';

export interface ColumnFilter {
  contains?: string;
  equals?: string | number | boolean;
  from?: string | number;
  to?: string | number;
}
export type ColumnFilters = Record<string, ColumnFilter>;

const typeOf = (p: PropertySchema) => (Array.isArray(p.type) ? p.type.find((t) => t !== 'null') : p.type) as string | undefined;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (s: string) => ISO_DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const INT4 = { min: -2147483648, max: 2147483647 };

/** The fields a grid's columns may be filtered by: its columns and the reference id fields whose names it shows. */
export function filterableFields(schema: EntitySchema, columns: readonly string[]): Set<string> {
  const shown = new Set(columns);
  const out = new Set(columns);
  for (const [f, p] of Object.entries(schema.properties)) {
    const ref = referenceOf(p);
    if (ref && p.type !== 'array' && shown.has(nameFieldOf(f, ref))) out.add(f);
  }
  return out;
}

const invalid = (field: string, message: string) =>
  badRequest(`The filter of ${field} is invalid: ${message}`, [{ Field: `/columnFilters/${field}`, Message: message }]);

/** A value of the field's type for `equals`, `from` or `to`; 400 when it is not one. */
function typed(field: string, p: PropertySchema, v: unknown, range: boolean): unknown {
  const t = typeOf(p);
  if (t === 'integer' || t === 'number') {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (!Number.isFinite(n) || (t === 'integer' && !Number.isInteger(n) && !range)) throw invalid(field, 'Must be a number.');
    if (t === 'integer' && (n < INT4.min || n > INT4.max)) throw invalid(field, 'Out of range.');
    return n;
  }
  if (t === 'string' && (p.format === 'date' || p.format === 'date-time')) {
    if (typeof v !== 'string' || !realDate(v.slice(0, 10))) throw invalid(field, 'Must be a date (YYYY-MM-DD).');
    return v.slice(0, 10);
  }
  if (range) throw invalid(field, 'A range applies to numbers and dates only.');
  if (t === 'boolean') {
    if (typeof v !== 'boolean') throw invalid(field, 'Must be true or false.');
    return v;
  }
  return String(v);
}

/** A reference's name matched in its source, within the user's brands and factories, when the view does not carry the name. */
function nameMatch(
  ctx: AppContext,
  user: SessionUser,
  src: ReferenceSource,
  col: string,
  param: (v: unknown) => string,
  test: (label: string) => string,
): string {
  const where = [`${src.id} = ${col}`, test(src.label)];
  if (src.entity) {
    const s = scope(ctx.schemas.entities.get(src.entity)!, user, 0);
    where.push(...s.where.map((w, i) => w.replace(`$${i + 1}`, () => param(s.params[i]))));
  } else if (src.brand) where.push(`${src.brand} = ANY(${param([...user.brandIds])})`);
  return `EXISTS (SELECT 1 FROM ${src.from} WHERE ${where.join(' AND ')})`;
}

/**
 * The conditions of the request's column filters. `allowed`: the grid's filterable fields;
 * `hidden`: fields the user may not see (a filter on one is refused like an unknown column).
 */
export function columnFilterConditions(
  ctx: AppContext,
  user: SessionUser,
  entity: string,
  filters: ColumnFilters,
  allowed: Set<string>,
  hidden: Set<string>,
): Condition[] {
  const schema = ctx.schemas.entities.get(entity)!;
  const out: Condition[] = [];
  for (const [field, f] of Object.entries(filters)) {
    const p = schema.properties[field];
    if (!p || !allowed.has(field) || hidden.has(field)) throw invalid(field, 'Not a column of this grid.');
    for (const k of ['equals', 'from', 'to'] as const) {
      const v = f[k] as unknown;
      if (v === null) delete f[k];
      else if (v !== undefined && !(typeof v === 'number' || typeof v === 'boolean' || (typeof v === 'string' && v.length <= 200)))
        throw invalid(field, `${k} must be a text of at most 200 characters, a number or true/false.`);
    }
    const modes = ['contains', 'equals', 'from', 'to'].filter((k) => (f as Record<string, unknown>)[k] !== undefined);
    if (!modes.length || ((modes.includes('contains') || modes.includes('equals')) && modes.length > 1))
      throw invalid(field, 'Give one of contains, equals, or from and/or to.');
    const col = column(schema, field);
    const ref = referenceOf(p);
    // A reference filtered by text matches the name the grid shows (from the view when it carries it).
    const byName = ref && (f.contains !== undefined || typeof f.equals === 'string');
    if (byName) {
      const nameField = nameFieldOf(field, ref);
      const viewName = withNameFields(schema, [field]).includes(nameField) ? column(schema, nameField) : undefined;
      const text = String(f.contains ?? f.equals);
      const test = (param: (v: unknown) => string) => (label: string) =>
        f.contains !== undefined ? `${label}::text ILIKE ${param(containsPattern(text))}` : `lower(${label}::text) = lower(${param(text)})`;
      const src = REFERENCE_SOURCES[ref.source];
      if (viewName) out.push(conditionOn([nameField], (param) => test(param)(viewName)));
      else if (src) out.push(conditionOn([field], (param) => nameMatch(ctx, user, src, `${viewOf(entity)}.${col}`, param, test(param))));
      else throw invalid(field, 'This column cannot be filtered by name.');
      continue;
    }
    const on = (sql: Condition) => out.push(conditionOn([field], sql));
    if (f.contains !== undefined) {
      const pattern = containsPattern(f.contains);
      on((param) => `${col}::text ILIKE ${param(pattern)}`);
    } else if (f.equals !== undefined) {
      const v = typed(field, p, f.equals, false);
      on((param) => (typeof v === 'string' && typeOf(p) === 'string' && !p.format ? `lower(${col}) = lower(${param(v)})` : `${col} = ${param(v)}`));
    } else {
      const date = p.format === 'date' || p.format === 'date-time';
      const cast = date ? '::date' : '';
      if (f.from !== undefined) {
        const v = typed(field, p, f.from, true);
        on((param) => `${col}${cast} >= ${param(v)}`);
      }
      if (f.to !== undefined) {
        const v = typed(field, p, f.to, true);
        on((param) => `${col}${cast} <= ${param(v)}`);
      }
    }
  }
  return out;
}
