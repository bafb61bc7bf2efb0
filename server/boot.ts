/**
 * Builds the application context: opens the database, applies migrations, seeds demo data on a
 * fresh database (and draws its product images into a data directory that has none), loads the schemas (an invalid document stops here with file and path), and
 * wires mail to the job queue. Used by server start, tests and benchmarks alike.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './core/config';
import type { AppContext } from './core/context';
import { openDb, type Db } from './core/db/client';
import { runMigrations } from './core/db/migrate';
import { loadSchemas, type SchemaRegistry } from './core/schemas/registry';
import { createMailer } from './core/mail/mailer';
import { JobQueue } from './core/jobs/queue';
import { loadTokenSecret } from './core/auth/tokens';
import { seedDemo } from '../fixtures/seed-demo';
import { writeDemoImages } from '../fixtures/demo/images';
import { registerImportJobs } from './core/imports/jobs';
import { installFeatures } from './features';
import { startSearchCatchUps } from './core/search/catch-up';
import { Activity } from './core/http/activity';

const pkg = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8'));

export async function isEmpty(db: Db) {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  return row.n === 0;
}

export async function boot(config: Config, opts: { db?: Db; inMemory?: boolean; schemas?: SchemaRegistry } = {}): Promise<AppContext> {
  // A registry given by the caller (the API tests' apps share their worker's: loading one costs ~0.4 s) or the schemas/ folder's.
  const schemas = opts.schemas ?? loadSchemas();
  const db =
    opts.db ??
    (await openDb({
      databaseUrl: config.databaseUrl,
      dataDir: opts.inMemory ? undefined : path.join(config.dataDir, 'db'),
    }));
  // Processes starting together on one PostgreSQL migrate and seed one after the other.
  await db.exclusive('migrate', async () => {
    await runMigrations(db);
    if (config.seedDemo && (await isEmpty(db))) await seedDemo(db);
    // The demo's product images, drawn into this data directory once (its database may come seeded, e.g. from a test template).
    if (config.seedDemo && config.demoImages !== false) await writeDemoImages(db, config.dataDir);
  });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox') });
  const jobs = new JobQueue(db);
  jobs.register('mail', (job) => mailer.send(job.payload));
  const ctx: AppContext = {
    config,
    db,
    schemas,
    mailer,
    jobs,
    tokenSecret: loadTokenSecret(opts.inMemory ? undefined : config.dataDir),
    appVersion: pkg.version,
    activity: new Activity(),
  };
  installFeatures();
  registerImportJobs(ctx);
  await startSearchCatchUps(ctx);
  return ctx;
}
