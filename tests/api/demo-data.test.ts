/**
 * The demo data lets a new user try every hierarchy action (fixtures/demo): for each of the
 * designer's brands there is a brief with another line plan to relink to (BRIEF-019), a pattern
 * with another brief (PAT-019) and a colorway with another pattern (CW-055/056), and a new line
 * plan starts its calendars from the demo's corporate template (LP-018, TPL-002..004). Candidates
 * are found through the same lists the screens read, so the tests follow the rules, not the ids.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let designer: string;
beforeAll(async () => {
  t = await createTestApp();
  [designer] = await t.tokens('designer');
});
afterAll(async () => {
  await t?.close();
});

/** The designer's brands (demo user 'designer': brands 1 and 2). */
const DESIGNER_BRANDS = [1, 2];
const EDITABLE_STATUSES = [1, 2];

const get = async (url: string) => {
  const res = await t.request('GET', url, { token: designer });
  expect(res.status, url).toBe(200);
  return res.json();
};
const post = (url: string, json: unknown) => t.request('POST', url, { token: designer, json });
const ids = async (sql: string, brandId: number) => (await t.ctx.db.query<{ id: number }>(sql, [brandId, EDITABLE_STATUSES])).map((r) => r.id);

/** The first record (by id) whose relink list, read as the designer, offers a target. */
async function firstWithTarget<T>(candidates: number[], list: (id: number) => Promise<T[] | null>) {
  for (const id of candidates) {
    const targets = await list(id);
    if (targets?.length) return { id, targets };
  }
  return undefined;
}

describe('relink targets in the demo (BRIEF-019, PAT-019, CW-055, CW-056)', () => {
  for (const brandId of DESIGNER_BRANDS) {
    it(`BRIEF-019 a brief of brand ${brandId} without patterns can be relinked to another Released line plan of its season`, async () => {
      const briefs = await ids(
        `SELECT briefseasonalid AS id FROM brief_seasonals bs JOIN briefs b USING (briefid)
        WHERE b.brandid = $1 AND bs.statusid = ANY($2) AND NOT bs.isdeleted
          AND NOT EXISTS (SELECT 1 FROM pattern_seasonals ps WHERE ps.briefseasonalid = bs.briefseasonalid AND NOT ps.isdeleted)
        ORDER BY bs.briefseasonalid`,
        brandId,
      );
      const found = await firstWithTarget(
        briefs,
        (id) => get(`/api/Brief/RelinkList?BriefSeasonalId=${id}`) as Promise<{ LinePlanId: number; StatusId: number }[]>,
      );
      expect(found, `no brief of brand ${brandId} has a line plan to relink to`).toBeDefined();
      const target = found!.targets[0];
      expect([2, 3]).toContain(target.StatusId);
      const res = await post('/api/Brief/RelinkBrief', { BriefId: found!.id, LinePlanId: target.LinePlanId });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ IsSuccessful: true, Message: 'Relink succeeded.' });
      const [row] = await t.ctx.db.query('SELECT lineplanid FROM brief_seasonals WHERE briefseasonalid = $1', [found!.id]);
      expect(row.lineplanid).toBe(target.LinePlanId);
    });

    it(`PAT-019 a pattern of brand ${brandId} (one season, no colorways) can be relinked to another Released brief`, async () => {
      const patterns = await ids(
        `SELECT patternseasonalid AS id FROM pattern_seasonals ps JOIN patterns p USING (patternid)
        WHERE p.brandid = $1 AND ps.statusid = ANY($2) AND NOT ps.isdeleted ORDER BY ps.patternseasonalid`,
        brandId,
      );
      const found = await firstWithTarget(patterns, async (id) => {
        const list = await get(`/api/Pattern/GetRelinkList?PatternSeasonalId=${id}`);
        return list.CanRelink ? (list.Briefs as { BriefSeasonalId: number }[]) : null;
      });
      expect(found, `no pattern of brand ${brandId} can be relinked`).toBeDefined();
      const target = found!.targets[0].BriefSeasonalId;
      const [{ rowversion }] = await t.ctx.db.query('SELECT rowversion FROM pattern_seasonals WHERE patternseasonalid = $1', [found!.id]);
      const res = await post('/api/Pattern/RelinkPattern', { PatternSeasonalId: found!.id, BriefSeasonalId: target, RowVersion: rowversion });
      expect(res.status).toBe(200);
      expect((await res.json()).Data.BriefSeasonalId).toBe(target);
    });

    it(`CW-055 CW-056 a colorway of brand ${brandId} (one season) can be relinked to another pattern in status 2 or 3`, async () => {
      const colorways = await ids(
        `SELECT prototypeseasonalid AS id FROM prototype_seasonals ps JOIN prototypes p USING (prototypeid)
        WHERE p.brandid = $1 AND ps.statusid = ANY($2) AND NOT ps.isdeleted ORDER BY ps.prototypeseasonalid`,
        brandId,
      );
      const found = await firstWithTarget(colorways, async (id) => {
        const list = await get(`/api/Prototype/GetRelinkList?PrototypeSeasonalId=${id}`);
        return list.CanRelink ? (list.Patterns as { PatternId: number; PatternSeasonalId: number }[]) : null;
      });
      expect(found, `no colorway of brand ${brandId} can be relinked`).toBeDefined();
      const target = found!.targets[0];
      const [before] = await t.ctx.db.query<{ patternid: number }>(
        'SELECT p.patternid FROM prototype_seasonals ps JOIN prototypes p USING (prototypeid) WHERE ps.prototypeseasonalid = $1',
        [found!.id],
      );
      const res = await post('/api/Prototype/RelinkPrototype', {
        PrototypeSeasonalId: found!.id,
        NewPatternId: target.PatternId,
        OldPatternId: before.patternid,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ IsSuccessful: true, Message: 'Relink succeeded.' });
      const [after] = await t.ctx.db.query(
        'SELECT p.patternid, ps.patternseasonalid FROM prototype_seasonals ps JOIN prototypes p USING (prototypeid) WHERE ps.prototypeseasonalid = $1',
        [found!.id],
      );
      expect(after).toEqual({ patternid: target.PatternId, patternseasonalid: target.PatternSeasonalId });
    });
  }
});

