/**
 * A short per-process cache of live sessions (ADR 003), so an authenticated request does not
 * query the session, permissions, brands and factories each time. Invalidated through the
 * database: triggers (migration 015) NOTIFY 'sessions' on every change to sessions, users' access
 * columns, roles, role permissions, user brands and factories, whichever process or code path made
 * it, and every process drops its whole cache on it. Such changes are rare; a simple clear is safe.
 * While notifications could be missed (a lost PostgreSQL LISTEN connection) nothing is cached.
 */
import type { Db } from '../db/client';
import type { SessionUser } from './permissions';
import { loadSession } from './sessions';

/** How long an entry may be used at most, a bound for any change that slipped past the triggers. */
export const SESSION_CACHE_MS = 10_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  user: SessionUser;
  userId: number;
  until: number;
}

class SessionCache {
  private entries = new Map<string, Entry>();
  /** Bumped by every invalidation: a load that started before one is not kept. */
  private generation = 0;
  private listening = false;
  readonly ready: Promise<void>;

  constructor(private db: Db) {
    this.ready = db
      .listen(
        (payload) => {
          if (payload === 'sessions') this.clear();
        },
        (ok) => {
          this.listening = ok;
          this.clear();
        },
      )
      .then(
        () => {
          this.listening = true;
        },
        (err) => {
          console.error(`Session cache off, cannot LISTEN: ${(err as Error).message}`);
        },
      );
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }

  async get(sessionId: string, userId: number): Promise<SessionUser | null> {
    const hit = this.entries.get(sessionId);
    if (hit && hit.userId === userId && hit.until > Date.now()) return hit.user;
    const generation = this.generation;
    const found = await loadSession(this.db, sessionId, userId);
    if (!found) return null;
    if (this.listening && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(sessionId, { user: found.user, userId, until: Math.min(Date.now() + SESSION_CACHE_MS, found.expiresAt) });
    }
    return found.user;
  }
}

const caches = new WeakMap<Db, SessionCache>();

/** The cache of a database handle (one per process and database), listening from its first use. */
export async function sessionCache(db: Db): Promise<SessionCache> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SessionCache(db)));
  await cache.ready;
  return cache;
}
