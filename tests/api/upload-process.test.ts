/**
 * Issue 10: one malformed upload must not take the server down. This runs the real server process
 * (`tsx server/main.ts`, embedded database from the seeded test template) and sends multipart
 * bodies cut before their closing boundary to the three upload routes over a raw socket, as a
 * client that stops mid-upload would; each answers 400 and /api/health still answers after them.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplate, DEMO_PASSWORD } from '../helpers/test-app';

const ROOT = path.resolve(import.meta.dirname, '../..');
let child: ChildProcess;
let port: number;
let dataDir: string;
let log = '';
let token: string;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net
      .createServer()
      .listen(0, '127.0.0.1', () => {
        const { port: p } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(p));
      })
      .on('error', reject);
  });

async function health(timeoutMs: number): Promise<number> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return (await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) })).status;
    } catch (err) {
      if (child.exitCode !== null || Date.now() > until) throw new Error(`no health answer (exit ${child.exitCode}): ${log}`, { cause: err });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plm-upload-process-'));
  const tar = path.join(dataDir, 'template.tar');
  fs.writeFileSync(tar, Buffer.from(await (await pgliteTemplate()).arrayBuffer()));
  fs.mkdirSync(path.join(dataDir, 'db'));
  execFileSync('tar', ['-xf', tar, '-C', path.join(dataDir, 'db')], { stdio: 'ignore' });
  fs.rmSync(tar);
  port = await freePort();
  child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SKIP_WEB_BUILD: 'true', DATABASE_URL: '', VITEST: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  expect(await health(90_000)).toBe(200);
  const res = await fetch(`http://127.0.0.1:${port}/api/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', username: 'admin@example.com', password: DEMO_PASSWORD }),
  });
  token = (await res.json()).access_token;
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const BOUNDARY = 'cutXcutXcut';
const part = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;

/**
 * Sends `body` as a multipart POST over a raw socket. `declared` is the Content-Length: equal to
 * the body's (the body simply lacks its closing boundary) or larger (the client stops sending and
 * closes). Answers the status line, or null when the server closed without one.
 */
function rawPost(route: string, body: Buffer, declared = body.length): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answer ? answer.split('\r\n')[0] : null));
    socket.write(
      `POST ${route} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${declared}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body);
    // Not half-closed: the server answers and closes (Connection: close) or, short of bytes, waits until the client gives up.
    if (declared > body.length) setTimeout(() => socket.destroy(), 300);
    setTimeout(() => socket.destroy(), 10_000);
  });
}

const ROUTES: [string, string][] = [
  ['/api/Image/UploadImage', `${part('ProjectId', '1') + part('ProjectLevel', '1') + filePart('a.png')}\x89PNG\r\n\x1a\nabc`],
  ['/api/Document/UploadDocument', `${part('ProjectId', '1') + part('ProjectLevel', '1') + part('ProjLevDocCategoryId', '1') + filePart('a.pdf')}%PDF-1.4 abc`],
  ['/api/LinePlan/ImportCalendar', `${part('LinePlanId', '1') + part('RowVersion', '1') + filePart('a.xlsx')}PK\x03\x04abc`],
];

describe('issue 10: truncated multipart uploads', () => {
  it.each(ROUTES)('%s: a body without its closing boundary answers 400 and the server keeps serving', async (route, body) => {
    const status = await rawPost(route, Buffer.from(body, 'latin1'));
    expect(status, log).toMatch(/^HTTP\/1\.1 400/);
    expect(await health(5000)).toBe(200);
  });

  it.each(ROUTES)('%s: a client that stops mid-file and closes leaves the server serving', async (route, body) => {
    await rawPost(route, Buffer.from(body, 'latin1'), body.length + 100_000);
    expect(await health(5000)).toBe(200);
  });

  it('a body cut inside a part header and one cut inside a field answer 400', async () => {
    for (const body of [`--${BOUNDARY}\r\nContent-Disposition: form-da`, part('LinePlanId', '1').slice(0, -4)]) {
      expect(await rawPost('/api/LinePlan/ImportCalendar', Buffer.from(body))).toMatch(/^HTTP\/1\.1 400/);
    }
    expect(await health(5000)).toBe(200);
    expect(child.exitCode).toBeNull();
  });
});

describe('issue 10: the real server and malformed URLs', () => {
  it('GET /%c0%ae%c0%ae/x is answered with the security headers (404, or the web app when built), not a bare 500', async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (d) => (text += d));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(text));
      socket.write('GET /%c0%ae%c0%ae/x HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    });
    expect(answer).toMatch(/^HTTP\/1\.1 (404|200)/);
    expect(answer.toLowerCase()).toContain("content-security-policy: default-src 'self'");
    expect(await health(5000)).toBe(200);
  });
});
