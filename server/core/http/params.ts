/**
 * Declared request parameters (issue 10): a route names the query and path parameters it reads
 * and their kind; the guard checks them as one JSON schema before the handler runs (so no value
 * out of int4, no `1e308`, no non-numeric path id ever reaches a query), and the OpenAPI document
 * lists them. Requiredness stays with the handler (`intParam` without a fallback answers 400).
 */
import type { Context } from 'hono';
import type { ValidateFunction } from 'ajv';
import { createAjv, nonFiniteFields, toFieldErrors } from '../schemas/ajv';
import { INT4 } from '../schemas/bounds';
import type { FieldError } from './errors';

/**
 * id: a key, 0..2^31-1 (0 means "none" where a route allows it); int: any int4; number: a finite
 * number; bool: true/false/1/0/yes/no; text: at most 4000 characters; ids: a comma-separated list
 * of ids; date: MM/DD/YYYY or YYYY-MM-DD (checked by `dateParam`); a string array: one of those values.
 */
export type ParamKind = 'id' | 'int' | 'number' | 'bool' | 'text' | 'ids' | 'date' | readonly string[];
export type ParamDecl = Record<string, ParamKind>;

export const INT4_MAX = INT4.maximum;
/** 0..2147483647 as digits, so every item of an id list fits int4. */
const ID_DIGITS =
  '0*(\\d{1,9}|1\\d{9}|20\\d{8}|21[0-3]\\d{7}|214[0-6]\\d{6}|2147[0-3]\\d{5}|21474[0-7]\\d{4}|214748[0-2]\\d{3}|2147483[0-5]\\d{2}|21474836[0-3]\\d|214748364[0-7])';
export const TEXT_MAX = 4000;

export function kindSchema(kind: ParamKind): Record<string, unknown> {
  if (typeof kind !== 'string') return { type: 'string', enum: [...kind] };
  switch (kind) {
    case 'id':
      return { type: 'integer', minimum: 0, maximum: INT4_MAX };
    case 'int':
      return { type: 'integer', ...INT4 };
    case 'number':
      return { type: 'number', minimum: -1e15, maximum: 1e15 };
    case 'bool':
      return { type: 'string', pattern: '^([Tt]rue|[Ff]alse|TRUE|FALSE|1|0|[Yy]es|[Nn]o)$' };
    case 'text':
      return { type: 'string', maxLength: TEXT_MAX };
    case 'ids':
      return { type: 'string', maxLength: TEXT_MAX, pattern: `^\\s*(${ID_DIGITS}(\\s*,\\s*${ID_DIGITS})*)?\\s*,?\\s*$` };
    case 'date':
      return { type: 'string', maxLength: 30 };
  }
}

/** The declared parameters of one place (query or path) as an object schema. */
export function declSchema(decl: ParamDecl = {}, required: string[] = []): Record<string, unknown> {
  return { type: 'object', properties: Object.fromEntries(Object.entries(decl).map(([k, v]) => [k, kindSchema(v)])), required };
}

// Query strings arrive as text: the checker coerces ("5" -> 5) on a copy; handlers still read the raw string.
const ajv = createAjv({ coerce: true });

export type ParamChecker = (query: Record<string, string>, path: Record<string, string>) => FieldError[];

/** One compiled schema for a route's query and path declarations; field errors name the parameter. */
export function paramChecker(query: ParamDecl = {}, path: ParamDecl = {}): ParamChecker {
  let validate: ValidateFunction | undefined;
  return (q, p) => {
    validate ??= ajv.compile({
      type: 'object',
      properties: { query: declSchema(query), path: declSchema(path, Object.keys(path)) },
    });
    const data = { query: { ...q }, path: { ...p } };
    const errors = validate(data) ? nonFiniteFields(data) : toFieldErrors(validate.errors);
    return errors.map((e) => ({ ...e, Field: e.Field.replace(/^\/(query|path)\//, '') }));
  };
}

/** The query parameters by declared name (matched ignoring case); empty values count as absent. */
export function declaredValues(raw: Record<string, string>, decl: ParamDecl = {}): Record<string, string> {
  const byLower = new Map(Object.keys(decl).map((n) => [n.toLowerCase(), n]));
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    const name = byLower.get(k.toLowerCase());
    if (name && v !== '') out[name] = v;
  }
  return out;
}

export const TEXT_FAULT_MESSAGE = 'A parameter holds text that cannot be stored.';

/**
 * The query names a request's route declared, so a handler reading an undeclared one fails the
 * tests (see `queryParam`): a parameter read but not declared would skip validation.
 */
const declaredQuery = new WeakMap<Request, Set<string>>();
export const setDeclaredQuery = (c: Context, names: string[]) => declaredQuery.set(c.req.raw, new Set(names.map((n) => n.toLowerCase())));
export const STRICT_DECLARATIONS = !!process.env.VITEST;

export function assertDeclared(c: Context, name: string) {
  if (!STRICT_DECLARATIONS) return;
  const names = declaredQuery.get(c.req.raw);
  if (names && !names.has(name.toLowerCase())) throw new Error(`${c.req.method} ${c.req.path} reads the undeclared query parameter '${name}'`);
}