describe('corporate template in the demo (LP-018, TPL-002..004)', () => {
  const template = () =>
    t.ctx.db.query<{ name: string; stage: string; groupid: number; sort: number }>(
      'SELECT name, stage, groupid, sort FROM corporate_template_items WHERE NOT isdeleted ORDER BY sort, corporatetemplateitemid',
    );

  it('TPL-002 TPL-004 the demo template is a footwear development calendar, sorted in steps of 10, with the stages and groups of the demo calendars', async () => {
    const rows = await template();
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'Kick-off',
        'Design Lock',
        'Proto 1 Sent',
        'Proto 1 Received',
        'Costing Review',
        'Line Lock',
        'Confirmation Sample',
        'Production Sample',
      ]),
    );
    expect(rows[0].name).toBe('Kick-off');
    expect(rows.map((r) => r.sort)).toEqual(rows.map((_, i) => (i + 1) * 10));
    const used = await t.ctx.db.query<{ stage: string; groupid: number }>('SELECT DISTINCT stage, groupid FROM calendar_items');
    for (const r of rows) expect(used, `${r.name}: ${r.stage} / group ${r.groupid}`).toContainEqual({ stage: r.stage, groupid: r.groupid });
  });

  it('LP-018 a new line plan starts each sub-season calendar as a copy of the demo template', async () => {
    const res = await post('/api/LinePlan/CreateLinePlan', {
      LinePlanName: 'Summit Ridge SS27 Demo Template Check',
      BrandId: 1,
      SeasonId: 3,
      ResponsibleId: 8,
      WFGroupId: 1,
      SubSeasonIds: [5, 6],
    });
    expect(res.status).toBe(200);
    const { LinePlanId } = await res.json();
    const items = (await get(`/api/LinePlan/GetCalendarItems?LinePlanId=${LinePlanId}`)) as Record<string, unknown>[];
    const rows = await template();
    expect(rows.length).toBeGreaterThan(0);
    for (const sub of [5, 6]) {
      expect(items.filter((i) => i.SubSeasonId === sub).map((i) => [i.Name, i.Stage, i.GroupId, i.Sort])).toEqual(
        rows.map((r) => [r.name, r.stage, r.groupid, r.sort]),
      );
    }
  });
});
