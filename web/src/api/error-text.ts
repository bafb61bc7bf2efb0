/**
 * The text to show for a failed call: the server's Message or Errors when present (CONST,
 * §8 "a server Message or Errors list is displayed when present"), otherwise a fallback.
 */
import { ApiError } from './http';

export function serverMessages(body: unknown): string[] {
  if (!body || typeof body !== 'object') return typeof body === 'string' && body.trim() && body.length < 300 ? [body] : [];
  const b = body as { Message?: unknown; Errors?: unknown; error_description?: unknown };
  const errors = Array.isArray(b.Errors)
    ? b.Errors.map((e) => (e && typeof e === 'object' ? (e as { Message?: unknown }).Message : e)).filter((m): m is string => typeof m === 'string' && !!m)
    : [];
  if (errors.length) return errors;
  if (typeof b.Message === 'string' && b.Message) return [b.Message];
  if (typeof b.error_description === 'string' && b.error_description) return [b.error_description];
  return [];
}

export function errorText(err: unknown, fallback: string): string {
  const body = err instanceof ApiError ? err.body : err;
  const messages = serverMessages(body);
  return messages.length ? messages.join(' ') : fallback;
}
