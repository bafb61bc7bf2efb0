/**
 * The catalog calls (server/features/catalog/routes.ts): CAT-001..008 filters, gender keys, paging, the brand
 * requirement (DECISIONS CAT-002), the PERM-019 gate, and scope: a factory user never sees another
 * factory's colorway or a hidden field; another brand's pattern answers like a missing one.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { CATALOG_GENDER_KEYS } from '../../server/domain/catalog-rules';

let t: TestApp;
let admin: string, factory: string, designer: string;
let factoryKeys: string[];
let brandId: number;

beforeAll(async () => {
  t = await createTestApp();
  // PERM-019: catalog viewing is module 18 read; the demo gives it to administrators only, so the factory user's role gets it here.
  await t.ctx.db.query(`INSERT INTO role_permissions (roleid, moduleid, actionid)
    SELECT roleid, 18, 1 FROM users WHERE username = 'factory@example.com' ON CONFLICT DO NOTHING`);
  [admin, factory, designer] = await t.tokens('admin', 'factory', 'designer');
  const [fu] = await t.ctx.db.query(
    `SELECT array_agg(DISTINCT uf.factorykey) AS keys FROM users u JOIN user_factories uf USING (userid) WHERE u.username = 'factory@example.com'`,
  );
  factoryKeys = fu.keys;
  // The brand with the most colorways of the factory user's factories and of other factories.
  const [b] = await t.ctx.db.query(
    `SELECT c.brandid FROM colorway_view c JOIN user_brands ub ON ub.brandid = c.brandid
      JOIN users u ON u.userid = ub.userid AND u.username = 'factory@example.com'
     WHERE NOT c.isdeleted GROUP BY c.brandid ORDER BY count(*) FILTER (WHERE c.factnameky = ANY($1)) DESC LIMIT 1`,
    [factoryKeys],
  );
  brandId = b.brandid;
});
afterAll(async () => {
  await t?.close();
});

type Page = {
  Results: Record<string, any>[];
  CurrentPageNumber: number;
  PageSize: number;
  TotalPageCount: number;
  TotalRecords: number;
  FirstRecord: number;
  LastRecord: number;
};
const search = async (token: string, q: string): Promise<Page> => {
  const res = await t.request('GET', `/api/Catalog/SearchPatterns?${q}`, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
};
const colorways = (token: string, id: number) => t.request('GET', `/api/Catalog/GetPatternPrototypes?PatternSeasonalId=${id}`, { token });

/** Patterns of the brand as the database has them (not deleted), for comparing counts. */
async function expected(where: string, params: unknown[] = []) {
  const [{ n }] = await t.ctx.db.query(`SELECT count(*)::int AS n FROM pattern_view WHERE brandid = $1 AND NOT isdeleted AND ${where}`, [brandId, ...params]);
  return n as number;
}

