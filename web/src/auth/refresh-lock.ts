/**
 * A lock shared by every tab of the app, so only one tab at a time reads the stored refresh
 * token, spends it and stores the new one (refresh tokens are single-use). Uses the Web Locks
 * API; where it is missing (pages served over plain http from a non-localhost host) falls back
 * to a short lease in localStorage, written and then read back to settle a tie.
 */
const LOCK_NAME = 'plm.token-refresh';
const LEASE_KEY = 'plm.refresh-lease';
const LEASE_MS = 15_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function withLease<T>(fn: () => Promise<T>): Promise<T> {
  const me = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  for (let attempt = 0; attempt < 80; attempt++) {
    const lease = JSON.parse(localStorage.getItem(LEASE_KEY) ?? 'null') as { owner: string; until: number } | null;
    if (!lease || lease.until < Date.now()) {
      localStorage.setItem(LEASE_KEY, JSON.stringify({ owner: me, until: Date.now() + LEASE_MS }));
      await sleep(30);
      const check = JSON.parse(localStorage.getItem(LEASE_KEY) ?? 'null') as { owner: string } | null;
      if (check?.owner === me) {
        try {
          return await fn();
        } finally {
          localStorage.removeItem(LEASE_KEY);
        }
      }
    }
    await sleep(150 + Math.random() * 100);
  }
  // The other holder vanished without releasing; its lease has long expired by now.
  return fn();
}

export function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks?.request) {
    return navigator.locks.request(LOCK_NAME, { mode: 'exclusive' }, fn) as Promise<T>;
  }
  return withLease(fn);
}
