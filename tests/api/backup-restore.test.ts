/**
 * Issue 29: backup and restore a user can run (server/core/backup, `npm run backup` / `npm run
 * restore`), on the database the suite runs on (embedded PGlite, or PostgreSQL when DATABASE_URL is
 * set: pg_dump and pg_restore). A backup taken while a grid save and an image upload commit is
 * restored into a fresh folder (and a fresh empty database), and a second server started there finds
 * every committed change and every file; the command line reaches the running server through its
 * control socket; an older backup is migrated on start; a full disk leaves nothing behind; the
 * schedule keeps the newest archives.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import postgres from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, freshPostgres, type TestApp } from '../helpers/test-app';
import { loadConfig } from '../../server/core/config';
import { boot } from '../../server/boot';
import { createApp } from '../../server/app';
import { openPglite, type Db } from '../../server/core/db/client';
import { listMigrationFiles, runMigrations } from '../../server/core/db/migrate';
import { takeBackup, type BackupSource } from '../../server/core/backup/backup';
import { restoreBackup } from '../../server/core/backup/restore';
import { startControl } from '../../server/core/backup/control';
import { runScheduled } from '../../server/core/backup/schedule';

const ROOT = path.resolve(import.meta.dirname, '../..');
const pgUrl = process.env.DATABASE_URL;
const run = promisify(execFile);

let t: TestApp;
let designer: string, costing: string;
const folders: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
const tmp = (prefix: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(d);
  return d;
};

beforeAll(async () => {
  t = await createTestApp();
  [designer, costing] = await t.tokens('designer', 'costing');
});
afterAll(async () => {
  for (const c of cleanups) await c().catch(() => {});
  for (const d of folders) fs.rmSync(d, { recursive: true, force: true });
  await t?.close();
});

const source = (): BackupSource => ({ db: t.ctx.db, dataDir: t.dataDir, databaseUrl: t.databaseUrl, appVersion: t.ctx.appVersion });

/** Where a restore goes: a new data folder, and on PostgreSQL a new empty database. */
async function freshTarget() {
  const dataDir = tmp('plm-restore-');
  const pg = pgUrl ? await freshPostgres(pgUrl) : undefined;
  if (pg) cleanups.push(pg.drop);
  return { dataDir, databaseUrl: pg?.url };
}

/** A second server on the restored data, started as `npm start` starts one (migrations on start). */
async function secondServer(target: { dataDir: string; databaseUrl?: string }) {
  const ctx = await boot({ ...loadConfig({ ...process.env, DATA_DIR: target.dataDir }), databaseUrl: target.databaseUrl, seedDemo: false });
  const app = createApp(ctx);
  const fetchApp = (url: string, init: RequestInit = {}) => Promise.resolve(app.fetch(new Request(`http://localhost${url}`, init)));
  const login = await (
    await fetchApp('/api/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'designer@example.com', password: DEMO_PASSWORD }).toString(),
    })
  ).json();
  const image = async (briefSeasonalId: number) => {
    const res = await fetchApp(`/api/Image/GetImage?projectId=${briefSeasonalId}&projectLevel=2&imageType=1&size=original`, {
      headers: { authorization: `Bearer ${login.access_token}` },
    });
    return res.status === 200 ? Buffer.from(await res.arrayBuffer()) : res.status;
  };
  return {
    ctx,
    image,
    close: async () => {
      await ctx.jobs.stop();
      await ctx.db.close();
    },
  };
}