describe('pattern search', () => {
  it('CAT-002: the brand is required; a brand the user is not assigned to is refused', async () => {
    const missing = await t.request('GET', '/api/Catalog/SearchPatterns', { token: admin });
    expect(missing.status).toBe(400);
    const [other] = await t.ctx.db.query(
      `SELECT brandid FROM brands WHERE brandid NOT IN (SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'factory@example.com') LIMIT 1`,
    );
    if (other) expect((await t.request('GET', `/api/Catalog/SearchPatterns?BrandId=${other.brandid}`, { token: factory })).status).toBe(403);
  });

  it('CAT-003, CONST-008: page 1 of 50 by default in the paged shape; tiles carry name, season, gender, colorway count and image URL', async () => {
    const page = await search(admin, `BrandId=${brandId}`);
    const total = await expected('TRUE');
    expect(total).toBeGreaterThan(0);
    expect(page).toMatchObject({
      CurrentPageNumber: 1,
      PageSize: 50,
      TotalRecords: total,
      TotalPageCount: Math.ceil(total / 50),
      FirstRecord: 1,
      LastRecord: Math.min(50, total),
    });
    const tile = page.Results[0];
    for (const f of ['PatternSeasonalId', 'PatternName', 'SeasonName', 'GenderName', 'ColorwayCount', 'ImageUrl']) expect(tile, f).toHaveProperty(f);
    const [{ n }] = await t.ctx.db.query('SELECT count(*)::int AS n FROM colorway_view WHERE patternseasonalid = $1 AND NOT isdeleted', [
      tile.PatternSeasonalId,
    ]);
    expect(tile.ColorwayCount).toBe(n);
    const names = page.Results.map((r) => String(r.PatternName).toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('CAT-003: paging: page 2 of size 15 continues page 1 without overlap; a page past the end is empty with the total', async () => {
    const first = await search(admin, `BrandId=${brandId}&pageNumber=1&pageSize=15`);
    const second = await search(admin, `BrandId=${brandId}&pageNumber=2&pageSize=15`);
    expect(second).toMatchObject({ CurrentPageNumber: 2, PageSize: 15, FirstRecord: 16 });
    const ids = new Set(first.Results.map((r) => r.PatternSeasonalId));
    for (const r of second.Results) expect(ids.has(r.PatternSeasonalId)).toBe(false);
    const past = await search(admin, `BrandId=${brandId}&pageNumber=999&pageSize=15`);
    expect(past.Results).toEqual([]);
    expect(past.TotalRecords).toBe(first.TotalRecords);
    expect((await t.request('GET', `/api/Catalog/SearchPatterns?BrandId=${brandId}&pageSize=37`, { token: admin })).status).toBe(400);
  });

  it('CAT-004: the season filter', async () => {
    const [s] = await t.ctx.db.query(
      'SELECT seasonid FROM pattern_view WHERE brandid = $1 AND NOT isdeleted GROUP BY seasonid ORDER BY count(*) DESC LIMIT 1',
      [brandId],
    );
    const page = await search(admin, `BrandId=${brandId}&SeasonId=${s.seasonid}&pageSize=100`);
    expect(page.TotalRecords).toBe(await expected('seasonid = $2', [s.seasonid]));
    for (const r of page.Results) expect(r.SeasonId).toBe(s.seasonid);
  });

  it('CAT-004: the gender filter takes the keys 01, 02, 10, 24 and no other', async () => {
    for (const key of CATALOG_GENDER_KEYS) {
      const page = await search(admin, `BrandId=${brandId}&GenderKey=${key}&pageSize=100`);
      expect(page.TotalRecords, key).toBe(await expected('genderkey = $2', [key]));
      for (const r of page.Results) expect(r.GenderKey).toBe(key);
    }
    expect((await t.request('GET', `/api/Catalog/SearchPatterns?BrandId=${brandId}&GenderKey=03`, { token: admin })).status).toBe(400);
  });

  it('CAT-004: the pattern name filter matches a part of the name, ignoring case, literally', async () => {
    const [p] = await t.ctx.db.query('SELECT patternname FROM pattern_view WHERE brandid = $1 AND NOT isdeleted ORDER BY patternseasonalid LIMIT 1', [brandId]);
    const part = String(p.patternname).slice(1, 5).toUpperCase();
    const page = await search(admin, `BrandId=${brandId}&PatternName=${encodeURIComponent(part)}&pageSize=100`);
    expect(page.TotalRecords).toBe(await expected('patternname ILIKE $2', [`%${part}%`]));
    for (const r of page.Results) expect(String(r.PatternName).toUpperCase()).toContain(part);
    expect((await search(admin, `BrandId=${brandId}&PatternName=${encodeURIComponent('%')}`)).TotalRecords).toBe(await expected(`patternname LIKE '%\\%%'`));
  });

  it('PERM-019: catalog viewing needs module 18 read', async () => {
    expect((await t.request('GET', `/api/Catalog/SearchPatterns?BrandId=${brandId}`, { token: designer })).status).toBe(403);
    const [p] = await t.ctx.db.query('SELECT patternseasonalid FROM pattern_view WHERE brandid = $1 AND NOT isdeleted LIMIT 1', [brandId]);
    expect((await colorways(designer, p.patternseasonalid)).status).toBe(403);
  });

  it("CAT-005: a tile of a pattern with a product image carries the image call's own thumbnail URL at the size asked for", async () => {
    const [p] = await t.ctx.db.query(
      `SELECT patternseasonalid FROM pattern_view WHERE brandid = $1 AND NOT isdeleted AND statusid IN (1, 2) ORDER BY lower(patternname) LIMIT 1`,
      [brandId],
    );
    const fd = new FormData();
    for (const [k, v] of Object.entries({ ProjectId: p.patternseasonalid, ProjectLevel: 3, ImageType: 1 })) fd.append(k, String(v));
    fd.append(
      'file',
      new Blob([
        new Uint8Array(
          await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2980b9' } })
            .jpeg()
            .toBuffer(),
        ),
      ]),
      'tile.jpg',
    );
    expect((await t.request('POST', '/api/Image/UploadImage', { token: admin, body: fd })).status).toBe(200);
    const page = await search(admin, `BrandId=${brandId}&PatternName=&ThumbnailSize=105&pageSize=100`);
    const tile = page.Results.find((r) => r.PatternSeasonalId === p.patternseasonalid)!;
    expect(tile.ImageUrl).toMatch(new RegExp(`^/api/Image/GetImage\\?projectId=${p.patternseasonalid}&projectLevel=3&imageType=1&size=105&ts=`));
    const img = await t.request('GET', tile.ImageUrl, { token: admin });
    expect(img.status).toBe(200);
    expect((await sharp(Buffer.from(await img.arrayBuffer())).metadata()).width).toBe(105);
    expect(page.Results.filter((r) => r.PatternSeasonalId !== p.patternseasonalid).every((r) => r.ImageUrl === null || typeof r.ImageUrl === 'string')).toBe(
      true,
    );
    expect((await t.request('GET', `/api/Catalog/SearchPatterns?BrandId=${brandId}&ThumbnailSize=64`, { token: admin })).status).toBe(400);
  });
});

describe("a pattern's colorways", () => {
  it('CAT-005: the colorways of a pattern with name, stock number, colour and image URL, by name', async () => {
    const [p] = await t.ctx.db.query(
      `SELECT patternseasonalid, count(*)::int AS n FROM colorway_view WHERE brandid = $1 AND NOT isdeleted
      GROUP BY patternseasonalid ORDER BY count(*) DESC LIMIT 1`,
      [brandId],
    );
    const res = await colorways(admin, p.patternseasonalid);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.Pattern.PatternSeasonalId).toBe(p.patternseasonalid);
    expect(body.Prototypes).toHaveLength(p.n);
    for (const f of ['PrototypeSeasonalId', 'PrototypeName', 'StockNum', 'ColorDesc', 'ImageUrl']) expect(body.Prototypes[0], f).toHaveProperty(f);
  });

  it("CAT-005: another brand's pattern, a deleted one and a missing one answer alike", async () => {
    const [other] = await t.ctx.db.query(`SELECT patternseasonalid FROM pattern_view WHERE NOT isdeleted AND brandid NOT IN
      (SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'factory@example.com') LIMIT 1`);
    const missing = await colorways(factory, 2147483647);
    expect(missing.status).toBe(404);
    if (other) {
      const res = await colorways(factory, other.patternseasonalid);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(await missing.json());
    }
  });
});

describe('factory users (PERM-022, PERM-023, PERM-029)', () => {
  it("CAT-005: a factory user's tiles are only patterns with a colorway of their factories, counting only those", async () => {
    const page = await search(factory, `BrandId=${brandId}&pageSize=100`);
    const [{ n }] = await t.ctx.db.query(
      `SELECT count(DISTINCT patternseasonalid)::int AS n FROM colorway_view
      WHERE brandid = $1 AND NOT isdeleted AND factnameky = ANY($2) AND patternseasonalid IN (SELECT patternseasonalid FROM pattern_view WHERE NOT isdeleted)`,
      [brandId, factoryKeys],
    );
    expect(n).toBeGreaterThan(0);
    expect(page.TotalRecords).toBe(n);
    for (const tile of page.Results) {
      const [{ mine }] = await t.ctx.db.query(
        `SELECT count(*)::int AS mine FROM colorway_view WHERE patternseasonalid = $1 AND NOT isdeleted AND factnameky = ANY($2)`,
        [tile.PatternSeasonalId, factoryKeys],
      );
      expect(tile.ColorwayCount).toBe(mine);
    }
  });

  it("CAT-005: a factory user never sees another factory's colorway nor a factory or costing field", async () => {
    const [mixed] = await t.ctx.db.query(
      `SELECT patternseasonalid FROM colorway_view WHERE brandid = $1 AND NOT isdeleted
      GROUP BY patternseasonalid HAVING bool_or(factnameky = ANY($2)) AND bool_or(NOT (factnameky = ANY($2)) OR factnameky IS NULL) LIMIT 1`,
      [brandId, factoryKeys],
    );
    const [own] = await t.ctx.db.query(`SELECT patternseasonalid FROM colorway_view WHERE brandid = $1 AND NOT isdeleted AND factnameky = ANY($2) LIMIT 1`, [
      brandId,
      factoryKeys,
    ]);
    const id = (mixed ?? own).patternseasonalid;
    const body = await (await colorways(factory, id)).json();
    const allowed = await t.ctx.db.query(
      `SELECT prototypeseasonalid AS id FROM colorway_view WHERE patternseasonalid = $1 AND NOT isdeleted AND factnameky = ANY($2)`,
      [id, factoryKeys],
    );
    expect(body.Prototypes.map((p: any) => p.PrototypeSeasonalId).sort()).toEqual(allowed.map((r) => r.id).sort());
    const text = JSON.stringify(body);
    for (const f of ['FactNameKy', 'FactName', 'EstPurPrice', 'ActPurPrice', 'FFC', 'TargetPurPrice']) expect(text).not.toContain(`"${f}"`);
    if (mixed) {
      const all = await (await colorways(admin, id)).json();
      expect(all.Prototypes.length).toBeGreaterThan(body.Prototypes.length);
    }
  });

  it("CAT-005, DOC-022: a factory user gets the images of their colorway tiles; another factory's colorway image, by the URL an admin's tile carries, answers like a missing one, revalidated too", async () => {
    const [mixed] = await t.ctx.db.query(
      `SELECT patternseasonalid FROM colorway_view WHERE brandid = $1 AND NOT isdeleted AND statusid IN (1, 2)
      GROUP BY patternseasonalid HAVING bool_or(factnameky = ANY($2)) AND bool_or(factnameky IS NOT NULL AND NOT (factnameky = ANY($2))) LIMIT 1`,
      [brandId, factoryKeys],
    );
    expect(mixed).toBeTruthy();
    const cws = await t.ctx.db.query(
      `SELECT prototypeseasonalid AS id, factnameky = ANY($2) AS mine FROM colorway_view
      WHERE patternseasonalid = $1 AND NOT isdeleted AND factnameky IS NOT NULL AND statusid IN (1, 2)`,
      [mixed.patternseasonalid, factoryKeys],
    );
    const mine = cws.find((c) => c.mine)!,
      theirs = cws.find((c) => !c.mine)!;
    for (const c of [mine, theirs]) {
      const fd = new FormData();
      for (const [k, v] of Object.entries({ ProjectId: c.id, ProjectLevel: 4, ImageType: 1 })) fd.append(k, String(v));
      fd.append(
        'file',
        new Blob([
          new Uint8Array(
            await sharp({ create: { width: 120, height: 90, channels: 3, background: '#27ae60' } })
              .jpeg()
              .toBuffer(),
          ),
        ]),
        'cw.jpg',
      );
      expect((await t.request('POST', '/api/Image/UploadImage', { token: admin, body: fd })).status).toBe(200);
    }
    const url = (body: any, id: number) => body.Prototypes.find((p: any) => p.PrototypeSeasonalId === id)?.ImageUrl as string | undefined;
    const all = await (await colorways(admin, mixed.patternseasonalid)).json();
    const own = await (await colorways(factory, mixed.patternseasonalid)).json();
    expect(url(own, theirs.id)).toBeUndefined();
    const ok = await t.request('GET', url(own, mine.id)!, { token: factory });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const etag = (await t.request('GET', url(all, theirs.id)!, { token: admin })).headers.get('etag')!;
    const missing = await (
      await t.request('GET', '/api/Image/GetImage?projectId=2147483647&projectLevel=4&imageType=1&size=600&ts=1', { token: factory })
    ).json();
    for (const headers of [{}, { 'if-none-match': etag }] as Record<string, string>[]) {
      const res = await t.request('GET', url(all, theirs.id)!, { token: factory, headers });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(missing);
    }
  });

  it("CAT-005: a pattern without a colorway of the factory user's factories answers like a missing one", async () => {
    const [foreign] = await t.ctx.db.query(
      `SELECT v.patternseasonalid FROM pattern_view v WHERE v.brandid = $1 AND NOT v.isdeleted
      AND NOT EXISTS (SELECT 1 FROM colorway_view c WHERE c.patternseasonalid = v.patternseasonalid AND NOT c.isdeleted AND c.factnameky = ANY($2)) LIMIT 1`,
      [brandId, factoryKeys],
    );
    expect(foreign).toBeTruthy();
    const res = await colorways(factory, foreign.patternseasonalid);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(await (await colorways(factory, 2147483647)).json());
    const page = await search(factory, `BrandId=${brandId}&pageSize=100&PatternName=`);
    expect(page.Results.some((r) => r.PatternSeasonalId === foreign.patternseasonalid)).toBe(false);
  });
});
