/**
 * Issue 30, the change feed (ADR 035): a committed change reaches the streams of the users who may
 * read it, scoped like every read (PERM-022/023) and without the fields they may not see
 * (PERM-029); no stream without a session, a revoked session's stream ends within a second, and a
 * stream resumes after the last event it saw.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { openFeed, type FeedEvent, type FeedReader } from '../helpers/sse';
import { fieldAccess } from '../../server/core/schemas/visibility';
import { loadSession } from '../../server/core/auth/sessions';
import { verifyAccessToken } from '../../server/core/auth/tokens';
import { gridFor } from '../../server/core/api/grids';

let t: TestApp;
let costing: string, forecast: string, factory: string, designer: string;
/** Colorways costing may save: one of the factory user's factories and one of another factory, same brand. */
let own: { id: number; v: number }, other: { id: number; v: number };
const open: FeedReader[] = [];

beforeAll(async () => {
  t = await createTestApp();
  [costing, forecast, factory, designer] = await t.tokens('costing', 'forecast', 'factory', 'designer');
  const [fu] = await t.ctx.db.query(`SELECT array_agg(DISTINCT uf.factorykey) AS keys, array_agg(DISTINCT ub.brandid) AS brands
    FROM users u JOIN user_factories uf USING (userid) JOIN user_brands ub USING (userid) WHERE u.username = 'factory@example.com'`);
  const editable = `NOT isdeleted AND statusid = 2 AND brandid = ANY($2) AND brandid IN (SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'costing@example.com')`;
  [own] = await t.ctx.db.query(
    `SELECT prototypeseasonalid AS id, rowversion AS v FROM colorway_view WHERE factnameky = ANY($1) AND ${editable} ORDER BY 1 LIMIT 1`,
    [fu.keys, fu.brands],
  );
  [other] = await t.ctx.db.query(
    `SELECT prototypeseasonalid AS id, rowversion AS v FROM colorway_view WHERE factnameky IS NOT NULL AND NOT (factnameky = ANY($1)) AND ${editable} ORDER BY 1 LIMIT 1`,
    [fu.keys, fu.brands],
  );
  expect(own && other).toBeTruthy();
});
afterAll(async () => {
  await Promise.all(open.map((f) => f.close()));
  await t?.close();
});

