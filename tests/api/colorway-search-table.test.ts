/**
 * Issue 14, /Search over a million colorways: the colorway search reads its matches' keys from
 * colorway_search (migration 020), kept by statement triggers beside colorway_view, and pages each
 * of the user's brands in sort order (the brand walk, records/read.ts). These tests hold both to the
 * truth: every plan of every offered sort pages exactly like a plain ordered query over the view, and
 * every change to a source row leaves the table equal to what the view says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { sessionUserOf } from '../helpers/session-user';
import { searchDrift } from '../helpers/search-drift';
import { searchSource, type ExtraFilters, type SearchRequest, type SearchSource } from '../../server/core/records/search-criteria';
import { searchStatements, type PagePlan } from '../../server/core/records/search-statements';
import { columnFilterConditions, filterableFields } from '../../server/core/records/column-filters';
import { withNameFields } from '../../server/core/records/references';
import { quickMatchCondition } from '../../server/core/search/quick-match';
import { fieldAccess } from '../../server/core/schemas/visibility';
import type { SessionUser } from '../../server/core/auth/permissions';

let t: TestApp;
let admin: string;
let user: SessionUser;
beforeAll(async () => {
  t = await createTestApp();
  ({ token: admin, user } = await sessionUserOf(t, 'admin'));
});
afterAll(async () => {
  await t?.close();
});

const GRID = 'colorway-search';
const KEY = 'PrototypeSeasonalId';

/** The keys of a page, in order, from the statement the grid runs. */
const pageIds = async (st: ReturnType<typeof searchStatements>) => {
  const [found] = await t.ctx.db.query(st.json.sql, st.json.params);
  return (JSON.parse(found.rows as string) as Record<string, number>[]).map((r) => r[KEY]);
};

const drift = () => searchDrift(t.ctx.db);

