/**
 * Reference fields (`x-ref`, ADR 002; `x-user` is the users shorthand): an integer key of another
 * record shown by its name. The record carries the name beside the key (`<Field>Name`, resolved by
 * the server, server/core/records/references.ts); the choices come from GET /api/Reference/{source}
 * within the scope the property declares (parameter -> a field of the form, or a constant). Pure.
 */
import type { FieldSchema } from '../fields/field-kind';

export interface ReferenceSpec {
  source: string;
  name?: string;
  scope?: Record<string, string | number>;
  /** Fixed once the record exists (brand, season, the parent). */
  fixed?: boolean;
}

/** The reference a property declares, or undefined. */
export function referenceOf(p: FieldSchema | undefined): ReferenceSpec | undefined {
  if (!p) return undefined;
  if (p['x-ref']) return p['x-ref'] as ReferenceSpec;
  return p['x-user'] ? { source: 'users' } : undefined;
}

/** The record field holding the name: `name`, else the field without a trailing `Id` or `Key`, plus `Name`. */
export const nameFieldOf = (field: string, ref: ReferenceSpec) => ref.name ?? `${field.replace(/(Id|Key)$/, '')}Name`;

/** A record the server stored (it has a version): fixed references no longer change. */
export const isStored = (record: Record<string, unknown>) => record.RowVersion !== undefined && record.RowVersion !== null;

/**
 * The URL of the choices within the scope taken from the form's `data`, or null while a scope
 * field is still empty (a season before its brand is chosen offers nothing).
 */
export function optionsUrl(ref: ReferenceSpec, data: Record<string, unknown>): string | null {
  const params = new URLSearchParams();
  for (const [param, from] of Object.entries(ref.scope ?? {})) {
    const v = typeof from === 'number' ? from : data[from];
    if (v === null || v === undefined || v === '') return null;
    params.set(param, String(v));
  }
  const q = params.toString();
  return `/api/Reference/${ref.source}${q ? `?${q}` : ''}`;
}

/** The URL naming `ids` (a fixed field whose name the record does not carry). */
export const namesUrl = (ref: ReferenceSpec, ids: readonly unknown[]) => `/api/Reference/${ref.source}?Ids=${ids.map(String).join(',')}`;

export interface ReferenceOption {
  value: unknown;
  label: string;
}

/** The choices with the current value kept (an inactive responsible stays selectable by its name). */
export function withCurrent(options: readonly ReferenceOption[], value: unknown, name: unknown): ReferenceOption[] {
  if (value === null || value === undefined || options.some((o) => o.value === value)) return [...options];
  return [{ value, label: typeof name === 'string' && name ? name : value === 1 ? 'System User' : '—' }, ...options];
}
