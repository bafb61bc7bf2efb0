/** Error texts of the form's schema check as people read them (SchemaForm's `transformErrors`). */
import type { RJSFValidationError } from '@rjsf/utils';
import { TIME_PATTERN } from './form-kind';

/** Messages people read instead of ajv's; `custom` (field → keyword → text) wins. */
export function readableErrors(errors: RJSFValidationError[], custom?: Record<string, Record<string, string>>): RJSFValidationError[] {
  const seen = new Set<string>();
  return errors
    .map((e) => {
      const field = (e.property ?? '').replace(/^\./, '').split('.')[0] || String(e.params?.missingProperty ?? '');
      const own = e.name ? custom?.[field]?.[e.name] : undefined;
      if (own) return { ...e, message: own };
      if (e.name === 'format' && e.params?.limit === 'date-time') return { ...e, message: 'Enter a date (MM/DD/YYYY) and a time.' };
      if (e.name === 'required') return { ...e, message: 'This field is required.' };
      if (e.name === 'format' && (e.params?.format ?? e.params?.limit) === 'date') return { ...e, message: 'Enter a date as MM/DD/YYYY.' };
      if (e.name === 'maxLength') return { ...e, message: `At most ${e.params?.limit} characters.` };
      if (e.name === 'minimum') return { ...e, message: `Must be ${e.params?.limit} or more.` };
      if (e.name === 'maximum') return { ...e, message: `Must be ${e.params?.limit} or less.` };
      if (e.name === 'pattern' && e.params?.limit === TIME_PATTERN) return { ...e, message: 'Enter a time as HH:MM.' };
      return e;
    })
    .filter((e) => {
      // oneOf options fail once per option: one message is enough.
      const k = `${e.property}|${e.message}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
}
