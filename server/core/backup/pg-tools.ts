/**
 * Where PostgreSQL's own client tools are (a backup of a PostgreSQL database is pg_dump's, its
 * restore pg_restore's): PG_BIN when set, else the first of /usr/local/bin, /usr/bin and Debian's
 * newest /usr/lib/postgresql/<version>/bin that has the tool, else the bare name (the PATH).
 */
import fs from 'node:fs';
import path from 'node:path';

export function pgTool(name: 'pg_dump' | 'pg_restore', env = process.env): string {
  if (env.PG_BIN) return path.join(env.PG_BIN, name);
  const debian = '/usr/lib/postgresql';
  const versions = fs.existsSync(debian)
    ? fs
        .readdirSync(debian)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const dirs = ['/usr/local/bin', '/usr/bin', ...versions.map((v) => path.join(debian, v, 'bin'))];
  return dirs.map((d) => path.join(d, name)).find((f) => fs.existsSync(f)) ?? name;
}
