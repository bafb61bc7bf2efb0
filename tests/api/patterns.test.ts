/**
 * Patterns (PAT-001..028): create and copy from a released brief, key + gender uniqueness, the
 * update rules (adoption, PTA, waterproof, US duty free, factory target price, volume totals),
 * brand scope. Relink, delete, developers, spec log and lookups: pattern-links.test.ts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patternSteps } from '../helpers/patterns';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { businessToday } from '../../server/domain/business-date';
import { zoneAwayFromUtc } from '../helpers/business-zone';

let t: TestApp;
let designer: string, costing: string, factory: string, editor: string;
let designerId: number;

/** A role with the given pattern actions for a new user of brand 1 (module 4 = pattern). */
async function userWithPatternActions(name: string, actionIds: number[]) {
  const { db } = t.ctx;
  const [{ roleid }] = await db.query('INSERT INTO roles (rolename) VALUES ($1) RETURNING roleid', [`${name} role`]);
  for (const a of [...actionIds]) await db.query('INSERT INTO role_permissions (roleid, moduleid, actionid) VALUES ($1, 4, $2)', [roleid, a]);
  await db.query(
    `INSERT INTO users (username, passwordhash, firstname, lastname, emailconfirmed, changepasswordrequired, roleid)
     SELECT $1, passwordhash, 'Pat', 'Editor', true, false, $2 FROM users WHERE username = 'designer@example.com'`,
    [`${name}@example.com`, roleid],
  );
  await db.query(`INSERT INTO user_brands (userid, brandid) SELECT userid, 1 FROM users WHERE username = $1`, [`${name}@example.com`]);
  return roleid as number;
}

beforeAll(async () => {
  t = await createTestApp({ businessTimeZone: ZONE });
  await userWithPatternActions('editor', [1, 2]);
  [designer, costing, factory, editor] = await t.tokens('designer', 'costing', 'factory', 'editor');
  [{ userid: designerId }] = await t.ctx.db.query(`SELECT userid FROM users WHERE username = 'designer@example.com'`);
});
afterAll(async () => {
  await t?.close();
});

const { briefOf, form, create, newPattern, update, get, post } = patternSteps(
  () => t,
  () => designer,
  () => designerId,
);
const saved = async (token: string, id: number, changes: object) => {
  const res = await update(token, id, changes);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.Data as Record<string, unknown>;
};

// DECISIONS "Dates": the server runs in a business time zone on another day than UTC, so the stamped dates show the zone is used.
const ZONE = zoneAwayFromUtc();
const today = () => businessToday(ZONE);

