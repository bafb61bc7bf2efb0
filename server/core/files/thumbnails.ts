/**
 * Thumbnails of an uploaded image at 65, 105 and 600 px (the longer edge; never enlarged), with sharp
 * (loaded by the first image, not at the server's start: ~0.15 s of modules and libvips).
 */
import { badRequest } from '../http/errors';
import { INVALID_FILE_FORMAT, THUMBNAIL_SIZES, type ImageFormat } from '../../domain/image-rules';

/** Writes each thumbnail to a file from `nextTemp` (the caller removes what is left); answers size → path. A file sharp cannot decode is refused. */
export async function writeThumbnails(original: string, format: ImageFormat, nextTemp: () => Promise<string>): Promise<Record<string, string>> {
  // libvips has no BMP reader: a bitmap is served at its original size.
  if (format === 'bmp') return {};
  const { default: sharp } = await import('sharp');
  const out: Record<string, string> = {};
  try {
    await sharp(original).metadata();
    for (const size of THUMBNAIL_SIZES) {
      const file = await nextTemp();
      out[String(size)] = file;
      await sharp(original)
        .rotate()
        .resize(size, size, { fit: 'inside', withoutEnlargement: true })
        .toFormat(format === 'jpeg' ? 'jpeg' : 'png')
        .toFile(file);
    }
    return out;
  } catch {
    throw badRequest(INVALID_FILE_FORMAT, [{ Field: '/file', Message: 'The image cannot be read.' }]);
  }
}
