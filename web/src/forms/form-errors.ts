/**
 * Server validation answers ({ Errors: [{ Field, Message }] }) split into messages per form
 * field and general messages. Field names are matched case-insensitively on their last segment
 * ("model.Password" and the JSON pointer "/Password" -> "Password").
 */
import { ApiError } from '../api/http';

export interface FormErrors {
  fields: Record<string, string>;
  general: string[];
}

export const EMPTY_ERRORS: FormErrors = { fields: {}, general: [] };

export function formErrors(err: unknown, knownFields: readonly string[]): FormErrors {
  const body = (err instanceof ApiError ? err.body : err) as { Message?: unknown; Errors?: unknown } | null;
  const fields: Record<string, string> = {};
  const general: string[] = [];
  if (body && typeof body === 'object') {
    for (const e of Array.isArray(body.Errors) ? body.Errors : []) {
      const message = typeof e?.Message === 'string' ? e.Message : '';
      if (!message) continue;
      const name = typeof e?.Field === 'string' ? (e.Field.split(/[./]/).filter(Boolean).pop() ?? '').toLowerCase() : '';
      const field = knownFields.find((f) => f.toLowerCase() === name);
      if (field && !fields[field]) fields[field] = message;
      else if (!general.includes(message)) general.push(message);
    }
    if (!Object.keys(fields).length && !general.length && typeof body.Message === 'string' && body.Message) {
      general.push(body.Message);
    }
  }
  return { fields, general };
}
