/**
 * Colorway rules on update (CW-019..046, FLASH-010..012, FLASH-029..031): release stamps, the
 * factory (required in status 2, editable in 1 and 2 unless locked), responsible user, service fee,
 * override and price rule, the milestone chain and Costing Complete, volume totals and HTS codes —
 * through UpdatePrototype and through the costing grid's save. Stock numbers, lookups, permissions,
 * the spec log and ECN: colorway-details.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { businessToday } from '../../server/domain/business-date';
import { zoneAwayFromUtc } from '../helpers/business-zone';
import { colorwaySteps } from '../helpers/colorways';
import { MILESTONES } from '../../server/domain/milestones';

let t: TestApp;
let designer: string, costing: string, factory: string;
let designerId: number;

beforeAll(async () => {
  t = await createTestApp({ businessTimeZone: ZONE });
  [designer, costing, factory] = await t.tokens('designer', 'costing', 'factory');
  [{ userid: designerId }] = await t.ctx.db.query(`SELECT userid FROM users WHERE username = 'designer@example.com'`);
});
afterAll(async () => {
  await t?.close();
});

// DECISIONS "Dates": the server runs in a business time zone on another day than UTC, so the stamped dates show the zone is used.
const ZONE = zoneAwayFromUtc();
const today = () => businessToday(ZONE);
const { pick, row, versionOf, update, saved, refused } = colorwaySteps(
  () => t,
  () => designer,
);
/** A colorway as `pick` finds it, with its milestones and Costing Complete reset (set up directly in the database). */
async function withoutMilestones(where: string): Promise<number> {
  const id = await pick(where);
  await t.ctx.db.query(
    `UPDATE prototype_seasonals SET ${MILESTONES.map((m) => `${m.flag} = false, ${m.date} = null, ${m.price} = null`).join(', ')},
    costingcompl = false, costingcompldate = null, costingcomplby = null WHERE prototypeseasonalid = $1`,
    [id],
  );
  return id;
}

describe('status and factory', () => {
  it('CW-019 releasing stamps ReleasedOn and ReleasedBy; back to 1 clears them', async () => {
    const id = await pick(`statusid = 1 AND factnameky IS NOT NULL`);
    const released = await saved(id, { StatusId: 2 });
    expect(released.ReleasedBy).toBe(designerId);
    expect(released.ReleasedByName).toMatch(/\S/);
    expect(Date.now() - new Date(released.ReleasedOn).getTime()).toBeLessThan(60_000);
    const draft = await saved(id, { StatusId: 1 });
    expect(draft.ReleasedOn ?? null).toBeNull();
    expect(draft.ReleasedBy ?? null).toBeNull();
  });

  it('CW-020 status 2 needs a factory name: "Please select Factory Name"', async () => {
    const id = await pick('statusid = 1 AND factnameky IS NULL');
    await refused(id, { StatusId: 2 }, 'Please select Factory Name', 'FactName');
    expect((await row(id)).statusid).toBe(1);
    const released = await pick('statusid = 2 AND factnameky IS NOT NULL');
    await refused(released, { FactNameKy: null }, 'Please select Factory Name', 'FactName');
  });

  it('CW-023 the factory changes in statuses 1 and 2 and brings its own name, country and group', async () => {
    for (const status of [1, 2]) {
      const id = await pick(`statusid = ${status} AND factnameky IS NOT NULL AND factnameky <> '330301' AND NOT islocked`);
      const data = await saved(id, { FactNameKy: '330301' });
      expect(data).toMatchObject({
        FactNameKy: '330301',
        FactName: 'PT Surya Langkah Indonesia',
        CtryOfOrig: 'ID',
        FactoryGroupKey: 'FG50',
        FactoryGroupName: 'Nusantara Footwear Partners',
      });
    }
    const id = await pick('statusid = 1 AND NOT islocked');
    await refused(id, { FactNameKy: 'NOPE' }, 'Select a factory from the list.', 'FactNameKy');
  });

  it('CW-022 a locked colorway refuses factory changes; CW-021 status 3 is read-only', async () => {
    const id = await pick(`statusid = 2 AND factnameky IS NOT NULL AND factnameky <> '310105'`);
    await saved(id, { IsLocked: true });
    await refused(id, { FactNameKy: '310105' }, 'The factory cannot be changed while the colorway is locked.', 'FactNameKy');
    await refused(id, { FactName: 'Renamed' }, 'The factory cannot be changed while the colorway is locked.', 'FactName');
    expect((await saved(id, { IsLocked: false, FactNameKy: '310105' })).FactNameKy).toBe('310105');
    const done = await pick('statusid = 3');
    expect((await update(done, { FactNameKy: '310105' })).status).toBe(409);
  });

  it('CW-040 CW-042 the responsible user is required and must be a user of the brand', async () => {
    const id = await pick('statusid = 1');
    await refused(id, { ResponsibleId: null }, 'User Id is missing', 'ResponsibleId');
    const [{ userid: brand3Only }] = await t.ctx.db.query(`SELECT userid FROM users WHERE username = 'viewer@example.com'`);
    await refused(id, { ResponsibleId: brand3Only }, 'Select a responsible user of the brand.', 'ResponsibleId');
    expect((await saved(id, { ResponsibleId: designerId })).ResponsibleId).toBe(designerId);
  });

  it('CW-037 CW-038 final spec lock and leather approval stamp and clear their date and user', async () => {
    const id = await pick('statusid = 1 AND NOT isfinalspecapprlocked');
    expect((await saved(id, { IsFinalSpecApprLocked: true })).FinalSpecApprLockedDt).toBe(today());
    expect((await saved(id, { IsFinalSpecApprLocked: false })).FinalSpecApprLockedDt ?? null).toBeNull();
    expect((await saved(id, { LthrApprvDate: '2026-10-01' })).LthrApprvBy).toBe(designerId);
    const cleared = await saved(id, { LthrApprvDate: null });
    expect([cleared.LthrApprvDate ?? null, cleared.LthrApprvBy ?? null]).toEqual([null, null]);
    // The stamps are the server's: a request naming the user is refused.
    for (const stamp of [{ LthrApprvBy: designerId }, { CostingComplBy: designerId }]) {
      const res = await update(id, stamp);
      expect(res.status, JSON.stringify(stamp)).toBe(403);
    }
  });
});

