/**
 * Client-side checks of a new password, with the same shared rule the server applies
 * (AUTH-034, AUTH-038: a score under 40 is weak and invalid). Instant feedback only: the server
 * also refuses common passwords, which the browser does not know.
 */
import { MAX_LENGTH, MIN_LENGTH, passwordScore, WEAK_BELOW } from '@domain/password-score';

export const PASSWORD_REQUIRED = 'Enter a password.';
export const PASSWORD_TOO_SHORT = `The password must be at least ${MIN_LENGTH} characters long.`;
export const PASSWORD_TOO_LONG = `The password must be at most ${MAX_LENGTH} characters long.`;
export const PASSWORD_TOO_WEAK = 'The password is too weak.';
export const PASSWORDS_DIFFER = 'The passwords do not match.';

export function newPasswordProblem(password: string): string | null {
  if (!password) return PASSWORD_REQUIRED;
  if (password.length < MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (password.length > MAX_LENGTH) return PASSWORD_TOO_LONG;
  if (passwordScore(password) < WEAK_BELOW) return PASSWORD_TOO_WEAK;
  return null;
}

export function confirmProblem(password: string, confirm: string): string | null {
  return password === confirm ? null : PASSWORDS_DIFFER;
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
