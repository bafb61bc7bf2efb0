/** Small helpers shared by the administration screens: the `{ IsSuccessful, Message }` answer and a POST. */
import { apiFetch, type FormValue } from '../../../api/http';

export interface Answer<T = unknown> {
  IsSuccessful: boolean;
  Message: string;
  Data?: T;
  Errors?: { Field: string; Message: string }[];
}

export const postJson = <T = Answer>(path: string, json: unknown, query?: Record<string, FormValue>) => apiFetch<T>(path, { method: 'POST', json, query });
