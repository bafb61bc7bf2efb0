/**
 * `npm start` where it cannot run, said and ended (exit code 1) instead of running on: on a port it
 * cannot take (it logged an unhandled error and served nothing), and on the embedded data directory
 * of a server already running there (a second engine on the same files would corrupt them).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startRealServer, unpackTemplate } from '../helpers/real-server';
import { dataDirInUse } from '../../server/core/db/data-dir-lock';

const ROOT = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
let taken: net.Server;
let port: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plm-start-'));
  await unpackTemplate(dataDir);
  taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(0, () => resolve()));
  port = (taken.address() as net.AddressInfo).port;
});
afterAll(() => {
  taken?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the server on a port and DATA_DIR and waits for its exit (killed after a minute): its exit code and output. */
async function startUntilExit(onPort: number, dir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(onPort), DATA_DIR: dir, SKIP_WEB_BUILD: 'true', DEMO_IMAGES: 'false', DATABASE_URL: '', VITEST: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => {
    log += d;
  });
  child.stderr.on('data', (d) => {
    log += d;
  });
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(null);
    }, 60_000);
    child.once('exit', (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  return { code, log };
}

describe('server start', () => {
  it('a port already in use ends the start with the reason and exit code 1', async () => {
    const { code, log } = await startUntilExit(port, dataDir);
    expect(log).toContain(`The server cannot listen: port ${port} is already in use: set PORT to a free port.`);
    expect(code).toBe(1);
  }, 90_000);

  it('a second server on the embedded data directory of a running one ends naming it; the running one serves on', async () => {
    const first = await startRealServer(dataDir);
    try {
      const { code, log } = await startUntilExit(await freePort(), dataDir);
      expect(log).toContain(dataDirInUse(path.join(dataDir, 'db'), first.child.pid!));
      expect(code).toBe(1);
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
      const token = await first.signIn('designer');
      expect((await first.call(token, 'GET', '/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=3')).status).toBe(200);
    } finally {
      await first.stop();
    }
  }, 120_000);
});
