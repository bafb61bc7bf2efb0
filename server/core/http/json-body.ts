/**
 * Issue 29: a JSON body's nesting depth is limited before anything walks it. JSON.parse itself
 * copes with deep input, but every step after it recurses (the text checks, the request-schema
 * validation, the handlers): a body nested 20,000 levels deep ended in "Maximum call stack size
 * exceeded", a 500, on anonymous routes too. One pass over the text counts the open objects and
 * arrays outside strings and stops at the first level past the limit, so a hostile body costs
 * at most one scan of its (size-limited) bytes.
 */
import { badRequest } from './errors';

/** Deepest nesting of objects and arrays a body may have; the deepest request schema is 10 levels. */
export const MAX_BODY_DEPTH = 32;

/** The 400 of a body nested past the limit; it names the limit. */
export const tooDeep = (limit = MAX_BODY_DEPTH) =>
  badRequest(`The request body is nested more than ${limit} levels deep.`, [{ Field: '/', Message: `At most ${limit} levels of nested objects and arrays.` }]);

/** Whether the JSON text opens more than `limit` objects or arrays at once (brackets inside strings do not count). */
export function nestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // a backslash escapes the next character (\" or \\)
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > limit) return true;
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return false;
}

/** JSON.parse with the depth limit checked first (a 400 naming it); a syntax error stays a SyntaxError. */
export function parseJsonLimited(text: string, limit = MAX_BODY_DEPTH): any {
  if (nestedDeeperThan(text, limit)) throw tooDeep(limit);
  return JSON.parse(text);
}
