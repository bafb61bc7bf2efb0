import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { passwordScore, passwordStrength } from './password-score';

describe('password strength score', () => {
  it('AUTH-036 DECISIONS AUTH-039: the n-th occurrence of a character adds 5/n', () => {
    expect(passwordScore('a')).toBe(5);
    expect(passwordScore('aa')).toBe(7); // 5 + 2.5, floored
    expect(passwordScore('aaa')).toBe(9); // 5 + 2.5 + 1.67
    expect(passwordScore('abcdefgh')).toBe(40);
  });

  it('AUTH-037: each character class beyond the first adds 10; capped at 100', () => {
    expect(passwordScore('abcd')).toBe(20);
    expect(passwordScore('abC1')).toBe(20 + 20);
    expect(passwordScore('aB1!')).toBe(20 + 30);
    expect(passwordScore('Demo!2026pass')).toBeGreaterThanOrEqual(40);
    expect(passwordScore('The quick brown fox jumps over 13 lazy dogs!')).toBe(100);
  });

  it('AUTH-038: under 40 weak, 40 to 70 ok, above 70 strong', () => {
    expect(passwordStrength(39)).toBe('weak');
    expect(passwordStrength(40)).toBe('ok');
    expect(passwordStrength(70)).toBe('ok');
    expect(passwordStrength(71)).toBe('strong');
  });

  it('the score stays within 0..100 and never drops when a new character is appended', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ minLength: 1, maxLength: 1 }), (s, ch) => {
        const a = passwordScore(s);
        expect(a).toBeGreaterThanOrEqual(0);
        expect(a).toBeLessThanOrEqual(100);
        expect(passwordScore(s + ch)).toBeGreaterThanOrEqual(a);
      }),
    );
  });
});
