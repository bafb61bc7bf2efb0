/**
 * The image calls from the browser (DOC-021/022). Upload sends a FormData body and the image
 * itself is fetched as a blob: both need the bearer token, which `apiFetch` (form or JSON bodies,
 * JSON answers) and an <img src> cannot carry. Delete goes through `apiFetch`.
 */
import { ApiError, apiFetch } from '../../api/http';
import { useSessionStore } from '../../auth/session-store';
import type { ImageType } from './image-checks';

export interface ImageTarget { projectLevel: number; projectId: number; imageType: ImageType }
export interface UploadAnswer { IsSuccessful: boolean; Message: string; ImageName: string; ImagePath: string }

function bearer(): Record<string, string> {
  const session = useSessionStore.getState().session;
  return session ? { Authorization: `Bearer ${session.accessToken}` } : {};
}

/** The server's message of a failed call (the detail of the DOC-023 toasts). */
export function failureDetail(e: unknown): string {
  const body = e instanceof ApiError ? (e.body as { Message?: string } | null) : null;
  if (body?.Message) return body.Message;
  if (e instanceof ApiError) return e.network ? 'The server could not be reached.' : `HTTP ${e.status}`;
  return e instanceof Error ? e.message : String(e);
}

export async function uploadImage(target: ImageTarget, file: File): Promise<UploadAnswer> {
  const form = new FormData();
  // The fields go before the file: the server checks the record before it stores any byte.
  form.append('ProjectId', String(target.projectId));
  form.append('ProjectLevel', String(target.projectLevel));
  form.append('ImageType', String(target.imageType));
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch('/api/Image/UploadImage', { method: 'POST', headers: { Accept: 'application/json', ...bearer() }, body: form, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, null, true);
  }
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, body, false, res.headers);
  return body as UploadAnswer;
}

export const deleteImage = (target: ImageTarget) =>
  apiFetch<{ IsSuccessful: boolean; Message: string }>('/api/Image/DeleteImage', {
    json: { ProjectId: target.projectId, ProjectLevel: target.projectLevel, ImageType: target.imageType }, handleAuthErrors: false,
  });

/** The image at `url`, or null when the record has none (404). */
export async function fetchImage(url: string, signal: AbortSignal): Promise<Blob | null> {
  const res = await fetch(url, { headers: bearer(), signal, credentials: 'same-origin' });
  if (res.status === 404) return null;
  if (!res.ok) throw new ApiError(res.status, null, false, res.headers);
  return res.blob();
}
