import { describe, expect, it } from 'vitest';
import { containsPattern } from './contains';

describe('containsPattern', () => {
  it('wraps the text and escapes LIKE wildcards and the escape character', () => {
    expect(containsPattern('Trail')).toBe('%Trail%');
    expect(containsPattern('50%_off\\x')).toBe('%50\\%\\_off\\\\x%');
  });
});
