import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { cellError, clones, type Row, save, saveOne, startFlashApp, stored, today } from './flash-steps';
import { prices } from '../../server/domain/price-rule';
import { volumeTotals } from '../../server/domain/volume-totals';

let t: TestApp;
let admin: string, costing: string, forecast: string;
let template: { id: number; prototypeid: number; lineplanid: number };

beforeAll(async () => {
  ({ t, admin, costing, forecast, template } = await startFlashApp());
});
afterAll(async () => {
  await t?.close();
});

describe('costing grid (FLASH-006..013, DECISIONS CW-036 / FLASH-012)', () => {
  it('FLASH-007 FLASH-008 checking SM checks the earlier milestones with today and the price; unchecking ISR clears it and the later ones', async () => {
    const [row] = await clones(1);
    const { saved } = await saveOne(costing, 'costing', row, { SMComplete: true });
    const price = saved.ActPurPrice; // brand 1 is PDM-ready: the purchase price (CW-031, FLASH-016)
    expect(saved).toMatchObject({
      InitialPrototypeComplete: true,
      InitialPrototypeCompleteDate: today(),
      InitialPrototypePrice: price,
      ISRComplete: true,
      ISRPrice: price,
      LDMComplete: true,
      LDMPrice: price,
      SMComplete: true,
      SMCompleteDate: today(),
      SMPrice: price,
      SMFinalComplete: false,
    });
    const { saved: unchecked } = await saveOne(costing, 'costing', row, { ISRComplete: false });
    expect(unchecked).toMatchObject({ InitialPrototypeComplete: true, ISRComplete: false, LDMComplete: false, SMComplete: false });
    expect([unchecked.ISRCompleteDate, unchecked.ISRPrice, unchecked.LDMPrice, unchecked.SMCompleteDate].map((v) => v ?? null)).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('FLASH-009 Costing Complete checks IP..SM and disables every milestone until it is unchecked', async () => {
    const [row] = await clones(1);
    const { saved } = await saveOne(costing, 'costing', row, { CostingCompl: true });
    expect(saved).toMatchObject({ CostingCompl: true, SMComplete: true, SMFinalComplete: false });
    for (const changes of [{ SMFinalComplete: true }, { ISRComplete: false }]) {
      const { failed } = await saveOne(costing, 'costing', row, changes);
      expect(failed.Errors).toEqual([cellError(Object.keys(changes)[0], 'Milestones cannot be changed while Costing Complete is checked.')]);
    }
    expect((await saveOne(costing, 'costing', row, { CostingCompl: false, SMComplete: false })).saved).toMatchObject({
      CostingCompl: false,
      SMComplete: false,
      LDMComplete: true,
    });
  });

  it("FLASH-010 Costing Complete without a factory name and key: the costing grid's text", async () => {
    const [row] = await clones(1, 'factname = null, factnameky = null, ctryoforig = null');
    const { failed } = await saveOne(costing, 'costing', row, { CostingCompl: true });
    expect(failed).toMatchObject({
      Key: row.id,
      Status: 400,
      Message: "There was an error performing the update: Costing Complete can't be checked because a factory has not yet been assigned!",
    });
    expect(failed.Errors).toContainEqual(cellError('CostingCompl', "Costing Complete can't be checked because a factory has not yet been assigned!"));
    expect((await stored(row.id)).costingcompl).toBe(false);
  });

  it('FLASH-011 FLASH-012 a milestone needs an FFC above 0: the costing grid says "Cost (FFC)", the colorway screen keeps its own text', async () => {
    const [a, b] = await clones(2);
    const { failed } = await saveOne(costing, 'costing', a, { FFC: 0, LDMComplete: true });
    expect(failed.Message).toBe('There was an error performing the update: Cost (FFC) must be entered before you can check off a milestone!');
    expect(failed.Errors).toContainEqual(cellError('LDMComplete', 'Cost (FFC) must be entered before you can check off a milestone!'));
    const res = await t.request('POST', '/api/Prototype/UpdatePrototype', {
      token: admin,
      json: { Id: b.id, RowVersion: b.v, Changes: { FFC: 0, LDMComplete: true } },
    });
    expect((await res.json()).Message).toBe('Factory First Cost must be entered before you can check off a milestone!');
    // Nothing of the refused row was written: neither the FFC nor a flag.
    expect(await stored(a.id)).toMatchObject({ ffc: (await stored(b.id)).ffc, ldmcomplete: false, initialprototypecomplete: false });
  });

  it('FLASH-013 the FFC takes up to 8 digits; the price rule and service fee are recomputed by the server (CW-043..045)', async () => {
    const [row] = await clones(1, 'servfee = null, issfoverride = false');
    const [{ servicefee }] = await t.ctx.db.query(
      `SELECT sf.servicefee FROM service_fees sf JOIN brands b ON b.sapbrandid = sf.sapbrandid
      JOIN factories f ON f.factorygroupkey = sf.factorygroupkey WHERE b.brandid = 1 AND f.factorykey = $1`,
      [(await stored(row.id)).factnameky],
    );
    const { saved } = await saveOne(costing, 'costing', row, { FFC: 99999999, EstFFC: 12.5 });
    expect(saved.ServFee).toBe(Number(servicefee));
    const { FfcPct, ActPurPrice, EstPurPrice } = prices({ FFC: 99999999, EstFFC: 12.5, ServFee: Number(servicefee) });
    expect(saved).toMatchObject({ FfcPct, ActPurPrice, EstPurPrice });
    const { failed } = await saveOne(costing, 'costing', row, { FFC: 100000000 });
    expect(failed.Status).toBe(400);
    expect(failed.Errors.map((e) => e.Field)).toEqual(['/FFC']);
    expect(Number((await stored(row.id)).ffc)).toBe(99999999);
  });
});

describe('forecast grids (FLASH-020..023, CW-050/051, DECISIONS FLASH-021)', () => {
  const volumes = {
    USVolume: 100,
    CAVolume: 10,
    EmeaOwnedVolume: 1,
    EmeaDistVolume: 2,
    NaDtcStoreVolume: 3,
    NaDtcEcomVolume: 4,
    ItalyVolume: 1000,
    EuDtcVolume: 5,
    Emea3pVolume: 6,
    AsiaVolume: 7,
    CNVolume: 1000,
    HKVolume: 1000,
    C4CVolume: 1000,
    LatinAVolume: 8,
  };

  it('FLASH-021 the colorway forecast grid answers IntnlVolume and TotalVolume recomputed by the server on every save', async () => {
    const [row] = await clones(1);
    const { saved } = await saveOne(forecast, 'forecast', row, volumes);
    expect(saved).toMatchObject({ ...volumes, ...volumeTotals(volumes) });
    const { saved: again } = await saveOne(forecast, 'forecast', row, { LatinAVolume: null, USVolume: 99999999 });
    expect([again.IntnlVolume, again.TotalVolume]).toEqual(Object.values(volumeTotals({ ...volumes, LatinAVolume: null, USVolume: 99999999 })));
    const r = await stored(row.id);
    expect([r.intnlvolume, r.totalvolume]).toEqual([again.IntnlVolume, again.TotalVolume]);
  });

  it('FLASH-021 the pattern forecast grid: the forecasting user edits pattern volumes; totals recomputed', async () => {
    const [p] = await t.ctx.db.query<Row>(
      `SELECT patternseasonalid AS id, rowversion AS v FROM pattern_view WHERE brandid = 1 AND statusid = 1 AND NOT isdeleted ORDER BY 1 LIMIT 1`,
    );
    const { saved, failed } = await saveOne(forecast, 'pattern-forecast', p, volumes);
    expect(failed).toBeUndefined();
    expect(saved).toMatchObject({ ...volumes, ...volumeTotals(volumes) });
  });

  it('FLASH-023 volume cells take digits only, at most 8: a fraction, a 9-digit number, a negative or a text is refused on its cell', async () => {
    const rows = await clones(4);
    const bad = [{ USVolume: 12.5 }, { CAVolume: 100000000 }, { AsiaVolume: -1 }, { HKVolume: '12' }];
    const body = await save(
      forecast,
      'forecast',
      rows.map((r, i) => ({ Key: r.id, RowVersion: r.v, Changes: bad[i] })),
    );
    expect(body.Saved).toEqual([]);
    expect(body.Failed.map((f) => f.Errors.map((e) => e.Field))).toEqual(bad.map((b) => [`/${Object.keys(b)[0]}`]));
  });

  it('FLASH-022 the Launch number resolves to the line plan\'s launch date id; a number the line plan lacks gives "Invalid Launch Number"; empty clears', async () => {
    const launches = await t.ctx.db.query<{ n: number; id: number }>(
      'SELECT launchnumber AS n, lineplanlaunchdateid AS id FROM line_plan_launch_dates WHERE lineplanid = $1 ORDER BY 1',
      [template.lineplanid],
    );
    const missing = [1, 2, 3, 4, 5, 6, 7, 8].find((n) => !launches.some((l) => l.n === n))!;
    const [a, b, c, d] = await clones(4);
    const body = await save(forecast, 'forecast', [
      { Key: a.id, RowVersion: a.v, Changes: { Launch: launches[1].n, USVolume: 5 } },
      { Key: b.id, RowVersion: b.v, Changes: { Launch: missing } },
      { Key: c.id, RowVersion: c.v, Changes: { Launch: 9 } },
      { Key: d.id, RowVersion: d.v, Changes: { Launch: 'x' } },
    ]);
    expect(body.Saved).toHaveLength(1);
    expect(body.Saved[0]).toMatchObject({ PrototypeSeasonalId: a.id, Launch: launches[1].n, LinePlanLaunchDateId: launches[1].id, USVolume: 5 });
    expect(body.Failed.map((f) => [f.Key, f.Message, f.Errors])).toEqual(
      [b, c, d].map((r) => [r.id, 'Invalid Launch Number', [cellError('Launch', 'Invalid Launch Number')]]),
    );
    // The audit names the stored field, never the input-only Launch.
    const audit = await t.ctx.db.query(`SELECT field AS fieldname FROM audit_log WHERE entity = 'colorway' AND entityid = $1`, [String(a.id)]);
    expect(audit.map((r) => r.fieldname)).toContain('LinePlanLaunchDateId');
    expect(audit.map((r) => r.fieldname)).not.toContain('Launch');
    a.v = body.Saved[0].RowVersion;
    expect((await saveOne(forecast, 'forecast', a, { Launch: null })).saved).toMatchObject({ LinePlanLaunchDateId: null });
  });
});

describe('HTS grid (FLASH-028..034)', () => {
  const destinations = { Us: 'US', Ca: 'CA', Uk: 'GB', Eu: 'NL' } as const;
  it("FLASH-031 FLASH-033 FLASH-034 each region's code is checked against the duty table by origin and destination and brings its duty and key", async () => {
    const [row] = await clones(
      1,
      'ushtsstawn = null, ushtscodekey = null, cahtsstawn = null, cahtscodekey = null, ukhtsstawn = null, ukhtscodekey = null, euhtsstawn = null, euhtscodekey = null',
    );
    const duties = await t.ctx.db.query(`SELECT DISTINCT ON (countrydestination) countrydestination AS d, htsstawn, htskey, duty FROM hts_duties
      WHERE countryorigin = 'VN' ORDER BY countrydestination, htskey`);
    const changes: Record<string, string> = {};
    const expected: Record<string, unknown> = {};
    for (const [region, dest] of Object.entries(destinations)) {
      const duty = duties.find((x) => x.d === dest);
      expect(duty, dest).toBeTruthy();
      changes[`${region}HtsStawn`] = duty!.htsstawn;
      Object.assign(expected, { [`${region}HtsStawn`]: duty!.htsstawn, [`${region}AssignDuty`]: Number(duty!.duty), [`${region}HtsCodeKey`]: duty!.htskey });
    }
    const { saved } = await saveOne(admin, 'hts', row, changes);
    expect(saved).toMatchObject(expected);
    // A code valid for another destination only is flagged on its cell, the others of the row are not written.
    const { failed } = await saveOne(admin, 'hts', row, { UkHtsStawn: changes.UsHtsStawn, HTSNotes: 'changed' });
    expect(failed.Errors).toEqual([cellError('UkHtsStawn', 'Invalid HTS code for the country of origin and destination.')]);
    expect((await stored(row.id)).htsnotes).not.toBe('changed');
  });

  it('FLASH-029 FLASH-030 no code without a country of origin; an empty code clears code, duty and key', async () => {
    const [noOrigin] = await clones(1, 'factname = null, factnameky = null, ctryoforig = null');
    const { failed } = await saveOne(admin, 'hts', noOrigin, { CaHtsStawn: '6403.99.0090' });
    expect(failed.Errors).toEqual([cellError('CaHtsStawn', 'Unable to edit, Factory is missing.')]);
    const [row] = await clones(1);
    const [duty] = await t.ctx.db.query(`SELECT htsstawn FROM hts_duties WHERE countryorigin = 'VN' AND countrydestination = 'US' LIMIT 1`);
    await saveOne(admin, 'hts', row, { UsHtsStawn: duty.htsstawn });
    const { saved } = await saveOne(admin, 'hts', row, { UsHtsStawn: '' });
    expect([saved.UsHtsStawn, saved.UsAssignDuty, saved.UsHtsCodeKey].map((v) => v ?? null)).toEqual([null, null, null]);
  });
});

describe("colorway flash edit grid (DECISIONS FLASH-002): the colorway screen's rules", () => {
  it('FLASH-002 status, factory, stock number and responsible rules refuse their rows on their cells; the good row is saved', async () => {
    const rows = await clones(6);
    const [noFactory] = await clones(1, 'factname = null, factnameky = null, ctryoforig = null');
    await t.ctx.db.query(
      'UPDATE prototypes SET islocked = true WHERE prototypeid = (SELECT prototypeid FROM prototype_seasonals WHERE prototypeseasonalid = $1)',
      [rows[1].id],
    );
    const [other] = await t.ctx.db.query(
      `SELECT u.userid FROM users u WHERE u.isactive AND NOT EXISTS (SELECT 1 FROM user_brands ub WHERE ub.userid = u.userid AND ub.brandid = 1) ORDER BY 1 LIMIT 1`,
    );
    const [taken] = await t.ctx.db.query(
      `SELECT p.stocknum FROM prototype_seasonals ps JOIN prototypes p USING (prototypeid)
      WHERE ps.prototypeseasonalid = $1`,
      [rows[5].id],
    );
    const [unreachable] = await t.ctx.db.query(`SELECT statusid FROM statuses WHERE statusid <> 1
      AND statusid NOT IN (SELECT tostatusid FROM status_transitions WHERE fromstatusid = 1) ORDER BY 1 LIMIT 1`);
    const [factory] = await t.ctx.db.query(`SELECT factorykey FROM factories WHERE factorykey <> $1 ORDER BY 1 LIMIT 1`, [
      (await stored(rows[1].id)).factnameky,
    ]);
    const body = await save(admin, 'prototype', [
      { Key: rows[0].id, RowVersion: 1, Changes: { PrototypeName: 'Flash edited', ColorDesc: 'Night' } },
      { Key: rows[1].id, RowVersion: 1, Changes: { FactNameKy: factory.factorykey } },
      { Key: rows[2].id, RowVersion: 1, Changes: { StockNum: taken.stocknum } },
      { Key: rows[3].id, RowVersion: 1, Changes: { ResponsibleId: other.userid } },
      { Key: rows[4].id, RowVersion: 1, Changes: { StatusId: unreachable.statusid } },
      { Key: noFactory.id, RowVersion: 1, Changes: { StatusId: 2 } },
    ]);
    expect(body.Saved.map((s) => s.PrototypeSeasonalId)).toEqual([rows[0].id]);
    expect(body.Saved[0]).toMatchObject({ PrototypeName: 'Flash edited', ColorDesc: 'Night' });
    const errors = new Map(body.Failed.map((f) => [f.Key, f.Errors]));
    expect(errors.get(rows[1].id)).toContainEqual(cellError('FactNameKy', 'The factory cannot be changed while the colorway is locked.'));
    expect(errors.get(rows[2].id)).toEqual([cellError('StockNum', 'Stock Number already exists for this season and factory.')]);
    expect(errors.get(rows[3].id)).toEqual([cellError('ResponsibleId', 'Select a responsible user of the brand.')]);
    expect(errors.get(rows[4].id)?.[0].Field).toBe('/StatusId');
    expect(errors.get(noFactory.id)).toEqual([cellError('FactName', 'Please select Factory Name')]);
  });

  it('CW-046 two rows of one paste taking one stock number: the second is refused', async () => {
    const [a, b] = await clones(2);
    const body = await save(
      admin,
      'prototype',
      [a, b].map((r) => ({ Key: r.id, RowVersion: r.v, Changes: { StockNum: `TWIN-${a.id}` } })),
    );
    expect(body.Saved.map((s) => s.PrototypeSeasonalId)).toEqual([a.id]);
    expect(body.Failed[0]).toMatchObject({ Key: b.id, Errors: [cellError('StockNum', 'Stock Number already exists for this season and factory.')] });
  });
});
