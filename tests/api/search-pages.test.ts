/**
 * Issue 10: the search page is read in one statement (keys and count of all matches, then the
 * shown fields for the page's keys). Its pages, order and counts are those of a plain query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin] = await t.tokens('admin');
});
afterAll(async () => {
  await t?.close();
});

const page = async (body: object) => {
  const res = await t.request('POST', '/api/Grid/colorway-search/Search', { token: admin, json: body });
  expect(res.status).toBe(200);
  return res.json();
};

describe('issue 10: colorway search pages', () => {
  it('the shared search reads page 0 or a negative page as the first page, on every database', async () => {
    const { searchRecords } = await import('../../server/core/records/search');
    const { authenticate } = await import('../../server/core/auth/authenticate');
    const user = await authenticate(t.ctx, `Bearer ${admin}`);
    const req = { pageSize: 3, sortColumn: 'PrototypeName', sortDirection: 'ASC' };
    const first = await searchRecords(t.ctx, user, 'colorway', 'PrototypeSeasonalId', { ...req, pageNumber: 1 });
    for (const n of [0, -5]) {
      const got = await searchRecords(t.ctx, user, 'colorway', 'PrototypeSeasonalId', { ...req, pageNumber: n });
      expect(got.Results).toEqual(first.Results);
    }
  });

  it('pages by name in both directions match a plain ordered query, with the total of all matches', async () => {
    const all = await t.ctx.db.query<{ id: number }>(
      `SELECT prototypeseasonalid AS id FROM colorway_view WHERE NOT isdeleted ORDER BY prototypename DESC NULLS LAST, prototypeseasonalid`,
    );
    expect(all.length).toBeGreaterThan(3);
    const seen: number[] = [];
    for (let n = 1; n <= Math.ceil(all.length / 2); n++) {
      const p = await page({ pageNumber: n, pageSize: 2, sortColumn: 'PrototypeName', sortDirection: 'DESC' });
      expect(p.TotalRecords).toBe(all.length);
      seen.push(...p.Results.map((r: { PrototypeSeasonalId: number }) => r.PrototypeSeasonalId));
    }
    expect(seen).toEqual(all.map((r) => r.id));
  });

  it('a page past the end has no rows and still counts every match', async () => {
    const first = await page({ pageNumber: 1, pageSize: 2, sortColumn: 'PrototypeName', sortDirection: 'ASC' });
    const past = await page({ pageNumber: 1000, pageSize: 2, sortColumn: 'PrototypeName', sortDirection: 'ASC' });
    expect(past.Results).toEqual([]);
    expect(past.TotalRecords).toBe(first.TotalRecords);
    expect(past.TotalPageCount).toBe(first.TotalPageCount);
  });

  it('filters by brand, season and status count only their matches', async () => {
    const [c] = await t.ctx.db.query(`SELECT brandid, seasonid, statusid FROM colorway_view WHERE NOT isdeleted LIMIT 1`);
    const [{ n }] = await t.ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM colorway_view WHERE NOT isdeleted AND brandid = $1 AND seasonid = $2 AND statusid = $3',
      [c.brandid, c.seasonid, c.statusid],
    );
    const p = await page({
      pageNumber: 1,
      pageSize: 50,
      sortColumn: 'PrototypeName',
      sortDirection: 'ASC',
      BrandId: c.brandid,
      SeasonId: c.seasonid,
      StatusId: c.statusid,
    });
    expect(p.TotalRecords).toBe(n);
    expect(p.Results).toHaveLength(Math.min(n, 50));
    expect(p.Results.every((r: Record<string, unknown>) => !('$total' in r))).toBe(true);
  });
});
