/**
 * The real server for fault tests (issue 29): `node --import tsx server/main.ts` as a child process
 * (one process, so SIGKILL reaches the server itself) on its own port and DATA_DIR, and a throwaway
 * PostgreSQL cluster of its own (Debian's binaries, as .ci/run starts one) that a test may restart
 * or stop under load.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEMO_PASSWORD, pgliteTemplate } from './test-app';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A port nobody listens on just now (the caller's server takes it a moment later). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net
      .createServer()
      .listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(port));
      })
      .on('error', reject);
  });

export interface RealServer {
  url: string;
  child: ChildProcess;
  /** What the process printed so far. */
  log(): string;
  /** Ends the process with the signal and waits for its exit (SIGKILL: a crash). */
  stop(signal?: NodeJS.Signals): Promise<void>;
  signIn(user: string): Promise<string>;
  call(token: string, method: string, route: string, body?: BodyInit | object): Promise<Response>;
}

/**
 * Starts the server on DATA_DIR (and DATABASE_URL when given) and waits until /api/health answers.
 * `prefix`: a command the server runs under (it ends by exec-ing its arguments, so the pid stays the server's).
 */
export async function startRealServer(dataDir: string, env: Record<string, string> = {}, prefix: string[] = []): Promise<RealServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const [command, ...args] = [...prefix, process.execPath, '--import', 'tsx', 'server/main.ts'];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SKIP_WEB_BUILD: 'true', DEMO_IMAGES: 'false', DATABASE_URL: '', VITEST: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => {
    log += d;
  });
  child.stderr!.on('data', (d) => {
    log += d;
  });
  const until = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })).ok) break;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null || Date.now() > until) throw new Error(`the server did not start (exit ${child.exitCode}): ${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const call: RealServer['call'] = (token, method, route, body) => {
    const json = body !== undefined && !(body instanceof FormData) && typeof body !== 'string';
    return fetch(`${url}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(body) : (body as BodyInit | undefined),
    });
  };
  return {
    url,
    child,
    call,
    log: () => log,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
    },
    async signIn(user) {
      const res = await fetch(`${url}/api/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'password', username: `${user}@example.com`, password: DEMO_PASSWORD }),
      });
      const answer = await res.json();
      if (res.status !== 200) throw new Error(`sign-in of ${user}: ${res.status} ${JSON.stringify(answer)}`);
      return answer.access_token as string;
    },
  };
}

export interface Cluster {
  url: string;
  restart(): Promise<void>;
  stop(): void;
}

/** A new PostgreSQL cluster in a temp folder on a free port (trust auth, fsync off), run as the postgres user when this is root. */
export async function startCluster(): Promise<Cluster> {
  const root = '/usr/lib/postgresql';
  const version = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a))[0];
  const bin = path.join(root, version, 'bin');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plm-fault-pg-'));
  fs.chmodSync(dir, 0o777);
  const port = await freePort();
  const pgCmd = (cmd: string, args: string[]) =>
    process.getuid?.() === 0
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { stdio: 'ignore' })
      : execFileSync(path.join(bin, cmd), args, { stdio: 'ignore' });
  pgCmd('initdb', ['-D', `${dir}/data`, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  pgCmd('pg_ctl', ['-D', `${dir}/data`, '-l', `${dir}/log`, '-w', '-o', opts, 'start']);
  // Asynchronous, so that a client load in this process keeps running while PostgreSQL restarts.
  const restartArgs = ['-D', `${dir}/data`, '-l', `${dir}/log`, '-w', '-m', 'fast', '-o', opts, 'restart'];
  const run = promisify(execFile);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: async () => {
      if (process.getuid?.() === 0) await run('runuser', ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), ...restartArgs]);
      else await run(path.join(bin, 'pg_ctl'), restartArgs);
    },
    stop() {
      try {
        pgCmd('pg_ctl', ['-D', `${dir}/data`, '-m', 'fast', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A folder holding the embedded test database (the seeded PGlite template unpacked into `dir/db`), for a real server's DATA_DIR. */
export async function unpackTemplate(dir: string): Promise<void> {
  const tar = path.join(dir, 'template.tar');
  fs.writeFileSync(tar, Buffer.from(await (await pgliteTemplate()).arrayBuffer()));
  fs.mkdirSync(path.join(dir, 'db'));
  execFileSync('tar', ['-xf', tar, '-C', path.join(dir, 'db')], { stdio: 'ignore' });
  fs.rmSync(tar);
}
