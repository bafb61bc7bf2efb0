/**
 * The corporate line-plan template (TPL-001..009, PERM-004, DECISIONS TPL-009): the current list,
 * the whole-list save (added, changed, removed in one transaction), the group list lookup, the
 * required fields and their message, sort digits and renumbering by 10, the module 2 permissions
 * of the demo accounts, and new line plans' calendars copied from the saved template (LP-018).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: string, designer: string, viewer: string, factory: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, designer, viewer, factory] = await t.tokens('admin', 'designer', 'viewer', 'factory');
});
afterAll(async () => {
  await t?.close();
});

const ITEMS = '/api/CorporateTemplate/CurrentCorporateTemplateItems';
const GROUPS = '/api/CorporateTemplate/GetCorporateTemplateGroups';
const SAVE = '/api/CorporateTemplate/CreateCorporateTemplate';

type Item = {
  CorporateTemplateItemId: number;
  Name: string;
  Stage: string;
  Sort: number;
  GroupId: number;
  GroupName: string;
  StartDate: string | null;
  EndDate: string | null;
};
const current = async (token = admin): Promise<Item[]> => {
  const res = await t.request('GET', ITEMS, { token });
  expect(res.status).toBe(200);
  return res.json();
};
const save = (items: object[], token = admin) => t.request('POST', SAVE, { token, json: { Items: items } });
/** What the screen sends for a row: the list fields of TPL-007 (and the dates). */
const asSent = (i: Item) => ({
  CorporateTemplateItemId: i.CorporateTemplateItemId,
  Name: i.Name,
  Stage: i.Stage,
  Sort: i.Sort,
  GroupId: i.GroupId,
  StartDate: i.StartDate,
  EndDate: i.EndDate,
});
const stored = () =>
  t.ctx.db.query<{ id: number; name: string; sort: number; isdeleted: boolean }>(
    'SELECT corporatetemplateitemid AS id, name, sort, isdeleted FROM corporate_template_items ORDER BY corporatetemplateitemid',
  );

describe('PERM-004 module 2: 1 read to view, 2 edit to edit', () => {
  it('PERM-004 the admin (2/1 and 2/2) views and edits; designer, viewer and factory (no module 2) get permission denied', async () => {
    expect((await t.request('GET', ITEMS, { token: admin })).status).toBe(200);
    expect((await t.request('GET', GROUPS, { token: admin })).status).toBe(200);
    expect((await save((await current()).map(asSent))).status).toBe(200);
    for (const token of [designer, viewer, factory]) {
      for (const [method, url, json] of [
        ['GET', ITEMS, undefined],
        ['GET', GROUPS, undefined],
        ['POST', SAVE, { Items: [] }],
      ] as [string, string, unknown][]) {
        const res = await t.request(method, url, { token, json });
        expect(res.status, `${method} ${url}`).toBe(403);
        expect((await res.json()).Code).toBe('permission_denied');
      }
    }
    for (const [method, url] of [
      ['GET', ITEMS],
      ['GET', GROUPS],
      ['POST', SAVE],
    ])
      expect((await t.request(method, url, { json: method === 'POST' ? { Items: [] } : undefined })).status).toBe(401);
    expect((await stored()).filter((r) => !r.isdeleted)).toHaveLength(10);
  });

  it('PERM-004 read (2/1) without edit views the template but cannot save it', async () => {
    // The Read Only role (the viewer's) given module 2 read for this test.
    await t.ctx.db.query('INSERT INTO role_permissions (roleid, moduleid, actionid) VALUES (6, 2, 1)');
    try {
      const [reader] = await t.tokens('viewer');
      expect((await current(reader)).length).toBe(10);
      expect((await t.request('GET', GROUPS, { token: reader })).status).toBe(200);
      const res = await save((await current()).map(asSent), reader);
      expect(res.status).toBe(403);
      expect((await res.json()).Code).toBe('permission_denied');
    } finally {
      await t.ctx.db.query('DELETE FROM role_permissions WHERE roleid = 6 AND moduleid = 2');
    }
  });
});

