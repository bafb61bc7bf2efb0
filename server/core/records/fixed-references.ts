/**
 * Fixed references (ADR 002 `x-ref.fixed`): a field such as the brand or season of a line plan that
 * cannot change once the record exists. The write path (write.ts planUpdates) refuses a row whose
 * changes give one a value other than the stored one; the same value (a grid or form sending the
 * whole row) passes. A server operation that moves one on purpose after its own checks (a brief's
 * or pattern's relink) names the field in `UpdateRequest.allowFixed`; requests never can.
 */
import { badRequest, type AppError, type FieldError } from '../http/errors';
import type { EntitySchema } from '../schemas/documents';
import { referenceOf } from './references';

/** The entity's fixed reference fields (stored, single-valued), with the message refusing a change of each. */
export function fixedFieldsOf(schema: EntitySchema): { field: string; message: string }[] {
  return Object.entries(schema.properties)
    .filter(([, p]) => referenceOf(p)?.fixed && p.type !== 'array' && p['x-table'])
    .map(([field, p]) => ({ field, message: `${p.title ?? field} cannot be changed after the record is created.` }));
}

/** Keys are compared as stored: 1 and '1' (a text key, a form's value) are the same; null and a missing value too. */
const sameKey = (a: unknown, b: unknown) => a === b || (a ?? null) === (b ?? null) || (a != null && b != null && String(a) === String(b));

/** The row's refusal when its changes move a fixed field (every such field named), else null. */
export function fixedFieldsMoved(
  fixed: ReturnType<typeof fixedFieldsOf>,
  prev: Record<string, unknown>,
  changes: Record<string, unknown>,
  allowed: readonly string[] = [],
): AppError | null {
  const errors: FieldError[] = fixed
    .filter(({ field }) => field in changes && !allowed.includes(field) && !sameKey(changes[field], prev[field]))
    .map(({ field, message }) => ({ Field: `/${field}`, Message: message }));
  return errors.length ? badRequest(errors[0].Message, errors) : null;
}
