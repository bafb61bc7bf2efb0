/**
 * What every hierarchy level shares (server/features/hierarchy/routes.ts, server/features/hierarchy/rules.ts,
 * server/core/records/create.ts): the update call with optimistic concurrency, the status table,
 * read-only statuses, deleted records with their own message, the change history, and the
 * generic create path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { insertRecord } from '../../server/core/records/create';
import { authenticate } from '../../server/core/auth/authenticate';

let t: TestApp;
let designer: string, factory: string, viewer: string;
beforeAll(async () => {
  t = await createTestApp();
  [designer, factory, viewer] = await t.tokens('designer', 'factory', 'viewer');
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
/** A new brief of brand 1 in the given status, made through the generic create path. */
const briefIn = async (status: number, brandId = 1) => {
  const user = await authenticate(t.ctx, `Bearer ${designer}`);
  const [lp] = await t.ctx.db.query('SELECT lineplanid, seasonid FROM line_plan_view WHERE brandid = $1 AND statusid = 2 LIMIT 1', [brandId]);
  const name = `Rules Brief ${++n}`;
  const keys = await t.ctx.db.tx((q) =>
    insertRecord(t.ctx, q, user, 'brief', {
      BriefName: name,
      BrandId: brandId,
      SeasonId: lp.seasonid,
      LinePlanId: lp.lineplanid,
      ResponsibleId: user.userId,
      StatusId: status,
    }),
  );
  const [row] = await t.ctx.db.query('SELECT rowversion FROM brief_view WHERE briefseasonalid = $1', [keys.BriefSeasonalId]);
  return { id: keys.BriefSeasonalId, rowversion: row.rowversion as number, briefname: name };
};
const update = (token: string, id: number, rowVersion: number, changes: object, area = 'Brief/UpdateBrief') =>
  t.request('POST', `/api/${area}`, { token, json: { Id: id, RowVersion: rowVersion, Changes: changes } });

describe('hierarchy update', () => {
  it('saves the changed fields and answers the record with its next version', async () => {
    const b = await briefIn(1);
    const res = await update(designer, b.id, b.rowversion, { BriefName: `${b.briefname} v2` });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ IsSuccessful: true, Data: { BriefName: `${b.briefname} v2`, RowVersion: b.rowversion + 1 } });
  });

  it('a save against a stale version gets 409 naming who changed the record, and nothing is written', async () => {
    const b = await briefIn(1);
    expect((await update(designer, b.id, b.rowversion, { TargetNumberColors: 7 })).status).toBe(200);
    const stale = await update(designer, b.id, b.rowversion, { TargetNumberColors: 9 });
    expect(stale.status).toBe(409);
    const body = await stale.json();
    expect(body.Message).toMatch(/^This record was changed by Dana Whitfield on .+ UTC after you opened it\./);
    expect(body).toMatchObject({ IsSuccessful: false, Code: 'stale', Errors: [], ChangedBy: 'Dana Whitfield', RowVersion: b.rowversion + 1 });
    expect(Date.parse(body.ChangedOn)).toBeGreaterThan(Date.now() - 60_000);
    const [now] = await t.ctx.db.query('SELECT targetnumbercolors FROM brief_view WHERE briefseasonalid = $1', [b.id]);
    expect(now.targetnumbercolors).toBe(7);
  });

  it('LOOKUP-033 a status change must follow the status table', async () => {
    const b = await briefIn(1);
    const res = await update(designer, b.id, b.rowversion, { StatusId: 3 });
    expect(res.status).toBe(400);
    expect((await res.json()).Errors).toEqual([{ Field: '/StatusId', Message: 'A record in status Created cannot be set to Completed.' }]);
    const ok = await update(designer, b.id, b.rowversion, { StatusId: 2 });
    expect(ok.status).toBe(200);
  });

  it('LP-011 statuses 3..7 make the record read-only: only the status may change', async () => {
    const b = await briefIn(3);
    const res = await update(designer, b.id, b.rowversion, { BriefName: 'Renamed' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ Code: 'read_only', Errors: [{ Field: '/BriefName', Message: 'Read-only in this status.' }] });
    expect((await update(designer, b.id, b.rowversion, { StatusId: 2 })).status).toBe(200);
  });

  it('BRIEF-022 a deleted brief answers its own deleted message on read and on save', async () => {
    const b = await briefIn(1);
    await t.ctx.db.query('UPDATE brief_seasonals SET isdeleted = true WHERE briefseasonalid = $1', [b.id]);
    const read = await t.request('GET', `/api/Brief/GetBriefSeasonal?BriefSeasonalId=${b.id}`, { token: designer });
    expect(read.status).toBe(404);
    expect(await read.json()).toMatchObject({ Code: 'record_deleted', Message: 'The Brief you are trying to access is deleted.' });
    const save = await update(designer, b.id, b.rowversion, { BriefName: 'x' });
    expect(await save.json()).toMatchObject({ Code: 'record_deleted', Message: 'The Brief you are trying to access is deleted.' });
  });

  it('PERM-001 a user without edit permission cannot save; another brand is refused', async () => {
    const b = await briefIn(1);
    expect((await update(viewer, b.id, b.rowversion, { BriefName: 'x' })).status).toBe(403);
    const [other] = await t.ctx.db.query('SELECT briefseasonalid AS id, rowversion FROM brief_view WHERE brandid = 3 LIMIT 1');
    expect((await update(designer, other.id, other.rowversion, { BriefName: 'x' })).status).toBe(404);
  });
});