describe('costing', () => {
  it('CW-044 a new FFC recomputes ActPurPrice with the fee, rounded to 2 decimals', async () => {
    const id = await pick('statusid = 1 AND factnameky IS NOT NULL AND NOT issfoverride AND servfee IS NOT NULL');
    const fee = Number((await row(id)).servfee);
    const data = await saved(id, { FFC: 17.33, EstFFC: 18.01 });
    expect(data.ActPurPrice).toBe(Math.round(17.33 * (100 + fee)) / 100);
    expect(data.EstPurPrice).toBe(Math.round(18.01 * (100 + fee)) / 100);
    expect(data.FfcPct).toBe(fee);
  });

  it('CW-045 the override percent applies only for brands that allow it', async () => {
    const id = await pick('statusid IN (1, 2) AND factnameky IS NOT NULL AND NOT issfoverride AND ffc > 0', [1]);
    const data = await saved(id, { IsSFOverride: true, SFOverride: 5.5 });
    expect(data.FfcPct).toBe(5.5);
    expect(data.ActPurPrice).toBe(Math.round(data.FFC * 105.5) / 100);
    expect((await saved(id, { IsSFOverride: false })).FfcPct).toBe(Number((await row(id)).servfee));
    const [{ id: brand2 }] = await t.ctx.db.query(
      `SELECT prototypeseasonalid AS id FROM colorway_view WHERE brandid = 2 AND statusid = 1 AND NOT issfoverride ORDER BY 1 LIMIT 1`,
    );
    await refused(brand2, { IsSFOverride: true, SFOverride: 5.5 }, 'Service fee override is not allowed for this brand.', 'IsSFOverride');
  });

  it('CW-043 the first save with a factory fetches the service fee of brand and factory', async () => {
    const id = await pick('statusid = 1 AND factnameky IS NULL AND servfee IS NULL');
    const data = await saved(id, { FactNameKy: '330301', FFC: 40 });
    expect(data.ServFee).toBe(6);
    expect(data.ActPurPrice).toBe(42.4);
    const fee = await t.request('GET', '/api/Prototype/GetServiceFee?BrandId=1&FactoryKey=310101', { token: designer });
    expect(await fee.json()).toEqual({ ServiceFee: 8, Message: null });
  });

  it('CW-043 without a service fee the call warns "No Service Fee found." and the price is the FFC', async () => {
    await t.ctx.db.query(`DELETE FROM service_fees WHERE sapbrandid = '1010' AND factorygroupkey = 'FG10'`);
    const fee = await t.request('GET', '/api/Prototype/GetServiceFee?BrandId=1&FactoryKey=320201', { token: designer });
    expect(await fee.json()).toEqual({ ServiceFee: null, Message: 'No Service Fee found.' });
    const id = await pick('statusid = 1 AND factnameky IS NULL AND servfee IS NULL');
    const res = await update(id, { FactNameKy: '320201', FFC: 40 });
    expect(res.status).toBe(200);
    // The first save with the factory fetches the fee; none found is a note on the saved answer.
    expect(res.body.Warnings).toEqual(['No Service Fee found.']);
    expect(res.body.Data.ServFee ?? null).toBeNull();
    expect(res.body.Data.ActPurPrice).toBe(40);
    const withFee = await pick('statusid = 1 AND factnameky IS NULL AND servfee IS NULL');
    const found = await update(withFee, { FactNameKy: '310101', FFC: 40 });
    expect(found.body.Warnings).toBeUndefined();
    expect(found.body.Data.ServFee).toBeGreaterThan(0);
  });

  it('PERM-029 factory users neither read the service fee nor write costing fields', async () => {
    expect((await t.request('GET', '/api/Prototype/GetServiceFee?BrandId=1&FactoryKey=310101', { token: factory })).status).toBe(403);
    const [{ id }] = await t.ctx.db.query(
      `SELECT prototypeseasonalid AS id FROM colorway_view WHERE factnameky = '310101' AND statusid = 1 ORDER BY 1 LIMIT 1`,
    );
    expect((await update(id, { FFC: 1 }, factory)).status).toBe(403);
  });
});

