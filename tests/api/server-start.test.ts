/**
 * `npm start` on a port it cannot take: the process says why and ends (exit code 1), instead of
 * logging an unhandled error and running on without serving anything.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackTemplate } from '../helpers/real-server';

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

describe('server start', () => {
  it('a port already in use ends the start with the reason and exit code 1', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SKIP_WEB_BUILD: 'true', DEMO_IMAGES: 'false', DATABASE_URL: '', VITEST: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (d) => { log += d; });
    child.stderr.on('data', (d) => { log += d; });
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => { child.kill('SIGKILL'); resolve(null); }, 60_000);
      child.once('exit', (c) => { clearTimeout(timer); resolve(c); });
    });
    expect(log).toContain(`The server cannot listen: port ${port} is already in use: set PORT to a free port.`);
    expect(code).toBe(1);
  }, 90_000);
});
