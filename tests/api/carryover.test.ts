/**
 * Carryover and season shift (issue 16, CARRY-001..020, PERM-015, DECISIONS CARRY-015, ADR 025):
 * the carryover search, DoPrototypeCarryover (set-based, all or nothing, CARRY-013 refusal naming
 * the colorways, mail in the outbox, the new seasonals in /Search), Carryover-for-forecasting
 * volumes, the mass carryover upload through the import pipeline, pattern carryover and the season
 * shifts with their eligibility and the dual-sourced count; the gates (factory users never).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { mailsTo } from '../helpers/outbox';
import { bytesOf, commitUpload, importRowsOf, previewUpload, uploadFile } from '../helpers/uploads';
import { countQueries } from '../helpers/count-queries';
import { alreadyCarriedText } from '../../server/domain/carryover';

let t: TestApp;
let admin: string, designer: string, factory: string;
const BRAND = 1,
  SS26 = 1,
  FW26 = 2,
  SS27 = 3,
  FW27 = 4,
  SS27_PLAN = 3;
let fw27Plan: number;
const COMPLETED = 'Carryover completed. You will receive an email confirmation.';

beforeAll(async () => {
  t = await createTestApp();
  [admin, designer, factory] = await t.tokens('admin', 'designer', 'factory');
  // A line plan of FW27 (the demo has none) for the second target season.
  [{ lineplanid: fw27Plan }] = await t.ctx.db.query<{ lineplanid: number }>(
    `INSERT INTO line_plans (lineplanname, brandid, seasonid, responsibleid, statusid) VALUES ('Summit Ridge FW27 Carry', 1, $1, 2, 2) RETURNING lineplanid`,
    [FW27],
  );
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.ctx.db;
const post = (url: string, json: unknown, token = admin) => t.request('POST', url, { token, json });
const get = (url: string, token = admin) => t.request('GET', url, { token });
const search = (json: object, token = admin) => post('/api/Carryover/SearchPrototypesForCarryover', { BrandId: BRAND, SeasonId: FW26, ...json }, token);
const carry = (json: object, token = admin) => post('/api/Carryover/DoPrototypeCarryover', json, token);

/** Colorway seasonals of a season that live in that season only, by id. */
async function singleSeason(seasonId: number, n: number, extra = '') {
  return await db().query<{ id: number; name: string }>(
    `SELECT s.prototypeseasonalid AS id, p.prototypename AS name FROM prototype_seasonals s JOIN prototypes p USING (prototypeid)
      WHERE s.seasonid = $1 AND NOT s.isdeleted ${extra}
        AND NOT EXISTS (SELECT 1 FROM prototype_seasonals o WHERE o.prototypeid = s.prototypeid AND o.seasonid <> s.seasonid)
      ORDER BY s.prototypeseasonalid LIMIT $2`,
    [seasonId, n],
  );
}
const seasonalsIn = async (seasonId: number) =>
  (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM prototype_seasonals WHERE seasonid = $1', [seasonId]))[0].n;

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

describe('mass carryover by Excel upload (CARRY-012)', () => {
  const sheet = async (rows: [string, string][]) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Carryover');
    ws.addRow(['Stock Number', 'Season']);
    for (const r of rows) ws.addRow(r);
    return bytesOf(wb);
  };
  /** Two single-season SS26 colorways of brand 1 with a stock number of their own, not carried over yet. */
  const freshTwo = () =>
    db().query<{ id: number; stocknum: string; name: string }>(
      `SELECT s.prototypeseasonalid AS id, p.stocknum, p.prototypename AS name FROM prototype_seasonals s JOIN prototypes p USING (prototypeid)
      WHERE s.seasonid = $1 AND p.brandid = 1 AND NOT s.isdeleted AND p.stocknum IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM prototype_seasonals o WHERE o.prototypeid = s.prototypeid AND o.seasonid <> s.seasonid)
        AND NOT EXISTS (SELECT 1 FROM prototypes q WHERE lower(q.stocknum) = lower(p.stocknum) AND q.prototypeid <> p.prototypeid)
        AND NOT EXISTS (SELECT 1 FROM prototype_seasonals c WHERE c.carriedfromseasonalid = s.prototypeseasonalid)
      ORDER BY 1 LIMIT 2`,
      [SS26],
    );

  it('CARRY-012 .xls or .xlsx only, with the spec text; factory users cannot upload', async () => {
    const res = await uploadFile(t, admin, '/api/Carryover/UploadPrototypeCarryover', new TextEncoder().encode('a,b'), 'carry.pdf');
    expect(res.status).toBe(400);
    expect((await res.json()).Message).toBe('Please upload an Excel file (.xls or .xlsx)');
    expect((await uploadFile(t, factory, '/api/Carryover/UploadPrototypeCarryover', await sheet([]), 'c.xlsx')).status).toBe(403);
  });

  it('CARRY-012 CARRY-013 DECISIONS CARRY-013 preview, then commit through the upload queue: a carried-over row is refused with its text and left out, the other rows are carried', async () => {
    const fresh = await freshTwo();
    const [carried] = await db().query<{ id: number; stocknum: string; name: string }>(
      `SELECT s.prototypeseasonalid AS id, p.stocknum, p.prototypename AS name FROM prototype_seasonals n JOIN prototype_seasonals s ON s.prototypeseasonalid = n.carriedfromseasonalid
         JOIN prototypes p ON p.prototypeid = s.prototypeid WHERE s.seasonid = $1 AND n.seasonid = $2 AND p.stocknum NOT LIKE 'BC%' LIMIT 1`,
      [FW26, SS27],
    );
    const file = await sheet([...fresh.map((f): [string, string] => [f.stocknum, 'Spring/Summer 2026']), [carried.stocknum, 'Fall/Winter 2026']]);
    const imp = await previewUpload(t, admin, '/api/Carryover/UploadPrototypeCarryover', file, 'carry.xlsx', {
      ToSeasonId: String(SS27),
      ToLinePlanId: String(SS27_PLAN),
    });
    expect(imp.Status).toBe('Previewed');
    expect(imp.AllOrNothing).toBe(false);
    expect(imp.Counts).toMatchObject({ Changed: 2, Refused: 1 });
    const rows = await importRowsOf(t, admin, imp.ImportId);
    const refused = rows.find((r) => r.Outcome === 'refused')!;
    expect(refused.Errors[0].Message).toBe(alreadyCarriedText([carried.name]));
    // Confirmed as it is: the two fresh rows are carried, the carried-over one is left out (nothing more of it is written).
    const job = await commitUpload(t, admin, imp.ImportId);
    expect(JSON.stringify(job)).toContain('Completed');
    for (const f of fresh) {
      const [n] = await db().query<{ seasonid: number; producttypeid: number }>(
        'SELECT seasonid, producttypeid FROM prototype_seasonals WHERE carriedfromseasonalid = $1',
        [f.id],
      );
      expect(n).toEqual({ seasonid: SS27, producttypeid: 3 });
    }
    expect(await db().query('SELECT 1 FROM prototype_seasonals WHERE carriedfromseasonalid = $1', [carried.id])).toHaveLength(1);
    const after = await importRowsOf(t, admin, imp.ImportId);
    expect(after.filter((r) => r.Outcome === 'saved')).toHaveLength(2);
    expect(after.find((r) => r.RowNumber === refused.RowNumber)).toMatchObject({ Outcome: 'refused' });
    expect((await mailsTo(t, 'admin@example.com')).some((m) => m.includes('Carryover Upload finished'))).toBe(true);
  });

  it('CARRY-013 DECISIONS CARRY-013 a row carried over between the preview and the commit is left out with its text; the others are carried', async () => {
    const two = await freshTwo();
    const imp = await previewUpload(
      t,
      admin,
      '/api/Carryover/UploadPrototypeCarryover',
      await sheet(two.map((f): [string, string] => [f.stocknum, 'Spring/Summer 2026'])),
      'carry.xlsx',
      { ToSeasonId: String(SS27), ToLinePlanId: String(SS27_PLAN) },
    );
    expect(imp.Counts).toMatchObject({ Changed: 2, Refused: 0 });
    // Someone carries the first one meanwhile.
    expect((await carry({ Prototypes: [two[0].id], FromSeasonId: SS26, ToSeasonId: SS27, ToLinePlanId: SS27_PLAN })).status).toBe(200);
    const job = await commitUpload(t, admin, imp.ImportId);
    expect(JSON.stringify(job)).toContain('Completed');
    expect(await db().query('SELECT 1 FROM prototype_seasonals WHERE carriedfromseasonalid = $1', [two[0].id])).toHaveLength(1);
    expect(await db().query('SELECT 1 FROM prototype_seasonals WHERE carriedfromseasonalid = $1', [two[1].id])).toHaveLength(1);
    const rows = await importRowsOf(t, admin, imp.ImportId);
    expect(rows.map((r) => [r.Outcome, r.Errors[0]?.Message ?? null])).toEqual([
      ['failed', alreadyCarriedText([two[0].name])],
      ['saved', null],
    ]);
  });
});

