/**
 * Product images for the catalog's tests, screenshots and benchmark (the demo and large fixtures
 * have none): a drawn shoe-like picture per colour, either uploaded through the image call (one
 * record at a time, as a user would) or, for a large data set before the server starts, written
 * set-based: one UPDATE of the image names and the files of the image store's layout
 * (server/core/files/storage.ts) made by copying one set of thumbnails per colour.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Queryable } from '../../server/core/db/client';
import { THUMBNAIL_SIZES } from '../../server/domain/image-rules';
import { imageDir } from '../../server/core/files/storage';

const COLOURS = ['#c0392b', '#2980b9', '#27ae60', '#8e44ad', '#d35400', '#16a085', '#2c3e50', '#b7950b'];

/** A 800 × 800 JPEG of a simple shoe outline in colour `i`. */
export function sampleImage(i: number): Promise<Buffer> {
  const c = COLOURS[i % COLOURS.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
    <rect width="800" height="800" fill="#f4f5f7"/>
    <path d="M110 470 C150 330 250 300 330 330 L430 400 C520 430 640 440 700 500 L700 560 L110 560 Z" fill="${c}"/>
    <rect x="100" y="560" width="610" height="40" rx="18" fill="#2b2b2b"/>
    <path d="M330 330 L380 250 L450 260 L430 400 Z" fill="${c}" opacity="0.8"/>
    <circle cx="${250 + (i % 5) * 60}" cy="470" r="22" fill="#ffffff" opacity="0.7"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** Uploads a sample image as the record's product image through POST /api/Image/UploadImage. */
export async function uploadSampleImage(baseUrl: string, token: string, level: 3 | 4, projectId: number, i: number): Promise<void> {
  const form = new FormData();
  form.append('ProjectId', String(projectId));
  form.append('ProjectLevel', String(level));
  form.append('ImageType', '1');
  form.append('file', new Blob([new Uint8Array(await sampleImage(i))], { type: 'image/jpeg' }), `sample-${i}.jpg`);
  const res = await fetch(`${baseUrl}/api/Image/UploadImage`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (!res.ok) throw new Error(`Upload of ${level}/${projectId}: ${res.status} ${await res.text()}`);
}

/** The original and its 65/105/600 px thumbnails of colour `i`, as the image store keeps them. */
async function sampleFiles(i: number): Promise<Record<string, Buffer>> {
  const original = await sampleImage(i);
  const out: Record<string, Buffer> = { original };
  for (const size of THUMBNAIL_SIZES) out[String(size)] = await sharp(original).resize(size, size, { fit: 'inside' }).jpeg().toBuffer();
  return out;
}

/**
 * Gives the patterns (base ids) a product image set-based: one UPDATE of their image names and
 * the files written into DATA_DIR/files/images/3/{patternId}/1/ (for a server not yet running).
 */
export async function seedPatternImages(db: Queryable, dataDir: string, patternIds: readonly number[]): Promise<void> {
  await db.query(
    `UPDATE patterns SET imagename = 'sample-' || (patternid % ${COLOURS.length}) || '.jpg', rowversion = rowversion + 1 WHERE patternid = ANY($1)`,
    [patternIds],
  );
  const sets = await Promise.all(COLOURS.map((_, i) => sampleFiles(i)));
  for (const id of patternIds) {
    const dir = imageDir(dataDir, { level: 3, recordId: id, type: 1 });
    await fs.mkdir(dir, { recursive: true });
    await Promise.all(Object.entries(sets[id % COLOURS.length]).map(([name, bytes]) => fs.writeFile(path.join(dir, name), bytes)));
  }
}