describe('reading (TPL-002, TPL-003, TPL-007)', () => {
  it('TPL-003 the current items carry the template item fields, in sort order, with their group names', async () => {
    const items = await current();
    expect(Object.keys(items[0]).sort()).toEqual(
      ['CalendarItemId', 'CalendarItemTypeId', 'CorporateTemplateItemId', 'EndDate', 'GroupId', 'GroupName', 'Name', 'Sort', 'Stage', 'StartDate'].sort(),
    );
    expect(items[0]).toMatchObject({ Name: 'Kick-off', Stage: 'Concept', GroupId: 1, GroupName: 'Concept', Sort: 10 });
    expect(items.map((i) => i.Sort)).toEqual(items.map((_, n) => (n + 1) * 10));
  });

  it('TPL-007 the group list lookup names every group the template uses', async () => {
    const groups = await (await t.request('GET', GROUPS, { token: admin })).json();
    expect(groups).toEqual([
      { GroupId: 1, GroupName: 'Concept' },
      { GroupId: 2, GroupName: 'Design' },
      { GroupId: 3, GroupName: 'Sell-in' },
      { GroupId: 4, GroupName: 'Commercialization' },
    ]);
    for (const i of await current()) expect(groups.map((g: { GroupId: number }) => g.GroupId)).toContain(i.GroupId);
  });
});

describe('saving the whole list (TPL-004..007, DECISIONS TPL-009)', () => {
  it('TPL-007 TPL-004 one save adds, changes and removes items, and renumbers the list in steps of 10', async () => {
    const before = await current();
    const [first, second, third, ...rest] = before;
    const sent = [
      { ...asSent(second), Sort: 1 }, // moved to the top
      { ...asSent(first), Name: 'Kick-off Meeting', Sort: 15, StartDate: '2026-01-05', EndDate: '2026-01-09' }, // changed
      { Name: 'Material Review', Stage: 'Design', GroupId: 2, Sort: 25 }, // new
      ...rest.map(asSent), // third is left out: removed
    ];
    const res = await save(sent);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ IsSuccessful: true, Message: 'Record Saved Successfully.', Added: 1, Changed: 2, Removed: 1 });
    const after = await current();
    expect(body.Items).toEqual(after);
    expect(after.map((i) => i.Name)).toEqual(['Concept Review', 'Kick-off Meeting', 'Material Review', ...rest.map((i) => i.Name)]);
    expect(after.map((i) => i.Sort)).toEqual(after.map((_, n) => (n + 1) * 10));
    expect(after[1]).toMatchObject({ CorporateTemplateItemId: first.CorporateTemplateItemId, StartDate: '2026-01-05', EndDate: '2026-01-09' });
    expect(after[2]).toMatchObject({ Stage: 'Design', GroupId: 2, GroupName: 'Design' });
    const removed = (await stored()).find((r) => r.id === third.CorporateTemplateItemId);
    expect(removed).toMatchObject({ isdeleted: true });
    // Saving the list as read changes nothing.
    const again = await (await save(after.map(asSent))).json();
    expect(again).toMatchObject({ Added: 0, Changed: 0, Removed: 0 });
  });

  it('TPL-004 the list is ordered by Sort (equal numbers keep the list order) and renumbered 10, 20, 30', async () => {
    const items = await current();
    const res = await save([
      { ...asSent(items[2]), Sort: 5 },
      { ...asSent(items[0]), Sort: 5 },
      ...items.slice(3).map(asSent),
      { ...asSent(items[1]), Sort: 999999 },
    ]);
    expect(res.status).toBe(200);
    const after = await current();
    expect(after.map((i) => i.CorporateTemplateItemId)).toEqual([items[2], items[0], ...items.slice(3), items[1]].map((i) => i.CorporateTemplateItemId));
    expect(after.map((i) => i.Sort)).toEqual(after.map((_, n) => (n + 1) * 10));
  });

  it('DECISIONS TPL-009 TPL-006 a blank Name, Stage, Sort or GroupId is 400 "Please fill all required fields" naming each cell; nothing is written', async () => {
    const items = await current();
    const before = await stored();
    const sent = items.map(asSent);
    sent[0] = { ...sent[0], Name: '  ' };
    sent[1] = { ...sent[1], Stage: null as unknown as string };
    sent[2] = { ...sent[2], Sort: null as unknown as number };
    const noGroup = Object.fromEntries(Object.entries(sent[3]).filter(([k]) => k !== 'GroupId'));
    const res = await save([...sent.slice(0, 3), noGroup, ...sent.slice(4), { Name: 'New row' }]);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.Message).toBe('Please fill all required fields');
    const n = sent.length;
    expect(body.Errors).toEqual([
      { Field: '/Items/0/Name', Message: 'Required.' },
      { Field: '/Items/1/Stage', Message: 'Required.' },
      { Field: '/Items/2/Sort', Message: 'Required.' },
      { Field: '/Items/3/GroupId', Message: 'Required.' },
      { Field: `/Items/${n}/Stage`, Message: 'Required.' },
      { Field: `/Items/${n}/Sort`, Message: 'Required.' },
      { Field: `/Items/${n}/GroupId`, Message: 'Required.' },
    ]);
    expect(await stored()).toEqual(before);
  });

  it('TPL-005 Sort takes whole numbers only (digits): text, decimals and negatives are refused', async () => {
    const items = await current();
    for (const Sort of ['1a', 12.5, -10, '-5']) {
      const res = await save([{ ...asSent(items[0]), Sort }, ...items.slice(1).map(asSent)]);
      expect(res.status, JSON.stringify(Sort)).toBe(400);
      expect((await res.json()).Errors[0].Field).toMatch(/^\/Items\/0\/Sort/);
    }
  });

  it('TPL-007 unknown or repeated item ids, unknown groups and an end before the start are refused by field', async () => {
    const items = await current();
    const res = await save([
      { ...asSent(items[0]), CorporateTemplateItemId: 99999 },
      { ...asSent(items[1]), GroupId: 77 },
      { ...asSent(items[2]), StartDate: '2026-03-10', EndDate: '2026-03-01' },
      asSent(items[3]),
      asSent(items[3]),
    ]);
    expect(res.status).toBe(400);
    expect((await res.json()).Errors.map((e: { Field: string }) => e.Field)).toEqual([
      '/Items/0/CorporateTemplateItemId',
      '/Items/1/GroupId',
      '/Items/2/EndDate',
      '/Items/4/CorporateTemplateItemId',
    ]);
    expect((await current()).map((i) => i.Name)).toEqual(items.map((i) => i.Name));
  });

  it('TPL-007 the calls are published in the OpenAPI document with the save body schema', async () => {
    const doc = await (await t.request('GET', '/api/openapi.json')).json();
    expect(doc.paths[ITEMS].get.description).toContain('corporateTemplate/read (2/1)');
    expect(doc.paths[GROUPS].get).toBeDefined();
    const op = doc.paths[SAVE].post;
    expect(op.description).toContain('corporateTemplate/edit (2/2)');
    expect(Object.keys(op.requestBody.content['application/json'].schema.properties.Items.items.properties)).toEqual([
      'CorporateTemplateItemId',
      'Name',
      'Stage',
      'Sort',
      'GroupId',
      'StartDate',
      'EndDate',
    ]);
    expect((await t.request('POST', SAVE, { token: admin, json: { Items: [{ Name: 'x', Colour: 'red' }] } })).status).toBe(400);
  });
});