describe('season shift and pattern carryover (CARRY-016..019, CW-010)', () => {
  it("CARRY-018 CARRY-019 a single-season colorway shifts to another season's line plan; eligibility says why not otherwise", async () => {
    const [cw] = await singleSeason(
      SS26,
      1,
      `AND s.statusid IN (1, 2) AND NOT EXISTS (SELECT 1 FROM prototype_seasonals c WHERE c.carriedfromseasonalid = s.prototypeseasonalid)
      AND NOT (SELECT dualsrcdpatt FROM prototypes WHERE prototypeid = s.prototypeid) AND (SELECT stocknum FROM prototypes WHERE prototypeid = s.prototypeid) NOT LIKE 'BC%'`,
    );
    const check = await (await get(`/api/Prototype/GetSeasonShiftEligibility?PrototypeSeasonalId=${cw.id}`)).json();
    expect(check).toMatchObject({ CanShift: true, Message: null, DualSourcedCount: 0 });
    expect((await post('/api/Carryover/ShiftPrototypeSeason', { PrototypeSeasonalId: cw.id, LinePlanId: 1 })).status).toBe(400);
    const res = await post('/api/Carryover/ShiftPrototypeSeason', { PrototypeSeasonalId: cw.id, LinePlanId: SS27_PLAN });
    expect(await res.json()).toEqual({ Result: 0, Message: 'Season changed successfully.', Data: 0 });
    const [n] = await db().query<{ seasonid: number; pseason: number }>(
      'SELECT s.seasonid, pas.seasonid AS pseason FROM prototype_seasonals s JOIN pattern_seasonals pas USING (patternseasonalid) WHERE s.prototypeseasonalid = $1',
      [cw.id],
    );
    expect(n).toEqual({ seasonid: SS27, pseason: SS27 });
    const [audit] = await db().query(`SELECT oldvalue, newvalue FROM audit_log WHERE entity = 'colorway' AND entityid = $1 AND field = 'SeasonId'`, [
      String(cw.id),
    ]);
    expect(audit).toEqual({ oldvalue: String(SS26), newvalue: String(SS27) });
    // A colorway in two seasons is not eligible.
    const [{ id: two }] = await db().query<{ id: number }>(
      `SELECT s.prototypeseasonalid AS id FROM prototype_seasonals s JOIN prototypes p USING (prototypeid) WHERE p.brandid = 1 AND s.seasonid <> ${FW27}
          AND EXISTS (SELECT 1 FROM prototype_seasonals o WHERE o.prototypeid = s.prototypeid AND o.seasonid <> s.seasonid) LIMIT 1`,
    );
    const no = await (await get(`/api/Prototype/GetSeasonShiftEligibility?PrototypeSeasonalId=${two}`)).json();
    expect(no.CanShift).toBe(false);
    const refused = await post('/api/Carryover/ShiftPrototypeSeason', { PrototypeSeasonalId: two, LinePlanId: fw27Plan });
    expect(refused.status).toBe(409);
    expect((await refused.json()).Message).toBe(no.Message);
  });

  it('CARRY-019 the dual-sourced twin moves along and the message counts it', async () => {
    const [cw] = await singleSeason(
      SS26,
      1,
      `AND s.statusid = 2 AND s.factnameky IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM prototype_seasonals c WHERE c.carriedfromseasonalid = s.prototypeseasonalid)
      AND (SELECT stocknum FROM prototypes WHERE prototypeid = s.prototypeid) NOT LIKE 'BC%'`,
    );
    const [{ factorykey }] = await db().query<{ factorykey: string }>(
      'SELECT factorykey FROM factories WHERE factorykey <> (SELECT factnameky FROM prototype_seasonals WHERE prototypeseasonalid = $1) LIMIT 1',
      [cw.id],
    );
    const dual = await post('/api/Prototype/DualSourceUpdate', { PrototypeSeasonalId: cw.id, FactoryKey: factorykey });
    expect(dual.status).toBe(200);
    const twin = (await dual.json()).Data.PrototypeSeasonalId;
    expect((await (await get(`/api/Prototype/GetSeasonShiftEligibility?PrototypeSeasonalId=${cw.id}`)).json()).DualSourcedCount).toBe(1);
    const res = await post('/api/Carryover/ShiftPrototypeSeason', { PrototypeSeasonalId: cw.id, LinePlanId: fw27Plan });
    expect(await res.json()).toEqual({ Result: 0, Message: 'Season changed successfully on 1 dual sourced Colorway Seasonals.', Data: 1 });
    const [{ seasonid }] = await db().query<{ seasonid: number }>('SELECT seasonid FROM prototype_seasonals WHERE prototypeseasonalid = $1', [twin]);
    expect(seasonid).toBe(FW27);
  });

  it('CARRY-016 CARRY-017 canPatternCarryover / canPatternShiftSeason, pattern carryover (result 0) and pattern season shift', async () => {
    // A Released pattern of FW26 with no seasonal in FW27: carried over.
    const [pat] = await db().query<{ id: number }>(
      `SELECT pas.patternseasonalid AS id FROM pattern_seasonals pas JOIN patterns pa USING (patternid)
        WHERE pas.seasonid = $1 AND pa.brandid = 1 AND pas.statusid IN (2, 3)
          AND NOT EXISTS (SELECT 1 FROM pattern_seasonals o WHERE o.patternid = pas.patternid AND o.seasonid = $2) LIMIT 1`,
      [FW26, FW27],
    );
    const can = await (await get(`/api/Carryover/CanPatternCarryover?PatternSeasonalId=${pat.id}`)).json();
    expect(can.CanCarryover).toBe(true);
    const res = await post('/api/Carryover/DoPatternCarryover', { PatternSeasonalId: pat.id, ToSeasonId: FW27, ToLinePlanId: fw27Plan });
    const body = await res.json();
    expect(body.Result).toBe(0);
    const again = await post('/api/Carryover/DoPatternCarryover', { PatternSeasonalId: pat.id, ToSeasonId: FW27, ToLinePlanId: fw27Plan });
    expect(again.status).toBe(409);
    // The new FW27 pattern seasonal lives in two seasons: not shiftable; a new single-season pattern is.
    const twoSeasons = await (await get(`/api/Carryover/CanPatternShiftSeason?PatternSeasonalId=${body.Data}`)).json();
    expect(twoSeasons.CanShift).toBe(false);
    const [single] = await db().query<{ id: number }>(
      `SELECT pas.patternseasonalid AS id FROM pattern_seasonals pas JOIN patterns pa USING (patternid)
        WHERE pa.brandid = 1 AND pas.statusid IN (1, 2) AND NOT pas.isdeleted
          AND NOT EXISTS (SELECT 1 FROM pattern_seasonals o WHERE o.patternid = pas.patternid AND o.seasonid <> pas.seasonid)
          AND NOT EXISTS (SELECT 1 FROM prototype_seasonals c WHERE c.patternseasonalid = pas.patternseasonalid
                            AND EXISTS (SELECT 1 FROM prototype_seasonals x WHERE x.prototypeid = c.prototypeid AND x.seasonid <> c.seasonid))
          AND pas.seasonid <> $1 LIMIT 1`,
      [FW27],
    );
    expect((await (await get(`/api/Carryover/CanPatternShiftSeason?PatternSeasonalId=${single.id}`)).json()).CanShift).toBe(true);
    const shifted = await post('/api/Carryover/ShiftPatternSeason', { PatternSeasonalId: single.id, LinePlanId: fw27Plan });
    const out = await shifted.json();
    expect(out).toMatchObject({ Result: 0, Message: 'Season changed successfully.' });
    const left = await db().query('SELECT 1 FROM prototype_seasonals WHERE patternseasonalid = $1 AND seasonid <> $2', [single.id, FW27]);
    expect(left).toHaveLength(0);
    expect((await post('/api/Carryover/ShiftPatternSeason', { PatternSeasonalId: single.id, LinePlanId: 'x' })).status).toBe(400);
  });
});
