/** Starts the real server (`tsx server/main.ts`) on a free port with a fresh DATA_DIR, for benchmarks. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface RunningServer {
  url: string;
  pid: number;
  child: ChildProcess;
  dataDir: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * `keepDataDir`: serve that DATA_DIR (a prepared data set) and leave it in place at stop.
 * `checkout`: the server of another checkout (an A/B); `nodeFlags`: node flags to try.
 */
export async function startServer(
  env: Record<string, string> = {},
  keepDataDir?: string,
  { checkout, nodeFlags = [] }: { checkout?: string; nodeFlags?: string[] } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = keepDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'plm-bench-'));
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'server/main.ts'], {
    cwd: checkout,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SKIP_WEB_BUILD: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d) => {
    log += d;
  });
  child.stderr!.on('data', (d) => {
    log += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${log}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid!,
    child,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bearer token of a demo user (the comparison's admin by default). */
export async function signIn(url: string, username = 'admin@example.com', password = 'Demo!2026pass'): Promise<string> {
  const res = await fetch(`${url}/api/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'password', username, password }) });
  if (!res.ok) throw new Error(`sign-in as ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Resident set size of a process in MiB (Linux). */
export function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}
