/**
 * Numbered SQL migrations (server/db/migrations/NNN_name.sql), each applied in its own
 * transaction and recorded in schema_migrations. Used at start and by POST /api/migrations/Run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './client';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface MigrationFile {
  id: number;
  name: string;
  file: string;
}

export function listMigrationFiles(dir = MIGRATIONS_DIR): MigrationFile[] {
  return fs
    .readdirSync(dir)
    .map((f) => /^(\d+)_(.+)\.sql$/.exec(f))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => ({ id: Number(m[1]), name: m[2], file: path.join(dir, m[0]) }))
    .sort((a, b) => a.id - b.id);
}

async function ensureTable(db: Db) {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id integer PRIMARY KEY, name text NOT NULL, appliedon timestamptz NOT NULL DEFAULT now())`);
}

export async function completedMigrations(db: Db) {
  await ensureTable(db);
  const done = await db.query<{ id: number; name: string; appliedon: string }>('SELECT id, name, appliedon FROM schema_migrations ORDER BY id');
  const ids = new Set(done.map((d) => d.id));
  return {
    Completed: done.map((d) => ({ Id: d.id, Name: d.name, AppliedOn: d.appliedon })),
    Pending: listMigrationFiles()
      .filter((m) => !ids.has(m.id))
      .map((m) => m.name),
  };
}

/** Applies every pending migration in order; stops at the first failure (its transaction rolls back). */
export async function runMigrations(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await ensureTable(db);
  const done = new Set((await db.query<{ id: number }>('SELECT id FROM schema_migrations')).map((r) => r.id));
  const applied: string[] = [];
  for (const m of listMigrationFiles(dir)) {
    if (done.has(m.id)) continue;
    const sql = fs.readFileSync(m.file, 'utf8');
    await db.tx(async (q) => {
      await q.exec(sql);
      await q.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [m.id, m.name]);
    });
    applied.push(m.name);
  }
  return applied;
}
