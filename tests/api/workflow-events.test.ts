/**
 * The workflow event catalogue (PREF-010): GET /api/Workflow/GetWorkflowEvents lists the event
 * kinds a profile's workflow-event assignment picks from, to every signed-in user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_USERS, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('workflow event catalogue', () => {
  it('PREF-010: lists every event kind by id with its name', async () => {
    const { access_token } = await t.login('admin');
    const res = await t.request('GET', '/api/Workflow/GetWorkflowEvents', { token: access_token });
    expect(res.status).toBe(200);
    const rows = await res.json();
    const inTable = await t.ctx.db.query('SELECT wfeventid, wfeventname FROM workflow_events ORDER BY wfeventid');
    expect(rows).toEqual(inTable.map((r) => ({ WFEventId: r.wfeventid, WFEventName: r.wfeventname })));
    expect(rows).toContainEqual({ WFEventId: 2, WFEventName: 'Data changed' });
  });

  it('PREF-010: open to every signed-in user (factory users included), 401 without a token', async () => {
    for (const u of DEMO_USERS) {
      const { access_token } = await t.login(u);
      expect((await t.request('GET', '/api/Workflow/GetWorkflowEvents', { token: access_token })).status, u).toBe(200);
    }
    expect((await t.request('GET', '/api/Workflow/GetWorkflowEvents')).status).toBe(401);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = await (await t.request('GET', '/api/openapi.json')).json();
    const paths = Object.keys(doc.paths).map((p) => p.toLowerCase());
    expect(paths).toContain('/api/workflow/getworkflowevents');
  });

  it("PERM-025, issue 10: a data-changed event needs edit on the record's module; a read-only user cannot write one", async () => {
    const [viewer, admin] = await t.tokens('viewer', 'admin');
    const [brief] = await t.ctx.db.query(`SELECT briefseasonalid AS id FROM brief_view WHERE NOT isdeleted AND brandid IN
      (SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'viewer@example.com') LIMIT 1`);
    expect(brief).toBeDefined();
    const log = (token: string) => t.request('POST', '/api/Workflow/LogDataChangedEvent', { token, json: { projLevel: 2, projId: brief.id } });
    const count = async () => (await t.ctx.db.query('SELECT count(*)::int AS n FROM workflow_event_log WHERE projlevel = 2 AND projid = $1', [brief.id]))[0].n;
    const before = await count();
    const refused = await log(viewer);
    expect(refused.status).toBe(403);
    expect((await refused.json()).Code).toBe('permission_denied');
    expect(await count()).toBe(before);
    expect((await log(admin)).status).toBe(200);
    expect(await count()).toBe(before + 1);
  });
});
