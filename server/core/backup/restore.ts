/**
 * Issue 29: restores a backup archive (backup.ts) into a new data folder (the embedded database in
 * DATA_DIR/db) or into an empty PostgreSQL database (DATABASE_URL), with its files in DATA_DIR/files.
 * It never overwrites: a data folder with a database or files, or a database with tables, is
 * refused. The restored database keeps the migrations it had: the server applies the newer ones on
 * its next start (boot.ts), so an older backup comes up on the current version.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { BACKUP_FORMAT, diskError, type BackupManifest } from './backup';
import { pgTool } from './pg-tools';

const run = promisify(execFile);

export interface RestoreTarget {
  dataDir: string;
  databaseUrl?: string;
}

const hasEntries = async (dir: string) => (await fs.readdir(dir).catch(() => [])).length > 0;

async function databaseIsEmpty(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query(`SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                                    WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%' AND c.relkind IN ('r', 'v', 'm', 'p')`);
    return rows[0].n === 0;
  } finally {
    await c.end().catch(() => {});
  }
}

/** Refuses a target that already holds data; answers what is wrong, or undefined. */
async function targetProblem(target: RestoreTarget): Promise<string | undefined> {
  if (await hasEntries(path.join(target.dataDir, 'files'))) return `${path.join(target.dataDir, 'files')} is not empty: restore into a new data folder.`;
  if (target.databaseUrl)
    return (await databaseIsEmpty(target.databaseUrl)) ? undefined : 'The database of DATABASE_URL is not empty: restore into an empty database.';
  if (await hasEntries(path.join(target.dataDir, 'db'))) return `${path.join(target.dataDir, 'db')} holds a database: restore into a new data folder.`;
  return undefined;
}

/** Restores `file` into `target`; answers the backup's manifest. */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<BackupManifest> {
  const problem = await targetProblem(target);
  if (problem) throw new Error(problem);
  await fs.mkdir(target.dataDir, { recursive: true });
  const stage = await fs.mkdtemp(path.join(target.dataDir, '.restore-'));
  let restoring: string | undefined;
  try {
    await run('tar', ['-xzf', path.resolve(file), '-C', stage], { maxBuffer: 16 * 1024 * 1024 });
    const manifest = JSON.parse(await fs.readFile(path.join(stage, 'backup.json'), 'utf8').catch(() => '{}')) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT) throw new Error(`${file} is not a backup of this application.`);
    if (manifest.database === 'pglite') {
      if (target.databaseUrl) throw new Error('This is a backup of the embedded database: restore it with DATA_DIR alone (without DATABASE_URL).');
      const db = path.join(target.dataDir, 'db');
      restoring = db;
      await fs.mkdir(db, { recursive: true });
      await run('tar', ['-xf', path.join(stage, 'db', 'pgdata.tar'), '-C', db], { maxBuffer: 16 * 1024 * 1024 });
    } else {
      if (!target.databaseUrl) throw new Error('This is a backup of a PostgreSQL database: restore it with DATABASE_URL naming an empty database.');
      await run(
        pgTool('pg_restore'),
        ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${target.databaseUrl}`, path.join(stage, 'db', 'dump.pgdump')],
        { maxBuffer: 16 * 1024 * 1024 },
      );
    }
    await fs.mkdir(path.join(stage, 'files'), { recursive: true });
    await fs.rm(path.join(target.dataDir, 'files'), { recursive: true, force: true });
    await fs.rename(path.join(stage, 'files'), path.join(target.dataDir, 'files'));
    // The token secret comes back unless the folder has one (or TOKEN_SECRET is set, which wins anyway).
    await fs.copyFile(path.join(stage, 'token-secret'), path.join(target.dataDir, 'token-secret'), fs.constants.COPYFILE_EXCL).catch(() => {});
    return manifest;
  } catch (err) {
    // Nothing half-restored: the database folder this call filled goes (a PostgreSQL restore is one transaction).
    if (restoring) await fs.rm(restoring, { recursive: true, force: true });
    throw diskError(err, 'the restore');
  } finally {
    await fs.rm(stage, { recursive: true, force: true });
  }
}