describe('record history', () => {
  it('lists who changed which field from what to what, newest first', async () => {
    const b = await briefIn(1);
    await update(designer, b.id, b.rowversion, { TargetNumberPatterns: 11 });
    const res = await t.request('GET', `/api/Audit/GetRecordHistory?ProjectLevelId=2&ProjectId=${b.id}`, { token: designer });
    expect(res.status).toBe(200);
    const [latest] = await res.json();
    expect(latest).toMatchObject({ ChangedBy: 'Dana Whitfield', Field: 'TargetNumberPatterns', NewValue: '11' });
    expect(latest.FieldTitle).toBeTruthy();
  });

  it('PERM-029 the history leaves out fields hidden from a factory user', async () => {
    const [cw] = await t.ctx.db.query(
      `SELECT prototypeseasonalid AS id FROM colorway_view WHERE brandid = 1 AND factnameky = '310101' AND NOT isdeleted ORDER BY 1 LIMIT 1`,
    );
    await t.ctx.db.query(
      `INSERT INTO audit_log (userid, entity, entityid, field, oldvalue, newvalue) VALUES (3, 'colorway', $1, 'FFC', '1', '2'), (3, 'colorway', $1, 'ColorDesc', 'a', 'b')`,
      [String(cw.id)],
    );
    const res = await t.request('GET', `/api/Audit/GetRecordHistory?ProjectLevelId=4&ProjectId=${cw.id}`, { token: factory });
    expect(res.status).toBe(200);
    const fields = (await res.json()).map((r: { Field: string }) => r.Field);
    expect(fields).toContain('ColorDesc');
    expect(fields).not.toContain('FFC');
  });

  it('CW-067 DOC-011 size range and document rows are in the history; document rows are left out for a factory user', async () => {
    const [cw] = await t.ctx.db.query(
      `SELECT prototypeseasonalid AS id FROM colorway_view WHERE brandid = 1 AND factnameky = '310101' AND NOT isdeleted ORDER BY 1 DESC LIMIT 1`,
    );
    await t.ctx.db.query(
      `INSERT INTO audit_log (userid, entity, entityid, field, oldvalue, newvalue) VALUES
      (3, 'colorway', $1, 'SizeRanges', null, 'US Medium 7-13'), (3, 'colorway', $1, 'Document', null, 'spec.pdf'),
      (3, 'colorway', $1, 'Document Factory: spec.pdf', null, '310101'), (3, 'colorway', $1, 'NoSuchThing', null, 'x')`,
      [String(cw.id)],
    );
    const history = async (token: string) =>
      (await (await t.request('GET', `/api/Audit/GetRecordHistory?ProjectLevelId=4&ProjectId=${cw.id}`, { token })).json()) as {
        Field: string;
        FieldTitle: string;
        NewValue: string;
      }[];
    const mine = await history(designer);
    expect(mine.slice(0, 3).map((r) => [r.FieldTitle, r.NewValue])).toEqual([
      ['Document factory (spec.pdf)', '310101'],
      ['Document', 'spec.pdf'],
      ['Size Ranges', 'US Medium 7-13'],
    ]);
    expect(mine.map((r) => r.Field)).not.toContain('NoSuchThing');
    const theirs = (await history(factory)).map((r) => r.Field);
    expect(theirs).toContain('SizeRanges');
    expect(theirs.filter((f) => f.startsWith('Document'))).toEqual([]);
  });
});

