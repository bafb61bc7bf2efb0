import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import {
  BRAND,
  carry,
  COMPLETED,
  db,
  FW26,
  FW27,
  get,
  post,
  search,
  seasonalsIn,
  singleSeason,
  SS26,
  SS27,
  SS27_PLAN,
  startCarryoverApp,
} from './carryover-steps';
import { mailsTo } from '../helpers/outbox';
import { countQueries } from '../helpers/count-queries';
import { alreadyCarriedText } from '../../server/domain/carryover';

let t: TestApp;
let designer: string, factory: string;
let fw27Plan: number;

beforeAll(async () => {
  ({ t, designer, factory, fw27Plan } = await startCarryoverApp());
});
afterAll(async () => {
  await t?.close();
});

describe('gates (PERM-015)', () => {
  it('PERM-015 CARRY-001 factory users get no carryover at all; users without module 14 edit neither', async () => {
    const [cw] = await singleSeason(FW26, 1);
    for (const token of [factory, designer]) {
      expect((await search({}, token)).status).toBe(403);
      expect((await carry({ Prototypes: [cw.id], FromSeasonId: FW26, ToSeasonId: SS27, ToLinePlanId: SS27_PLAN }, token)).status).toBe(403);
      expect((await post('/api/Carryover/ShiftPrototypeSeason', { PrototypeSeasonalId: cw.id, LinePlanId: SS27_PLAN }, token)).status).toBe(403);
      expect((await get(`/api/Prototype/GetSeasonShiftEligibility?PrototypeSeasonalId=${cw.id}`, token)).status).toBe(403);
    }
    // Even with module 14 granted, a factory user is refused (no costing or factory field can leave through a carryover answer).
    await db().query('INSERT INTO role_permissions (roleid, moduleid, actionid) VALUES (5, 14, 2) ON CONFLICT DO NOTHING');
    const [f2] = await t.tokens('factory');
    const res = await search({}, f2);
    expect(res.status).toBe(403);
    expect(JSON.stringify(await res.json())).not.toMatch(/ActPurPrice|FactName/);
    await db().query('DELETE FROM role_permissions WHERE roleid = 5 AND moduleid = 14');
  });

  it('PERM-015 brand scope: a brand the user is not assigned to is refused', async () => {
    await db().query('INSERT INTO role_permissions (roleid, moduleid, actionid) VALUES (2, 14, 2) ON CONFLICT DO NOTHING');
    const [d2] = await t.tokens('designer');
    const [{ brandid: other }] = await db().query<{ brandid: number }>(
      `SELECT brandid FROM brands WHERE brandid NOT IN (SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'designer@example.com') LIMIT 1`,
    );
    expect((await search({ BrandId: other }, d2)).status).toBe(403);
    const [{ seasonid }] = await db().query<{ seasonid: number }>('SELECT seasonid FROM seasons WHERE brandid = $1 LIMIT 1', [other]);
    const [cw] = await singleSeason(seasonid, 1);
    const [{ lineplanid }] = await db().query<{ lineplanid: number }>('SELECT lineplanid FROM line_plans WHERE brandid = $1 AND seasonid <> $2 LIMIT 1', [
      other,
      seasonid,
    ]);
    const [{ seasonid: to }] = await db().query<{ seasonid: number }>('SELECT seasonid FROM line_plans WHERE lineplanid = $1', [lineplanid]);
    const before = await seasonalsIn(to);
    const res = await carry({ Prototypes: [cw.id], FromSeasonId: seasonid, ToSeasonId: to, ToLinePlanId: lineplanid }, d2);
    expect(res.status).toBe(403);
    expect(await seasonalsIn(to)).toBe(before);
    await db().query('DELETE FROM role_permissions WHERE roleid = 2 AND moduleid = 14');
  });
});

describe('the carryover search (CARRY-006..010)', () => {
  it('CARRY-006 CARRY-007 CARRY-008 the rows of the season with volumes, prices and carryoverExists', async () => {
    const res = await search({ pageNumber: 1, pageSize: 50, IncludePatternLevel: true });
    expect(res.status).toBe(200);
    const body = await res.json();
    const [{ n }] = await db().query<{ n: number }>(
      'SELECT count(*)::int AS n FROM prototype_seasonals s JOIN prototypes p USING (prototypeid) WHERE s.seasonid = $1 AND p.brandid = $2 AND NOT s.isdeleted',
      [FW26, BRAND],
    );
    expect(body.TotalRecords).toBe(n);
    const row = body.Results[0];
    for (const k of [
      'PrototypeSeasonalId',
      'PrototypeId',
      'SeasonId',
      'BrandId',
      'FactNameKy',
      'StockNum',
      'StatusName',
      'GenderName',
      'FactName',
      'CtryOfOrig',
      'ColorDesc',
      'CarryoverExists',
      'USVolume',
      'NaDtcStoreVolume',
      'LatinAVolume',
      'IntnlVolume',
      'TotalVolume',
      'ActPurPrice',
      'EstPurPrice',
      'PatternName',
    ]) {
      expect(row, k).toHaveProperty(k);
    }
    expect(row.CarryoverExists).toBe(false);
  });

  it('CARRY-009 pages of 15; CARRY-006 the other-season search pages up to 999, more is a 400', async () => {
    const page = await (await search({ pageNumber: 1, pageSize: 15 })).json();
    expect(page.PageSize).toBe(15);
    expect((await search({ pageSize: 999 })).status).toBe(200);
    expect((await search({ pageSize: 1000 })).status).toBe(400);
    expect((await search({ SeasonId: 'x' })).status).toBe(400);
    expect((await post('/api/Carryover/SearchPrototypesForCarryover', { SeasonId: FW26 })).status).toBe(400);
  });
});

