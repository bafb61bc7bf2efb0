import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { dataDirInUse, lockDataDir } from './data-dir-lock';

const made: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'plm-lock-'));
  made.push(d);
  return path.join(d, 'db');
};
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

describe('one process at a time opens an embedded data directory', () => {
  it("another live process's directory is refused with its pid; once that process is gone the directory is taken over", async () => {
    const dir = tempDir();
    const other = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(`${dir}.lock`, String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(dataDirInUse(dir, other.pid!));
      await expect(openPglite(dir)).rejects.toThrow(dataDirInUse(dir, other.pid!));
    } finally {
      other.kill('SIGKILL');
      await new Promise((r) => other.once('exit', r));
    }
    const release = lockDataDir(dir);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });

  it('the engine holds the lock while open (this process may open it again: a restarted engine) and gives it back on close', async () => {
    const dir = tempDir();
    const db = await openPglite(dir);
    try {
      expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
      expect(() => lockDataDir(dir)).not.toThrow();
    } finally {
      await db.close();
    }
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  }, 60_000);
});
