/**
 * System messages (SYSMSG-002..016, module 18): the public poll by audience and time, the admin
 * list, load, save (create and update, start/expire check) and delete with the spec's messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: string, factory: string, viewer: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, factory, viewer] = await t.tokens('admin', 'factory', 'viewer');
});
afterAll(async () => {
  await t?.close();
});

const titles = async (token?: string) => (await (await t.request('GET', '/api/SystemMessage/DisplayMessages', { token })).json()).map((m: any) => m.Title);
const message = (extra: Record<string, unknown> = {}) => ({
  Title: 'Temporary System Outage TODAY, 10:00 AM to 5:30 PM',
  Message: 'Please save your work and refrain from using the system during this time.',
  StartTime: new Date(Date.now() - 60_000).toISOString(),
  ExpireTime: new Date(Date.now() + 3_600_000).toISOString(),
  ShowUnauthenticatedUsers: true,
  ShowFactoryUsers: false,
  ...extra,
});

describe('DisplayMessages', () => {
  it('SYSMSG-004/007: public; signed-out callers get only ShowUnauthenticatedUsers messages, and only active ones', async () => {
    const res = await t.request('GET', '/api/SystemMessage/DisplayMessages');
    expect(res.status).toBe(200);
    expect(await titles()).toEqual(['Welcome to the PLM Workbench']);
    expect(await titles('not-a-token')).toEqual(['Welcome to the PLM Workbench']);
  });

  it('SYSMSG-008: signed-in users get every active message; factory users only ShowFactoryUsers ones', async () => {
    expect((await titles(viewer)).sort()).toEqual(['Costing review for brand teams', 'Welcome to the PLM Workbench']);
    expect(await titles(factory)).toEqual(['Welcome to the PLM Workbench']);
  });
});

describe('administration', () => {
  it('SYSMSG-002: the list needs module 18 read, saving and deleting need edit', async () => {
    expect((await t.request('GET', '/api/SystemMessage/GetMessages', { token: viewer })).status).toBe(403);
    expect((await t.request('GET', '/api/SystemMessage/GetMessages')).status).toBe(401);
    expect((await t.request('POST', '/api/SystemMessage/UpdateMessage?id=0', { token: viewer, json: message() })).status).toBe(403);
    expect((await t.request('POST', '/api/SystemMessage/DeleteMessage?id=1', { token: viewer })).status).toBe(403);
  });

  it('SYSMSG-009/003: GetMessages lists all messages with their fields, expired ones included', async () => {
    const list = await (await t.request('GET', '/api/SystemMessage/GetMessages', { token: admin })).json();
    expect(list).toHaveLength(3);
    expect(Object.keys(list[0]).sort()).toEqual([
      'ChangedOn',
      'ExpireTime',
      'Message',
      'ShowFactoryUsers',
      'ShowUnauthenticatedUsers',
      'StartTime',
      'SystemMessageId',
      'Title',
    ]);
  });

  it("SYSMSG-014: GetMessage answers one message or 'Message not found.'", async () => {
    expect((await (await t.request('GET', '/api/SystemMessage/GetMessage?id=1', { token: admin })).json()).SystemMessageId).toBe(1);
    const res = await t.request('GET', '/api/SystemMessage/GetMessage?id=999', { token: admin });
    expect(res.status).toBe(404);
    expect((await res.json()).Message).toBe('Message not found.');
  });

  it("SYSMSG-013: UpdateMessage with id <= 0 creates, answers 'Record Saved Successfully.', and the message shows to its audience", async () => {
    const res = await t.request('POST', '/api/SystemMessage/UpdateMessage?id=0', { token: admin, json: message() });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.Message).toBe('Record Saved Successfully.');
    expect(await titles()).toContain('Temporary System Outage TODAY, 10:00 AM to 5:30 PM');
    expect(await titles(factory)).not.toContain('Temporary System Outage TODAY, 10:00 AM to 5:30 PM');
    const id = body.SystemMessage.SystemMessageId;
    const upd = await t.request('POST', `/api/SystemMessage/UpdateMessage?id=${id}`, {
      token: admin,
      json: message({ ShowFactoryUsers: true, Title: 'Outage moved' }),
    });
    expect((await upd.json()).SystemMessage).toMatchObject({ SystemMessageId: id, Title: 'Outage moved', ShowFactoryUsers: true });
    expect(await titles(factory)).toContain('Outage moved');
    // An editor still holding the first version gets 409; nothing is overwritten.
    const stale = await t.request('POST', `/api/SystemMessage/UpdateMessage?id=${id}`, {
      token: admin,
      json: message({ Title: 'Stale', ChangedOn: body.SystemMessage.ChangedOn }),
    });
    expect(stale.status).toBe(409);
    expect((await (await t.request('GET', `/api/SystemMessage/GetMessage?id=${id}`, { token: admin })).json()).Title).toBe('Outage moved');
    const audit = await t.ctx.db.query(`SELECT field FROM audit_log WHERE entity = 'system-message' AND entityid = $1`, [String(id)]);
    expect(audit.map((a) => a.field)).toEqual(expect.arrayContaining(['Title', 'ShowFactoryUsers']));
  });

  it('SYSMSG-012: an expire time before the start, or a missing title, is refused with the editor text', async () => {
    const res = await t.request('POST', '/api/SystemMessage/UpdateMessage?id=0', {
      token: admin,
      json: message({ ExpireTime: new Date(Date.now() - 3_600_000).toISOString() }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.Message).toBe('Your submission contains error(s).  Please correct the highlighted items below.');
    expect(body.Errors[0].Field).toBe('/ExpireTime');
    expect((await t.request('POST', '/api/SystemMessage/UpdateMessage?id=0', { token: admin, json: message({ Title: '' }) })).status).toBe(400);
    expect((await t.request('POST', '/api/SystemMessage/UpdateMessage?id=999', { token: admin, json: message() })).status).toBe(404);
  });

  it("SYSMSG-015: DeleteMessage answers 'Message successfully deleted.', then 'Message not found.'", async () => {
    const res = await t.request('POST', '/api/SystemMessage/DeleteMessage?id=3', { token: admin });
    expect(res.status).toBe(200);
    expect((await res.json()).Message).toBe('Message successfully deleted.');
    const again = await t.request('POST', '/api/SystemMessage/DeleteMessage?id=3', { token: admin });
    expect(again.status).toBe(404);
    expect((await again.json()).Message).toBe('Message not found.');
  });
});
