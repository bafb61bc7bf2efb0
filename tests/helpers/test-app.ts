/**
 * An in-process application for API tests: a fresh database (in-memory PGlite, or a new
 * database on the PostgreSQL server named by DATABASE_URL), migrated and seeded with the demo
 * data, a temp DATA_DIR for the outbox, and small request helpers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { loadConfig, type Config } from '../../server/core/config';
import { boot } from '../../server/boot';
import { createApp } from '../../server/app';
import { openPglite, openPostgres, type Db } from '../../server/core/db/client';
import { openPgliteInWorker } from '../../server/core/db/pglite-in-worker';
import { MIGRATIONS_DIR, runMigrations } from '../../server/core/db/migrate';
import { seedDemo } from '../../fixtures/seed-demo';
import type { AppContext } from '../../server/core/context';
import { loadSchemas, type SchemaRegistry } from '../../server/core/schemas/registry';

export const DEMO_PASSWORD = 'Demo!2026pass';
export const DEMO_USERS = ['admin', 'designer', 'costing', 'forecast', 'factory', 'viewer'] as const;
export type DemoUser = (typeof DEMO_USERS)[number];

/** A fresh, empty database on the PostgreSQL server, dropped by `drop`. */
export async function freshPostgres(url: string): Promise<{ db: Db; url: string; drop: () => Promise<void> }> {
  const name = `plm_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return openedPostgres(url, name);
}

/** Database `name` of the server at `url`, opened, with its `drop`. */
async function openedPostgres(url: string, name: string): Promise<{ db: Db; url: string; drop: () => Promise<void> }> {
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await openPostgres(u.toString());
  return {
    db,
    url: u.toString(),
    drop: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A hash of everything that shapes a fresh database: migrations, fixtures and the seeder. */
function databaseInputsHash(): string {
  const h = crypto.createHash('sha256');
  for (const dir of [MIGRATIONS_DIR, path.join(ROOT, 'fixtures')]) {
    for (const f of fs.readdirSync(dir, { recursive: true }).map(String).sort()) {
      const file = path.join(dir, f);
      if (fs.statSync(file).isFile()) h.update(f).update(fs.readFileSync(file));
    }
  }
  return h.digest('hex').slice(0, 16);
}

/**
 * A fresh database on the PostgreSQL server, migrated and seeded: a copy (CREATE DATABASE … TEMPLATE)
 * of a template database built once per change of the database's inputs and kept on the server, as
 * the PGlite suite shares its template tar. Migrating and seeding a database costs seconds; a copy a
 * fraction of one. Templates of other inputs are dropped when a new one is built.
 */
export async function seededPostgres(url: string): Promise<{ db: Db; url: string; drop: () => Promise<void> }> {
  const template = `plm_test_template_${databaseInputsHash()}`;
  const name = `plm_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // One builder at a time across processes; the copy too, so no copy reads a template being built.
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', ['plm_test_template']);
    if (!(await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])).rowCount) {
      for (const { datname } of (await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE 'plm\\_test\\_template\\_%'`)).rows)
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      const building = `${template}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const u = new URL(url);
      u.pathname = `/${building}`;
      const db = await openPostgres(u.toString());
      try {
        await runMigrations(db);
        await seedDemo(db);
      } finally {
        await db.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
    }
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  return openedPostgres(url, name);
}

/**
 * A migrated, seeded PGlite data directory, built once per change of its inputs and shared by
 * test files through a tar in the temp folder (initdb alone takes seconds per instance).
 */
export async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `plm-test-template-${databaseInputsHash()}.tar`);
  if (!fs.existsSync(file)) {
    const db = await openPglite();
    await runMigrations(db);
    await seedDemo(db);
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, Buffer.from(await (await db.dumpDataDir!()).arrayBuffer()));
    fs.renameSync(tmp, file);
    await db.close();
  }
  return new Blob([fs.readFileSync(file)]);
}

export interface TestApp {
  ctx: AppContext;
  fetch: (req: Request) => Promise<Response>;
  dataDir: string;
  /** The test's own PostgreSQL database, when the suite runs on PostgreSQL (DATABASE_URL). */
  databaseUrl?: string;
  request(
    method: string,
    url: string,
    opts?: { token?: string; json?: unknown; form?: Record<string, string>; body?: BodyInit; headers?: Record<string, string> },
  ): Promise<Response>;
  login(user: DemoUser | string, password?: string): Promise<TokenAnswer>;
  /** Access tokens of several demo users, in the order given. */
  tokens(...users: (DemoUser | string)[]): Promise<string[]>;
  close(): Promise<void>;
}

export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  [k: string]: any;
}

export const emailOf = (user: string) => (user.includes('@') ? user : `${user}@example.com`);

/**
 * The schema registry the worker's apps share (api files share their worker's modules): loading and
 * compiling schemas/ costs ~0.4 s an app. The server never changes it; a test that does (a grid or a
 * visibility rule of its own) puts it back before it ends.
 */
let sharedSchemas: SchemaRegistry | undefined;

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plm-test-'));
  // The demo's product images only where a test asks for them (they cost a second per app).
  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir }), databaseUrl: undefined, demoImages: false, ...overrides };
  const pgUrl = process.env.DATABASE_URL;
  const fresh = pgUrl ? await seededPostgres(pgUrl) : undefined;
  // In process: a worker thread (the server's way, ADR 043) costs each app a second; TEST_PGLITE_WORKER=1 runs the suite on it.
  const open = process.env.TEST_PGLITE_WORKER === '1' ? openPgliteInWorker : openPglite;
  const db = fresh?.db ?? (await open(undefined, await pgliteTemplate()));
  const ctx = await boot(config, { db, inMemory: true, schemas: (sharedSchemas ??= loadSchemas()) });
  const app = createApp(ctx);
  const fetch = (req: Request) => Promise.resolve(app.fetch(req));
  const request: TestApp['request'] = (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body = opts.body;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    }
    if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    }
    return fetch(new Request(`http://localhost${url}`, { method, headers, body }));
  };
  const login: TestApp['login'] = async (user, password = DEMO_PASSWORD) => {
    const res = await request('POST', '/api/token', { form: { grant_type: 'password', username: emailOf(user), password } });
    const answer = await res.json();
    if (res.status !== 200) throw new Error(`login ${user} failed: ${res.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  return {
    ctx,
    fetch,
    dataDir,
    request,
    login,
    databaseUrl: fresh?.url,
    tokens: (...users) => Promise.all(users.map(async (u) => (await login(u)).access_token)),
    async close() {
      await ctx.jobs.stop();
      if (fresh) await fresh.drop();
      else await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
