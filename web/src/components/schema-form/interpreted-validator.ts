/**
 * An RJSF validator that interprets JSON Schema instead of compiling it. AJV compiles validators
 * with `new Function`, which our Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval')
 * forbids in the browser; @cfworker/json-schema walks the schema instead. Its errors are turned into
 * AJV-shaped errors so RJSF's own error processing (error schema, transformErrors, customValidate)
 * is reused unchanged. The server validates again with AJV; it is the authority.
 */
import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';
import type { CustomValidator, ErrorTransformer, RJSFSchema, UiSchema, ValidationData, ValidatorType } from '@rjsf/utils';
import processRawValidationErrors from '@rjsf/validator-ajv8/lib/processRawValidationErrors.js';

/** Keywords whose errors only repeat the errors of their subschemas. */
const AGGREGATE = new Set([
  'properties',
  'items',
  'prefixItems',
  'allOf',
  'anyOf',
  'oneOf',
  'if',
  'then',
  'else',
  '$ref',
  'dependentSchemas',
  'additionalItems',
]);

export interface AjvLikeError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message: string;
}

function at(schema: unknown, pointer: string): unknown {
  return pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .reduce<any>((node, part) => node?.[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')], schema);
}

function message(keyword: string, value: unknown, error: string): string {
  switch (keyword) {
    case 'type':
      return `Must be ${Array.isArray(value) ? value.filter((t) => t !== 'null').join(' or ') : value}.`;
    case 'maxLength':
      return `At most ${value} characters.`;
    case 'minLength':
      return value === 1 ? 'Required.' : `At least ${value} characters.`;
    case 'maximum':
      return `At most ${value}.`;
    case 'minimum':
      return `At least ${value}.`;
    case 'exclusiveMinimum':
      return `More than ${value}.`;
    case 'exclusiveMaximum':
      return `Less than ${value}.`;
    case 'format':
      return `Not a valid ${value}.`;
    case 'enum':
    case 'const':
      return 'Not one of the allowed values.';
    case 'pattern':
      return 'Not in the expected format.';
    default:
      return error;
  }
}

/** The leaf errors of one validation, shaped like AJV's ErrorObject. */
export function toAjvErrors(schema: object, units: OutputUnit[]): AjvLikeError[] {
  const out: AjvLikeError[] = [];
  for (const u of units) {
    if (AGGREGATE.has(u.keyword)) continue;
    const instancePath = u.instanceLocation.replace(/^#/, '');
    const value = at(schema, u.keywordLocation);
    if (u.keyword === 'required') {
      const missing = /"([^"]+)"/.exec(u.error)?.[1] ?? '';
      out.push({ instancePath, schemaPath: u.keywordLocation, keyword: 'required', params: { missingProperty: missing }, message: 'Required.' });
    } else {
      out.push({ instancePath, schemaPath: u.keywordLocation, keyword: u.keyword, params: { limit: value }, message: message(u.keyword, value, u.error) });
    }
  }
  return out;
}

export class InterpretedValidator implements ValidatorType<any, RJSFSchema, any> {
  private cache = new WeakMap<object, Validator>();

  private validatorFor(schema: RJSFSchema): Validator {
    let v = this.cache.get(schema);
    if (!v) {
      v = new Validator(schema as Schema, '7', false);
      this.cache.set(schema, v);
    }
    return v;
  }

  rawValidation<Result = any>(schema: RJSFSchema, formData?: unknown): { errors?: Result[]; validationError?: Error } {
    try {
      const result = this.validatorFor(schema).validate(formData ?? {});
      return { errors: result.valid ? undefined : (toAjvErrors(schema, result.errors) as Result[]) };
    } catch (err) {
      return { validationError: err as Error };
    }
  }

  validateFormData(
    formData: any,
    schema: RJSFSchema,
    customValidate?: CustomValidator,
    transformErrors?: ErrorTransformer,
    uiSchema?: UiSchema,
  ): ValidationData<any> {
    return processRawValidationErrors(this, this.rawValidation(schema, formData) as any, formData, schema, customValidate, transformErrors, uiSchema);
  }

  isValid(schema: RJSFSchema, formData: unknown, _rootSchema?: RJSFSchema): boolean {
    try {
      return this.validatorFor(schema).validate(formData).valid;
    } catch {
      return false;
    }
  }

  reset() {
    this.cache = new WeakMap();
  }
}

/** The one validator instance the forms share. */
export const interpretedValidator = new InterpretedValidator();