describe('milestones (DECISIONS CW-036 / FLASH-012)', () => {
  it('CW-028 CW-031 checking LDM checks the earlier milestones with today and the FFC as price (brand not PDM-ready)', async () => {
    const id = await withoutMilestones(`statusid = 1 AND factnameky IS NOT NULL AND ffc > 0 AND brandid = 2`);
    const data = await saved(id, { LDMComplete: true });
    const ffc = data.FFC;
    expect(data).toMatchObject({
      InitialPrototypeComplete: true,
      InitialPrototypeCompleteDate: today(),
      InitialPrototypePrice: ffc,
      ISRComplete: true,
      ISRPrice: ffc,
      LDMComplete: true,
      LDMCompleteDate: today(),
      SMComplete: false,
    });
    const unchecked = await saved(id, { ISRComplete: false });
    expect(unchecked).toMatchObject({ InitialPrototypeComplete: true, ISRComplete: false, LDMComplete: false });
    expect([unchecked.ISRCompleteDate ?? null, unchecked.ISRPrice ?? null, unchecked.LDMCompleteDate ?? null]).toEqual([null, null, null]);
  });

  it("CW-031 a PDM-ready brand's milestone takes the PDM price (the purchase price with the fee), as CalculatePdmPrice answers", async () => {
    const id = await withoutMilestones(`statusid = 1 AND factnameky IS NOT NULL AND ffc > 0 AND brandid = 1`);
    await t.ctx.db.query('UPDATE prototype_seasonals SET servfee = 10, issfoverride = false WHERE prototypeseasonalid = $1', [id]);
    const before = await saved(id, { FFC: 50 });
    expect(before.ActPurPrice).toBe(55);
    const calc = await (await t.request('GET', `/api/Prototype/CalculatePdmPrice?PrototypeSeasonalId=${id}`, { token: designer })).json();
    expect(calc).toEqual({ IsPDMReady: true, Price: 55 });
    const data = await saved(id, { ISRComplete: true });
    expect(data).toMatchObject({ InitialPrototypePrice: 55, ISRPrice: 55 });
    // The same colorway once its brand is no longer PDM-ready: the FFC.
    await t.ctx.db.query('UPDATE brands SET ispdmready = false WHERE brandid = 1');
    try {
      expect(await (await t.request('GET', `/api/Prototype/CalculatePdmPrice?PrototypeSeasonalId=${id}`, { token: designer })).json()).toEqual({
        IsPDMReady: false,
        Price: null,
      });
      expect((await saved(id, { LDMComplete: true })).LDMPrice).toBe(50);
    } finally {
      await t.ctx.db.query('UPDATE brands SET ispdmready = true WHERE brandid = 1');
    }
    expect((await t.request('GET', `/api/Prototype/CalculatePdmPrice?PrototypeSeasonalId=${id}`, { token: factory })).status).toBe(403);
  });

  it('CW-033 a milestone needs a factory first cost above 0', async () => {
    const id = await withoutMilestones(`statusid = 1 AND factnameky IS NOT NULL`);
    await refused(id, { FFC: 0, ISRComplete: true }, 'Factory First Cost must be entered before you can check off a milestone!', 'ISRComplete');
  });

  it('CW-035 Costing Complete needs a saved factory and an FFC; it checks SM (not SMFinal), stamps date and user and freezes the milestones', async () => {
    const noFactory = await withoutMilestones(`statusid = 1 AND factnameky IS NULL`);
    await refused(
      noFactory,
      { FactNameKy: '310101', FFC: 10, CostingCompl: true },
      'You must assign a factory and save the colorway before setting Costing Complete!',
      'CostingCompl',
    );
    const id = await withoutMilestones(`statusid = 2 AND factnameky IS NOT NULL AND ffc > 0 AND (NOT isoriginalseason OR isfinalspecapprlocked)`);
    await refused(id, { FFC: null, CostingCompl: true }, 'Factory First Cost must be entered before you can set Costing Complete!', 'CostingCompl');
    const data = await saved(id, { CostingCompl: true });
    expect(data).toMatchObject({ CostingCompl: true, CostingComplDate: today(), SMComplete: true, SMCompleteDate: today(), SMFinalComplete: false });
    expect(data.CostingComplBy).toBe(designerId);
    await refused(id, { SMFinalComplete: true }, 'Milestones cannot be changed while Costing Complete is checked.', 'SMFinalComplete');
    const reopened = await saved(id, { CostingCompl: false });
    expect([reopened.CostingComplDate ?? null, reopened.CostingComplBy ?? null]).toEqual([null, null]);
  });

  it('CW-034 Costing Complete in the original season needs the final spec locked', async () => {
    const id = await withoutMilestones(`statusid = 1 AND factnameky IS NOT NULL AND ffc > 0 AND isoriginalseason AND NOT isfinalspecapprlocked`);
    await refused(id, { CostingCompl: true }, 'Final spec must be locked before setting Costing Complete.', 'CostingCompl');
  });

  it('FLASH-012 the costing grid saves milestones through the same chain', async () => {
    const id = await withoutMilestones(`statusid = 2 AND factnameky IS NOT NULL AND ffc > 0`);
    const res = await t.request('POST', '/api/Grid/costing/Save', {
      token: costing,
      json: { rows: [{ Key: id, RowVersion: await versionOf(id), Changes: { SMComplete: true } }] },
    });
    expect((await res.json()).Failed).toEqual([]);
    const r = await row(id);
    expect([r.initialprototypecomplete, r.isrcomplete, r.ldmcomplete, r.smcomplete, r.smfinalcomplete]).toEqual([true, true, true, true, false]);
    // Brand 1 is PDM-ready (demo data): the milestone price is the purchase price (CW-031).
    expect(r.ldmprice).toBe(r.brandid === 1 ? r.actpurprice : r.ffc);
  });
});

