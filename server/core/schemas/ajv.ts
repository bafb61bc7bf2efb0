/**
 * The ajv instances every schema goes through. Entities are checked strictly; request payloads
 * also coerce form-encoded strings ("5" -> 5, "true" -> true) since the spec sends forms by default.
 */
import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FieldError } from '../http/errors';

/** Custom keywords of ADR 002; any other `x-` keyword is a typo and fails the load. */
export const CUSTOM_KEYWORDS = [
  'x-tables',
  'x-table',
  'x-column',
  'x-module',
  'x-brandField',
  'x-factoryField',
  'x-searchTable',
  'x-searchCatchUp',
  'x-lookup',
  'x-computed',
  'x-input',
  'x-money',
  'x-link',
  'x-user',
  'x-ref',
  'x-children',
  'x-list',
  // A request object whose properties take their definitions from an entity's (registry.ts withEntityFields).
  'x-entity',
];

export function createAjv(opts: { coerce?: boolean } = {}): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, coerceTypes: opts.coerce ?? false, useDefaults: opts.coerce ?? false });
  addFormats(ajv);
  ajv.addVocabulary(CUSTOM_KEYWORDS);
  return ajv;
}

/** ajv errors as field errors with JSON-pointer paths, one per field and message. */
export function toFieldErrors(errors: ErrorObject[] | null | undefined): FieldError[] {
  const out: FieldError[] = [];
  for (const e of errors ?? []) {
    const field =
      e.keyword === 'required'
        ? `${e.instancePath}/${(e.params as { missingProperty: string }).missingProperty}`
        : e.keyword === 'additionalProperties'
          ? `${e.instancePath}/${(e.params as { additionalProperty: string }).additionalProperty}`
          : e.instancePath || '/';
    const message =
      e.keyword === 'required'
        ? 'Required.'
        : e.keyword === 'additionalProperties'
          ? 'Unknown field.'
          : `${e.message ?? 'Invalid value'}.`.replace(/^must/, 'Must');
    if (!out.some((o) => o.Field === field && o.Message === message)) out.push({ Field: field, Message: message });
  }
  return out;
}

/**
 * Numbers that are not finite, by JSON pointer. JSON cannot carry them, but coercion can make one
 * from a form or query string ("Infinity"), and ajv's range keywords then let it through (issue 10).
 */
export function nonFiniteFields(value: unknown, pointer = ''): FieldError[] {
  // The pointers are built only when there is a fault: a 1,000-row save walks every field of every row.
  return anyNonFinite(value) ? nonFiniteAt(value, pointer) : [];
}

function anyNonFinite(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (!value || typeof value !== 'object') return false;
  const o = value as Record<string, unknown>;
  for (const k of Object.keys(o)) if (anyNonFinite(o[k])) return true;
  return false;
}

function nonFiniteAt(value: unknown, pointer: string): FieldError[] {
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [{ Field: pointer || '/', Message: 'Must be a finite number.' }];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => nonFiniteAt(v, `${pointer}/${k}`));
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why PostgreSQL text cannot store `s`: a NUL character, or half of a surrogate pair (not UTF-8). */
function textFault(s: string): string | undefined {
  if (s.includes('\u0000')) return 'Must not contain a NUL character.';
  if (LONE_SURROGATE.test(s)) return 'Must be valid Unicode text.';
  return undefined;
}

/** Field errors for every string (value or key) that text columns cannot store, by JSON pointer. */
export function textFaults(value: unknown, pointer = ''): FieldError[] {
  // As nonFiniteFields: the walk that builds pointers runs only when there is something to point at.
  return anyTextFault(value) ? textFaultsAt(value, pointer) : [];
}

function anyTextFault(value: unknown): boolean {
  if (typeof value === 'string') return textFault(value) !== undefined;
  if (!value || typeof value !== 'object') return false;
  const o = value as Record<string, unknown>;
  for (const k of Object.keys(o)) if (textFault(k) !== undefined || anyTextFault(o[k])) return true;
  return false;
}

function textFaultsAt(value: unknown, pointer: string): FieldError[] {
  if (typeof value === 'string') {
    const fault = textFault(value);
    return fault ? [{ Field: pointer || '/', Message: fault }] : [];
  }
  if (!value || typeof value !== 'object') return [];
  const out: FieldError[] = [];
  for (const [k, v] of Object.entries(value)) {
    const fault = textFault(k);
    // A faulty key is named escaped (\u0000, \ud800), as JSON writes it.
    const at = `${pointer}/${fault ? JSON.stringify(k).slice(1, -1) : k}`;
    if (fault) out.push({ Field: at, Message: fault });
    out.push(...textFaultsAt(v, at));
  }
  return out;
}