const feed = async (token?: string, headers: Record<string, string> = {}, query = '') => {
  const f = await openFeed(() => t.request('GET', `/api/Feed?client=test-client-${Math.random().toString(36).slice(2)}${query}`, { token, headers }));
  open.push(f);
  return f;
};
/** Saves FFC (costing) on a colorway as costing; follows its row version. */
async function saveFfc(row: { id: number; v: number }, ffc: number) {
  const res = await t.request('POST', '/api/Grid/costing/Save', {
    token: costing,
    json: { rows: [{ Key: row.id, RowVersion: row.v, Changes: { FFC: ffc } }] },
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  row.v = body.Saved[0].RowVersion;
}
/** The session user behind an access token. */
async function userOf(token: string) {
  const claims = (await verifyAccessToken(token, t.ctx.tokenSecret))!;
  return (await loadSession(t.ctx.db, claims.sid, claims.sub))!.user;
}
const recordsOf = (id: number) => (e: FeedEvent) => e.event === 'records' && e.data.Records.some((r: any) => r.Id === id);

describe('issue 30: the change feed', () => {
  it('no stream without a valid session: no token, a bad token and a signed-out session answer 401', async () => {
    expect((await t.request('GET', '/api/Feed')).status).toBe(401);
    expect((await t.request('GET', '/api/Feed', { token: 'not.a.token' })).status).toBe(401);
    const gone = (await t.login('viewer')).access_token;
    await t.request('POST', '/api/Account/Logout', { token: gone });
    expect((await t.request('GET', '/api/Feed', { token: gone })).status).toBe(401);
  });

  it("a grid save reaches another user's stream within a second, with the new value, who and when", async () => {
    const f = await feed(forecast);
    expect(f.status).toBe(200);
    await f.next((e) => e.event === 'hello');
    const t0 = Date.now();
    await saveFfc(other, 31.5);
    const saved = Date.now();
    // Within a second of the save (the event is sent at commit, often before the save's answer arrives).
    const e = await f.next(recordsOf(other.id), 1000);
    expect(e.at - saved).toBeLessThan(1000);
    expect(e.id).toMatch(/^[0-9a-f]+\.\d+$/);
    const rec = e.data.Records.find((r: any) => r.Id === other.id);
    expect(e.data.Entity).toBe('colorway');
    expect(rec.Fields.FFC).toBe(31.5);
    expect(rec.Fields.RowVersion).toBe(other.v);
    expect(rec.Changed).toContain('FFC');
    expect(rec.ChangedBy).toMatch(/\S+ \S+/);
    expect(Date.parse(rec.ChangedOn)).toBeGreaterThan(t0 - 60_000);
  });

  it("PERM-023: a factory user receives nothing of another factory's colorway, and their own without costing fields (PERM-029)", async () => {
    const f = await feed(factory);
    await f.next((e) => e.event === 'hello');
    await saveFfc(other, 32.5);
    await saveFfc(own, 33.5);
    const e = await f.next((x) => x.event === 'records', 2000);
    // The first records event is the own colorway's: the other one's change never came.
    expect(e.data.Records.map((r: any) => r.Id)).toEqual([own.id]);
    expect(JSON.stringify(f.events)).not.toContain(`"Id":${other.id}`);
    expect(fieldAccess(t.ctx.schemas, await userOf(factory), 'colorway').hidden.has('FFC')).toBe(true);
    expect(e.data.Records[0].Fields).not.toHaveProperty('FFC');
    expect(e.data.Records[0].Changed).not.toContain('FFC');
    expect(e.data.Records[0].Fields.RowVersion).toBe(own.v);
  });

  it("a revoked session's stream ends within a second (sign-out, and a user disabled by plain SQL)", async () => {
    const s = await t.login('designer');
    const f = await feed(s.access_token);
    await f.next((e) => e.event === 'hello');
    expect((await t.request('POST', '/api/Account/Logout', { token: s.access_token })).status).toBe(200);
    await f.ended(1000); // within a second of the sign-out's answer

    const v = await t.login('viewer');
    const g = await feed(v.access_token);
    await g.next((e) => e.event === 'hello');
    await t.ctx.db.query('UPDATE users SET isactive = false WHERE userid = $1', [v.userId]);
    try {
      await g.ended(1000);
    } finally {
      await t.ctx.db.query('UPDATE users SET isactive = true WHERE userid = $1', [v.userId]);
    }
  });

  it('a stream opened again with the last event id resumes after it; an unknown id is told to reload', async () => {
    const f = await feed(designer);
    const hello = await f.next((e) => e.event === 'hello');
    await f.close();
    // An event carries the record's values as the hub reads them after the commit (ADR 035), so the
    // second save waits until the first one's event was made (another stream has it): otherwise on
    // PostgreSQL both events may be read after the second commit and carry its value. It waits for that
    // save's own event (its version): an event of an earlier test's save of the row may still come first.
    const watcher = await feed(costing);
    await watcher.next((e) => e.event === 'hello');
    await saveFfc(other, 34.5);
    await watcher.next((e) => recordsOf(other.id)(e) && e.data.Records.some((r: any) => r.Id === other.id && r.Fields.RowVersion === other.v));
    await saveFfc(other, 35.5);
    const again = await feed(designer, { 'Last-Event-ID': hello.id! });
    const first = await again.next(recordsOf(other.id));
    const second = await again.next(recordsOf(other.id));
    expect([first, second].map((e) => e.data.Records[0].Fields.FFC)).toEqual([34.5, 35.5]);
    expect(second.data.Records[0].Fields.RowVersion).toBe(other.v);
    const lost = await feed(designer, {}, '&lastEventId=0123456789ab.5');
    expect((await lost.next()).event).toBe('reload');
  });
});

describe('issue 30: presence', () => {
  const announce = (token: string, client: string, topics: string[]) =>
    t.request('POST', '/api/Feed/Presence', { token, json: { Client: client, Topics: topics } });

  it('the people who have a record open, by name and initials, told to each of them as they come and go', async () => {
    const topic = `record:colorway:${own.id}`;
    const a = await openFeed(() => t.request('GET', '/api/Feed?client=client-costing-1', { token: costing }));
    const b = await openFeed(() => t.request('GET', '/api/Feed?client=client-forecast-1', { token: forecast }));
    open.push(a, b);
    expect((await (await announce(costing, 'client-costing-1', [topic, 'grid:costing'])).json()).Topics).toEqual([topic, 'grid:costing']);
    expect((await announce(forecast, 'client-forecast-1', [topic])).status).toBe(200);
    const both = await a.next((e) => e.event === 'presence' && e.data.Topic === topic && e.data.People.length === 2);
    expect(both.data.People.map((p: any) => p.Initials).every((i: string) => /^[A-Z]{1,2}$/.test(i))).toBe(true);
    await b.next((e) => e.event === 'presence' && e.data.Topic === topic && e.data.People.length === 2);
    await announce(forecast, 'client-forecast-1', []);
    const left = await a.next((e) => e.event === 'presence' && e.data.Topic === topic && e.data.People.length === 1);
    expect(left.data.People[0].Name).toBe(both.data.People.find((p: any) => left.data.People[0].UserId === p.UserId).Name);
  });

  it("PERM-023: a topic the user may not read is left out, and a client id is its first user's", async () => {
    expect((await (await announce(factory, 'client-factory-1', [`record:colorway:${other.id}`, `record:colorway:${own.id}`])).json()).Topics).toEqual([
      `record:colorway:${own.id}`,
    ]);
    const factoryUser = await userOf(factory);
    const opens = await Promise.all(
      [...t.ctx.schemas.grids.keys()].map((g) =>
        gridFor(t.ctx, factoryUser, g, 'read').then(
          () => true,
          () => false,
        ),
      ),
    );
    const refused = [...t.ctx.schemas.grids.keys()].filter((_, i) => !opens[i]);
    expect(refused.length).toBeGreaterThan(0);
    expect(
      (
        await (
          await announce(
            factory,
            'client-factory-1',
            refused.slice(0, 10).map((g) => `grid:${g}`),
          )
        ).json()
      ).Topics,
    ).toEqual([]);
    expect((await announce(factory, 'bad', [])).status).toBe(400);
    // An entity with tables but no record view (roles: their own screen's reads) is no topic.
    expect((await (await announce(costing, 'client-costing-2', ['record:role:1'])).json()).Topics).toEqual([]);
  });
});
