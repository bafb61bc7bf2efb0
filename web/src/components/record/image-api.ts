/**
 * The image calls from the browser (DOC-021/022): upload as a multipart body, the image itself
 * fetched as a blob (an <img src> cannot carry the bearer token), delete; all through api/http.
 */
import { ApiError, apiBlob, apiFetch } from '../../api/http';
import type { ImageType } from './image-checks';

export interface ImageTarget {
  projectLevel: number;
  projectId: number;
  imageType: ImageType;
}
export interface UploadAnswer {
  IsSuccessful: boolean;
  Message: string;
  ImageName: string;
  ImagePath: string;
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
  return apiFetch<UploadAnswer>('/api/Image/UploadImage', { method: 'POST', multipart: form, handleAuthErrors: false });
}

export const deleteImage = (target: ImageTarget) =>
  apiFetch<{ IsSuccessful: boolean; Message: string }>('/api/Image/DeleteImage', {
    json: { ProjectId: target.projectId, ProjectLevel: target.projectLevel, ImageType: target.imageType },
    handleAuthErrors: false,
  });

/** The image at `url`, or null when the record has none (404). */
export const fetchImage = (url: string, signal: AbortSignal): Promise<Blob | null> => apiBlob(url, { signal, handleAuthErrors: false, missingIsNull: true });
