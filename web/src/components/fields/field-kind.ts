/**
 * The field registry key (Twenty style): one kind per entity property, derived from the schema
 * alone, so a grid cell and a form widget of the same field always agree.
 */

/** A JSON Schema property of an entity document (the keywords the screens read). */
export interface FieldSchema {
  title?: string;
  type?: string | string[];
  format?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  readOnly?: boolean;
  description?: string;
  'x-lookup'?: string;
  'x-money'?: boolean;
  /** An integer user id shown as the user's name. */
  'x-user'?: boolean;
  'x-computed'?: boolean;
  [k: string]: unknown;
}

/** An entity document as the server sends it (already filtered for the user). */
export interface EntitySchema {
  title?: string;
  type?: 'object';
  properties: Record<string, FieldSchema>;
  required?: string[];
  'x-tables'?: Record<string, string>;
  [k: string]: unknown;
}

export type FieldKind = 'lookup' | 'status' | 'date' | 'datetime' | 'notes' | 'money' | 'numeric' | 'integer' | 'boolean' | 'enum' | 'text';

/** Text fields longer than this are notes (textarea with counter, SHELL-016/017). */
export const NOTES_MIN_LENGTH = 250;

/** The non-null JSON type of a property ("string" for ["string", "null"]). */
export function baseType(p: FieldSchema): string | undefined {
  const t = Array.isArray(p.type) ? p.type.find((x) => x !== 'null') : p.type;
  return t;
}

/** The registry key of a property; `name` lets the status field be recognised by its key. */
export function fieldKind(name: string, p: FieldSchema): FieldKind {
  if (p['x-lookup']) return 'lookup';
  const t = baseType(p);
  if (name === 'StatusId' && t === 'integer') return 'status';
  if (p.enum) return 'enum';
  if (t === 'boolean') return 'boolean';
  if (t === 'string' && p.format === 'date') return 'date';
  if (t === 'string' && p.format === 'date-time') return 'datetime';
  if (t === 'number' && p['x-money']) return 'money';
  if (t === 'number') return 'numeric';
  if (t === 'integer') return 'integer';
  if (t === 'string' && (p.maxLength ?? 0) >= NOTES_MIN_LENGTH) return 'notes';
  return 'text';
}

/** The record key of an entity: the key of the last of its tables (base first, seasonal last). */
export function recordKeyField(schema: EntitySchema): string {
  const keys = Object.values(schema['x-tables'] ?? {});
  return keys[keys.length - 1] ?? 'Id';
}
