/**
 * The demo's product images (issue 27, fixtures/demo/images.ts) as a new user meets them: the server
 * draws them into its data directory at start, every demo colorway and pattern has its image named
 * and stored as an upload leaves it, and the catalog's tiles, a colorway's and a pattern's image
 * calls answer real PNG bytes at the sizes asked for. A second start draws nothing again.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { demoImages, writeDemoImages } from '../../fixtures/demo/images';
import { imageDir } from '../../server/core/files/storage';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ demoImages: true });
  [admin] = await t.tokens('admin');
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.request('GET', url, { token: admin });
/** An image call's answer: status, type and the picture's width. */
async function served(url: string) {
  const res = await get(url);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type'), width: res.status === 200 ? (await sharp(bytes).metadata()).width : null };
}

describe('demo product images (issue 27)', () => {
  it('DOC-018 CAT-005 every demo colorway and pattern has its image named and stored as an upload stores it (the 600 px original, 65 and 105 px)', async () => {
    const images = demoImages();
    const names = new Map(
      (
        await t.ctx.db.query<{ id: number; imagename: string | null; imagepath: string | null }>(
          'SELECT prototypeid AS id, imagename, imagepath FROM prototypes',
        )
      ).map((r) => [r.id, r]),
    );
    const patternNames = new Map(
      (await t.ctx.db.query<{ id: number; imagename: string | null }>('SELECT patternid AS id, imagename FROM patterns')).map((r) => [r.id, r]),
    );
    for (const i of images) {
      const row = i.level === 4 ? names.get(i.id) : patternNames.get(i.id);
      expect(row?.imagename, `${i.level}/${i.id}`).toBe(i.fileName);
      const dir = imageDir(t.dataDir, { level: i.level, recordId: i.id, type: 1 });
      expect(fs.readdirSync(dir).sort()).toEqual(['105', '65', 'original']);
    }
    expect(names.get(images.find((i) => i.level === 4)!.id)!.imagepath).toMatch(/^\/api\/Image\/GetImage\?projectId=\d+&projectLevel=4&imageType=1$/);
    // Colorways of one colour and silhouette share the drawing: the bytes are the same.
    const [a, b] = images.filter((i) => i.level === 4 && JSON.stringify(i.picture) === JSON.stringify(images.find((x) => x.level === 4)!.picture));
    if (b) {
      const file = (id: number) => fs.readFileSync(path.join(imageDir(t.dataDir, { level: 4, recordId: id, type: 1 }), '105'));
      expect(file(a.id).equals(file(b.id))).toBe(true);
    }
  });

  it('CAT-001 CAT-005 DOC-022 the catalog answers image URLs for every tile of the first page, each serving PNG bytes at the size asked for', async () => {
    const page = await (await get('/api/Catalog/SearchPatterns?BrandId=1&ThumbnailSize=105&pageSize=50')).json();
    expect(page.Results.length).toBeGreaterThan(0);
    for (const tile of page.Results) {
      expect(tile.ImageUrl, tile.PatternName).toMatch(/^\/api\/Image\/GetImage\?projectId=\d+&projectLevel=3&imageType=1&size=105&ts=/);
      expect(await served(tile.ImageUrl), tile.PatternName).toEqual({ status: 200, type: 'image/png', width: 105 });
    }
    const withColorways = page.Results.find((r: any) => r.ColorwayCount > 0);
    const { Prototypes } = await (await get(`/api/Catalog/GetPatternPrototypes?PatternSeasonalId=${withColorways.PatternSeasonalId}&ThumbnailSize=65`)).json();
    expect(Prototypes.length).toBe(withColorways.ColorwayCount);
    for (const c of Prototypes) expect(await served(c.ImageUrl), c.PrototypeName).toEqual({ status: 200, type: 'image/png', width: 65 });
  });

  it("DOC-022 a colorway's and a pattern's screens find their image: the record names it and the image call serves it at 600 px", async () => {
    const [cw] = await t.ctx.db.query<{ id: number; pattern: number }>(
      'SELECT prototypeseasonalid AS id, patternseasonalid AS pattern FROM colorway_view ORDER BY 1 LIMIT 1',
    );
    const colorway = await (await get(`/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${cw.id}`)).json();
    expect(colorway.ImageName).toMatch(/\.png$/);
    expect(await served(`/api/Image/GetImage?projectId=${cw.id}&projectLevel=4&imageType=1&size=600`)).toEqual({ status: 200, type: 'image/png', width: 600 });
    const pattern = await (await get(`/api/Pattern/GetPatternSeasonalDetails?PatternSeasonalId=${cw.pattern}`)).json();
    expect(pattern.ImageName).toMatch(/\.png$/);
    expect(await served(`/api/Image/GetImage?projectId=${cw.pattern}&projectLevel=3&imageType=1&size=original`)).toEqual({
      status: 200,
      type: 'image/png',
      width: 600,
    });
  });

  it("issue 27: the images are drawn once per data directory, and never over an image of the user's own", async () => {
    expect(await writeDemoImages(t.ctx.db, t.dataDir)).toBe(0);
    // Another data directory over the same database: only records still without an image get one (here: none).
    const other = fs.mkdtempSync(path.join(t.dataDir, 'again-'));
    expect(await writeDemoImages(t.ctx.db, other)).toBe(0);
    expect(fs.existsSync(path.join(other, 'files', 'images', '4'))).toBe(false);
  });
});
