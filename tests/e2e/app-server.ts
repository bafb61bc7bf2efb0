/**
 * The e2e test files' servers: the built web app served by the real server (`tsx server/main.ts`)
 * on a free port over a fresh DATA_DIR, or E2E_BASE_URL=http://host:port for a server already
 * running (no server is started; the e-mail outbox is then unknown unless E2E_DATA_DIR is set too).
 *
 * A server starts on a copy of one data directory (dataTemplate): the database the API tests share
 * with the demo's images already drawn, so a start costs modules and the engine only (about 4 s on
 * two cores instead of 5.5). Starting the next file's server while a file runs was tried and
 * measured: on two cores it slowed the running tests by as much as it saved.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../../server/core/db/client';
import { writeDemoImages } from '../../fixtures/demo/images';
import { freePort } from '../helpers/real-server';
import { pgliteTemplate } from '../helpers/test-app';
import { webBuildIsStale } from '../../server/web-build';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface AppServer {
  baseUrl: string;
  /** The server's DATA_DIR (outbox at $DATA_DIR/outbox), or null for E2E_BASE_URL. */
  dataDir: string | null;
  output: () => string;
  stop: () => Promise<void>;
}

/** Builds the web app (vite build) unless web/dist is newer than its sources (the server's own check). */
function buildWeb(): void {
  if (!webBuildIsStale()) return;
  const vite = path.join(ROOT, 'node_modules/.bin/vite');
  // vitest sets NODE_ENV=test, which would give React's development build (double effects,
  // dev warnings): the tests must run the code users get.
  const r = spawnSync(vite, ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error(`vite build failed:\n${r.stdout}\n${r.stderr}`);
}

/** The code that draws the demo's images, beside the database's inputs the template's name already covers. */
const IMAGE_INPUTS = ['fixtures/demo/images.ts', 'server/core/files/storage.ts', 'server/domain/image-rules.ts'];

const tar = (args: string[], input?: Buffer) => {
  const r = spawnSync('tar', args, { input, maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`tar ${args[0]} failed: ${r.stderr}`);
};

let template: Promise<string> | undefined;

/**
 * The DATA_DIR of a fresh start as a tar: the migrated, seeded database the API tests share (its
 * template) with the demo's product images drawn, built once per change of their inputs. A server
 * started on it skips initdb, migrations, the seed and the images.
 */
function dataTemplate(): Promise<string> {
  template ??= buildDataTemplate();
  template.catch(() => {
    template = undefined;
  });
  return template;
}

async function buildDataTemplate(): Promise<string> {
  const dbTar = Buffer.from(await (await pgliteTemplate()).arrayBuffer());
  const h = crypto.createHash('sha256').update(dbTar);
  for (const f of IMAGE_INPUTS) h.update(fs.readFileSync(path.join(ROOT, f)));
  const file = path.join(os.tmpdir(), `plm-e2e-data-${h.digest('hex').slice(0, 16)}.tar`);
  if (fs.existsSync(file)) return file;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plm-e2e-template-'));
  try {
    const db = await openPglite(undefined, new Blob([dbTar]));
    try {
      await writeDemoImages(db, dir);
      fs.mkdirSync(path.join(dir, 'db'));
      tar(['xf', '-', '-C', path.join(dir, 'db')], Buffer.from(await (await db.dumpDataDir!()).arrayBuffer()));
    } finally {
      await db.close();
    }
    const tmp = `${file}.${process.pid}.tmp`;
    tar(['cf', tmp, '-C', dir, '.']);
    fs.renameSync(tmp, file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return file;
}

/** The web build and the servers' data directory made ready (the e2e project's global setup). */
export async function prepareServers(): Promise<void> {
  buildWeb();
  await dataTemplate();
}

/**
 * Waits until /api/health answers 200, and for a started server until it said it listens: two files
 * start servers at once, and a port freePort found free may be taken by the other's server first
 * (then this one exits saying the port is in use, and its health check must not be answered by the other).
 */
async function waitForHealth(baseUrl: string, child: ChildProcess | null, output: () => string, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  const listening = `PLM workbench on http://localhost:${new URL(baseUrl).port}`;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${output()}`);
    if (child && !output().includes(listening)) {
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`GET ${baseUrl}/api/health did not answer 200 within ${timeoutMs / 1000} s:\n${output()}`);
}

/** Starts `tsx server/main.ts` on a free port over a fresh DATA_DIR and waits for /api/health; another port when that one was taken meanwhile. */
export async function startServer(): Promise<AppServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce();
    } catch (err) {
      if (attempt >= 3 || !/is already in use/.test((err as Error).message)) throw err;
    }
  }
}

async function startOnce(): Promise<AppServer> {
  const external = process.env.E2E_BASE_URL;
  if (external) {
    const baseUrl = external.replace(/\/$/, '');
    await waitForHealth(baseUrl, null, () => '');
    return { baseUrl, dataDir: process.env.E2E_DATA_DIR ?? null, output: () => '', stop: async () => {} };
  }
  buildWeb();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plm-e2e-'));
  tar(['xf', await dataTemplate(), '-C', dataDir]);
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: ROOT,
    // Always the embedded database in the fresh DATA_DIR, so every run starts from the demo data.
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseUrl, SKIP_WEB_BUILD: 'true', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const output = () => log;
  let stopping = false;
  child.once('exit', (code, signal) => {
    // A crash mid-run shows up as refused connections in the tests: say why here.
    if (!stopping) console.error(`The server on ${baseUrl} exited (code ${code}, signal ${signal}):\n${log}`);
  });
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      /* already gone */
    }
  };
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((r) => child.once('exit', r));
      kill('SIGTERM');
      const timer = setTimeout(() => kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (!process.env.KEEP_E2E_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, output);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, dataDir, output, stop };
}
