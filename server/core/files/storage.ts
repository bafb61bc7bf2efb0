/**
 * Where image files live (DESIGN "Files"): DATA_DIR/files/images/{level}/{recordId}/{type}/ holds
 * `original` and one file per thumbnail size (`65`, `105`, `600`), named without an extension (the
 * format is read from the bytes when served). Documents live in
 * DATA_DIR/files/documents/{level}/{projectId}/{documentId}. Uploads arrive in DATA_DIR/files/tmp and are moved
 * into place by rename, so a reader never sees a half-written file.
 */
import crypto from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ImageSize } from '../../domain/image-rules';

export interface ImageLocation {
  level: number;
  recordId: number;
  type: number;
}

export const imageDir = (dataDir: string, at: ImageLocation) => path.join(dataDir, 'files', 'images', String(at.level), String(at.recordId), String(at.type));

/** Where a document's file lives, relative to DATA_DIR/files (stored with the document row). */
export const documentPath = (level: number, projectId: number, documentId: number) =>
  path.join('documents', String(level), String(projectId), String(documentId));

export const filesPath = (dataDir: string, relative: string) => path.join(dataDir, 'files', relative);

/** Moves a prepared temp file to its place (one rename: a reader never sees a half-written file). */
export async function commitFile(temp: string, target: string) {
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.rename(temp, target);
}

/** A fresh path in the upload folder (the folder is created when missing). */
export async function tempFile(dataDir: string): Promise<string> {
  const dir = path.join(dataDir, 'files', 'tmp');
  await fs.mkdir(dir, { recursive: true });
  return path.join(dir, `${crypto.randomUUID()}.part`);
}

/** Moves the prepared files (name → temp path) into the image folder and drops any other file there. */
export async function commitImageFiles(dir: string, files: Record<string, string>) {
  await fs.mkdir(dir, { recursive: true });
  for (const [name, temp] of Object.entries(files)) await fs.rename(temp, path.join(dir, name));
  for (const stale of await fs.readdir(dir)) if (!(stale in files)) await fs.rm(path.join(dir, stale), { force: true });
}

export const removeImageFiles = (dir: string) => fs.rm(dir, { recursive: true, force: true });

export const removeFiles = (paths: Iterable<string>) => Promise.all([...paths].map((p) => fs.rm(p, { force: true })));

/**
 * The stored file of one size; a size that has no thumbnail (bmp) falls back to the original.
 * A synchronous stat (tens of microseconds on a local disk): the promise form costs several times
 * that in thread-pool hops, per image of a catalog page, on the thread that also runs PGlite.
 */
export async function storedImage(dir: string, size: ImageSize) {
  for (const name of size === 'original' ? ['original'] : [String(size), 'original']) {
    const file = path.join(dir, name);
    const stat = fsSync.statSync(file, { throwIfNoEntry: false });
    if (stat?.isFile()) return { file, size: stat.size, mtime: stat.mtime };
  }
  return undefined;
}

/** The first bytes of a file (for its magic number). */
export async function readHead(file: string, length = 16): Promise<Uint8Array> {
  const handle = await fs.open(file, 'r');
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buf, 0, length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
