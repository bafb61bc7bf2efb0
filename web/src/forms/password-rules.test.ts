import { describe, expect, it } from 'vitest';
import { confirmProblem, newPasswordProblem, PASSWORD_TOO_SHORT, PASSWORD_TOO_WEAK, PASSWORDS_DIFFER } from './password-rules';

describe('new password rules', () => {
  it('AUTH-034 AUTH-038 a password scoring under 40 is refused', () => {
    expect(newPasswordProblem('aaaaaaaaaaaa')).toBe(PASSWORD_TOO_WEAK);
    expect(newPasswordProblem('Demo!2026pass')).toBeNull();
  });

  it('AUTH-039 under 8 characters is refused', () => {
    expect(newPasswordProblem('Ab1!')).toBe(PASSWORD_TOO_SHORT);
  });

  it('the confirmation must match', () => {
    expect(confirmProblem('a', 'b')).toBe(PASSWORDS_DIFFER);
    expect(confirmProblem('a', 'a')).toBeNull();
  });
});