const png = (color: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer();

function upload(briefSeasonalId: number, name: string, bytes: Buffer) {
  const fd = new FormData();
  for (const [k, v] of Object.entries({ ProjectId: briefSeasonalId, ProjectLevel: 2, ImageType: 1 })) fd.append(k, String(v));
  fd.append('file', new Blob([new Uint8Array(bytes)]), name);
  return t.request('POST', '/api/Image/UploadImage', { token: designer, body: fd });
}

async function saveCosts(rows: { id: number; v: number }[], ffc: number) {
  const res = await t.request('POST', '/api/Grid/costing/Save', {
    token: costing,
    json: { rows: rows.map((r) => ({ Key: r.id, RowVersion: r.v, Changes: { FFC: ffc } })) },
  });
  const body = await res.json();
  expect([res.status, body.Failed]).toEqual([200, []]);
}

const ffcOf = async (db: Db, ids: number[]) =>
  (await db.query<{ ffc: number }>('SELECT ffc FROM colorway_view WHERE prototypeseasonalid = ANY($1::int[]) ORDER BY prototypeseasonalid', [ids])).map((r) =>
    Number(r.ffc),
  );

describe('issue 29: backup and restore', () => {
  it('a backup taken while a grid save and an upload commit run, restored into a fresh folder: a second server finds every committed change and every file', async () => {
    // Two briefs (an image belongs to the brief, shared by its seasons).
    const briefs = (
      await t.ctx.db.query<{ id: number }>(`SELECT DISTINCT ON (briefid) briefseasonalid AS id FROM brief_view
      WHERE brandid = 1 AND statusid IN (1, 2) AND NOT isdeleted AND imagename IS NULL ORDER BY briefid, briefseasonalid LIMIT 2`)
    ).map((r) => r.id);
    const rows = await t.ctx.db.query<{ id: number; v: number }>(`SELECT prototypeseasonalid AS id, rowversion AS v FROM colorway_view
      WHERE NOT isdeleted AND brandid IN (SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'costing@example.com')
        AND (statusid = 1 OR (statusid = 2 AND factnameky IS NOT NULL)) ORDER BY 1 LIMIT 12`);
    expect([briefs.length, rows.length]).toEqual([2, 12]);
    const [before, during] = [await png('#c0392b'), await png('#2980b9')];
    const [first, second] = [rows.slice(0, 6), rows.slice(6)];
    const oldSecond = await ffcOf(
      t.ctx.db,
      second.map((r) => r.id),
    );

    // Committed before the backup.
    expect((await upload(briefs[0], 'before.png', before)).status).toBe(200);
    await saveCosts(first, 31.5);
    // A grid save and an upload commit while the backup is taken.
    const archive = path.join(tmp('plm-backup-'), 'during.tar.gz');
    const [up, , manifest] = await Promise.all([upload(briefs[1], 'during.png', during), saveCosts(second, 42.25), takeBackup(source(), archive)]);
    expect(up.status).toBe(200);
    expect(manifest).toMatchObject({ format: 'plm-workbench-backup', database: t.ctx.db.kind, migrations: listMigrationFiles().map((m) => m.id) });
    expect((fs.statSync(archive).mode & 0o777).toString(8)).toBe('600');

    const target = await freshTarget();
    await restoreBackup(archive, target);
    const two = await secondServer(target);
    try {
      // Every change committed before the backup, and its file.
      expect(
        await ffcOf(
          two.ctx.db,
          first.map((r) => r.id),
        ),
      ).toEqual(first.map(() => 31.5));
      expect(await two.image(briefs[0])).toEqual(before);
      // The concurrent ones are each all or nothing: a save of one batch, an upload with its record and files together.
      const restoredSecond = await ffcOf(
        two.ctx.db,
        second.map((r) => r.id),
      );
      expect([second.map(() => 42.25), oldSecond]).toContainEqual(restoredSecond);
      const [{ imagename }] = await two.ctx.db.query('SELECT imagename FROM brief_view WHERE briefseasonalid = $1', [briefs[1]]);
      // On PostgreSQL files linked after the snapshot may come along without their row (harmless orphans); on PGlite never.
      if (imagename === 'during.png' || t.ctx.db.kind === 'pglite') expect(await two.image(briefs[1])).toEqual(imagename === 'during.png' ? during : 404);
      // Nothing of the upload's temp folder came along.
      expect(fs.existsSync(path.join(target.dataDir, 'files', 'tmp'))).toBe(false);
    } finally {
      await two.close();
    }
  });

  it('npm run backup asks the running server through its control socket; npm run restore fills a new folder and refuses one with data', async () => {
    // This test process plays the server: its pid in DATA_DIR/server.pid, its control socket listening.
    const control = await startControl(source());
    try {
      const archive = path.join(tmp('plm-cli-'), 'cli.tar.gz');
      const cli = (args: string[], env: Record<string, string>) =>
        run(process.execPath, ['--import', 'tsx', 'server/backup-cli.ts', ...args], { cwd: ROOT, env: { ...process.env, ...env } }).then(
          (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
          (e) => ({ code: e.code as number, out: e.stdout as string, err: e.stderr as string }),
        );
      const taken = await cli(['backup', archive], { DATA_DIR: t.dataDir, DATABASE_URL: t.databaseUrl ?? '' });
      expect(taken).toMatchObject({ code: 0 });
      expect(taken.out).toMatch(new RegExp(`^Backup written to ${archive}: (embedded|PostgreSQL) database \\(migration \\d+\\), \\d+ files, in [\\d.]+ s\\.`));
      const target = await freshTarget();
      const env = { DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl ?? '' };
      const restored = await cli(['restore', archive], env);
      expect(restored).toMatchObject({ code: 0 });
      expect(restored.out).toContain('Start the server: it applies newer migrations on start.');
      const again = await cli(['restore', archive], env);
      expect(again.code).toBe(1);
      expect(again.err).toMatch(/restore into (a new data folder|an empty database)\.$/m);
      // What was restored: the first test starts a server on a restored archive; here (cheaper) the database is in place.
      if (target.databaseUrl) {
        const c = new postgres.Client({ connectionString: target.databaseUrl });
        await c.connect();
        try {
          expect((await c.query('SELECT count(*)::int AS n FROM users')).rows[0].n).toBeGreaterThan(0);
        } finally {
          await c.end();
        }
      } else {
        expect(fs.readFileSync(path.join(target.dataDir, 'db', 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);
      }
    } finally {
      await control.close();
    }
    expect(fs.existsSync(path.join(t.dataDir, 'server.pid'))).toBe(false);
  });

  it('an older backup (before the newest migration) is brought up to date when a server starts on it', async () => {
    const all = listMigrationFiles();
    const older = tmp('plm-older-migrations-');
    for (const m of all.slice(0, -1)) fs.copyFileSync(m.file, path.join(older, path.basename(m.file)));
    const pg = pgUrl ? await freshPostgres(pgUrl) : undefined;
    if (pg) cleanups.push(pg.drop);
    const db = pg?.db ?? (await openPglite());
    if (!pg) cleanups.push(() => db.close());
    await runMigrations(db, older);
    const archive = path.join(tmp('plm-old-'), 'old.tar.gz');
    const manifest = await takeBackup({ db, dataDir: tmp('plm-old-data-'), databaseUrl: pg?.url, appVersion: '0.0.1' }, archive);
    expect(manifest.migrations).toEqual(all.slice(0, -1).map((m) => m.id));
    const target = await freshTarget();
    await restoreBackup(archive, target);
    const two = await secondServer(target);
    try {
      expect((await two.ctx.db.query<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id')).map((r) => r.id)).toEqual(all.map((m) => m.id));
    } finally {
      await two.close();
    }
  });

  it('a full disk during a backup: a clear error, no archive, no part file, no staging folder', async () => {
    const dir = tmp('plm-full-');
    const archive = path.join(dir, 'full.tar.gz');
    // The archive is written aside first: that file on a device that is always full.
    fs.symlinkSync('/dev/full', `${archive}.${process.pid}.part`);
    await expect(takeBackup(source(), archive)).rejects.toThrow('The disk is full: the backup was not written, and nothing partial was left behind.');
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(fs.readdirSync(t.dataDir).filter((f) => f.startsWith('.backup-'))).toEqual([]);
  });

  it('scheduled backups: one when the newest is older than the interval, none while it is fresh, the newest BACKUP_KEEP kept', async () => {
    const dir = tmp('plm-scheduled-');
    const old = ['plm-backup-20200101T000000Z.tar.gz', 'plm-backup-20200102T000000Z.tar.gz', 'plm-backup-20200103T000000Z.tar.gz'];
    for (const [i, f] of old.entries()) {
      fs.writeFileSync(path.join(dir, f), 'old');
      fs.utimesSync(path.join(dir, f), new Date(2020, 0, i + 1), new Date(2020, 0, i + 1));
    }
    const schedule = { dir, everyHours: 24, keep: 2 };
    const written = await runScheduled(source(), schedule);
    expect(path.basename(written ?? '')).toMatch(/^plm-backup-\d{8}T\d{6}Z\.tar\.gz$/);
    expect(fs.readdirSync(dir).sort()).toEqual([old[2], path.basename(written!)]);
    expect(await runScheduled(source(), schedule)).toBeUndefined();
    expect(fs.readdirSync(dir)).toHaveLength(2);
  });
});