describe('volumes and HTS', () => {
  it('CW-050 CW-051 a volume write recomputes IntnlVolume and TotalVolume (Italy, CN, HK, C4C excluded)', async () => {
    const id = await pick('statusid = 1');
    const data = await saved(id, {
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
      LatinAVolume: null,
    });
    expect([data.IntnlVolume, data.TotalVolume]).toEqual([15, 138]);
    expect((await saved(id, { LatinAVolume: 20 })).TotalVolume).toBe(158);
  });

  it('FLASH-031 FLASH-034 an HTS code is checked against the duty lookup by origin and destination', async () => {
    const id = await pick(`statusid IN (1, 2) AND ctryoforig = 'VN' AND NOT islocked`);
    const data = await saved(id, { UsHtsStawn: '6403.99.6075', CaHtsStawn: '6403.99.0090' });
    expect(data).toMatchObject({ UsAssignDuty: 8.5, UsHtsCodeKey: 'US-VN-6403996075', CaAssignDuty: 0, CaHtsCodeKey: 'CA-VN-6403990090' });
    await refused(id, { UkHtsStawn: '9999.99.9999' }, 'Invalid HTS code for the country of origin and destination.', 'UkHtsStawn');
  });

  it('FLASH-031 a new factory re-checks the HTS codes for its country of origin', async () => {
    const id = await pick(`statusid IN (1, 2) AND ctryoforig = 'VN' AND ushtsstawn IS NOT NULL AND NOT islocked`);
    const before = await row(id);
    const data = await saved(id, { FactNameKy: '340402' });
    expect(data).toMatchObject({ CtryOfOrig: 'KH', UsHtsStawn: before.ushtsstawn, UsHtsCodeKey: `US-KH-${before.ushtsstawn.replace(/\./g, '')}` });
    const [duty] = await t.ctx.db.query(`SELECT duty FROM hts_duties WHERE htskey = $1`, [data.UsHtsCodeKey]);
    expect(data.UsAssignDuty).toBe(duty.duty);
  });

  it('FLASH-029 FLASH-030 no HTS code without a factory; an empty code clears code, duty and key', async () => {
    const noOrigin = await pick('statusid = 1 AND ctryoforig IS NULL');
    await refused(noOrigin, { UsHtsStawn: '6403.99.6075' }, 'Unable to edit, Factory is missing.', 'UsHtsStawn');
    const id = await pick(`statusid = 2 AND ushtsstawn IS NOT NULL`);
    const data = await saved(id, { UsHtsStawn: '' });
    expect([data.UsHtsStawn ?? null, data.UsAssignDuty ?? null, data.UsHtsCodeKey ?? null]).toEqual([null, null, null]);
  });
});
