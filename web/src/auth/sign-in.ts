/** Sign-in with user name and password (AUTH-007): stores the session or says what went wrong. */
import { ApiError } from '../api/http';
import { requestPasswordToken } from '../api/token';
import { useSessionStore } from './session-store';
import { signInOutcome, type SignInOutcome } from './sign-in-outcome';

export async function signIn(userName: string, password: string): Promise<SignInOutcome | null> {
  try {
    const session = await requestPasswordToken(userName.trim(), password);
    useSessionStore.getState().setSession(session);
    return null;
  } catch (err) {
    if (err instanceof ApiError) return signInOutcome(err.status, err.body, err.headers?.get('retry-after') ?? null);
    throw err;
  }
}
