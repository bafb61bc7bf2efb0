/**
 * Issue 30 (ADR 035): the change feed across two real server processes on one PostgreSQL database:
 * a save answered by one process reaches a stream served by the other within a second (LISTEN/
 * NOTIFY between processes), and a sign-out on one ends the stream on the other within a second.
 * PostgreSQL only (reported skipped without DATABASE_URL, as two-processes.test.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, DEMO_PASSWORD, emailOf } from '../helpers/test-app';
import { openFeed, type FeedReader } from '../helpers/sse';
import { startServer, type RunningServer } from '../../bench/lib/server';
import type { Db } from '../../server/core/db/client';

const pgUrl = process.env.DATABASE_URL;

describe.skipIf(!pgUrl)('issue 30: the change feed across two server processes on one PostgreSQL', () => {
  let fresh: { db: Db; url: string; drop: () => Promise<void> };
  let dataDir: string;
  let a: RunningServer, b: RunningServer;
  const feeds: FeedReader[] = [];

  beforeAll(async () => {
    fresh = await freshPostgres(pgUrl!);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plm-feed-'));
    [a, b] = await Promise.all([0, 1].map(() => startServer({ DATABASE_URL: fresh.url }, dataDir)));
  }, 240_000);

  afterAll(async () => {
    await Promise.all(feeds.map((f) => f.close()));
    await Promise.all([a?.stop(), b?.stop()]);
    await fresh?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const signIn = async (server: RunningServer, user: string) => {
    const res = await fetch(`${server.url}/api/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'password', username: emailOf(user), password: DEMO_PASSWORD }) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  };
  const feed = async (server: RunningServer, token: string) => {
    const f = await openFeed(() => fetch(`${server.url}/api/Feed`, { headers: { authorization: `Bearer ${token}` } }));
    feeds.push(f);
    expect(f.status).toBe(200);
    await f.next((e) => e.event === 'hello');
    return f;
  };

  it('a grid save answered by one process reaches a stream of the other within a second', async () => {
    const [costing, forecast] = [await signIn(a, 'costing'), await signIn(b, 'forecast')];
    const f = await feed(b, forecast);
    const [row] = await fresh.db.query(`SELECT prototypeseasonalid AS id, rowversion AS v FROM colorway_view WHERE NOT isdeleted AND statusid = 2
      AND brandid IN (SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'costing@example.com') ORDER BY 1 LIMIT 1`);
    const res = await fetch(`${a.url}/api/Grid/costing/Save`, {
      method: 'POST', headers: { authorization: `Bearer ${costing}`, 'content-type': 'application/json' },
      body: JSON.stringify({ rows: [{ Key: row.id, RowVersion: row.v, Changes: { FFC: 44.25 } }] }),
    });
    expect(res.status).toBe(200);
    // Within a second of the save's answer (on the other process).
    const e = await f.next((x) => x.event === 'records' && x.data.Records.some((r: any) => r.Id === row.id), 1000);
    expect(e.data.Records.find((r: any) => r.Id === row.id).Fields.FFC).toBe(44.25);
  });

  it('a sign-out on one process ends the stream on the other within a second', async () => {
    const token = await signIn(a, 'designer');
    const f = await feed(b, token);
    expect((await fetch(`${a.url}/api/Account/Logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    await f.ended(1000); // within a second of the sign-out's answer
  });
});
