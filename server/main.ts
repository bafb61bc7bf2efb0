/**
 * `npm start`: builds the web app when it is missing or older than its sources, then serves it
 * with the API on PORT over the configured database (embedded PGlite in DATA_DIR by default).
 */
import { serve } from '@hono/node-server';
import { loadConfig } from './core/config';
import { boot } from './boot';
import { createApp } from './app';
import { ensureWebBuild } from './web-build';
import { SchemaDocumentError } from './core/schemas/registry';
import { logProcessError } from './core/http/error-log';
import { startControl } from './core/backup/control';
import { scheduleBackups } from './core/backup/schedule';
import { QUIET_MS, startEmbeddedUpkeep } from './core/db/upkeep';

async function main() {
  const config = loadConfig();
  if (process.env.SKIP_WEB_BUILD !== 'true') await ensureWebBuild();
  const ctx = await boot(config);
  // The last line of defence (issue 10): an error no request or job handled is logged and the
  // server keeps serving everyone else, instead of one bad request ending the process.
  const unhandled = (origin: string) => (err: unknown) => {
    console.error(`Unhandled ${origin}:`, err);
    void logProcessError(ctx.db, origin, err);
  };
  process.on('unhandledRejection', unhandled('rejection'));
  process.on('uncaughtException', unhandled('exception'));
  await ctx.jobs.start();
  // Issue 29: `npm run backup` asks this process for the embedded database's backup (one process owns it); optional scheduled backups.
  const backupSource = { db: ctx.db, dataDir: config.dataDir, databaseUrl: config.databaseUrl, appVersion: ctx.appVersion };
  const control =
    ctx.db.kind === 'pglite'
      ? await startControl(backupSource).catch((err) => {
          console.error(`No control socket, so npm run backup cannot reach this server: ${err.message}`);
          return undefined;
        })
      : undefined;
  const schedule = config.backup ? scheduleBackups(backupSource, config.backup) : undefined;
  // The embedded database has no autovacuum: the server vacuums and analyses its tables when quiet (ADR 044):
  // no request for a while and no job (an upload's commit) running.
  const upkeep = startEmbeddedUpkeep(ctx.db, () => ctx.activity.quietFor(QUIET_MS) && !ctx.jobs.busy);
  const app = createApp(ctx);
  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    console.log(`PLM workbench on http://localhost:${info.port} (${ctx.db.kind}${config.apiUpstream ? `, API proxied to ${config.apiUpstream}` : ''})`);
  });
  // A port that cannot be taken (in use, not allowed) ends the start with the reason, instead of a
  // process that runs on without serving anything.
  server.once('error', (err: NodeJS.ErrnoException) => {
    const why =
      err.code === 'EADDRINUSE'
        ? `port ${config.port} is already in use: set PORT to a free port`
        : err.code === 'EACCES'
          ? `port ${config.port} is not allowed for this user: set PORT to a port above 1023`
          : err.message;
    console.error(`The server cannot listen: ${why}.`);
    void ctx.db.close().finally(() => process.exit(1));
  });
  const shutdown = async () => {
    server.close();
    await schedule?.stop();
    await upkeep.stop();
    await control?.close();
    await ctx.jobs.stop();
    await ctx.db.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  if (err instanceof SchemaDocumentError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