describe('line plans start from the saved template (LP-018, TPL-002)', () => {
  it('TPL-002 LP-018 a new line plan copies the saved template into each sub-season calendar, sorted by 10', async () => {
    const items = await current();
    const res = await save([{ Name: 'Brief Handover', Stage: 'Concept', GroupId: 1, Sort: 0 }, ...items.map(asSent)]);
    expect(res.status).toBe(200);
    const template = await current();
    const created = await t.request('POST', '/api/LinePlan/CreateLinePlan', {
      token: designer,
      json: { LinePlanName: 'Template Copy Check', BrandId: 1, SeasonId: 3, ResponsibleId: 8, WFGroupId: 1, SubSeasonIds: [5, 6] },
    });
    expect(created.status).toBe(200);
    const { LinePlanId } = await created.json();
    const calendar = await (await t.request('GET', `/api/LinePlan/GetCalendarItems?LinePlanId=${LinePlanId}`, { token: designer })).json();
    for (const sub of [5, 6]) {
      expect(
        calendar.filter((c: { SubSeasonId: number }) => c.SubSeasonId === sub).map((c: Record<string, unknown>) => [c.Name, c.Stage, c.GroupId, c.Sort]),
      ).toEqual(template.map((i) => [i.Name, i.Stage, i.GroupId, i.Sort]));
    }
    expect(template[0].Name).toBe('Brief Handover');
  });

  it('TPL-008 an empty list empties the template; new line plans then start with empty calendars', async () => {
    const res = await save([]);
    expect(res.status).toBe(200);
    expect(await current()).toEqual([]);
    const created = await (
      await t.request('POST', '/api/LinePlan/CreateLinePlan', {
        token: designer,
        json: { LinePlanName: 'Template Empty Check', BrandId: 1, SeasonId: 3, ResponsibleId: 8, WFGroupId: 1, SubSeasonIds: [5] },
      })
    ).json();
    expect(await (await t.request('GET', `/api/LinePlan/GetCalendarItems?LinePlanId=${created.LinePlanId}`, { token: designer })).json()).toEqual([]);
  });
});
