/**
 * The error log (ADMIN-037..040, DECISIONS SHELL-019): list filters, list sizes, one error with
 * its AllXml parsed, the spec's messages, and the users-read-or-system-messages-read gate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { errorXml } from '../../server/core/http/error-log';

let t: TestApp;
let admin: string, viewer: string, sysReader: string;
let ids: number[];
beforeAll(async () => {
  t = await createTestApp();
  // A role with only module 18 read: DECISIONS SHELL-019 opens the error log for it too.
  const [{ roleid }] = await t.ctx.db.query(`INSERT INTO roles (rolename) VALUES ('Message Reader') RETURNING roleid`);
  await t.ctx.db.query('INSERT INTO role_permissions VALUES ($1, 18, 1)', [roleid]);
  await t.ctx.db.query('UPDATE users SET roleid = $1 WHERE userid = 13', [roleid]);
  [admin, viewer, sysReader] = await Promise.all(['admin', 'viewer', 'raj.patel'].map(async (u) => (await t.login(u)).access_token));
  ids = [];
  for (const [user, message, when] of [
    ['designer@example.com', 'Cannot read properties of undefined', '2026-03-01T09:00:00Z'],
    ['costing@example.com', 'Deadlock detected', '2026-03-02T23:30:00Z'],
    ['costing@example.com', 'Timeout expired', '2026-03-05T08:00:00Z'],
  ]) {
    const xml = errorXml({
      HTTP_USER_AGENT: 'Mozilla/5.0 <test>',
      SCRIPT_NAME: 'POST /api/Grid/costing/Save',
      HTTP_REFERER: 'http://localhost/flashEditCosting',
      DETAIL: `Error: ${message}\n    at save (grid.ts:10)`,
    });
    const [row] = await t.ctx.db.query('INSERT INTO error_log (username, message, allxml, timeutc) VALUES ($1, $2, $3, $4) RETURNING sequence', [
      user,
      message,
      xml,
      when,
    ]);
    ids.push(row.sequence);
  }
});
afterAll(async () => {
  await t?.close();
});

const errors = async (query: string, token = admin) => t.request('GET', `/api/User/GetErrors${query}`, { token });

describe('error list', () => {
  it('ADMIN-039: filters by user, message, dates (whole end day) and id; newest first', async () => {
    const all = await (await errors('')).json();
    expect(all.map((e: any) => e.Sequence)).toEqual([...ids].reverse());
    expect(Object.keys(all[0]).sort()).toEqual(['Message', 'Sequence', 'TimeUtc', 'User']);
    expect(await (await errors('?User=costing')).json()).toHaveLength(2);
    expect((await (await errors('?Message=deadlock')).json()).map((e: any) => e.Sequence)).toEqual([ids[1]]);
    expect((await (await errors('?StartDate=03/02/2026&EndDate=03/02/2026')).json()).map((e: any) => e.Sequence)).toEqual([ids[1]]);
    expect((await (await errors(`?ErrorId=${ids[2]}`)).json()).map((e: any) => e.Sequence)).toEqual([ids[2]]);
    expect((await errors('?StartDate=13/45/2026')).status).toBe(400);
  });

  it('ADMIN-039: ErrorListAmount is 50, 100, 150 or 200 (default 100)', async () => {
    const values = Array.from({ length: 120 }, (_, i) => `('bulk@example.com', 'bulk ${i}', '<error/>')`).join(', ');
    await t.ctx.db.query(`INSERT INTO error_log (username, message, allxml) VALUES ${values}`);
    expect(await (await errors('')).json()).toHaveLength(100);
    expect(await (await errors('?ErrorListAmount=50')).json()).toHaveLength(50);
    expect(await (await errors('?ErrorListAmount=150')).json()).toHaveLength(123);
    expect((await errors('?ErrorListAmount=75')).status).toBe(400);
  });

  it("ADMIN-040: an id that matches nothing answers 'Error not found, please check your id.'; an empty filter result is an empty list", async () => {
    const res = await errors('?ErrorId=999999');
    expect(res.status).toBe(404);
    expect((await res.json()).Message).toBe('Error not found, please check your id.');
    const none = await errors('?User=nobody-at-all');
    expect(none.status).toBe(200);
    expect(await none.json()).toEqual([]);
  });
});

describe('error detail', () => {
  it('ADMIN-038: one error with AllXml parsed into user agent, called script, referring page and detail', async () => {
    const res = await t.request('GET', `/api/User/GetError?ErrorId=${ids[0]}`, { token: admin });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      Sequence: ids[0],
      User: 'designer@example.com',
      Message: 'Cannot read properties of undefined',
      UserAgent: 'Mozilla/5.0 <test>',
      CalledScript: 'POST /api/Grid/costing/Save',
      ReferringPage: 'http://localhost/flashEditCosting',
      Detail: expect.stringContaining('at save (grid.ts:10)'),
      AllXml: expect.stringContaining('<serverVariables>'),
    });
    const missing = await t.request('GET', '/api/User/GetError?ErrorId=999999', { token: admin });
    expect((await missing.json()).Message).toBe('Error not found, please check your id.');
  });

  it('DECISIONS SHELL-019: module 6 read or module 18 read opens the log; others get 403, signed out 401', async () => {
    expect((await errors('', sysReader)).status).toBe(200);
    expect((await t.request('GET', `/api/User/GetError?ErrorId=${ids[0]}`, { token: sysReader })).status).toBe(200);
    expect((await errors('', viewer)).status).toBe(403);
    expect((await t.request('GET', `/api/User/GetError?ErrorId=${ids[0]}`, { token: viewer })).status).toBe(403);
    expect((await t.request('GET', '/api/User/GetErrors')).status).toBe(401);
  });
});