describe('create', () => {
  it('PAT-008 PAT-012 a pattern is created under a released brief, starts in status 1 and is read back', async () => {
    const f = await form();
    const res = await create(f);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ IsSuccessful: true, Warning: null });
    const { body: rec } = await get(`GetPatternSeasonalDetails?PatternSeasonalId=${body.Data.PatternSeasonalId}`);
    expect(rec).toMatchObject({
      PatternName: f.PatternName,
      StatusId: 1,
      BriefSeasonalId: f.BriefSeasonalId,
      BrandId: 1,
      AdoptedStatus: false,
      PTAStatus: false,
      CreatedBy: designerId,
      ChangedBy: designerId,
    });
  });

  it('PAT-011 a brief in status 3 is allowed too', async () => {
    expect((await create(await form({ BriefSeasonalId: await briefOf(1, 1, 3) }))).status).toBe(200);
  });

  it('PAT-008 a brief that is not released is refused with both messages', async () => {
    const res = await create(await form({ SeasonId: 2, BriefSeasonalId: await briefOf(1, 2, 1) }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.Message).toBe('Please review all fields indicated in red.');
    expect(body.Errors).toContainEqual({ Field: '/BriefSeasonalId', Message: 'Select a Brief that is in Released Status.' });
  });

  it('PAT-008 a brief of another season is not a released brief of this season', async () => {
    const res = await create(await form({ SeasonId: 2 }));
    expect((await res.json()).Errors).toContainEqual({ Field: '/BriefSeasonalId', Message: 'Select a Brief that is in Released Status.' });
  });

  it('PAT-008 an invalid form names every field in red at once', async () => {
    const res = await create({ ...(await form({ SeasonId: 2, BriefSeasonalId: await briefOf(1, 2, 1) })), PatternName: '' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.Message).toBe('Please review all fields indicated in red.');
    expect(body.Errors.map((e: { Field: string }) => e.Field)).toEqual(expect.arrayContaining(['/PatternName', '/BriefSeasonalId']));
  });

  it('PAT-008 an empty form answers the same message with the required fields', async () => {
    const res = await create({});
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.Message).toBe('Please review all fields indicated in red.');
    expect(body.Errors.map((e: { Field: string }) => e.Field)).toEqual(
      expect.arrayContaining(['/PatternName', '/BrandId', '/BriefSeasonalId', '/ResponsibleId']),
    );
    const wrongTypes = await create(await form({ SeasonId: 'spring', ResponsibleId: 'me', WFGroupId: 'x' }));
    expect(wrongTypes.status).toBe(400);
    expect((await wrongTypes.json()).Message).toBe('Please review all fields indicated in red.');
    const unknownGender = await create(await form({ GenderKey: 'ZZ' }));
    expect((await unknownGender.json()).Errors).toEqual([{ Field: '/GenderKey', Message: 'Select a gender.' }]);
  });

  it('PAT-009 CONST-031 a duplicate name only warns', async () => {
    const { body: exists } = await get('IsPatternNameExists?BrandId=1&PatternName=ridgeline%20mid%20wp');
    expect(exists).toEqual({ Exists: true, Message: 'You may continue, but please note this name already exists.' });
    expect((await get('IsPatternNameExists?BrandId=1&PatternName=Nothing%20Like%20It')).body.Exists).toBe(false);
    const res = await create(await form({ PatternName: 'Ridgeline Mid WP' }));
    expect(res.status).toBe(200);
    expect((await res.json()).Warning).toBe('You may continue, but please note this name already exists.');
  });

  it('PAT-010 pattern key + gender key must be unique within the brand, on create and on update', async () => {
    const [p] = await t.ctx.db.query(`SELECT patternname, patternnamekey, genderkey FROM patterns WHERE brandid = 1 ORDER BY patternid LIMIT 1`);
    const res = await create(await form({ PatternNameKey: p.patternnamekey, GenderKey: p.genderkey }));
    expect(res.status).toBe(400);
    expect((await res.json()).Errors).toContainEqual({
      Field: '/PatternNameKey',
      Message: `Pattern Key and Gender Key combination already exists on project: ${p.patternname}`,
    });
    // Another gender, or another brand, is fine (this key is used by men's and women's patterns).
    expect(await t.ctx.db.query(`SELECT 1 FROM patterns WHERE patternnamekey = $1 AND genderkey = '24'`, [p.patternnamekey])).toEqual([]);
    expect((await create(await form({ PatternNameKey: p.patternnamekey, GenderKey: '24' }))).status).toBe(200);
    expect(
      (
        await create(
          await form({
            PatternNameKey: p.patternnamekey,
            GenderKey: p.genderkey,
            BrandId: 2,
            SeasonId: 5,
            BriefSeasonalId: await briefOf(2, 5, 2),
            WFGroupId: null,
          }),
        )
      ).status,
    ).toBe(200);
    const id = await newPattern();
    const upd = await update(designer, id, { PatternNameKey: p.patternnamekey, GenderKey: p.genderkey });
    expect(upd.status).toBe(400);
    expect((await upd.json()).Errors).toContainEqual({
      Field: '/PatternNameKey',
      Message: `Pattern Key and Gender Key combination already exists on project: ${p.patternname}`,
    });
  });

  it('the responsible user must be a user of the brand and the workflow group a pattern group of the brand', async () => {
    const [other] = await t.ctx.db.query(`SELECT userid FROM users WHERE username = 'oliver.grant@example.com'`); // brand 2 only
    const res = await create(await form({ ResponsibleId: other.userid, WFGroupId: 3 }));
    expect(res.status).toBe(400);
    const errors = (await res.json()).Errors;
    expect(errors).toContainEqual({ Field: '/ResponsibleId', Message: 'Select a responsible user of the brand.' });
    expect(errors).toContainEqual({ Field: '/WFGroupId', Message: 'Select a workflow group of the brand for patterns.' });
    const id = await newPattern();
    expect((await update(designer, id, { WFGroupId: 3 })).status).toBe(400);
    expect((await update(designer, id, { ResponsibleId: other.userid })).status).toBe(400);
    expect((await update(designer, id, { WFGroupId: 6 })).status).toBe(200);
    // Wrong types are the schema check's: 400, never a database error.
    for (const bad of [{ ResponsibleId: 'me' }, { WFGroupId: 'x' }, { BriefSeasonalId: 'b' }, { GenderKey: 5 }])
      expect((await update(designer, id, bad)).status).toBe(400);
  });

  it("PAT-001 copy: a new pattern starting from the parent, in the parent's brand, status 1, not adopted", async () => {
    const [parent] = await t.ctx.db.query('SELECT patternseasonalid, constructionkey, lastname FROM pattern_view WHERE adoptedstatus AND brandid = 1 LIMIT 1');
    const res = await create({ ...(await form({ ParentPatternSeasonalId: parent.patternseasonalid, BrandId: 2 })) });
    expect(res.status).toBe(200);
    const { body: copy } = await get(`GetPatternSeasonalDetails?PatternSeasonalId=${(await res.json()).Data.PatternSeasonalId}`);
    expect(copy).toMatchObject({
      BrandId: 1,
      StatusId: 1,
      AdoptedStatus: false,
      AdoptedDate: null,
      ConstructionKey: parent.constructionkey,
      LastName: parent.lastname,
      ParentPatternSeasonalId: parent.patternseasonalid,
    });
  });

  it('PERM-006 PERM-022 create needs pattern create and the brand', async () => {
    expect((await create(await form(), costing)).status).toBe(403);
    expect((await create(await form({ BrandId: 3, SeasonId: 9, BriefSeasonalId: await briefOf(3, 9, 2) }))).status).toBe(403);
  });

  it('PAT-011 the brief search for patterns lists the briefs in status 2 or 3 of the brand and season, by name', async () => {
    const { status, body } = await post('SearchBriefsForPattern', { BrandId: 1, SeasonId: 1 });
    expect(status).toBe(200);
    expect(body.Results.length).toBe(4);
    expect(new Set(body.Results.map((b: { StatusId: number }) => b.StatusId))).toEqual(new Set([2, 3]));
    const name = body.Results[0].BriefName as string;
    const filtered = await post('SearchBriefsForPattern', { BrandId: 1, SeasonId: 1, BriefName: name.slice(1, 6) });
    expect(filtered.body.Results.map((b: { BriefName: string }) => b.BriefName)).toContain(name);
    expect(filtered.body.Results.length).toBeLessThan(4);
    expect((await post('SearchBriefsForPattern', { BrandId: 1, SeasonId: 2 })).body.Results.every((b: { StatusId: number }) => b.StatusId === 2)).toBe(true);
    expect((await post('SearchBriefsForPattern', { BrandId: 3, SeasonId: 9 })).status).toBe(403);
  });
});

