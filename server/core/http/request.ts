/**
 * Reading requests the way the specification sends them (CONST-005): bodies form-encoded by
 * default or JSON, parameter names matched case-insensitively (the spec spells `UserId`,
 * `userId` and `userID` for the same thing).
 */
import type { Context } from 'hono';
import { badRequest } from './errors';
import { assertDeclared } from './params';
import { parseJsonLimited } from './json-body';

/** Parses a JSON (nested at most MAX_BODY_DEPTH levels, json-body.ts) or form-encoded body into a plain object; an empty body is `{}`. */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  const text = await c.req.text();
  if (!text.trim()) return {};
  if (type.includes('application/json')) {
    try {
      const value = parseJsonLimited(text);
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        throw badRequest('The request body must be a JSON object.');
      }
      return value;
    } catch (err) {
      if (err instanceof SyntaxError) throw badRequest('The request body is not valid JSON.');
      throw err;
    }
  }
  if (type.includes('application/x-www-form-urlencoded') || !type) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  throw badRequest(`Unsupported content type '${type}'.`);
}

/** A query parameter by name, ignoring case; undefined when absent. The route must declare it (RouteOptions.query). */
export function queryParam(c: Context, name: string): string | undefined {
  assertDeclared(c, name);
  return rawQueryParam(c, name);
}

/** A query parameter without the declaration check (the guard's own reads). */
export function rawQueryParam(c: Context, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(c.req.query())) if (k.toLowerCase() === lower) return v;
  return undefined;
}

/** A whole-number query parameter; a missing one is `fallback` (or a 400 when none is given). */
export function intParam(c: Context, name: string, fallback?: number): number {
  const raw = queryParam(c, name);
  if (raw === undefined || raw === '') {
    if (fallback !== undefined) return fallback;
    throw badRequest(`The parameter ${name} is required.`, [{ Field: name, Message: 'Required.' }]);
  }
  if (!/^-?\d+$/.test(raw)) throw badRequest(`The parameter ${name} must be a whole number.`, [{ Field: name, Message: 'Must be a whole number.' }]);
  return Number(raw);
}

/** Renames the keys of `body` to the spelling of `names` when they match ignoring case. */
export function canonicalKeys(body: Record<string, unknown>, names: string[]): Record<string, unknown> {
  const byLower = new Map(names.map((n) => [n.toLowerCase(), n]));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) out[byLower.get(k.toLowerCase()) ?? k] = v;
  return out;
}

/** A success answer with its message (the spec's `{ IsSuccessful, Message }` shape). */
export const ok = (Message: string, extra: Record<string, unknown> = {}) => ({ IsSuccessful: true, Message, ...extra });

/** A nested object of a body with its keys spelled as `names` (the router only canonicalises the top level). */
export function nested(value: unknown, names: string[]): Record<string, any> {
  return value && typeof value === 'object' && !Array.isArray(value) ? canonicalKeys(value as Record<string, unknown>, names) : {};
}