describe('DoPrototypeCarryover (CARRY-002..005, CARRY-011..015)', () => {
  let three: { id: number; name: string }[];

  it('CARRY-003 CARRY-004 validation: 4xx with the spec texts, nothing written', async () => {
    const before = await seasonalsIn(SS27);
    const [cw] = await singleSeason(FW26, 1);
    const empty = await carry({ Prototypes: [], FromSeasonId: FW26, ToSeasonId: SS27, ToLinePlanId: SS27_PLAN });
    expect(empty.status).toBe(400);
    expect((await empty.json()).Message).toBe('Please Select at least one Prototype');
    const same = await carry({ Prototypes: [cw.id], FromSeasonId: FW26, ToSeasonId: FW26, ToLinePlanId: 2 });
    expect(same.status).toBe(400);
    expect((await same.json()).Errors[0].Field).toBe('/ToSeasonId');
    expect((await carry({ Prototypes: [cw.id], FromSeasonId: FW26, ToSeasonId: SS27, ToLinePlanId: 1 })).status).toBe(400);
    expect((await carry({ Prototypes: ['x'], FromSeasonId: FW26, ToSeasonId: SS27, ToLinePlanId: SS27_PLAN })).status).toBe(400);
    expect((await carry({ Prototypes: [cw.id], FromSeasonId: FW26, ToSeasonId: SS27 })).status).toBe(400);
    expect(
      (
        await carry({
          Prototypes: [cw.id],
          FromSeasonId: FW26,
          ToSeasonId: SS27,
          ToLinePlanId: SS27_PLAN,
          Volumes: [{ PrototypeSeasonalId: cw.id, USVolume: 123456789 }],
        })
      ).status,
    ).toBe(400);
    // A colorway of another season is refused, a missing one answers like one the user may not see.
    const [other] = await singleSeason(SS26, 1);
    expect((await carry({ Prototypes: [cw.id, other.id], FromSeasonId: FW26, ToSeasonId: SS27, ToLinePlanId: SS27_PLAN })).status).toBe(400);
    expect((await carry({ Prototypes: [cw.id, 999999], FromSeasonId: FW26, ToSeasonId: SS27, ToLinePlanId: SS27_PLAN })).status).toBe(404);
    expect(await seasonalsIn(SS27)).toBe(before);
  });

  it('CARRY-005 CARRY-014 CARRY-015 three colorways into SS27 under a line plan: shared base records, copied sizes and costing, carry-over flag, mail', async () => {
    three = await singleSeason(FW26, 3, 'AND s.totalvolume > 0');
    const ids = three.map((c) => c.id);
    const sizesBefore = await db().query<{ id: number; n: number }>(
      'SELECT prototypeseasonalid AS id, count(*)::int AS n FROM size_ranges WHERE prototypeseasonalid = ANY($1) GROUP BY 1',
      [ids],
    );
    const res = await carry({ Prototypes: ids, FromSeasonId: FW26, ToSeasonId: SS27, ToLinePlanId: SS27_PLAN });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.Message).toBe(COMPLETED);
    expect(body.Data.Count).toBe(3);
    const made = await db().query<Record<string, any>>(
      `SELECT n.*, s.prototypeid AS srcproto, s.ffc AS srcffc, s.totalvolume AS srctotal, s.usvolume AS srcus, p.stocknum, lp.lineplanid AS plan
         FROM prototype_seasonals n JOIN prototype_seasonals s ON s.prototypeseasonalid = n.carriedfromseasonalid
         JOIN prototypes p ON p.prototypeid = n.prototypeid
         JOIN pattern_seasonals pas ON pas.patternseasonalid = n.patternseasonalid JOIN brief_seasonals bs ON bs.briefseasonalid = pas.briefseasonalid
         JOIN line_plans lp ON lp.lineplanid = bs.lineplanid
        WHERE n.prototypeseasonalid = ANY($1)`,
      [body.Data.PrototypeSeasonalIds],
    );
    expect(made).toHaveLength(3);
    for (const m of made) {
      expect(m.seasonid).toBe(SS27);
      expect(m.prototypeid).toBe(m.srcproto);
      expect(m.producttypeid).toBe(3);
      expect(m.statusid).toBe(1);
      expect(m.plan).toBe(SS27_PLAN);
      expect(m.totalvolume).toBe(m.srctotal);
      expect(m.usvolume).toBe(m.srcus);
      expect(m.ffc).toEqual(m.srcffc);
      expect(m.costingcompl).toBe(false);
      expect(m.isoriginalseason).toBe(false);
    }
    for (const s of sizesBefore) {
      const [{ n }] = await db().query<{ n: number }>(
        'SELECT count(*)::int AS n FROM size_ranges sr JOIN prototype_seasonals n ON n.prototypeseasonalid = sr.prototypeseasonalid WHERE n.carriedfromseasonalid = $1',
        [s.id],
      );
      expect(n).toBe(s.n);
    }
    // The new seasonals are in /Search for SS27 with their volumes (the search table follows by its triggers).
    const found = await (await post('/api/Grid/colorway-search/Search', { BrandId: BRAND, SeasonId: SS27, pageNumber: 1, pageSize: 100 })).json();
    const shown = found.Results.filter((r: any) => body.Data.PrototypeSeasonalIds.includes(r.PrototypeSeasonalId));
    expect(shown).toHaveLength(3);
    for (const r of shown) expect(r.TotalVolume).toBe(made.find((m) => m.prototypeseasonalid === r.PrototypeSeasonalId)!.totalvolume);
    // The mail (outbox) lists them.
    const mails = await mailsTo(t, 'admin@example.com');
    const mail = mails.find((m) => m.includes('Subject: Carryover completed'));
    expect(mail).toBeTruthy();
    for (const c of three) expect(mail).toContain(c.name.split(' - ')[0]);
    // CARRY-008: the search now says they were carried over.
    const rows = (await (await search({ PrototypeSeasonalIds: ids })).json()).Results;
    expect(rows.every((r: any) => r.CarryoverExists)).toBe(true);
    expect((await (await search({ PrototypeSeasonalIds: ids, CarryoverData: true })).json()).Results).toHaveLength(0);
  });

  it('CARRY-013 DECISIONS CARRY-013 carrying them again with one more: the three are skipped and named, the other is carried', async () => {
    const before = await seasonalsIn(SS27);
    const [extra] = await singleSeason(
      FW26,
      1,
      `AND s.prototypeseasonalid <> ALL(ARRAY[${three.map((c) => c.id).join(',')}])
      AND NOT EXISTS (SELECT 1 FROM prototype_seasonals c WHERE c.carriedfromseasonalid = s.prototypeseasonalid)`,
    );
    const res = await carry({ Prototypes: [extra.id, ...three.map((c) => c.id)], FromSeasonId: FW26, ToSeasonId: SS27, ToLinePlanId: SS27_PLAN });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.Message).toBe(COMPLETED);
    expect(body.Data.Count).toBe(1);
    expect(body.Data.Skipped.Message).toBe(alreadyCarriedText(three.map((c) => c.name)));
    expect(body.Data.Skipped.Message).toMatch(/^Some of these Prototypes have been Carried Over and will not be moved - /);
    expect(body.Data.Skipped.PrototypeSeasonalIds).toEqual(three.map((c) => c.id));
    expect(await seasonalsIn(SS27)).toBe(before + 1);
    const [made] = await db().query<{ src: number }>('SELECT carriedfromseasonalid AS src FROM prototype_seasonals WHERE prototypeseasonalid = $1', [
      body.Data.PrototypeSeasonalIds[0],
    ]);
    expect(made.src).toBe(extra.id);
    // Each of the three still has one carried seasonal only (nothing half-written).
    for (const c of three) expect(await db().query('SELECT 1 FROM prototype_seasonals WHERE carriedfromseasonalid = $1', [c.id])).toHaveLength(1);
    // The mail names the skipped ones too.
    const mails = (await mailsTo(t, 'admin@example.com')).filter((m) => m.includes(alreadyCarriedText(three.map((c) => c.name))));
    expect(mails).toHaveLength(1);
  });

  it('CARRY-013 only colorways carried over before: refused with the text naming them; nothing is written', async () => {
    const before = await seasonalsIn(SS27);
    const res = await carry({ Prototypes: three.map((c) => c.id), FromSeasonId: FW26, ToSeasonId: SS27, ToLinePlanId: SS27_PLAN });
    expect(res.status).toBe(409);
    expect((await res.json()).Message).toBe(alreadyCarriedText(three.map((c) => c.name)));
    expect(await seasonalsIn(SS27)).toBe(before);
  });

  it('CARRY-005 DECISIONS CARRY-013: 500 colorways where one was carried already: the 499 others are carried, it is named; one statement per table', async () => {
    // 500 single-season colorways of SS26: clones of one demo colorway (own prototype and stock number).
    const [tpl] = await singleSeason(SS26, 1);
    const cols = async (table: string, skip: string[]) =>
      (
        await db().query<{ c: string }>(
          `SELECT column_name AS c FROM information_schema.columns WHERE table_name = $1 AND table_schema = current_schema() AND is_generated = 'NEVER' ORDER BY ordinal_position`,
          [table],
        )
      )
        .map((r) => r.c)
        .filter((c) => !skip.includes(c));
    const pc = await cols('prototypes', ['prototypeid', 'prototypename', 'stocknum']);
    const sc = await cols('prototype_seasonals', ['prototypeseasonalid', 'prototypeid', 'carriedfromseasonalid']);
    const clones = await db().tx(async (q) => {
      const protos = await q.query<{ prototypeid: number }>(
        `INSERT INTO prototypes (${pc.join(', ')}, prototypename, stocknum)
         SELECT ${pc.map((c) => `p.${c}`).join(', ')}, 'Bulk carry ' || g, 'BC' || lpad(g::text, 5, '0')
           FROM prototypes p JOIN prototype_seasonals s USING (prototypeid), generate_series(1, 500) g WHERE s.prototypeseasonalid = $1 RETURNING prototypeid`,
        [tpl.id],
      );
      return q.query<{ id: number }>(
        `INSERT INTO prototype_seasonals (prototypeid, ${sc.join(', ')})
         SELECT x.id, ${sc.map((c) => `s.${c}`).join(', ')} FROM prototype_seasonals s, unnest($2::int[]) AS x(id) WHERE s.prototypeseasonalid = $1
         RETURNING prototypeseasonalid AS id`,
        [tpl.id, protos.map((p) => p.prototypeid)],
      );
    });
    const ids = clones.map((c) => c.id);
    const first = await carry({ Prototypes: [ids[137]], FromSeasonId: SS26, ToSeasonId: FW27, ToLinePlanId: fw27Plan });
    expect(first.status).toBe(200);
    const before = await seasonalsIn(FW27);
    const counted = await countQueries(db(), () => carry({ Prototypes: ids, FromSeasonId: SS26, ToSeasonId: FW27, ToLinePlanId: fw27Plan }));
    expect(counted.result.status).toBe(200);
    const [{ name }] = await db().query<{ name: string }>(
      'SELECT prototypename AS name FROM prototypes JOIN prototype_seasonals USING (prototypeid) WHERE prototypeseasonalid = $1',
      [ids[137]],
    );
    const body = await counted.result.json();
    expect(body.Data.Skipped).toEqual({ Message: alreadyCarriedText([name]), PrototypeSeasonalIds: [ids[137]] });
    expect(body.Data.Count).toBe(499);
    expect(await seasonalsIn(FW27)).toBe(before + 499);
    expect(await db().query('SELECT 1 FROM prototype_seasonals WHERE carriedfromseasonalid = $1', [ids[137]])).toHaveLength(1);
    // Set-based: a fixed number of statements whatever the number of colorways (no statement per row).
    expect(counted.n).toBeLessThan(25);
    expect(counted.sql.filter((s) => /INSERT INTO prototype_seasonals/.test(s))).toHaveLength(1);
    expect(counted.sql.filter((s) => /INSERT INTO size_ranges/.test(s))).toHaveLength(1);
  });

  it("CARRY-011 Carryover-for-forecasting: the grid's volumes replace the copied ones, totals recomputed by the server", async () => {
    const [cw] = await singleSeason(FW26, 1, 'AND NOT EXISTS (SELECT 1 FROM prototype_seasonals c WHERE c.carriedfromseasonalid = s.prototypeseasonalid)');
    const res = await carry({
      Prototypes: [cw.id],
      FromSeasonId: FW26,
      ToSeasonId: FW27,
      ToLinePlanId: fw27Plan,
      Volumes: [{ PrototypeSeasonalId: cw.id, USVolume: 1000, CAVolume: 200, AsiaVolume: 30, ItalyVolume: 5 }],
    });
    expect(res.status).toBe(200);
    const [n] = await db().query<Record<string, number | null>>(
      'SELECT usvolume, cavolume, asiavolume, italyvolume, emeaownedvolume, intnlvolume, totalvolume FROM prototype_seasonals WHERE carriedfromseasonalid = $1',
      [cw.id],
    );
    expect(n).toEqual({ usvolume: 1000, cavolume: 200, asiavolume: 30, italyvolume: 5, emeaownedvolume: null, intnlvolume: 30, totalvolume: 1230 });
  });
});