describe('update rules', () => {
  it('PAT-013 adoption needs status 2: refused in status 1, CanAdopt false', async () => {
    const id = await newPattern();
    expect((await get(`CanAdopt?PatternSeasonalId=${id}`)).body).toBe(false);
    const res = await update(designer, id, { AdoptedStatus: true });
    expect(res.status).toBe(400);
    expect((await res.json()).Errors).toEqual([{ Field: '/AdoptedStatus', Message: 'Adoption can be changed only while the pattern is Released.' }]);
  });

  it('PAT-013 PAT-014 checking adoption stamps today and the current user; unchecking clears both', async () => {
    const id = await newPattern({}, 2);
    expect((await get(`CanAdopt?PatternSeasonalId=${id}`)).body).toBe(true);
    expect(await saved(designer, id, { AdoptedStatus: true })).toMatchObject({
      AdoptedStatus: true,
      AdoptedDate: today(),
      AdoptedBy: designerId,
      AdoptedByName: 'Dana Whitfield',
    });
    expect((await get(`GetOriginalAdoptedDate?PatternSeasonalId=${id}`)).body).toBe(today());
    expect(await saved(designer, id, { AdoptedStatus: false })).toMatchObject({ AdoptedStatus: false, AdoptedDate: null, AdoptedBy: null });
  });

  it('PAT-013 PERM-006 adoption needs pattern action 6; the stamps are never set by the request', async () => {
    const id = await newPattern({}, 2);
    expect((await get(`CanAdopt?PatternSeasonalId=${id}`, editor)).body).toBe(false);
    expect((await update(editor, id, { AdoptedStatus: true })).status).toBe(403);
    expect((await update(editor, id, { EstCompleteDate: '2026-03-01' })).status).toBe(200);
    expect((await update(designer, id, { AdoptedDate: '2020-01-01' })).status).toBe(403);
  });

  it('PAT-015 the PTA toggle stamps or clears its date and user, with pattern action 9', async () => {
    const id = await newPattern();
    expect(await saved(designer, id, { PTAStatus: true })).toMatchObject({ PTAStatus: true, PTADate: today(), PTABy: designerId });
    expect(await saved(designer, id, { PTAStatus: false })).toMatchObject({ PTAStatus: false, PTADate: null, PTABy: null });
    expect((await update(editor, id, { PTAStatus: true })).status).toBe(403);
    expect((await update(designer, id, { PTABy: designerId })).status).toBe(403);
  });

  it('PAT-016 waterproof off clears membrane, supplier, package, bootie and seam sealed', async () => {
    const id = await newPattern();
    await saved(designer, id, {
      IsWaterproof: true,
      MembraneId: 2,
      MembraneDesc: 'Membrane',
      MembraneSupplier: 'Supplier',
      MembranePackage: 'Full bootie',
      IsBootie: true,
      IsSeamSealed: true,
    });
    expect(await saved(designer, id, { IsWaterproof: false })).toMatchObject({
      IsWaterproof: false,
      MembraneId: null,
      MembraneDesc: null,
      MembraneSupplier: null,
      MembranePackage: null,
      IsBootie: false,
      IsSeamSealed: false,
    });
  });

  it('PAT-017 setting US duty free zeroes the US target duty, and keeps it 0', async () => {
    const id = await newPattern();
    await saved(designer, id, { USTargetDuty: 8.5, CATargetDuty: 3 });
    expect(await saved(designer, id, { USDutyFree: true })).toMatchObject({ USDutyFree: true, USTargetDuty: 0, CATargetDuty: 3 });
    expect(await saved(designer, id, { USTargetDuty: 5 })).toMatchObject({ USTargetDuty: 0 });
    expect(await saved(designer, id, { USDutyFree: false, USTargetDuty: 5 })).toMatchObject({ USDutyFree: false, USTargetDuty: 5 });
  });

  it('CW-050 CW-051 volumes: the server computes IntnlVolume and TotalVolume; the request cannot set them', async () => {
    const id = await newPattern();
    const rec = await saved(designer, id, {
      USVolume: 100,
      CAVolume: 20,
      EmeaDistVolume: 5,
      Emea3pVolume: 7,
      AsiaVolume: 11,
      LatinAVolume: 13,
      ItalyVolume: 1000,
      C4CVolume: 99,
    });
    expect(rec).toMatchObject({ IntnlVolume: 36, TotalVolume: 156 });
    expect(await saved(designer, id, { AsiaVolume: null })).toMatchObject({ IntnlVolume: 25, TotalVolume: 145 });
    expect((await update(designer, id, { TotalVolume: 1 })).status).toBe(403);
  });

  it('CW-050 CW-051 property: any regional volumes give the formula totals through the update hook', async () => {
    const id = await newPattern();
    const vol = fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null });
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          USVolume: vol,
          CAVolume: vol,
          EmeaOwnedVolume: vol,
          EmeaDistVolume: vol,
          Emea3pVolume: vol,
          AsiaVolume: vol,
          LatinAVolume: vol,
          NaDtcStoreVolume: vol,
          NaDtcEcomVolume: vol,
          EuDtcVolume: vol,
          ItalyVolume: vol,
          CNVolume: vol,
          HKVolume: vol,
          C4CVolume: vol,
        }),
        async (v) => {
          const z = (x: number | null) => x ?? 0;
          const intnl = z(v.EmeaDistVolume) + z(v.Emea3pVolume) + z(v.AsiaVolume) + z(v.LatinAVolume);
          const total = intnl + z(v.USVolume) + z(v.CAVolume) + z(v.NaDtcStoreVolume) + z(v.NaDtcEcomVolume) + z(v.EuDtcVolume) + z(v.EmeaOwnedVolume);
          const rec = await saved(designer, id, v);
          expect(rec).toMatchObject({ IntnlVolume: intnl, TotalVolume: total });
        },
      ),
      { numRuns: 12 },
    );
  });

  it('PAT-018 PERM-028 PERM-029 (ADR 014) the factory user sees no costing fields, the target purchase price included, and cannot change it', async () => {
    const [p] = await t.ctx.db.query('SELECT patternseasonalid FROM pattern_view WHERE brandid = 1 AND statusid = 2 ORDER BY 1 LIMIT 1');
    const { status, body } = await get(`GetPatternSeasonalDetails?PatternSeasonalId=${p.patternseasonalid}`, factory);
    expect(status).toBe(200);
    for (const f of ['OrigFOBTarget', 'USTargetDuty', 'CATargetDuty', 'UKTargetDuty', 'EUTargetDuty', 'USDutyFree', 'TargetPurPrice'])
      expect(body).not.toHaveProperty(f);
    // Even with pattern edit, the factory user may not change it (other fields save).
    await t.ctx.db.query(`INSERT INTO role_permissions (roleid, moduleid, actionid) SELECT roleid, 4, 2 FROM users WHERE username = 'factory@example.com'`);
    const [editingFactory] = await t.tokens('factory');
    const id = await newPattern();
    const res = await update(editingFactory, id, { TargetPurPrice: 1 });
    expect(res.status).toBe(403);
    // A field the user may not see is refused without being named.
    expect((await res.json()).Errors).toContainEqual({ Field: '/', Message: 'The request changes fields you may not change.' });
    expect((await update(editingFactory, id, { EstCompleteDate: '2026-04-01' })).status).toBe(200);
    expect((await update(designer, id, { TargetPurPrice: 12.5 })).status).toBe(200);
    await t.ctx.db.query(
      `DELETE FROM role_permissions WHERE moduleid = 4 AND actionid = 2 AND roleid = (SELECT roleid FROM users WHERE username = 'factory@example.com')`,
    );
  });

  it('PAT-012 statuses 3..7 are read-only', async () => {
    const id = await newPattern({}, 2);
    await saved(designer, id, { StatusId: 3 });
    expect((await update(designer, id, { PatternDesc: 'x' })).status).toBe(409);
    expect((await post('SaveSpecLogEntry', { PatternSeasonalId: id, Description: 'x' })).status).toBe(409);
  });

  it('PERM-022 brand and season of a pattern do not change through the update', async () => {
    const id = await newPattern();
    const res = await update(designer, id, { BrandId: 2, SeasonId: 2 });
    expect(res.status).toBe(400);
    expect((await res.json()).Errors).toEqual([
      { Field: '/BrandId', Message: 'Brand cannot be changed after the record is created.' },
      { Field: '/SeasonId', Message: 'Season cannot be changed after the record is created.' },
    ]);
    expect((await update(designer, id, { BrandId: 1 })).status).toBe(200);
  });

  it('CONST-025 responsible user 1 is shown as System User', async () => {
    const id = await newPattern({ ResponsibleId: 1 });
    expect((await get(`GetPatternSeasonalDetails?PatternSeasonalId=${id}`)).body.ResponsibleName).toBe('System User');
  });
});
