/**
 * The upload steps (DOC-004..007): category, then the approval question (approval categories,
 * not factory users), then the factory (categories that allow one, not factory users: DOC-011),
 * then the files, uploaded one after another. The early file checks are the server's rules.
 */
import { documentProblem } from '@domain/document-rules';
import type { DocumentCategory } from './document-api';

export type UploadStep = 'category' | 'approval' | 'factory' | 'files';

export function stepsFor(category: DocumentCategory | undefined, isFactoryUser: boolean): UploadStep[] {
  const steps: UploadStep[] = ['category'];
  if (category?.IsApprovalDocument && !isFactoryUser) steps.push('approval');
  if (category?.AllowFactorySelection && !isFactoryUser) steps.push('factory');
  steps.push('files');
  return steps;
}

/** Each chosen file with what is wrong with it (extension, name length, size), if anything. */
export const fileProblems = (files: readonly File[]) => files.map((file) => ({ file, problem: documentProblem(file.name, file.size) }));

export const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : bytes >= 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${bytes} B`;

export { notDeletedMessage, UPLOAD_FAILURE, UPLOAD_SUCCESS, DOCUMENT_EXTENSIONS } from '@domain/document-rules';
