/**
 * The pure rules of hierarchy images (DOC-018..020), shared by the server and the browser (which
 * only shows them early): accepted extensions, the file-name length, image types, and which image
 * format the first bytes of a file are (the content must match the extension).
 */

/** DOC-018: the file picker's extensions; the drop area also allows bmp. */
export const PICKER_EXTENSIONS = ['jpg', 'jpeg', 'gif', 'png'] as const;
export const IMAGE_EXTENSIONS = [...PICKER_EXTENSIONS, 'bmp'] as const;
export const INVALID_FILE_FORMAT = 'Invalid File Format';

/** DOC-019 */
export const MAX_IMAGE_NAME_LENGTH = 175;
export const nameTooLongMessage = (length: number) =>
  `File name is ${length - MAX_IMAGE_NAME_LENGTH} characters over the maximum amount of ${MAX_IMAGE_NAME_LENGTH}. Please rename your file, and try again.`;

/** DOC-020: image types. */
export const PRODUCT_IMAGE = 1;
export const OUTSOLE_IMAGE = 2;
export type ImageType = typeof PRODUCT_IMAGE | typeof OUTSOLE_IMAGE;

/** Thumbnail edges in pixels (DESIGN "Files"); `original` is the uploaded file. */
export const THUMBNAIL_SIZES = [65, 105, 600] as const;
export type ImageSize = (typeof THUMBNAIL_SIZES)[number] | 'original';

export const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
};

/** What is wrong with an image's file name (DOC-018 extension, DOC-019 length), or undefined. */
export function imageNameProblem(fileName: string, allowed: readonly string[] = IMAGE_EXTENSIONS): string | undefined {
  if (!allowed.includes(extensionOf(fileName))) return INVALID_FILE_FORMAT;
  if (fileName.length > MAX_IMAGE_NAME_LENGTH) return nameTooLongMessage(fileName.length);
  return undefined;
}

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'bmp';

export const CONTENT_TYPES: Record<ImageFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', bmp: 'image/bmp' };

const startsWith = (head: Uint8Array, bytes: number[]) => bytes.every((b, i) => head[i] === b);
const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0));

/** The image format of a file from its first bytes (magic numbers), or undefined. */
export function sniffImageFormat(head: Uint8Array): ImageFormat | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('BM')) && head.length >= 14) return 'bmp';
  return undefined;
}

/** The format a file name's extension promises. */
export const formatOfExtension = (ext: string): ImageFormat | undefined =>
  ext === 'jpg' || ext === 'jpeg' ? 'jpeg' : (['png', 'gif', 'bmp'] as const).find((f) => f === ext);
