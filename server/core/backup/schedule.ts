/**
 * Issue 29: scheduled backups with retention (BACKUP_DIR, BACKUP_EVERY_HOURS, BACKUP_KEEP): the
 * server takes a backup (backup.ts) into BACKUP_DIR when the newest one there is older than the
 * interval, then keeps the newest BACKUP_KEEP archives and removes older ones. A restart does not
 * take an extra backup; processes sharing a PostgreSQL database take turns (one lock) and the
 * second finds the fresh archive and skips.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Stoppable, timerChain } from '../jobs/timer-chain';
import { takeBackup, type BackupSource } from './backup';

export interface BackupSchedule {
  dir: string;
  everyHours: number;
  keep: number;
}

const ARCHIVE = /^plm-backup-\d{8}T\d{6}Z\.tar\.gz$/;

/** The archive's name for a time: sortable, one per second. */
export const archiveName = (at: Date) =>
  `plm-backup-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar.gz`;

/** Scheduled archives in the folder, oldest first. */
async function archives(dir: string): Promise<string[]> {
  return (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => ARCHIVE.test(f)).sort();
}

/** Removes all but the newest `keep` archives; answers the removed names. */
export async function prune(dir: string, keep: number): Promise<string[]> {
  const all = await archives(dir);
  const gone = all.slice(0, Math.max(0, all.length - Math.max(1, keep)));
  for (const f of gone) await fs.rm(path.join(dir, f), { force: true });
  return gone;
}

/** Milliseconds until the next backup is due (0: now). */
async function dueIn(s: BackupSchedule, now = Date.now()): Promise<number> {
  const newest = (await archives(s.dir)).at(-1);
  if (!newest) return 0;
  const { mtimeMs } = await fs.stat(path.join(s.dir, newest));
  return Math.max(0, mtimeMs + s.everyHours * 3_600_000 - now);
}

/** One scheduled run: a backup when due, then the retention. Answers the archive written, if any. */
export async function runScheduled(src: BackupSource, s: BackupSchedule): Promise<string | undefined> {
  return src.db.exclusive('backup', async () => {
    if ((await dueIn(s)) > 0) return undefined;
    const file = path.join(s.dir, archiveName(new Date()));
    await takeBackup(src, file);
    await prune(s.dir, s.keep);
    return file;
  });
}

/** Starts the schedule; `stop` ends it (a backup under way finishes first). */
export function scheduleBackups(src: BackupSource, s: BackupSchedule): Stoppable {
  // At least a second between looks: a folder whose newest archive is always due does not spin.
  const wait = () =>
    dueIn(s).then(
      (ms) => Math.max(ms, 1_000),
      () => s.everyHours * 3_600_000,
    );
  return timerChain(
    wait(),
    async () => {
      try {
        const file = await runScheduled(src, s);
        if (file) console.log(`Backup written: ${file}`);
      } catch (err) {
        console.error(`The scheduled backup failed: ${(err as Error).message}`);
      }
      return wait();
    },
    () => s.everyHours * 3_600_000,
  );
}
