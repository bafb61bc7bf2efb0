/**
 * A private PostgreSQL server for benchmarks (Debian's binaries, as in .ci/run): a new cluster in a
 * temp folder on a free port, trust auth, fsync off; `stop` removes it. Null when PostgreSQL is not installed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server';

export interface RunningPostgres {
  url: string;
  stop(): void;
}

export async function startPostgres(): Promise<RunningPostgres | null> {
  const root = '/usr/lib/postgresql';
  const version = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin/initdb')))
        .sort((a, b) => Number(b) - Number(a))[0]
    : undefined;
  if (!version) return null;
  const bin = path.join(root, version, 'bin');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plm-bench-pg-'));
  fs.chmodSync(dir, 0o777);
  const port = await freePort();
  const asPostgres = (cmd: string, args: string[]) => execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { stdio: 'ignore' });
  asPostgres('initdb', ['-D', `${dir}/data`, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  asPostgres('pg_ctl', [
    '-D',
    `${dir}/data`,
    '-l',
    `${dir}/log`,
    '-w',
    'start',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        asPostgres('pg_ctl', ['-D', `${dir}/data`, '-m', 'fast', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