describe('user stamps (x-user)', () => {
  it('CONST-025 a record and an update answer carry the name beside each visible stamp; a hidden stamp has no name either', async () => {
    const [cw] = await t.ctx.db.query(
      `SELECT prototypeseasonalid AS id, rowversion FROM colorway_view WHERE brandid = 1 AND factnameky = '310101' AND statusid = 1 AND NOT isdeleted ORDER BY 1 LIMIT 1`,
    );
    const [{ userid: costingId }] = await t.ctx.db.query(`SELECT userid FROM users WHERE username = 'costing@example.com'`);
    await t.ctx.db.query('UPDATE prototype_seasonals SET costingcomplby = $2, lthrapprvby = 1 WHERE prototypeseasonalid = $1', [cw.id, costingId]);
    const url = `/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${cw.id}`;
    const mine = await (await t.request('GET', url, { token: designer })).json();
    const [{ name }] = await t.ctx.db.query(`SELECT firstname || ' ' || lastname AS name FROM users WHERE userid = $1`, [costingId]);
    expect(mine).toMatchObject({ CostingComplBy: costingId, CostingComplByName: name, LthrApprvBy: 1, LthrApprvByName: 'System User' });
    const saved = await update(designer, cw.id, mine.RowVersion, { GenNotes: 'Stamped names.' }, 'Prototype/UpdatePrototype');
    expect(saved.status).toBe(200);
    expect((await saved.json()).Data).toMatchObject({ CostingComplByName: name, LthrApprvByName: 'System User' });
    // CostingComplBy is a costing field: hidden from the factory user, and so is its name.
    const theirs = await (await t.request('GET', url, { token: factory })).json();
    expect(theirs).not.toHaveProperty('CostingComplBy');
    expect(theirs).not.toHaveProperty('CostingComplByName');
    expect(theirs.LthrApprvByName).toBe('System User');
  });
});

describe('generic create', () => {
  it('inserts base and seasonal rows, stamps the creator and audits the created fields', async () => {
    const user = await authenticate(t.ctx, `Bearer ${designer}`);
    const [lp] = await t.ctx.db.query('SELECT lineplanid, seasonid FROM line_plan_view WHERE brandid = 1 AND statusid = 2 LIMIT 1');
    const keys = await t.ctx.db.tx((q) =>
      insertRecord(t.ctx, q, user, 'brief', {
        BriefName: 'Generic Create Brief',
        BrandId: 1,
        SeasonId: lp.seasonid,
        LinePlanId: lp.lineplanid,
        ResponsibleId: user.userId,
        StatusId: 1,
      }),
    );
    expect(keys.BriefId).toBeGreaterThan(0);
    expect(keys.BriefSeasonalId).toBeGreaterThan(0);
    const [row] = await t.ctx.db.query('SELECT briefname, briefid, statusid, rowversion FROM brief_view WHERE briefseasonalid = $1', [keys.BriefSeasonalId]);
    expect(row).toMatchObject({ briefname: 'Generic Create Brief', briefid: keys.BriefId, statusid: 1 });
    const audit = await t.ctx.db.query(`SELECT field FROM audit_log WHERE entity = 'brief' AND entityid = $1`, [String(keys.BriefSeasonalId)]);
    expect(audit.map((a) => a.field)).toContain('BriefName');
  });

  it('refuses a record that breaks the entity schema, naming the field', async () => {
    const user = await authenticate(t.ctx, `Bearer ${designer}`);
    await expect(
      t.ctx.db.tx((q) => insertRecord(t.ctx, q, user, 'line-plan', { LinePlanName: 'x'.repeat(101), BrandId: 1, SeasonId: 1, ResponsibleId: 2, StatusId: 1 })),
    ).rejects.toMatchObject({ status: 400, errors: [expect.objectContaining({ Field: '/LinePlanName' })] });
  });
});
