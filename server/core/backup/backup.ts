/**
 * Issue 29: one backup archive of everything a team's PLM is (docs/decisions/034): the database and
 * DATA_DIR/files (images, documents, upload files; not its temp folder), plus the token secret, as
 * one .tar.gz with a manifest. Taken online, while the server serves:
 *
 * - embedded database: the data directory as PGlite dumps it (a crash-consistent copy of its files,
 *   taken between statements), inside a transaction of the serving process so no other transaction
 *   is open meanwhile; the files are hard-linked into the staging folder in the same transaction.
 *   Every upload renames its files into place inside its own transaction, so the archive holds
 *   exactly the committed records and their files. Only the serving process can do this (one process
 *   owns an embedded database): `npm run backup` asks it through its control socket (control.ts).
 * - PostgreSQL: pg_dump under a snapshot exported from a repeatable-read transaction; the files are
 *   linked before the snapshot and again (new ones only) after it, so every file a committed row of
 *   the snapshot names is in the archive.
 *
 * The archive is written aside and renamed into place: a failed backup (a full disk) leaves nothing
 * behind, no partial archive and no staging folder.
 */
import { execFile } from 'node:child_process';
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Db } from '../db/client';
import { pgTool } from './pg-tools';

const run = promisify(execFile);

export const BACKUP_FORMAT = 'plm-workbench-backup';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  appVersion: string;
  database: 'pglite' | 'postgres';
  /** The migrations the database had: a restored older backup gets the rest on the next start. */
  migrations: number[];
  /** Files of DATA_DIR/files in the archive. */
  files: number;
}

export interface BackupSource {
  db: Db;
  dataDir: string;
  databaseUrl?: string;
  appVersion: string;
}

/** A clear message for a full disk (ENOSPC) or a quota; other errors as they are. */
export function diskError(err: unknown, what: string): Error {
  const code = (err as NodeJS.ErrnoException)?.code;
  // tar and pg_dump report it on stderr (their exit code says only that they failed).
  const said = String((err as { stderr?: unknown })?.stderr ?? '');
  if (code === 'ENOSPC' || code === 'EDQUOT' || /No space left on device|Disk quota exceeded/i.test(said))
    return new Error(`The disk is full: ${what} was not written, and nothing partial was left behind.`);
  return err instanceof Error ? err : new Error(String(err));
}

/**
 * Hard-links (else copies) every file under `from` into the same place under `to`; `skip` names
 * relative folders left out. `onlyNew`: files already under `to` are kept. Answers how many files
 * `to` holds from this call.
 */
export async function linkTree(from: string, to: string, skip: (rel: string) => boolean = () => false, onlyNew = false): Promise<number> {
  let count = 0;
  const walk = async (rel: string) => {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(path.join(from, rel), { withFileTypes: true });
    } catch (err) {
      // A folder removed meanwhile (an image deleted while the backup runs) has nothing to link.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    await fs.mkdir(path.join(to, rel), { recursive: true });
    for (const e of entries) {
      const r = path.join(rel, e.name);
      if (e.isDirectory()) {
        if (!skip(r)) await walk(r);
        continue;
      }
      if (!e.isFile()) continue;
      const target = path.join(to, r);
      try {
        await fs.link(path.join(from, r), target);
        count++;
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'EEXIST' && onlyNew) continue;
        if (code === 'ENOENT') continue; // removed meanwhile
        if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw err;
        await fs.copyFile(path.join(from, r), target);
        count++;
      }
    }
  };
  await walk('');
  return count;
}

const skipTemp = (rel: string) => rel === 'tmp';

async function migrationsOf(db: Db): Promise<number[]> {
  return (await db.query<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id')).map((r) => r.id);
}

/** The embedded database and the files at one point: no other transaction runs while both are taken. */
async function stagePglite(src: BackupSource, stage: string) {
  // A checkpoint first: the copy then needs little replay of the write-ahead log when it is opened.
  await src.db.exec('CHECKPOINT').catch(() => {});
  return src.db.tx(async () => {
    const tar = await src.db.dumpDataDir!();
    await fs.writeFile(path.join(stage, 'db', 'pgdata.tar'), Buffer.from(await tar.arrayBuffer()));
    return linkTree(path.join(src.dataDir, 'files'), path.join(stage, 'files'), skipTemp);
  });
}

/** pg_dump under an exported snapshot; the files linked before and after it. */
async function stagePostgres(src: BackupSource, stage: string) {
  if (!src.databaseUrl) throw new Error('A PostgreSQL backup needs DATABASE_URL.');
  const files = path.join(src.dataDir, 'files');
  let count = await linkTree(files, path.join(stage, 'files'), skipTemp);
  const holder = new pg.Client({ connectionString: src.databaseUrl });
  await holder.connect();
  try {
    await holder.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const [{ snapshot }] = (await holder.query('SELECT pg_export_snapshot() AS snapshot')).rows;
    await run(
      pgTool('pg_dump'),
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${snapshot}`,
        `--file=${path.join(stage, 'db', 'dump.pgdump')}`,
        `--dbname=${src.databaseUrl}`,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    count += await linkTree(files, path.join(stage, 'files'), skipTemp, true);
    await holder.query('COMMIT');
  } finally {
    await holder.end().catch(() => {});
  }
  return count;
}

/** Takes a backup into `file` (a .tar.gz); answers its manifest. */
export async function takeBackup(src: BackupSource, file: string): Promise<BackupManifest> {
  const target = path.resolve(file);
  await fs.mkdir(src.dataDir, { recursive: true });
  // Staged inside DATA_DIR: on the files' own file system, so they are hard links, not copies.
  const stage = await fs.mkdtemp(path.join(src.dataDir, '.backup-'));
  const part = `${target}.${process.pid}.part`;
  try {
    await fs.mkdir(path.join(stage, 'db'), { recursive: true });
    await fs.mkdir(path.join(stage, 'files'), { recursive: true });
    const files = src.db.kind === 'pglite' ? await stagePglite(src, stage) : await stagePostgres(src, stage);
    await fs.copyFile(path.join(src.dataDir, 'token-secret'), path.join(stage, 'token-secret')).catch(() => {});
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      appVersion: src.appVersion,
      database: src.db.kind,
      migrations: await migrationsOf(src.db),
      files,
    };
    await fs.writeFile(path.join(stage, 'backup.json'), JSON.stringify(manifest, null, 2));
    await fs.mkdir(path.dirname(target), { recursive: true });
    await run('tar', ['-czf', part, '-C', stage, '.'], { maxBuffer: 16 * 1024 * 1024 });
    // The archive holds every record and the token secret: readable by its owner only.
    await fs.chmod(part, 0o600);
    await fs.rename(part, target);
    return manifest;
  } catch (err) {
    await fs.rm(part, { force: true });
    throw diskError(err, 'the backup');
  } finally {
    await fs.rm(stage, { recursive: true, force: true });
  }
}
