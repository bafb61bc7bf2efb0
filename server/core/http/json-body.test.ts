/** Issue 29: the depth scan of a JSON body (json-body.ts). */
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { nestedDeeperThan, parseJsonLimited } from './json-body';

describe('issue 29: JSON body depth', () => {
  it('counts open objects and arrays, not their siblings', () => {
    expect(nestedDeeperThan('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(nestedDeeperThan('{"a":[1,{"b":2}]}', 2)).toBe(true);
    expect(nestedDeeperThan('[[],[],[],[],[]]', 2)).toBe(false);
    expect(nestedDeeperThan(`${'['.repeat(100_000)}`, 32)).toBe(true);
  });

  it('skips brackets inside strings, escaped quotes and backslashes included', () => {
    expect(nestedDeeperThan(JSON.stringify({ a: '[[[[{{{{' }), 1)).toBe(false);
    expect(nestedDeeperThan(JSON.stringify({ a: 'say \\"[[[[\\"' }), 1)).toBe(false);
    expect(nestedDeeperThan(JSON.stringify({ a: 'ends in a backslash \\', b: [[1]] }), 2)).toBe(true);
    expect(nestedDeeperThan(JSON.stringify({ a: 'ends in a backslash \\', b: [[1]] }), 3)).toBe(false);
  });

  it('refuses past the limit with a 400 naming it, and parses at the limit', () => {
    const at = `${'['.repeat(32)}${']'.repeat(32)}`;
    expect(parseJsonLimited(at)).toEqual(JSON.parse(at));
    let thrown: unknown;
    try {
      parseJsonLimited(`[${at}]`);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).status).toBe(400);
    expect((thrown as AppError).message).toBe('The request body is nested more than 32 levels deep.');
    expect(() => parseJsonLimited('{"a":')).toThrow(SyntaxError);
  });
});
