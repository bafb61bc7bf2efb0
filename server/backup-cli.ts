/**
 * `npm run backup -- FILE` and `npm run restore -- FILE` (issue 29; README "Backup and restore"),
 * with the server's own settings (DATA_DIR, DATABASE_URL). A backup of PostgreSQL is taken here
 * (pg_dump); one of the embedded database by the server that owns it, asked through its control
 * socket, or here when no server runs on the folder. A restore goes into a new data folder or an
 * empty database, never over data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './core/config';
import { openPglite, openPostgres } from './core/db/client';
import { takeBackup, type BackupManifest } from './core/backup/backup';
import { requestBackup, runningServer } from './core/backup/control';
import { restoreBackup } from './core/backup/restore';

const appVersion = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')).version as string;

async function backup(file: string): Promise<BackupManifest> {
  const config = loadConfig();
  if (config.databaseUrl) {
    const db = await openPostgres(config.databaseUrl);
    try {
      return await takeBackup({ db, dataDir: config.dataDir, databaseUrl: config.databaseUrl, appVersion }, file);
    } finally {
      await db.close();
    }
  }
  // One process owns an embedded database: a running server takes the backup itself.
  if (runningServer(config.dataDir) !== undefined) return requestBackup(config.dataDir, file);
  const dir = path.join(config.dataDir, 'db');
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`There is no database in ${dir} (set DATA_DIR, or DATABASE_URL).`);
  const db = await openPglite(dir);
  try {
    return await takeBackup({ db, dataDir: config.dataDir, appVersion }, file);
  } finally {
    await db.close();
  }
}

async function restore(file: string): Promise<BackupManifest> {
  const config = loadConfig();
  const pid = runningServer(config.dataDir);
  if (pid !== undefined) throw new Error(`A server (pid ${pid}) runs on ${config.dataDir}: restore into a new data folder.`);
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist.`);
  return restoreBackup(file, { dataDir: config.dataDir, databaseUrl: config.databaseUrl });
}

async function main() {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    console.error('Usage: npm run backup -- FILE   |   npm run restore -- FILE   (with DATA_DIR, or DATABASE_URL)');
    process.exit(2);
  }
  const target = path.resolve(file);
  const started = Date.now();
  const m = command === 'backup' ? await backup(target) : await restore(target);
  const what = `${m.database === 'pglite' ? 'embedded database' : 'PostgreSQL database'} (migration ${m.migrations.at(-1) ?? 0}), ${m.files} files`;
  if (command === 'backup') console.log(`Backup written to ${target}: ${what}, in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  else console.log(`Restored ${target} (taken ${m.createdAt}, version ${m.appVersion}): ${what}. Start the server: it applies newer migrations on start.`);
}

main().catch((err) => {
  console.error((err as Error).message);
  process.exit(1);
});
