/**
 * The one fetch wrapper: bearer token on every call, form-encoded or JSON bodies, and the
 * session-wide answers to 401 (session ended, back to /login) and 403 (/permissionDenied, PERM-024).
 */
import { useSessionStore } from '../auth/session-store';
import { endSession } from '../auth/end-session';
import { navigateTo } from './navigation';
import { etagFor, keepAnswer, keptAnswer } from './etag-store';

export type FormValue = string | number | boolean | null | undefined;

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, FormValue>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as multipart/form-data (uploads; the browser sets the boundary). */
  multipart?: FormData;
  /** The answer is a file: a successful call answers a Blob. */
  binary?: boolean;
  query?: Record<string, FormValue>;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Turn 401 into sign-out and 403 into /permissionDenied (default true). */
  handleAuthErrors?: boolean;
  signal?: AbortSignal;
  /** A GET without If-None-Match: the whole answer even when it has not changed. */
  fresh?: boolean;
}

/** A failed call: `network` when no HTTP answer arrived at all. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly network = false,
    readonly headers?: Headers,
  ) {
    super(network ? 'Network error' : `HTTP ${status}`);
  }
}

export function withQuery(path: string, query?: Record<string, FormValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

export function formBody(form: Record<string, FormValue>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) if (v !== undefined && v !== null) body.set(k, String(v));
  return body;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** Low-level call that returns the Response too (the token call needs its Date header). */
export async function apiRequest(path: string, opts: ApiOptions = {}): Promise<{ res: Response; body: unknown }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (opts.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = formBody(opts.form);
  } else if (opts.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.multipart) {
    body = opts.multipart;
  }
  const session = useSessionStore.getState().session;
  if (opts.auth !== false && session) headers.Authorization = `Bearer ${session.accessToken}`;
  const url = withQuery(path, opts.query);
  const method = opts.method ?? (body ? 'POST' : 'GET');
  // A GET answered before with an entity tag asks with it; a 304 reuses the kept answer (etag-store.ts, ADR 037).
  const conditional = method === 'GET' && !opts.binary ? url : undefined;
  const tag = conditional && !opts.fresh && etagFor(conditional);
  if (tag) headers['If-None-Match'] = tag;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      body,
      signal: opts.signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new ApiError(0, null, true);
  }
  if (res.status === 304 && conditional) {
    const again = keptAnswer(conditional, res.headers.get('ETag'));
    if (again) return { res, body: again.body };
    // Forgotten meanwhile (a sign-out): ask once more without the tag.
    return apiRequest(path, { ...opts, fresh: true });
  }
  const parsed = opts.binary && res.ok ? await res.blob() : await readBody(res).catch(() => null);
  const etag = res.headers.get('ETag');
  if (conditional && res.ok && etag) keepAnswer(conditional, etag, parsed);
  if (!res.ok) {
    if (opts.handleAuthErrors !== false && opts.auth !== false) {
      if (res.status === 401 && session) void endSession('unauthorized');
      else if (res.status === 403) void navigateTo('/permissionDenied');
    }
    throw new ApiError(res.status, parsed, false, res.headers);
  }
  return { res, body: parsed };
}

export async function apiFetch<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  return (await apiRequest(path, opts)).body as T;
}

/** A file answer (export, image) as a Blob; a 404 is null when `missingIsNull`. */
export async function apiBlob(path: string, opts: ApiOptions & { missingIsNull?: boolean } = {}): Promise<Blob | null> {
  try {
    return await apiFetch<Blob>(path, { ...opts, binary: true });
  } catch (e) {
    if (opts.missingIsNull && e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

/** Offers a Blob to the user as a download named `name`. */
export function saveFile(blob: Blob, name: string) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
