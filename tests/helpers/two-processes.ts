/**
 * Two real server processes on one fresh PostgreSQL database and one files folder, started together
 * in beforeAll (one migrates and seeds, the other waits for it) and stopped in afterAll: the setup of
 * every cross-process suite (sessions, jobs, the change feed, the read cache).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { startServer, type RunningServer } from '../../bench/lib/server';
import type { Db } from '../../server/core/db/client';
import { DEMO_PASSWORD, emailOf, freshPostgres } from './test-app';

export interface TwoProcesses {
  a: RunningServer;
  b: RunningServer;
  db: Db;
  dataDir: string;
}

/** `before` runs first in afterAll (streams to close before the servers stop). */
export function twoProcesses(pgUrl: string, prefix: string, before?: () => Promise<unknown>): TwoProcesses {
  const two = {} as TwoProcesses;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const fresh = await freshPostgres(pgUrl);
    [two.db, drop] = [fresh.db, fresh.drop];
    two.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    [two.a, two.b] = await Promise.all([0, 1].map(() => startServer({ DATABASE_URL: fresh.url }, two.dataDir)));
  }, 240_000);
  afterAll(async () => {
    await before?.();
    await Promise.all([two.a?.stop(), two.b?.stop()]);
    await drop?.();
    if (two.dataDir) fs.rmSync(two.dataDir, { recursive: true, force: true });
  });
  return two;
}

/** The password grant of a demo user on one process: its whole answer. */
export async function signInOn(server: RunningServer, user: string): Promise<{ access_token: string; userId: number }> {
  const res = await fetch(`${server.url}/api/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', username: emailOf(user), password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.json() as Promise<{ access_token: string; userId: number }>;
}
