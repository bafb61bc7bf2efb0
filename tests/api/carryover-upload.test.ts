/**
 * Carryover (issue 16, ADR 025), continued from carryover.test.ts: the mass carryover upload through
 * the import pipeline (CARRY-012, CARRY-013 between preview and commit), pattern carryover and the
 * season shifts with their eligibility and the dual-sourced count (CARRY-016..019, CW-010).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { carry, db, FW26, FW27, get, post, singleSeason, SS26, SS27, SS27_PLAN, startCarryoverApp } from './carryover-steps';
import { mailsTo } from '../helpers/outbox';
import { bytesOf, commitUpload, importRowsOf, previewUpload, uploadFile } from '../helpers/uploads';
import { alreadyCarriedText } from '../../server/domain/carryover';

let t: TestApp;
let admin: string, factory: string;
let fw27Plan: number;

beforeAll(async () => {
  ({ t, admin, factory, fw27Plan } = await startCarryoverApp());
});
afterAll(async () => {
  await t?.close();
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
    // A FW26 colorway with a stock number of its own, carried into SS27 first.
    const [first] = await singleSeason(
      FW26,
      1,
      `AND p.stocknum NOT LIKE 'BC%' AND NOT EXISTS (SELECT 1 FROM prototypes q WHERE lower(q.stocknum) = lower(p.stocknum) AND q.prototypeid <> p.prototypeid)`,
    );
    expect((await carry({ Prototypes: [first.id], FromSeasonId: FW26, ToSeasonId: SS27, ToLinePlanId: SS27_PLAN })).status).toBe(200);
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
