/**
 * The widget key of a form field: the shared field kind (fields/field-kind.ts) plus the kinds only
 * a form has: `reference` (a key shown by the referenced record's name, reference.ts; the status
 * keeps its own widget), `time` (HH:MM text: `pattern` TIME_PATTERN or `format: time`), `options`
 * (labelled `oneOf` consts, see options.ts) and `checklist` (an array whose items have options). A screen's
 * own widget for a field wins over all of them (SchemaForm `fields`).
 */
import { fieldKind, type FieldSchema } from '../fields/field-kind';
import { itemOptionsOf, optionsOf } from './options';
import { referenceOf } from './reference';

/** 'HH:MM', 00:00 to 23:59. */
export const TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

export type FormKind = ReturnType<typeof fieldKind> | 'reference' | 'time' | 'checklist' | 'array';

export function formKind(name: string, p: FieldSchema): FormKind {
  const t = Array.isArray(p.type) ? p.type.find((x) => x !== 'null') : p.type;
  if (referenceOf(p) && !(name === 'StatusId' && t === 'integer')) return 'reference';
  if (t === 'array') return itemOptionsOf(p) ? 'checklist' : 'array';
  if (t === 'string' && (p.pattern === TIME_PATTERN || p.format === 'time')) return 'time';
  if (!p['x-lookup'] && optionsOf(p) && !(name === 'StatusId' && t === 'integer')) return 'enum';
  return fieldKind(name, p);
}
