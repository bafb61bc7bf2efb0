/**
 * Issue 29: how `npm run backup` reaches a server that owns an embedded database. One process owns
 * a PGlite data folder (opening it from a second process would corrupt it), so the serving process
 * takes the backup itself when asked on its control socket: a Unix socket readable by its owner
 * only, next to the data (whoever may use it may read DATA_DIR anyway). The server writes its pid
 * to DATA_DIR/server.pid, so the command knows a server is there even when the socket is not
 * reachable, and never opens the database under a running server. One request per connection: a
 * line of JSON (`{"command":"backup","file":…}`), answered with a line of JSON.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { BackupManifest, BackupSource } from './backup';
import { takeBackup } from './backup';

/** The socket's path: in DATA_DIR, or in the temp folder when that path is too long for a socket (about 100 bytes). */
export function controlSocketPath(dataDir: string): string {
  const inside = path.join(path.resolve(dataDir), 'control.sock');
  if (Buffer.byteLength(inside) < 100) return inside;
  return path.join(os.tmpdir(), `plm-${crypto.createHash('sha1').update(path.resolve(dataDir)).digest('hex').slice(0, 16)}.sock`);
}

const pidFile = (dataDir: string) => path.join(dataDir, 'server.pid');

/** The pid of a live server on this data folder, or undefined. */
export function runningServer(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile(dataDir), 'utf8').trim() || Number.NaN);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

/** Listens for backup requests; `close` stops listening and removes the socket and the pid file. */
export async function startControl(src: BackupSource): Promise<{ close(): Promise<void> }> {
  const socket = controlSocketPath(src.dataDir);
  fs.mkdirSync(src.dataDir, { recursive: true });
  fs.rmSync(socket, { force: true });
  // The pid first: should the socket fail, the command still knows not to open the database itself.
  fs.writeFileSync(pidFile(src.dataDir), String(process.pid));
  const server = net.createServer((conn) => {
    let input = '';
    let handled = false;
    conn.setEncoding('utf8');
    conn.on('error', () => {});
    conn.on('data', async (chunk) => {
      if (handled) return;
      input += chunk;
      if (!input.includes('\n')) {
        if (input.length > 64 * 1024) conn.destroy();
        return;
      }
      handled = true;
      let answer: unknown;
      try {
        const req = JSON.parse(input.slice(0, input.indexOf('\n'))) as { command?: string; file?: string };
        if (req.command !== 'backup' || typeof req.file !== 'string' || !path.isAbsolute(req.file)) throw new Error('Unknown request.');
        answer = { ok: true, manifest: await takeBackup(src, req.file) };
      } catch (err) {
        answer = { ok: false, error: (err as Error).message };
      }
      conn.end(`${JSON.stringify(answer)}\n`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => {
      server.off('error', reject);
      resolve();
    });
  });
  fs.chmodSync(socket, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socket, { force: true });
        const written = fs.existsSync(pidFile(src.dataDir)) ? fs.readFileSync(pidFile(src.dataDir), 'utf8').trim() : '';
        if (written === String(process.pid)) fs.rmSync(pidFile(src.dataDir), { force: true });
      }),
  };
}

/** Asks the server on `dataDir` for a backup into `file` (an absolute path); throws its error. */
export function requestBackup(dataDir: string, file: string): Promise<BackupManifest> {
  return new Promise((resolve, reject) => {
    const conn = net.createConnection(controlSocketPath(dataDir));
    let output = '';
    conn.setEncoding('utf8');
    conn.on('connect', () => conn.write(`${JSON.stringify({ command: 'backup', file })}\n`));
    conn.on('data', (chunk) => {
      output += chunk;
    });
    conn.on('error', (err) => reject(new Error(`The server's control socket is not reachable (${(err as NodeJS.ErrnoException).code ?? err.message}).`)));
    conn.on('end', () => {
      try {
        const answer = JSON.parse(output) as { ok: boolean; manifest?: BackupManifest; error?: string };
        if (answer.ok && answer.manifest) resolve(answer.manifest);
        else reject(new Error(answer.error ?? 'The server did not take the backup.'));
      } catch {
        reject(new Error('The server ended the backup request without an answer.'));
      }
    });
  });
}
