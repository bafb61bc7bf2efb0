/**
 * Images of every hierarchy level (server/features/attachments/image-routes.ts, server/core/files/*): DOC-018..023 upload
 * checks, the stored original and thumbnails, the image URL, delete, and who may do what.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { multipartForm, streamedUpload } from '../helpers/multipart';

let t: TestApp;
let designer: string, factory: string, viewer: string;
beforeAll(async () => {
  t = await createTestApp();
  [designer, factory, viewer] = await t.tokens('designer', 'factory', 'viewer');
});
afterAll(async () => {
  await t?.close();
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2980b9' } })
    .jpeg()
    .toBuffer();

type Fields = Record<string, string | number>;
const MB = 1024 * 1024;
const upload = (token: string, fields: Fields, file?: { name: string; bytes: Uint8Array }) =>
  t.request('POST', '/api/Image/UploadImage', { token, body: multipartForm(fields, file) });
const getImage = (token: string, q: string) => t.request('GET', `/api/Image/GetImage?${q}`, { token });

/** A record of the level in an editable status (1 or 2) of brand 1; `where` narrows it. */
async function recordOf(view: string, key: string, where = 'TRUE') {
  const [row] = await t.ctx.db.query(
    `SELECT ${key} AS id FROM ${view} WHERE brandid = 1 AND statusid IN (1, 2) AND NOT isdeleted AND ${where} ORDER BY ${key} LIMIT 1`,
  );
  return row.id as number;
}
const briefId = () => recordOf('brief_view', 'briefseasonalid');
const imagesDir = () => path.join(t.dataDir, 'files', 'images');
const tmpFiles = () => (fs.existsSync(path.join(t.dataDir, 'files', 'tmp')) ? fs.readdirSync(path.join(t.dataDir, 'files', 'tmp')) : []);

