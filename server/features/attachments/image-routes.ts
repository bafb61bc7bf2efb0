/**
 * Images of every hierarchy level (DOC-018..023): upload (streamed to disk, checked by extension,
 * name length and magic bytes, thumbnails at 65/105/600 px), the image by URL (DOC-022), delete,
 * and the cache-invalidation call (DOC-021), which answers without doing anything: there is no
 * image cache on this server (files are read from disk; the URL carries a time stamp, so a
 * browser's cached copy is replaced by asking for the new URL).
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { ApiRouter } from '../../core/http/router';
import { queryParam } from '../../core/http/request';
import { badRequest, notFound } from '../../core/http/errors';
import { EDIT_ANY_LEVEL, READ_ANY_LEVEL } from '../hierarchy';
import {
  CONTENT_TYPES,
  extensionOf,
  formatOfExtension,
  imageNameProblem,
  INVALID_FILE_FORMAT,
  sniffImageFormat,
  THUMBNAIL_SIZES,
  type ImageSize,
} from '../../domain/image-rules';
import { imageTarget, imageUrl, setImageName, targetDir, TARGET_FIELDS } from './image-target';
import { commitImageFiles, readHead, removeFiles, removeImageFiles, storedImage, tempFile } from '../../core/files/storage';
import { receiveUpload, type ReceivedFile } from '../../core/files/upload-stream';
import { writeThumbnails } from '../../core/files/thumbnails';

export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** Files up to this size are served from one read (every thumbnail); larger ones (originals) are streamed. */
const WHOLE_READ_BYTES = 1024 * 1024;

/** If-None-Match holds the entity tag (a list, `*`, or a weak W/ form compare too: RFC 9110 weak comparison). */
function etagMatches(header: string | undefined, etag: string) {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/** The file's bytes must be the image format its extension names (a renamed executable is refused). */
async function verifiedFormat(file: ReceivedFile) {
  const format = sniffImageFormat(await readHead(file.path));
  if (!format || format !== formatOfExtension(extensionOf(file.name))) {
    throw badRequest(INVALID_FILE_FORMAT, [{ Field: '/file', Message: `The file's content is not a .${extensionOf(file.name)} image.` }]);
  }
  return format;
}

function sizeParam(raw: string | undefined): ImageSize {
  if (raw === undefined || raw === '') return 600;
  if (raw.toLowerCase() === 'original') return 'original';
  const size = THUMBNAIL_SIZES.find((s) => String(s) === raw);
  if (!size) throw badRequest('The size must be 65, 105, 600 or original.', [{ Field: '/size', Message: 'Must be 65, 105, 600 or original.' }]);
  return size;
}

export function imageRoutes(r: ApiRouter) {
  // DOC-018..021: multipart ProjectId, ProjectLevel, ImageType (send them before the file so the record is checked before any byte is stored) and the file.
  r.post('/api/Image/UploadImage', EDIT_ANY_LEVEL, { stream: true }, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const temps: string[] = [];
    const upload = await receiveUpload(c.req.raw, {
      dataDir: ctx.config.dataDir,
      maxBytes: MAX_IMAGE_BYTES,
      beforeFile: async (fields, fileName) => {
        const problem = imageNameProblem(fileName);
        if (problem) throw badRequest(problem, [{ Field: '/file', Message: problem }]);
        if (fields.ProjectLevel !== undefined || fields.ProjectId !== undefined) await imageTarget(ctx, user, fields, 'edit');
      },
    });
    if (upload.file) temps.push(upload.file.path);
    try {
      const target = await imageTarget(ctx, user, upload.fields, 'edit');
      const file = upload.file;
      if (!file) throw badRequest('Choose an image to upload.', [{ Field: '/file', Message: 'Required.' }]);
      const format = await verifiedFormat(file);
      const thumbnails = await writeThumbnails(file.path, format, async () => {
        const temp = await tempFile(ctx.config.dataDir);
        temps.push(temp);
        return temp;
      });
      await ctx.db.tx(async (q) => {
        await setImageName(ctx, q, user, target, file.name);
        await commitImageFiles(targetDir(ctx, target), { original: file.path, ...thumbnails });
      });
      return c.json({ IsSuccessful: true, Message: 'Image uploaded successfully', ImageName: file.name, ImagePath: imageUrl(target) });
    } finally {
      await removeFiles(temps);
    }
  });

  // DOC-022: ?projectId&projectLevel&imageType&size (65|105|600|original, default 600)&ts (the time stamp keys the browser's cache).
  // Every call checks the record first (one prepared statement, image-target.ts), a revalidation
  // (If-None-Match) too: a record the user may not see answers like a missing one, never 304.
  r.get('/api/Image/GetImage', READ_ANY_LEVEL, { query: { ProjectId: 'id', ProjectLevel: 'id', ImageType: 'id', size: 'text', ts: 'text' } }, async (c) => {
    const ctx = c.get('ctx');
    const fields = Object.fromEntries(TARGET_FIELDS.map((f) => [f, queryParam(c, f)]));
    const target = await imageTarget(ctx, c.get('user'), fields, 'read');
    const size = sizeParam(queryParam(c, 'size'));
    const stored = await storedImage(targetDir(ctx, target), size);
    if (!stored) throw notFound('The record has no image.');
    const etag = `"${stored.mtime.getTime().toString(36)}-${stored.size.toString(36)}"`;
    const headers = {
      // The URL's time stamp changes with the image (the record's row version): a stamped URL's answer never goes stale.
      'Cache-Control': queryParam(c, 'ts') ? 'private, max-age=31536000, immutable' : 'private, no-cache',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
    };
    if (etagMatches(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers });
    // A thumbnail (tens of KB) is read in one synchronous call (~20 µs on a local disk; the promise
    // form's open/stat/read/close hops cost ~30 times that under load) and sent as one buffer; a
    // large original is streamed.
    const bytes = stored.size <= WHOLE_READ_BYTES ? fs.readFileSync(stored.file) : undefined;
    const format = sniffImageFormat(bytes ? bytes.subarray(0, 16) : await readHead(stored.file));
    if (!format) throw notFound('The record has no image.');
    const name = `${target.h.entity}-${target.id}-${target.type}-${size}.${format === 'jpeg' ? 'jpg' : format}`;
    const body = bytes ?? (Readable.toWeb(fs.createReadStream(stored.file)) as WebReadableStream<Uint8Array> as ReadableStream);
    return new Response(body, {
      headers: {
        ...headers,
        'Content-Type': CONTENT_TYPES[format],
        'Content-Length': String(bytes?.length ?? stored.size),
        'Content-Disposition': `attachment; filename="${name}"`,
      },
    });
  });

  // DOC-021: ProjectId, ProjectLevel, ImageType.
  r.post('/api/Image/DeleteImage', EDIT_ANY_LEVEL, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const target = await imageTarget(ctx, user, c.get('body'), 'edit');
    await ctx.db.tx((q) => setImageName(ctx, q, user, target, null));
    await removeImageFiles(targetDir(ctx, target));
    return c.json({ IsSuccessful: true, Message: 'Image Deleted Successfully' });
  });

  // DOC-021: the cache-invalidation call; nothing is cached on the server (see the top of this file). It belongs with
  // upload and delete: under the edit rule, a read-only user is refused (issue 29).
  r.post('/api/Image/InvalidateImageCache', EDIT_ANY_LEVEL, async (c) => {
    await imageTarget(c.get('ctx'), c.get('user'), c.get('body'), 'edit');
    return c.json({ IsSuccessful: true, Message: 'There is no image cache on the server; nothing was invalidated.' });
  });
}
