/**
 * Server validation errors (`Errors: [{ Field: '/FFC', Message }]`) as RJSF's error schema, so
 * each message shows under its field; errors of fields the form does not show are returned
 * apart for the form-level message.
 */
import type { ErrorSchema } from '@rjsf/utils';

export interface FieldError {
  Field: string;
  Message: string;
}

/** The spec's form-level message of a save with errors (S0 §5). */
export const FORM_ERROR_MESSAGE = 'Your submission contains error(s). Please correct the highlighted items below.';

export function toErrorSchema(errors: readonly FieldError[], shown: ReadonlySet<string>): { schema: ErrorSchema; other: string[] } {
  const schema: Record<string, { __errors: string[] }> = {};
  const other: string[] = [];
  for (const e of errors) {
    const field = e.Field.replace(/^\//, '').split('/')[0];
    if (field && shown.has(field)) (schema[field] ??= { __errors: [] }).__errors.push(e.Message);
    else other.push(e.Message);
  }
  return { schema: schema as ErrorSchema, other };
}

/** The error schema without one field's errors (the user changed that field). */
export function withoutField(schema: ErrorSchema, field: string): ErrorSchema {
  if (!(field in schema)) return schema;
  const next = { ...schema } as Record<string, unknown>;
  delete next[field];
  return next as ErrorSchema;
}