describe('upload checks', () => {
  it('DOC-018 a file whose extension is not jpg, jpeg, gif, png or bmp is refused with Invalid File Format', async () => {
    const res = await upload(designer, { ProjectId: await briefId(), ProjectLevel: 2, ImageType: 1 }, { name: 'sketch.tiff', bytes: await png(10, 10) });
    expect(res.status).toBe(400);
    expect((await res.json()).Message).toBe('Invalid File Format');
    expect(tmpFiles()).toEqual([]);
  });

  it('DOC-019 a file name over 175 characters names how many characters too long', async () => {
    const name = `${'a'.repeat(176)}.png`; // 180 characters
    const res = await upload(designer, { ProjectId: await briefId(), ProjectLevel: 2, ImageType: 1 }, { name, bytes: await png(10, 10) });
    expect(res.status).toBe(400);
    expect((await res.json()).Message).toBe('File name is 5 characters over the maximum amount of 175. Please rename your file, and try again.');
  });

  it('DOC-020 a pattern image without an image type is refused', async () => {
    const id = await recordOf('pattern_view', 'patternseasonalid');
    const res = await upload(designer, { ProjectId: id, ProjectLevel: 3 }, { name: 'last.png', bytes: await png(10, 10) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ Message: 'A pattern image needs an image type (product or outsole).', Errors: [{ Field: '/ImageType' }] });
  });

  it('DOC-018 the content must match the extension: a renamed executable or a JPEG named .png is refused, nothing is stored', async () => {
    const id = await briefId();
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00]);
    for (const bytes of [exe, await jpeg(20, 20)]) {
      const res = await upload(designer, { ProjectId: id, ProjectLevel: 2, ImageType: 1 }, { name: 'photo.png', bytes });
      expect(res.status).toBe(400);
      expect((await res.json()).Message).toBe('Invalid File Format');
    }
    const [row] = await t.ctx.db.query('SELECT imagename FROM brief_view WHERE briefseasonalid = $1', [id]);
    expect(row.imagename).toBeNull();
    expect(tmpFiles()).toEqual([]);
  });

  it('DOC-021 a request without a file, or not multipart, is refused', async () => {
    expect((await upload(designer, { ProjectId: await briefId(), ProjectLevel: 2 })).status).toBe(400);
    const json = await t.request('POST', '/api/Image/UploadImage', { token: designer, json: { ProjectId: 1, ProjectLevel: 2 } });
    expect(json.status).toBe(400);
  });

  it('an upload over 20 MB is refused while streaming: the request stops being read and the temp file is removed', async () => {
    const id = await briefId();
    const { req, state } = streamedUpload({
      url: '/api/Image/UploadImage',
      token: designer,
      fields: { ProjectId: id, ProjectLevel: 2, ImageType: 1 },
      fileName: 'huge.png',
      contentType: 'image/png',
      size: 60 * MB,
      fill: 7,
    });
    const res = await t.fetch(req);
    expect(res.status).toBe(413);
    expect(state.cancelled).toBe(true);
    expect(state.sent).toBeGreaterThanOrEqual(20 * MB);
    expect(state.sent).toBeLessThan(30 * MB);
    expect(tmpFiles()).toEqual([]);
    expect(fs.existsSync(path.join(imagesDir(), '2'))).toBe(false);
  });

  it('an upload whose declared length is over the limit is refused before it is read', async () => {
    const res = await t.request('POST', '/api/Image/UploadImage', {
      token: designer,
      body: 'x',
      headers: { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(50 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
  });
});

describe('upload, image URL and delete', () => {
  it('DOC-021/022 an upload stores the original and thumbnails of 65, 105 and 600 px, sets and audits the image name', async () => {
    const id = await briefId();
    const bytes = await png(800, 400);
    const res = await upload(designer, { ProjectId: id, ProjectLevel: 2, ImageType: 1 }, { name: 'Spring Runner.png', bytes });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      IsSuccessful: true,
      Message: 'Image uploaded successfully',
      ImageName: 'Spring Runner.png',
      ImagePath: `/api/Image/GetImage?projectId=${id}&projectLevel=2&imageType=1`,
    });
    const [row] = await t.ctx.db.query('SELECT imagename FROM brief_view WHERE briefseasonalid = $1', [id]);
    expect(row.imagename).toBe('Spring Runner.png');
    const [audit] = await t.ctx.db.query(`SELECT field, newvalue FROM audit_log WHERE entity = 'brief' AND entityid = $1 AND field = 'ImageName'`, [
      String(id),
    ]);
    expect(audit.newvalue).toBe('Spring Runner.png');

    const original = await getImage(designer, `projectId=${id}&projectLevel=2&imageType=1&size=original&ts=1`);
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer()).equals(bytes)).toBe(true);
    for (const size of [65, 105, 600]) {
      const res = await getImage(designer, `projectId=${id}&projectLevel=2&imageType=1&size=${size}&ts=1`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.width).toBe(size);
      expect(Math.abs(meta.height! - size / 2)).toBeLessThanOrEqual(0.5);
    }
    expect(tmpFiles()).toEqual([]);
  });

  it('DOC-022 the image is served with nosniff, an attachment disposition and cache headers keyed by the time stamp', async () => {
    const id = await recordOf('brief_view', 'briefseasonalid', 'imagename IS NULL');
    expect((await upload(designer, { ProjectId: id, ProjectLevel: 2 }, { name: 'a.jpg', bytes: await jpeg(50, 50) })).status).toBe(200);
    const res = await getImage(designer, `projectId=${id}&projectLevel=2&imageType=1&size=600&ts=1717171717`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="brief-\d+-1-600\.jpg"$/);
    expect(res.headers.get('cache-control')).toContain('max-age=31536000');
    const noTs = await getImage(designer, `projectId=${id}&projectLevel=2&imageType=1&size=600`);
    expect(noTs.headers.get('cache-control')).toBe('private, no-cache');
    const again = await t.request('GET', `/api/Image/GetImage?projectId=${id}&projectLevel=2&imageType=1&size=600&ts=1`, {
      token: designer,
      headers: { 'if-none-match': res.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect((await getImage(designer, `projectId=${id}&projectLevel=2&imageType=1&size=300`)).status).toBe(400);
  });

  it('DOC-020 a pattern keeps a product and an outsole image apart', async () => {
    const id = await recordOf('pattern_view', 'patternseasonalid');
    expect(
      (
        await upload(
          designer,
          { ProjectId: id, ProjectLevel: 3, ImageType: 2 },
          {
            name: 'sole.gif',
            bytes: await sharp({ create: { width: 30, height: 30, channels: 3, background: '#000' } })
              .gif()
              .toBuffer(),
          },
        )
      ).status,
    ).toBe(200);
    expect((await upload(designer, { ProjectId: id, ProjectLevel: 3, ImageType: 1 }, { name: 'upper.png', bytes: await png(30, 30) })).status).toBe(200);
    const [row] = await t.ctx.db.query('SELECT imagename, outsoleimagename FROM pattern_view WHERE patternseasonalid = $1', [id]);
    expect(row).toEqual({ imagename: 'upper.png', outsoleimagename: 'sole.gif' });
    expect((await getImage(designer, `projectId=${id}&projectLevel=3&imageType=2&size=65`)).headers.get('content-type')).toBe('image/png');
    // Only a pattern has an outsole image.
    const res = await upload(designer, { ProjectId: await briefId(), ProjectLevel: 2, ImageType: 2 }, { name: 'sole.png', bytes: await png(10, 10) });
    expect(res.status).toBe(400);
  });

  it('DOC-021 line plans and colorways take images too (the colorway also keeps its image path)', async () => {
    const lp = await recordOf('line_plan_view', 'lineplanid');
    expect((await upload(designer, { ProjectId: lp, ProjectLevel: 1 }, { name: 'plan.png', bytes: await png(20, 20) })).status).toBe(200);
    const [plan] = await t.ctx.db.query('SELECT imagename FROM line_plans WHERE lineplanid = $1', [lp]);
    expect(plan.imagename).toBe('plan.png');
    const cw = await recordOf('colorway_view', 'prototypeseasonalid');
    expect((await upload(designer, { ProjectId: cw, ProjectLevel: 4, ImageType: 1 }, { name: 'cw.bmp', bytes: await bmp() })).status).toBe(200);
    const [row] = await t.ctx.db.query('SELECT imagename, imagepath FROM colorway_view WHERE prototypeseasonalid = $1', [cw]);
    expect(row).toEqual({ imagename: 'cw.bmp', imagepath: `/api/Image/GetImage?projectId=${cw}&projectLevel=4&imageType=1` });
    // A bitmap has no thumbnails: every size answers the original.
    const res = await getImage(designer, `projectId=${cw}&projectLevel=4&imageType=1&size=105`);
    expect(res.headers.get('content-type')).toBe('image/bmp');
  });

  it('DOC-021 delete clears the image name and removes the files; DOC-021 the cache call answers without doing anything', async () => {
    const id = await recordOf('brief_view', 'briefseasonalid', 'imagename IS NULL');
    expect((await upload(designer, { ProjectId: id, ProjectLevel: 2 }, { name: 'gone.png', bytes: await png(120, 120) })).status).toBe(200);
    const [{ briefid }] = await t.ctx.db.query('SELECT briefid FROM brief_view WHERE briefseasonalid = $1', [id]);
    const dir = path.join(imagesDir(), '2', String(briefid), '1');
    expect(fs.readdirSync(dir).sort()).toEqual(['105', '600', '65', 'original']);
    const res = await t.request('POST', '/api/Image/DeleteImage', { token: designer, json: { ProjectId: id, ProjectLevel: 2, ImageType: 1 } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ IsSuccessful: true, Message: 'Image Deleted Successfully' });
    const [row] = await t.ctx.db.query('SELECT imagename FROM brief_view WHERE briefseasonalid = $1', [id]);
    expect(row.imagename).toBeNull();
    expect(fs.existsSync(dir)).toBe(false);
    expect((await getImage(designer, `projectId=${id}&projectLevel=2&imageType=1`)).status).toBe(404);
    const cache = await t.request('POST', '/api/Image/InvalidateImageCache', {
      token: designer,
      form: { projectId: String(id), projectLevel: '2', imageType: '1' },
    });
    expect(cache.status).toBe(200);
    expect((await cache.json()).IsSuccessful).toBe(true);
  });
});

describe('who may change and see images', () => {
  it('PERM-024 the viewer (read only) cannot upload or delete', async () => {
    const id = await briefId();
    const res = await upload(viewer, { ProjectId: id, ProjectLevel: 2 }, { name: 'v.png', bytes: await png(10, 10) });
    expect(res.status).toBe(403);
    expect((await res.json()).Code).toBe('permission_denied');
    const del = await t.request('POST', '/api/Image/DeleteImage', { token: viewer, json: { ProjectId: id, ProjectLevel: 2 } });
    expect(del.status).toBe(403);
  });

  it('PERM-022 a record of another brand is refused, and nothing is written', async () => {
    const [row] = await t.ctx.db.query('SELECT briefseasonalid AS id FROM brief_view WHERE brandid = 3 AND statusid IN (1, 2) LIMIT 1');
    const res = await upload(designer, { ProjectId: row.id, ProjectLevel: 2 }, { name: 'x.png', bytes: await png(10, 10) });
    expect(res.status).toBe(404);
    expect(tmpFiles()).toEqual([]);
    expect((await getImage(designer, `projectId=${row.id}&projectLevel=2&imageType=1`)).status).toBe(404);
  });

  it("PERM-023 a factory user sees the images of their factory's colorways only", async () => {
    const mine = await recordOf('colorway_view', 'prototypeseasonalid', `factnameky = '310101'`);
    const other = await recordOf('colorway_view', 'prototypeseasonalid', `factnameky IS NOT NULL AND factnameky <> '310101'`);
    for (const id of [mine, other]) {
      expect((await upload(designer, { ProjectId: id, ProjectLevel: 4 }, { name: 'f.png', bytes: await png(40, 40) })).status).toBe(200);
    }
    expect((await getImage(factory, `projectId=${mine}&projectLevel=4&imageType=1&size=65`)).status).toBe(200);
    expect((await getImage(factory, `projectId=${other}&projectLevel=4&imageType=1&size=65`)).status).toBe(404);
    expect((await upload(factory, { ProjectId: mine, ProjectLevel: 4 }, { name: 'f.png', bytes: await png(40, 40) })).status).toBe(403);
  });

  it('LP-011 a record in a read-only status (3..7) refuses a new image', async () => {
    const id = await recordOf('brief_view', 'briefseasonalid', 'imagename IS NULL');
    await t.ctx.db.query('UPDATE brief_seasonals SET statusid = 3 WHERE briefseasonalid = $1', [id]);
    const res = await upload(designer, { ProjectId: id, ProjectLevel: 2 }, { name: 'late.png', bytes: await png(10, 10) });
    expect(res.status).toBe(409);
    expect((await res.json()).Code).toBe('read_only');
    const del = await t.request('POST', '/api/Image/DeleteImage', { token: designer, json: { ProjectId: id, ProjectLevel: 2 } });
    expect(del.status).toBe(409);
    expect(tmpFiles()).toEqual([]);
  });

  it('a deleted record answers with its own deleted message', async () => {
    const id = await recordOf('brief_view', 'briefseasonalid', 'imagename IS NULL');
    await t.ctx.db.query('UPDATE brief_seasonals SET isdeleted = true WHERE briefseasonalid = $1', [id]);
    const res = await upload(designer, { ProjectId: id, ProjectLevel: 2 }, { name: 'x.png', bytes: await png(10, 10) });
    expect(res.status).toBe(404);
    expect((await res.json()).Message).toBe('The Brief you are trying to access is deleted.');
  });
});

describe("DOC-022 serving an image cheaply and safely (issue 14: the catalog's 50 thumbnails)", () => {
  /** A record of the level with a fresh image; its stamped 65 px URL and that answer's entity tag. */
  async function withImage(view: string, key: string, level: number, where: string) {
    const id = await recordOf(view, key, `imagename IS NULL AND ${where}`);
    expect((await upload(designer, { ProjectId: id, ProjectLevel: level, ImageType: 1 }, { name: 'c.png', bytes: await png(70, 70) })).status).toBe(200);
    const q = `projectId=${id}&projectLevel=${level}&imageType=1&size=65&ts=7`;
    const res = await getImage(designer, q);
    expect(res.status).toBe(200);
    return { id, q, etag: res.headers.get('etag')!, bytes: Buffer.from(await res.arrayBuffer()) };
  }
  const revalidate = (token: string, q: string, etag: string) => t.request('GET', `/api/Image/GetImage?${q}`, { token, headers: { 'if-none-match': etag } });

  it('DOC-022 a stamped thumbnail is private, immutable and whole (its length given); a matching If-None-Match, also weak or in a list, answers 304 without a body', async () => {
    const img = await withImage('pattern_view', 'patternseasonalid', 3, 'TRUE');
    const res = await getImage(designer, img.q);
    expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
    expect(res.headers.get('content-length')).toBe(String(img.bytes.length));
    expect((await sharp(img.bytes).metadata()).width).toBe(65);
    for (const header of [img.etag, `W/${img.etag}`, `"other", ${img.etag}`]) {
      const again = await revalidate(designer, img.q, header);
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(img.etag);
      expect(again.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect((await again.arrayBuffer()).byteLength).toBe(0);
    }
    expect((await revalidate(designer, img.q, '"other"')).status).toBe(200);
  });

  it('DOC-022 an original larger than 1 MiB is streamed byte for byte', async () => {
    const id = await recordOf('brief_view', 'briefseasonalid', 'imagename IS NULL');
    const big = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(1024 * 1024);
    expect((await upload(designer, { ProjectId: id, ProjectLevel: 2 }, { name: 'big.png', bytes: big })).status).toBe(200);
    const res = await getImage(designer, `projectId=${id}&projectLevel=2&imageType=1&size=original&ts=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(big.length));
    expect(Buffer.from(await res.arrayBuffer()).equals(big)).toBe(true);
  });

  it("DOC-022, PERM-023 a revalidation checks the record first: another factory's colorway answers 404 like a missing record, never 304", async () => {
    const other = await withImage('colorway_view', 'prototypeseasonalid', 4, `factnameky IS NOT NULL AND factnameky <> '310101'`);
    const missing = await getImage(factory, 'projectId=2147483647&projectLevel=4&imageType=1&size=65&ts=7');
    expect(missing.status).toBe(404);
    const res = await revalidate(factory, other.q, other.etag);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(await missing.json());
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('cache-control') ?? '').not.toContain('immutable');
  });

  it("DOC-022, PERM-022 a revalidation of another brand's record answers 404, of a deleted one its deleted message, without a token 401", async () => {
    const img = await withImage('pattern_view', 'patternseasonalid', 3, 'TRUE');
    expect((await revalidate(designer, img.q, img.etag)).status).toBe(304);
    expect((await t.request('GET', `/api/Image/GetImage?${img.q}`, { headers: { 'if-none-match': img.etag } })).status).toBe(401);
    const [brand] = await t.ctx.db.query('SELECT brandid FROM pattern_view WHERE patternseasonalid = $1', [img.id]);
    const [other] = await t.ctx.db.query(
      `SELECT brandid FROM brands WHERE brandid NOT IN (SELECT ub.brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'designer@example.com') LIMIT 1`,
    );
    // The pattern moves to a brand the designer is not assigned to, then back; then it is deleted.
    await t.ctx.db.query('UPDATE patterns SET brandid = $2 WHERE patternid = (SELECT patternid FROM pattern_seasonals WHERE patternseasonalid = $1)', [
      img.id,
      other.brandid,
    ]);
    const foreign = await revalidate(designer, img.q, img.etag);
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).Message).toBe('The record was not found.');
    await t.ctx.db.query('UPDATE patterns SET brandid = $2 WHERE patternid = (SELECT patternid FROM pattern_seasonals WHERE patternseasonalid = $1)', [
      img.id,
      brand.brandid,
    ]);
    await t.ctx.db.query('UPDATE pattern_seasonals SET isdeleted = true WHERE patternseasonalid = $1', [img.id]);
    const deleted = await revalidate(designer, img.q, img.etag);
    expect(deleted.status).toBe(404);
    expect((await deleted.json()).Message).toBe('The Pattern you are trying to access is deleted.');
  });
});

/** A 2×2 24-bit BMP (libvips cannot make one). */
async function bmp() {
  const width = 2,
    height = 2,
    row = 8,
    pixels = row * height;
  const buf = Buffer.alloc(54 + pixels);
  buf.write('BM', 0, 'ascii');
  buf.writeUInt32LE(54 + pixels, 2);
  buf.writeUInt32LE(54, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(width, 18);
  buf.writeInt32LE(height, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(24, 28);
  buf.writeUInt32LE(pixels, 34);
  return buf;
}
