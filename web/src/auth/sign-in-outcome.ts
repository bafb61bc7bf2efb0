/**
 * What a failed sign-in leads to (AUTH-019..022, plus HTTP 429). Pure, so the mapping is tested
 * without a browser.
 */
import { MESSAGE_PAGES } from './message-page';

export type SignInOutcome =
  | { kind: 'messagePage'; path: string }
  | { kind: 'changePassword' }
  | { kind: 'tooManyAttempts'; message: string; retryAfterSeconds: number | null }
  | { kind: 'invalid'; message: string }
  | { kind: 'unreachable'; message: string };

export const INVALID_SIGN_IN = 'The user name or password is incorrect.';
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait and try again.';
export const SERVER_UNREACHABLE = 'The server cannot be reached. Check your connection and try again.';

interface TokenError {
  error?: string;
  error_description?: string;
}

export function signInOutcome(status: number, body: unknown, retryAfter: string | null = null): SignInOutcome {
  if (status === 0) return { kind: 'unreachable', message: SERVER_UNREACHABLE };
  const err = (body && typeof body === 'object' ? body : {}) as TokenError;
  if (status === 429) {
    const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : null;
    return { kind: 'tooManyAttempts', message: err.error_description || TOO_MANY_ATTEMPTS, retryAfterSeconds: seconds };
  }
  switch (err.error) {
    case 'role_not_assigned':
      return { kind: 'messagePage', path: MESSAGE_PAGES.roleNotAssigned };
    case 'confirm_email':
      return { kind: 'messagePage', path: MESSAGE_PAGES.confirmEmail };
    case 'change_password_required':
      return { kind: 'changePassword' };
    default:
      return { kind: 'invalid', message: INVALID_SIGN_IN };
  }
}
