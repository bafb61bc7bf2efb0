/**
 * Issue 10, horizontal scale: two real server processes (`tsx server/main.ts`) on one PostgreSQL
 * database and one DATA_DIR, started at once on an empty database, share sessions, revocations
 * (NOTIFY), the job queue (each job run once) and the session caches. PostgreSQL only: with the
 * embedded database one process owns the data, so this is reported skipped without DATABASE_URL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, DEMO_PASSWORD, emailOf } from '../helpers/test-app';
import { startServer, type RunningServer } from '../../bench/lib/server';
import { listMigrationFiles } from '../../server/core/db/migrate';
import type { Db } from '../../server/core/db/client';

const pgUrl = process.env.DATABASE_URL;

describe.skipIf(!pgUrl)('issue 10: two server processes on one PostgreSQL', () => {
  let fresh: { db: Db; url: string; drop: () => Promise<void> };
  let dataDir: string;
  let a: RunningServer, b: RunningServer;

  beforeAll(async () => {
    fresh = await freshPostgres(pgUrl!);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plm-two-'));
    // Both start together on the empty database: one migrates and seeds, the other waits for it.
    [a, b] = await Promise.all([0, 1].map(() => startServer({ DATABASE_URL: fresh.url }, dataDir)));
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await fresh?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const signIn = async (server: RunningServer, user: string) => {
    const body = new URLSearchParams({ grant_type: 'password', username: emailOf(user), password: DEMO_PASSWORD });
    const res = await fetch(`${server.url}/api/token`, { method: 'POST', body });
    expect(res.status).toBe(200);
    return res.json() as Promise<{ access_token: string; userId: number }>;
  };
  const brands = (server: RunningServer, token: string) =>
    fetch(`${server.url}/api/Brand/GetBrandsByUser`, { headers: { authorization: `Bearer ${token}` } });
  /** Polls until `done` holds; fails after 1 s. */
  const within1s = async (done: () => Promise<boolean>) => {
    const t0 = Date.now();
    while (!(await done())) {
      if (Date.now() - t0 > 1000) throw new Error('still not effective after 1 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('started together, they migrated and seeded the database once', async () => {
    const [{ n }] = await fresh.db.query('SELECT count(*)::int AS n FROM schema_migrations');
    expect(n).toBe(listMigrationFiles().length);
    const [{ admins }] = await fresh.db.query(`SELECT count(*)::int AS admins FROM users WHERE username = 'admin@example.com'`);
    expect(admins).toBe(1);
  });

  it('a session signed in on one process works on the other; signing out on one is 401 on the other within 1 s', async () => {
    const s = await signIn(a, 'designer');
    for (let i = 0; i < 2; i++) expect((await brands(b, s.access_token)).status).toBe(200); // now in b's cache
    const out = await fetch(`${a.url}/api/Account/Logout`, { method: 'POST', headers: { authorization: `Bearer ${s.access_token}` } });
    expect(out.status).toBe(200);
    await within1s(async () => (await brands(b, s.access_token)).status === 401);
  });

  it('a brand taken from a user and a user disabled elsewhere apply on both processes within 1 s', async () => {
    const s = await signIn(b, 'designer');
    const before = await (await brands(a, s.access_token)).json();
    expect((await brands(b, s.access_token)).status).toBe(200);
    await fresh.db.query('DELETE FROM user_brands WHERE userid = $1 AND brandid = $2', [s.userId, before[0].BrandId]);
    for (const server of [a, b]) await within1s(async () => (await (await brands(server, s.access_token)).json()).length === before.length - 1);
    await fresh.db.query('UPDATE users SET isactive = false WHERE userid = $1', [s.userId]);
    for (const server of [a, b]) await within1s(async () => (await brands(server, s.access_token)).status === 401);
  });

  it('each queued job runs exactly once across the two processes (SKIP LOCKED)', async () => {
    const JOBS = 40;
    await fresh.db.query(`INSERT INTO jobs (queue, payload)
      SELECT 'mail', json_build_object('to', 'job' || g || '@example.com', 'subject', 'Job ' || g, 'text', 'Once.')
        FROM generate_series(1, $1::int) g`, [JOBS]);
    const t0 = Date.now();
    for (;;) {
      const [{ open }] = await fresh.db.query(`SELECT count(*)::int AS open FROM jobs WHERE status IN ('Queued', 'Running')`);
      if (open === 0) break;
      if (Date.now() - t0 > 30_000) throw new Error(`${open} jobs still open after 30 s`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const jobs = await fresh.db.query(`SELECT status, attempts FROM jobs WHERE payload->>'subject' LIKE 'Job %'`);
    expect(jobs).toHaveLength(JOBS);
    expect(jobs.every((j) => j.status === 'Completed' && j.attempts === 1)).toBe(true);
    const mails = fs.readdirSync(path.join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml'))
      .map((f) => fs.readFileSync(path.join(dataDir, 'outbox', f), 'utf8')).filter((m) => /^Subject: Job \d+$/m.test(m));
    expect(mails).toHaveLength(JOBS);
  });
});