describe('issue 14: the colorway search table (migration 020)', () => {
  it('SEARCH-008: every sort column of the colorway search, both directions, pages like a plain ordered query in every plan', async () => {
    const grid = t.ctx.schemas.grids.get(GRID)!;
    const schema = t.ctx.schemas.entities.get('colorway')!;
    const fields = withNameFields(schema, [KEY, ...grid.columns.map((c) => c.field)]);
    const [top] = await t.ctx.db.query<{ brandid: number; seasonid: number; statusid: number }>(
      `SELECT brandid, seasonid, statusid FROM colorway_view WHERE NOT isdeleted GROUP BY 1, 2, 3 ORDER BY count(*) DESC LIMIT 1`,
    );
    const hidden = fieldAccess(t.ctx.schemas, user, 'colorway').hidden;
    const named: ExtraFilters = {
      conditions: columnFilterConditions(t.ctx, user, 'colorway', { PrototypeName: { contains: 'a' } }, filterableFields(schema, fields), hidden),
    };
    // The quick-search text (SEARCH-001 quickSearchText): the view's form matches keys from the base
    // tables, the table's form its own columns (trigram indexes); a word of a demo pattern name.
    const [{ word }] = await t.ctx.db.query<{ word: string }>(
      `SELECT split_part(patternname, ' ', 1) AS word FROM colorway_view WHERE length(split_part(patternname, ' ', 1)) >= 4 GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    const shapes: { name: string; req: Partial<SearchRequest>; extra: ExtraFilters; where?: string }[] = [
      { name: 'none', req: {}, extra: {}, where: 'true' },
      { name: 'brand', req: { BrandId: top.brandid }, extra: {}, where: `brandid = ${top.brandid}` },
      {
        name: 'brand + season',
        req: { BrandId: top.brandid, SeasonId: top.seasonid },
        extra: {},
        where: `brandid = ${top.brandid} AND seasonid = ${top.seasonid}`,
      },
      { name: 'status', req: { StatusId: top.statusid }, extra: {}, where: `statusid = ${top.statusid}` },
      { name: 'name contains "a"', req: {}, extra: named, where: `prototypename ILIKE '%a%'` },
      { name: `quickSearchText "${word}"`, req: {}, extra: { conditions: [quickMatchCondition(t.ctx, user, 'colorway', word)] } },
      {
        name: `quickSearchText "${word.slice(0, 2)}" (a prefix)`,
        req: {},
        extra: { conditions: [quickMatchCondition(t.ctx, user, 'colorway', word.slice(0, 2))] },
      },
    ];
    let compared = 0;
    for (const shape of shapes) {
      for (const { field } of grid.columns) {
        const col = (
          await t.ctx.db.query<{ c: string }>(
            `SELECT attname AS c FROM pg_attribute WHERE attrelid = 'colorway_search_source'::regclass AND attname = lower($1)`,
            [field],
          )
        )[0]?.c;
        expect(col, `${field} is a column of the search tables' source`).toBeTruthy();
        for (const dir of ['ASC', 'DESC'] as const) {
          const req = { pageNumber: 2, pageSize: 3, sortColumn: field, sortDirection: dir, ...shape.req } as SearchRequest;
          // A plain ordered query over the view; for the text (no plain SQL), every match from the view, sorted by the database.
          const plain =
            shape.where !== undefined
              ? (
                  await t.ctx.db.query<{ id: number }>(
                    `SELECT prototypeseasonalid AS id FROM colorway_view
              WHERE NOT isdeleted AND brandid IN (SELECT brandid FROM user_brands WHERE userid = $1) AND ${shape.where}
              ORDER BY ${col} ${dir} NULLS LAST, prototypeseasonalid`,
                    [user.userId],
                  )
                ).map((r) => r.id)
              : await pageIds(searchStatements(t.ctx, user, 'colorway', KEY, { ...req, pageNumber: 1, pageSize: 0 }, fields, shape.extra, 'all'));
          expect(plain.length, `${shape.name} matches some colorways`).toBeGreaterThan(6);
          // The search table that serves this shape (colorway_search, or colorway_search_changes for the change stamps and volume).
          const source = await searchSource(t.ctx.db, schema, user, KEY, req, shape.extra);
          // (a filter on the name with a sort by a change stamp or the volume: no one table has both, the view serves it)
          const volatile = ['TotalVolume', 'ChangedOn', 'ChangedBy'].includes(field);
          expect(source?.table, `${shape.name}, ${field}: the search table that serves it`).toBe(
            !volatile ? 'colorway_search' : shape.name.startsWith('name contains') ? undefined : 'colorway_search_changes',
          );
          for (const [plan, from] of [
            ['walk', source],
            ['all', source],
            ['index', source],
            ['index', undefined],
          ] as [PagePlan, SearchSource | undefined][]) {
            const ids = await pageIds(searchStatements(t.ctx, user, 'colorway', KEY, req, fields, shape.extra, plan, from));
            expect(ids, `${shape.name}, ${field} ${dir}, ${plan} from ${from?.table ?? 'the view'}`).toEqual(plain.slice(3, 6));
            compared++;
          }
        }
      }
    }
    expect(compared).toBe(shapes.length * grid.columns.length * 2 * 4);
  });

  it('SEARCH-008: the search API reads the table and answers the same page as the view would', async () => {
    const body = { pageNumber: 1, pageSize: 5, sortColumn: 'PatternName', sortDirection: 'DESC' };
    const res = await t.request('POST', `/api/Grid/${GRID}/Search`, { token: admin, json: body });
    expect(res.status).toBe(200);
    const got = (await res.json()).Results.map((r: Record<string, number>) => r[KEY]);
    const plain = (
      await t.ctx.db.query<{ id: number }>(
        `SELECT prototypeseasonalid AS id FROM colorway_view WHERE NOT isdeleted AND brandid IN (SELECT brandid FROM user_brands WHERE userid = $1)
        ORDER BY patternname DESC NULLS LAST, prototypeseasonalid LIMIT 5`,
        [user.userId],
      )
    ).map((r) => r.id);
    expect(got).toEqual(plain);
  });

  it('SEARCH-008: every change to a source of the search values keeps colorway_search equal to the view', async () => {
    const db = t.ctx.db;
    expect(await drift()).toBe(0);
    const [cw] = await db.query<Record<string, number>>(
      `SELECT prototypeseasonalid, prototypeid, patternid, patternseasonalid, briefseasonalid, lineplanid, brandid, seasonid, statusid, responsibleid, producttypeid
         FROM colorway_view WHERE briefseasonalid IS NOT NULL AND responsibleid IS NOT NULL AND producttypeid IS NOT NULL LIMIT 1`,
    );
    const changes: [string, string, unknown[]][] = [
      ['colorway name', "UPDATE prototypes SET prototypename = prototypename || ' x', changedon = now() WHERE prototypeid = $1", [cw.prototypeid]],
      [
        'colorway seasonal factory and volume',
        "UPDATE prototype_seasonals SET factname = 'Zeta Works', totalvolume = 4242 WHERE prototypeseasonalid = $1",
        [cw.prototypeseasonalid],
      ],
      ['pattern name', "UPDATE patterns SET patternname = patternname || ' y' WHERE patternid = $1", [cw.patternid]],
      [
        'brief name',
        "UPDATE briefs SET briefname = briefname || ' z' WHERE briefid = (SELECT briefid FROM brief_seasonals WHERE briefseasonalid = $1)",
        [cw.briefseasonalid],
      ],
      ['line plan name', "UPDATE line_plans SET lineplanname = lineplanname || ' w' WHERE lineplanid = $1", [cw.lineplanid]],
      ['brand name', "UPDATE brands SET brandname = brandname || ' v' WHERE brandid = $1", [cw.brandid]],
      ['season name', "UPDATE seasons SET seasonname = seasonname || ' u' WHERE seasonid = $1", [cw.seasonid]],
      ['status name', "UPDATE statuses SET statusname = statusname || ' t' WHERE statusid = $1", [cw.statusid]],
      ['product type name', "UPDATE product_types SET producttypename = producttypename || ' s' WHERE producttypeid = $1", [cw.producttypeid]],
      ['responsible user name', "UPDATE users SET lastname = lastname || ' r' WHERE userid = $1", [cw.responsibleid]],
      [
        'gender name',
        "UPDATE genders SET gendername = gendername || ' q' WHERE genderkey = (SELECT genderkey FROM patterns WHERE patternid = $1)",
        [cw.patternid],
      ],
      [
        'division name',
        "UPDATE divisions SET divisionname = divisionname || ' p' WHERE divisionkey = (SELECT divisionkey FROM prototypes WHERE prototypeid = $1)",
        [cw.prototypeid],
      ],
      [
        'a brief seasonal moved to another line plan',
        `UPDATE brief_seasonals SET lineplanid = (SELECT lineplanid FROM line_plans WHERE lineplanid <> $2 LIMIT 1) WHERE briefseasonalid = $1`,
        [cw.briefseasonalid, cw.lineplanid],
      ],
      [
        'a pattern seasonal moved to another brief',
        `UPDATE pattern_seasonals SET briefseasonalid = (SELECT briefseasonalid FROM brief_seasonals WHERE briefseasonalid <> $2 LIMIT 1) WHERE patternseasonalid = $1`,
        [cw.patternseasonalid, cw.briefseasonalid],
      ],
      ['a colorway deleted (flag)', 'UPDATE prototype_seasonals SET isdeleted = true WHERE prototypeseasonalid = $1', [cw.prototypeseasonalid]],
    ];
    for (const [what, sql, params] of changes) {
      const before = await db.query('SELECT * FROM colorway_search WHERE prototypeseasonalid = $1', [cw.prototypeseasonalid]);
      await db.query(sql, params);
      expect(await drift(), `after a change of the ${what}`).toBe(0);
      const after = await db.query('SELECT * FROM colorway_search WHERE prototypeseasonalid = $1', [cw.prototypeseasonalid]);
      expect(after, `the ${what} reached the colorway's row`).not.toEqual(before);
    }
    // A new colorway seasonal (a second season of the colorway) gets its row; removing it removes the row.
    const [{ id }] = await db.query<{ id: number }>(
      `INSERT INTO prototype_seasonals SELECT (jsonb_populate_record(NULL::prototype_seasonals, to_jsonb(ps) || jsonb_build_object(
          'prototypeseasonalid', nextval(pg_get_serial_sequence('prototype_seasonals', 'prototypeseasonalid')),
          'seasonid', (SELECT seasonid FROM seasons WHERE brandid = $2 AND seasonid NOT IN (SELECT seasonid FROM prototype_seasonals WHERE prototypeid = $1) LIMIT 1)))).*
         FROM prototype_seasonals ps WHERE prototypeseasonalid = $3 RETURNING prototypeseasonalid AS id`,
      [cw.prototypeid, cw.brandid, cw.prototypeseasonalid],
    );
    expect((await db.query('SELECT 1 FROM colorway_search WHERE prototypeseasonalid = $1', [id])).length).toBe(1);
    expect(await drift()).toBe(0);
    await db.query('DELETE FROM prototype_seasonals WHERE prototypeseasonalid = $1', [id]);
    expect((await db.query('SELECT 1 FROM colorway_search WHERE prototypeseasonalid = $1', [id])).length).toBe(0);
    expect(await drift()).toBe(0);
  });

  it('SEARCH-008: a pattern renamed through the API moves its colorways in a sort by pattern name', async () => {
    const [row] = await t.ctx.db.query<{ patternseasonalid: number }>(
      `SELECT patternseasonalid FROM colorway_view WHERE NOT isdeleted AND brandid IN (SELECT brandid FROM user_brands WHERE userid = $1) LIMIT 1`,
      [user.userId],
    );
    const [{ rowversion }] = await t.ctx.db.query('SELECT rowversion FROM pattern_seasonals WHERE patternseasonalid = $1', [row.patternseasonalid]);
    const save = await t.request('POST', '/api/Pattern/UpdatePattern', {
      token: admin,
      json: { Id: row.patternseasonalid, RowVersion: rowversion, Changes: { PatternName: 'AAAA first by name' } },
    });
    expect(save.status, await save.clone().text()).toBe(200);
    const res = await t.request('POST', `/api/Grid/${GRID}/Search`, {
      token: admin,
      json: { pageNumber: 1, pageSize: 3, sortColumn: 'PatternName', sortDirection: 'ASC' },
    });
    const first = (await res.json()).Results[0];
    expect(first.PatternName).toMatch(/AAAA first by name/);
  });
});
