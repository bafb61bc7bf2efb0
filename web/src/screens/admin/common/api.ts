/** Small helpers shared by the administration screens: the `{ IsSuccessful, Message }` answer and a POST. */
import { apiFetch, type FormValue } from '../../../api/http';

export interface Answer<T = unknown> { IsSuccessful: boolean; Message: string; Data?: T; Errors?: { Field: string; Message: string }[] }

export const postJson = <T = Answer>(path: string, json: unknown, query?: Record<string, FormValue>) =>
  apiFetch<T>(path, { method: 'POST', json, query });

/** Field errors of a failed answer keyed by their last path segment ('/User/UserName' → 'UserName'). */
export function fieldErrors(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const list = (body as Answer | null)?.Errors;
  if (Array.isArray(list)) for (const e of list) out[String(e.Field).split('/').filter(Boolean).pop() ?? ''] = e.Message;
  return out;
}
