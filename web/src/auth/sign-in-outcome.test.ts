import { describe, expect, it } from 'vitest';
import { INVALID_SIGN_IN, signInOutcome } from './sign-in-outcome';

describe('signInOutcome', () => {
  it("AUTH-019 role_not_assigned goes to the message page RoleNotAssigned titled 'Account Issue'", () => {
    const o = signInOutcome(400, { error: 'role_not_assigned' });
    expect(o).toEqual({ kind: 'messagePage', path: '/displayMessage?code=RoleNotAssigned&title=Account+Issue' });
  });

  it("AUTH-020 confirm_email goes to the message page ConfirmEmail titled 'Confirm Email'", () => {
    const o = signInOutcome(400, { error: 'confirm_email' });
    expect(o.kind === 'messagePage' && new URL(o.path, 'http://x').searchParams.get('title')).toBe('Confirm Email');
    expect(o.kind === 'messagePage' && new URL(o.path, 'http://x').searchParams.get('code')).toBe('ConfirmEmail');
  });

  it('AUTH-021 change_password_required goes to /changeUserPassword', () => {
    expect(signInOutcome(400, { error: 'change_password_required' })).toEqual({ kind: 'changePassword' });
  });

  it('AUTH-022 invalid_grant and anything else flag the form invalid', () => {
    expect(signInOutcome(400, { error: 'invalid_grant', error_description: 'x' })).toEqual({ kind: 'invalid', message: INVALID_SIGN_IN });
    expect(signInOutcome(500, 'boom').kind).toBe('invalid');
    expect(signInOutcome(400, null).kind).toBe('invalid');
  });

  it('429 shows the server description and reads Retry-After', () => {
    const o = signInOutcome(429, { error: 'too_many_attempts', error_description: 'Try again in 5 minutes.' }, '300');
    expect(o).toEqual({ kind: 'tooManyAttempts', message: 'Try again in 5 minutes.', retryAfterSeconds: 300 });
  });

  it('no answer at all is reported as unreachable, not as a wrong password', () => {
    expect(signInOutcome(0, null).kind).toBe('unreachable');
  });
});
