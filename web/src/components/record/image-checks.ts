/**
 * The browser's early image checks and texts (DOC-018..023); the server enforces the same rules
 * (server/files/image-rules.ts, shared so the two cannot drift).
 */
import { IMAGE_EXTENSIONS, imageNameProblem, PICKER_EXTENSIONS, type ImageSize, type ImageType } from '@domain/image-rules';

export { OUTSOLE_IMAGE, type ImageType } from '@domain/image-rules';

/** How the file was chosen: the file picker, or dropped on the drop area (which also allows bmp, DOC-018). */
export type ImageSource = 'picker' | 'drop';

/** What is wrong with the file before it is sent (DOC-018 extension, DOC-019 name length), or undefined. */
export const imageFileProblem = (fileName: string, source: ImageSource) => imageNameProblem(fileName, source === 'drop' ? IMAGE_EXTENSIONS : PICKER_EXTENSIONS);

/** The file picker's `accept` list. */
export const PICKER_ACCEPT = PICKER_EXTENSIONS.map((e) => `.${e}`).join(',');

/** DOC-023 */
export const IMAGE_UPLOADED = 'Image uploaded successfully';
export const IMAGE_DELETED = 'Image Deleted Successfully';
export const uploadFailed = (detail: string) => `There was an error while uploading the image. Please contact system administrator. Error Message: ${detail}`;
export const DELETE_FAILED = 'There was an error while deleting the image. Please contact system administrator.';

export const IMAGE_TYPE_LABELS: Record<ImageType, string> = { 1: 'Product', 2: 'Outsole' };

/** DOC-022: the image URL from project id, level, image type, size and a time stamp. */
export function imageUrl(projectLevel: number, projectId: number, imageType: ImageType, size: ImageSize, ts: string | number) {
  const q = new URLSearchParams({
    projectId: String(projectId),
    projectLevel: String(projectLevel),
    imageType: String(imageType),
    size: String(size),
    ts: String(ts),
  });
  return `/api/Image/GetImage?${q}`;
}
