/**
 * The last refresh-token rotation of this browser, in IndexedDB: the token spent and the session it
 * bought (AUTH-011). Tabs hand new tokens to each other through localStorage, but Chromium copies
 * localStorage between tab processes asynchronously: a tab that takes the refresh lock just after
 * another released it can still read the token that tab spent. IndexedDB transactions are ordered
 * across tabs, so the lock holder writes here before releasing the lock and the next one reads here
 * first. Without IndexedDB (blocked, private mode) every call answers "nothing known".
 */
import { isSession, type Session } from './session';

export interface Rotation {
  /** The refresh token given to the server. */
  spent: string;
  /** The session the server answered with. */
  next: Session;
}

const DB_NAME = 'plm-auth';
const STORE = 'rotation';
const KEY = 'last';

let opening: Promise<IDBDatabase | null> | null = null;

function database(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  opening ??= new Promise<IDBDatabase | null>((resolve) => {
    try {
      const req = indexedDB.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(null);
      req.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

/** Runs one request in its own transaction; resolves when the transaction has committed (null on any failure). */
async function inStore<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | null> {
  const db = await database();
  if (!db) return null;
  return new Promise((resolve) => {
    try {
      const tx = db.transaction(STORE, mode);
      const req = use(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result ?? null);
      tx.onerror = () => resolve(null);
      tx.onabort = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

export async function lastRotation(): Promise<Rotation | null> {
  const value = (await inStore('readonly', (s) => s.get(KEY))) as Partial<Rotation> | null;
  return value && typeof value.spent === 'string' && isSession(value.next) ? { spent: value.spent, next: value.next } : null;
}

export async function noteRotation(rotation: Rotation): Promise<void> {
  await inStore('readwrite', (s) => s.put(rotation, KEY));
}

/** Signed out: no tokens stay behind. */
export async function forgetRotation(): Promise<void> {
  await inStore('readwrite', (s) => s.delete(KEY));
}

/** The session to go on from: the stored one, or what its refresh token already bought in another tab. */
export function currentSession(stored: Session | null, rotation: Rotation | null): Session | null {
  return stored && rotation && stored.refreshToken === rotation.spent ? rotation.next : stored;
}
