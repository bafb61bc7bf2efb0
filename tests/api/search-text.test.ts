/**
 * Issue 31, /Search text over a million colorways: the text of 3+ characters matches one expression of
 * colorway_search (the four fields joined, kept as a column: migrations 035, 044) through its trigram index; a word expected to
 * match more than textSortAllLimit() rows walks each brand's sort index testing the text on the rows it
 * reads (records/search-statements.ts), which must answer exactly what sorting every match answers.
 * Also the /Search bench's refusal of a data set made before the current migrations (fixtures/large-stamp.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { sessionUserOf } from '../helpers/session-user';
import { plannedSearch } from '../../server/core/records/search';
import { withNameFields } from '../../server/core/records/references';
import { COLORWAY_SEARCH_TEXT, quickMatchCondition } from '../../server/core/search/quick-match';
import { stampLargeFixture, staleLargeFixture } from '../../fixtures/large-stamp';
import type { SearchRequest } from '../../server/core/records/search-criteria';
import type { SessionUser } from '../../server/core/auth/permissions';
import { setSetting } from '../helpers/settings';

let t: TestApp;
let admin: string;
let user: SessionUser;
let word: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token: admin, user } = await sessionUserOf(t, 'admin'));
  // The commonest first word of a demo pattern name (in the pattern and colorway names of its colorways).
  [{ word }] = await t.ctx.db.query<{ word: string }>(
    `SELECT split_part(patternname, ' ', 1) AS word FROM colorway_view WHERE length(split_part(patternname, ' ', 1)) >= 4 GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
  );
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await setSetting(t, 'SEARCH_TEXT_SORT_ALL_LIMIT', undefined);
  await setSetting(t, 'SEARCH_TEXT_WALK_READS', undefined);
});

const search = async (body: object) => {
  const res = await t.request('POST', '/api/Grid/colorway-search/Search', { token: admin, json: { pageNumber: 1, pageSize: 5, ...body } });
  expect(res.status).toBe(200);
  return res.json();
};
const ids = (page: { Results: { PrototypeSeasonalId: number }[] }) => page.Results.map((r) => r.PrototypeSeasonalId);

const planOf = async (sortColumn: string, text: string) => {
  const schema = t.ctx.schemas.entities.get('colorway')!;
  const req = { pageNumber: 1, pageSize: 5, sortColumn, sortDirection: 'ASC' } as SearchRequest;
  return plannedSearch(t.ctx, user, 'colorway', 'PrototypeSeasonalId', req, withNameFields(schema, ['PrototypeSeasonalId', sortColumn]), {
    conditions: [quickMatchCondition(t.ctx, user, 'colorway', text)],
  });
};

describe('issue 31: the /Search text on the colorway search table', () => {
  it('SEARCH-001: the text reads the one trigram index of the four fields (colorway_search_text_trgm)', async () => {
    const { st, plan, source } = await planOf('StockNum', word);
    expect(source?.table).toBe('colorway_search');
    expect(plan).toBe('all');
    expect(st.json.sql).toContain(COLORWAY_SEARCH_TEXT);
    // The demo data is small enough to scan: without scans, only an index the expression matches serves the text alone.
    const params: unknown[] = [];
    const cond = quickMatchCondition(t.ctx, user, 'colorway', word).searchTable!.sql((v) => `$${params.push(v)}`);
    const text = await t.ctx.db.tx(async (q) => {
      await q.exec('SET LOCAL enable_seqscan = off');
      return (await q.query<Record<string, string>>(`EXPLAIN SELECT 1 FROM colorway_search WHERE ${cond}`, params)).map((r) => Object.values(r)[0]).join('\n');
    });
    expect(text).toContain('Bitmap Index Scan on colorway_search_text_trgm');
  });

  it('SEARCH-001: a text sorted by the volume or a change stamp reads colorway_search_changes alone, the text through its own trigram index (migration 046)', async () => {
    for (const sortColumn of ['TotalVolume', 'ChangedOn', 'ChangedBy']) {
      const { st, source } = await planOf(sortColumn, word);
      expect(source?.table, sortColumn).toBe('colorway_search_changes');
      expect(st.json.sql, sortColumn).toContain(COLORWAY_SEARCH_TEXT);
      // No key array of colorway_search's matches, no probe of it per row.
      expect(st.json.sql, sortColumn).not.toMatch(/FROM colorway_search\b(?!_)/);
    }
    const params: unknown[] = [];
    const cond = quickMatchCondition(t.ctx, user, 'colorway', word).searchTable!.sql((v) => `$${params.push(v)}`);
    const plan = await t.ctx.db.tx(async (q) => {
      await q.exec('SET LOCAL enable_seqscan = off');
      return (await q.query<Record<string, string>>(`EXPLAIN SELECT 1 FROM colorway_search_changes WHERE ${cond}`, params))
        .map((r) => Object.values(r)[0])
        .join('\n');
    });
    expect(plan).toContain('Bitmap Index Scan on colorway_search_changes_text_trgm');
  });

  it('SEARCH-001: a text with the separator, which the kept text alone cannot answer, sorted by a change stamp still reads colorway_search per field', async () => {
    const { st, source } = await planOf('ChangedOn', `${word}\x1f`);
    expect(source?.table).toBe('colorway_search_changes');
    expect(st.json.sql).toMatch(/FROM colorway_search WHERE/);
    expect((await search({ quickSearchText: `${word}\x1f`, sortColumn: 'ChangedOn', sortDirection: 'DESC' })).TotalRecords).toBe(0);
  });

  it.each([
    ['every brand walked to its end (demo brands are smaller than a walk)', undefined],
    ['brands settled within 12 rows walked, the others read from the text index', '12'],
    ['every brand but the smallest read from the text index', '3'],
  ])(
    'SEARCH-001/SEARCH-008: a word expected to match more than the limit walks the sort indexes and answers the page and total of sorting every match: %s',
    async (_, reads) => {
      await setSetting(t, 'SEARCH_TEXT_SORT_ALL_LIMIT', '0');
      await setSetting(t, 'SEARCH_TEXT_WALK_READS', reads);
      expect((await planOf('PatternName', word)).plan).toBe('walk');
      // Sorts from colorway_search and from colorway_search_changes (migration 046: the text tested on the rows of each).
      const sorts = ['PatternName', 'StockNum', 'FactName', 'StatusName', 'TotalVolume', 'ChangedOn'];
      const walked: unknown[] = [];
      for (const sortColumn of sorts) {
        for (const sortDirection of ['ASC', 'DESC']) walked.push(await search({ quickSearchText: word, sortColumn, sortDirection, pageNumber: 2 }));
      }
      await setSetting(t, 'SEARCH_TEXT_WALK_READS', undefined);
      await setSetting(t, 'SEARCH_TEXT_SORT_ALL_LIMIT', undefined);
      expect((await planOf('PatternName', word)).plan).toBe('all');
      let i = 0;
      for (const sortColumn of sorts) {
        for (const sortDirection of ['ASC', 'DESC']) {
          const sorted = await search({ quickSearchText: word, sortColumn, sortDirection, pageNumber: 2 });
          const walk = walked[i++] as typeof sorted;
          expect(sorted.Results.length, `${sortColumn} ${sortDirection}`).toBe(5);
          expect(ids(walk), `${sortColumn} ${sortDirection}`).toEqual(ids(sorted));
          expect(walk.TotalRecords, `${sortColumn} ${sortDirection}`).toBe(sorted.TotalRecords);
        }
      }
    },
  );

  it('PERM-023 SEARCH-001: a walk for a user of fewer brands, each brand read from the text index, gives only their brands: what sorting every match gives', async () => {
    const [designer] = await t.tokens('designer');
    const [{ n }] = await t.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'designer@example.com'`,
    );
    const [{ m }] = await t.ctx.db.query<{ m: number }>('SELECT count(*)::int AS m FROM brands');
    expect(n).toBeLessThan(m);
    const as = async (body: object) => {
      const res = await t.request('POST', '/api/Grid/colorway-search/Search', {
        token: designer,
        json: { pageNumber: 1, pageSize: 50, quickSearchText: word, ...body },
      });
      expect(res.status).toBe(200);
      return res.json();
    };
    const sorted = await as({ sortColumn: 'BrandName', sortDirection: 'DESC' });
    await setSetting(t, 'SEARCH_TEXT_SORT_ALL_LIMIT', '0');
    await setSetting(t, 'SEARCH_TEXT_WALK_READS', '1');
    const walked = await as({ sortColumn: 'BrandName', sortDirection: 'DESC' });
    expect(sorted.Results.length).toBeGreaterThan(0);
    expect(ids(walked)).toEqual(ids(sorted));
    expect(walked.TotalRecords).toBe(sorted.TotalRecords);
  });

  it('SEARCH-001: a text holding the separator of the four fields matches no colorway across two of them', async () => {
    const [cw] = await t.ctx.db.query<{ stocknum: string; prototypename: string }>(
      `SELECT stocknum, prototypename FROM colorway_search WHERE NOT isdeleted AND length(stocknum) >= 3 AND length(prototypename) >= 3 LIMIT 1`,
    );
    const across = `${cw.stocknum.slice(-3)}\x1f${cw.prototypename.slice(0, 3)}`;
    expect((await search({ quickSearchText: cw.stocknum.slice(-3) })).TotalRecords).toBeGreaterThan(0);
    for (const limit of ['0', '1000000']) {
      await setSetting(t, 'SEARCH_TEXT_SORT_ALL_LIMIT', limit);
      const got = await search({ quickSearchText: across, sortColumn: 'StockNum', sortDirection: 'ASC' });
      expect(got.TotalRecords, `limit ${limit}`).toBe(0);
    }
  });

  it('issue 31: the /Search bench refuses a data set fixtures:large did not make at the current migrations', async () => {
    expect(await staleLargeFixture(t.ctx.db, 'REFRESH')).toMatch(/^no run of fixtures:large is recorded in it.*Make a new one: REFRESH$/);
    await stampLargeFixture(t.ctx.db, 5);
    expect(await staleLargeFixture(t.ctx.db, 'REFRESH')).toBeUndefined();
    const [last] = await t.ctx.db.query<{ id: number; name: string }>('SELECT id, name FROM schema_migrations ORDER BY id DESC LIMIT 1');
    await t.ctx.db.query(`UPDATE schema_migrations SET appliedon = now() + interval '1 hour' WHERE id = $1`, [last.id]);
    try {
      expect(await staleLargeFixture(t.ctx.db, 'REFRESH')).toBe(
        `migrations ${String(last.id).padStart(3, '0')}_${last.name} were applied after fixtures:large made it. Make a new one: REFRESH`,
      );
    } finally {
      await t.ctx.db.query(`UPDATE schema_migrations SET appliedon = now() - interval '1 hour' WHERE id = $1`, [last.id]);
    }
  });
});
