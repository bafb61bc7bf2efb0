/**
 * Labelled options of a field (convention: `oneOf: [{ const, title }]`, plain JSON Schema, so the
 * server's strict ajv accepts it; a bare `enum` labels each value with itself). Arrays take their
 * options from `items`. `withOptions` puts runtime options (brands, roles, seasons) into a copy of
 * an entity schema, so lists that live in the database still render through SchemaForm. Pure.
 */
import type { EntitySchema, FieldSchema } from '../fields/field-kind';

export interface FieldOption {
  value: unknown;
  label: string;
}

/** The options of a scalar property (oneOf consts, else enum), or null when it has none. */
export function optionsOf(p: FieldSchema | undefined): FieldOption[] | null {
  if (!p) return null;
  const alts = p.oneOf as { const?: unknown; title?: string }[] | undefined;
  if (Array.isArray(alts) && alts.length && alts.every((a) => a && 'const' in a)) {
    return alts.map((a) => ({ value: a.const, label: a.title ?? String(a.const) }));
  }
  if (Array.isArray(p.enum)) return p.enum.map((v) => ({ value: v, label: v === null ? '' : String(v) }));
  return null;
}

/** The options of an array property's items. */
export const itemOptionsOf = (p: FieldSchema | undefined) => optionsOf(p?.items as FieldSchema | undefined);

const nullable = (p: FieldSchema) => Array.isArray(p.type) && p.type.includes('null');

/**
 * A copy of `schema` whose `field` offers `options` (for an array: its items do). A nullable
 * scalar also offers null, labelled `none` (default: blank).
 */
export function withOptions(schema: EntitySchema, field: string, options: readonly FieldOption[], none = ''): EntitySchema {
  const p = schema.properties[field];
  if (!p) return schema;
  const consts = options.map((o) => ({ const: o.value, title: o.label }));
  let next: FieldSchema;
  if (p.type === 'array') {
    const { enum: _e, ...items } = (p.items ?? {}) as FieldSchema;
    next = { ...p, items: { ...items, oneOf: consts } };
  } else {
    const { enum: _e, ...rest } = p;
    next = { ...rest, oneOf: nullable(p) && !options.some((o) => o.value === null) ? [{ const: null, title: none }, ...consts] : consts };
  }
  return { ...schema, properties: { ...schema.properties, [field]: next } };
}
