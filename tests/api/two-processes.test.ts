/**
 * Issue 10, horizontal scale: two real server processes (`tsx server/main.ts`) on one PostgreSQL
 * database and one DATA_DIR, started at once on an empty database, share sessions, revocations
 * (NOTIFY), the job queue (each job run once) and the session caches. PostgreSQL only: with the
 * embedded database one process owns the data, so this is reported skipped without DATABASE_URL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { twoProcesses, signInOn } from '../helpers/two-processes';
import type { RunningServer } from '../../bench/lib/server';
import { listMigrationFiles } from '../../server/core/db/migrate';

const pgUrl = process.env.DATABASE_URL;

describe.skipIf(!pgUrl)('issue 10: two server processes on one PostgreSQL', () => {
  const two = twoProcesses(pgUrl!, 'plm-two-');
  const signIn = async (server: RunningServer, user: string) => signInOn(server, user);
  const brands = (server: RunningServer, token: string) => fetch(`${server.url}/api/Brand/GetBrandsByUser`, { headers: { authorization: `Bearer ${token}` } });
  /** Polls until `done` holds; fails after 1 s. */
  const within1s = async (done: () => Promise<boolean>) => {
    const t0 = Date.now();
    while (!(await done())) {
      if (Date.now() - t0 > 1000) throw new Error('still not effective after 1 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('started together, they migrated and seeded the database once', async () => {
    const [{ n }] = await two.db.query('SELECT count(*)::int AS n FROM schema_migrations');
    expect(n).toBe(listMigrationFiles().length);
    const [{ admins }] = await two.db.query(`SELECT count(*)::int AS admins FROM users WHERE username = 'admin@example.com'`);
    expect(admins).toBe(1);
  });

  it('a session signed in on one process works on the other; signing out on one is 401 on the other within 1 s', async () => {
    const s = await signIn(two.a, 'designer');
    for (let i = 0; i < 2; i++) expect((await brands(two.b, s.access_token)).status).toBe(200); // now in b's cache
    const out = await fetch(`${two.a.url}/api/Account/Logout`, { method: 'POST', headers: { authorization: `Bearer ${s.access_token}` } });
    expect(out.status).toBe(200);
    await within1s(async () => (await brands(two.b, s.access_token)).status === 401);
  });

  it('a brand taken from a user and a user disabled elsewhere apply on both processes within 1 s', async () => {
    const s = await signIn(two.b, 'designer');
    const before = await (await brands(two.a, s.access_token)).json();
    expect((await brands(two.b, s.access_token)).status).toBe(200);
    await two.db.query('DELETE FROM user_brands WHERE userid = $1 AND brandid = $2', [s.userId, before[0].BrandId]);
    for (const server of [two.a, two.b]) await within1s(async () => (await (await brands(server, s.access_token)).json()).length === before.length - 1);
    await two.db.query('UPDATE users SET isactive = false WHERE userid = $1', [s.userId]);
    for (const server of [two.a, two.b]) await within1s(async () => (await brands(server, s.access_token)).status === 401);
  });

  it('each queued job runs exactly once across the two processes (SKIP LOCKED)', async () => {
    const JOBS = 40;
    await two.db.query(
      `INSERT INTO jobs (queue, payload)
      SELECT 'mail', json_build_object('to', 'job' || g || '@example.com', 'subject', 'Job ' || g, 'text', 'Once.')
        FROM generate_series(1, $1::int) g`,
      [JOBS],
    );
    const t0 = Date.now();
    for (;;) {
      const [{ open }] = await two.db.query(`SELECT count(*)::int AS open FROM jobs WHERE status IN ('Queued', 'Running')`);
      if (open === 0) break;
      if (Date.now() - t0 > 30_000) throw new Error(`${open} jobs still open after 30 s`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const jobs = await two.db.query(`SELECT status, attempts FROM jobs WHERE payload->>'subject' LIKE 'Job %'`);
    expect(jobs).toHaveLength(JOBS);
    expect(jobs.every((j) => j.status === 'Completed' && j.attempts === 1)).toBe(true);
    const mails = fs
      .readdirSync(path.join(two.dataDir, 'outbox'))
      .filter((f) => f.endsWith('.eml'))
      .map((f) => fs.readFileSync(path.join(two.dataDir, 'outbox', f), 'utf8'))
      .filter((m) => /^Subject: Job \d+$/m.test(m));
    expect(mails).toHaveLength(JOBS);
  });
});
