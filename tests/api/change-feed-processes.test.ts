/**
 * Issue 30 (ADR 035): the change feed across two real server processes on one PostgreSQL database:
 * a save answered by one process reaches a stream served by the other within a second (LISTEN/
 * NOTIFY between processes), and a sign-out on one ends the stream on the other within a second.
 * PostgreSQL only (reported skipped without DATABASE_URL, as two-processes.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { twoProcesses, signInOn } from '../helpers/two-processes';
import { openFeed, type FeedReader } from '../helpers/sse';
import type { RunningServer } from '../../bench/lib/server';

const pgUrl = process.env.DATABASE_URL;

describe.skipIf(!pgUrl)('issue 30: the change feed across two server processes on one PostgreSQL', () => {
  const feeds: FeedReader[] = [];
  const two = twoProcesses(pgUrl!, 'plm-feed-', () => Promise.all(feeds.map((f) => f.close())));
  const signIn = async (server: RunningServer, user: string) => (await signInOn(server, user)).access_token;
  const feed = async (server: RunningServer, token: string) => {
    const f = await openFeed(() => fetch(`${server.url}/api/Feed`, { headers: { authorization: `Bearer ${token}` } }));
    feeds.push(f);
    expect(f.status).toBe(200);
    await f.next((e) => e.event === 'hello');
    return f;
  };

  it('a grid save answered by one process reaches a stream of the other within a second', async () => {
    const [costing, forecast] = [await signIn(two.a, 'costing'), await signIn(two.b, 'forecast')];
    const f = await feed(two.b, forecast);
    const [row] = await two.db.query(`SELECT prototypeseasonalid AS id, rowversion AS v FROM colorway_view WHERE NOT isdeleted AND statusid = 2
      AND brandid IN (SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'costing@example.com') ORDER BY 1 LIMIT 1`);
    const res = await fetch(`${two.a.url}/api/Grid/costing/Save`, {
      method: 'POST',
      headers: { authorization: `Bearer ${costing}`, 'content-type': 'application/json' },
      body: JSON.stringify({ rows: [{ Key: row.id, RowVersion: row.v, Changes: { FFC: 44.25 } }] }),
    });
    expect(res.status).toBe(200);
    // Within a second of the save's answer (on the other process).
    const e = await f.next((x) => x.event === 'records' && x.data.Records.some((r: any) => r.Id === row.id), 1000);
    expect(e.data.Records.find((r: any) => r.Id === row.id).Fields.FFC).toBe(44.25);
  });

  it('a sign-out on one process ends the stream on the other within a second', async () => {
    const token = await signIn(two.a, 'designer');
    const f = await feed(two.b, token);
    expect((await fetch(`${two.a.url}/api/Account/Logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    await f.ended(1000); // within a second of the sign-out's answer
  });
});
