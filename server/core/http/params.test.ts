import { describe, expect, it } from 'vitest';
import { declaredValues, paramChecker } from './params';

describe('issue 10: declared parameter kinds', () => {
  const check = paramChecker({ Id: 'id', N: 'int', X: 'number', B: 'bool', T: 'text', L: 'ids', E: ['asc', 'desc'] }, { key: 'id' });
  const ok = (q: Record<string, string>, p = { key: '1' }) => check(q, p).length === 0;

  it('id is 0..2147483647 and int any int4; no 1e308, Infinity, fractions or words', () => {
    for (const v of ['0', '1', '2147483647']) expect(ok({ Id: v }), v).toBe(true);
    for (const v of ['-1', '2147483648', '1e308', 'Infinity', 'NaN', '1.5', 'abc']) expect(ok({ Id: v }), v).toBe(false);
    expect(ok({ N: '-2147483648' })).toBe(true);
    expect(ok({ N: '-2147483649' })).toBe(false);
  });

  it('ids is a comma-separated list of int4 ids', () => {
    for (const v of ['1', '1,2,3', ' 1 , 2 ', '2147483647,', '']) expect(ok({ L: v }), v).toBe(true);
    for (const v of ['2147483648', '1,2147483648', '1;2', '-1', 'a']) expect(ok({ L: v }), v).toBe(false);
  });

  it('number is finite, bool a truth word, text at most 4000 characters, a list one of its values', () => {
    expect(ok({ X: '12.5' })).toBe(true);
    for (const v of ['Infinity', '1e308', 'NaN']) expect(ok({ X: v }), v).toBe(false);
    for (const v of ['true', 'False', '1', '0', 'yes']) expect(ok({ B: v }), v).toBe(true);
    expect(ok({ B: 'maybe' })).toBe(false);
    expect(ok({ T: 'x'.repeat(4000) })).toBe(true);
    expect(ok({ T: 'x'.repeat(4001) })).toBe(false);
    expect(ok({ E: 'desc' })).toBe(true);
    expect(ok({ E: 'sideways' })).toBe(false);
  });

  it('path parameters are required and errors name the parameter', () => {
    expect(check({ Id: 'abc' }, { key: 'x' })).toEqual([
      { Field: 'Id', Message: 'Must be integer.' },
      { Field: 'key', Message: 'Must be integer.' },
    ]);
  });

  it('query names match ignoring case; empty and undeclared values are left out', () => {
    expect(declaredValues({ id: '5', t: '', other: 'x' }, { Id: 'id', T: 'text' })).toEqual({ Id: '5' });
  });
});
