/**
 * The pure parts of a hierarchy create form (CreateRecordForm): the entity schema made fit for a
 * create (fields set on create are not read-only there), the values that depend on others (a new
 * brand clears its season, responsible, workflow group and parent; a new season clears the
 * parent and sub-seasons), and the server's create answer as a SchemaForm outcome.
 */
import type { EntitySchema } from '../fields/field-kind';
import type { SaveOutcome } from '../schema-form/SchemaForm';

export type Values = Record<string, unknown>;

/** The schema for a create: `fields` lose `readOnly`; `optional` fields are not required. */
export function creatableSchema(schema: EntitySchema, fields: readonly string[], optional: readonly string[] = []): EntitySchema {
  const properties = { ...schema.properties };
  for (const f of fields) {
    const p = properties[f];
    if (p?.readOnly) {
      const { readOnly: _r, ...rest } = p;
      properties[f] = rest;
    }
  }
  return { ...schema, properties, required: (schema.required ?? []).filter((f) => !optional.includes(f)) };
}

/** What each field clears when it changes (brand → season…, season → parent…). */
export type Dependents = Record<string, readonly string[]>;

/** `next` with the dependents of every changed field cleared, or null when nothing had to be cleared. */
export function clearDependents(prev: Values, next: Values, dependents: Dependents): Values | null {
  let out: Values | null = null;
  for (const [field, cleared] of Object.entries(dependents)) {
    if ((prev[field] ?? null) === (next[field] ?? null)) continue;
    for (const d of cleared) {
      const empty = Array.isArray(next[d]) ? [] : null;
      if (JSON.stringify(next[d] ?? null) !== JSON.stringify(empty)) out = { ...(out ?? next), [d]: empty };
    }
  }
  return out;
}

/** The server's refusal of a create (`{ Message, Errors [{ Field, Message }] }`) for SchemaForm. */
export function createRefusal(body: { Message?: string; Errors?: { Field: string; Message: string }[] } | null, fallback: string): SaveOutcome {
  return { IsSuccessful: false, Errors: body?.Errors ?? [], Message: body?.Message ?? fallback };
}

/** A trimmed text value, or null when blank. */
export const trimmed = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * The success toast of a create where the specification gives no text (line plan, brief,
 * pattern, role; the colorway's is CW-008, a system message's SYSMSG-013): 'Brief created.', 'Pattern copied.'.
 */
export function createdMessage(levelTitle: string, copy = false): string {
  return `${levelTitle.charAt(0)}${levelTitle.slice(1).toLowerCase()} ${copy ? 'copied' : 'created'}.`;
}
