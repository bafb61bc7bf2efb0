/** POST /api/token (AUTH-007/008): sign-in and refresh, form-encoded, never with a bearer token. */
import { clockSkew, sessionFromToken, type Session, type TokenAnswer } from '../auth/session';
import { apiRequest } from './http';

async function postToken(form: Record<string, string>): Promise<Session> {
  const { res, body } = await apiRequest('/api/token', { method: 'POST', form, auth: false });
  const now = Date.now();
  return sessionFromToken(body as TokenAnswer, now, clockSkew(res.headers.get('date'), now));
}

export function requestPasswordToken(username: string, password: string): Promise<Session> {
  return postToken({ grant_type: 'password', username, password });
}

export function requestRefreshToken(refreshToken: string): Promise<Session> {
  return postToken({ grant_type: 'refresh_token', refresh_token: refreshToken });
}
