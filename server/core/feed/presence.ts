/**
 * Presence (ADR 035): who has a record screen or a grid open. A browser tab (a client id) announces
 * the topics it shows ('record:<entity>:<id>', 'grid:<gridId>') with POST /api/Feed/Presence every
 * 15 s; the announcement goes to every process as a NOTIFY and each keeps the same
 * table of clients, dropped PRESENCE_TTL_MS after their last announcement. A tab hears the people
 * of a topic only while it announces that topic itself, which it may only for what it may read.
 */

/** A tab announces every 15 s; one not heard of for this long has left. */
export const PRESENCE_TTL_MS = 45_000;

export interface Announcement {
  client: string;
  userId: number;
  name: string;
  initials: string;
  topics: string[];
}
export interface Person {
  UserId: number;
  Name: string;
  Initials: string;
}

/** A person's initials: the first letters of their first and last names ('Cora Costing' → 'CC'). */
export const initialsOf = (firstName: string, lastName: string) =>
  `${[...(firstName ?? '').trim()][0] ?? ''}${[...(lastName ?? '').trim()][0] ?? ''}`.toUpperCase() || '?';

/** The NOTIFY payload of an announcement ('presence {json}', well under the 8000-byte limit: at most 10 topics of 120 characters). */
export const presencePayload = (a: Announcement) => `presence ${JSON.stringify(a)}`;

export function parsePresence(payload: string): Announcement | null {
  if (!payload.startsWith('presence ')) return null;
  try {
    const a = JSON.parse(payload.slice(9)) as Announcement;
    return typeof a.client === 'string' && Number.isInteger(a.userId) && Array.isArray(a.topics) ? a : null;
  } catch {
    return null;
  }
}

export class PresenceTable {
  private clients = new Map<string, Announcement & { until: number }>();

  /** Records an announcement (no topics: the tab left); answers the topics whose people changed. */
  apply(a: Announcement, now = Date.now()): string[] {
    const before = this.clients.get(a.client);
    if (before && before.userId !== a.userId) return []; // a client id belongs to the user who first announced it
    const touched = new Set([...(before?.topics ?? []), ...a.topics]);
    const peopleBefore = new Map([...touched].map((t) => [t, this.key(t)]));
    if (a.topics.length) this.clients.set(a.client, { ...a, until: now + PRESENCE_TTL_MS });
    else this.clients.delete(a.client);
    return [...touched].filter((t) => this.key(t) !== peopleBefore.get(t));
  }

  /** Drops clients not heard of for PRESENCE_TTL_MS; answers the topics whose people changed. */
  expire(now = Date.now()): string[] {
    const changed = new Set<string>();
    for (const [client, a] of this.clients) {
      if (a.until > now) continue;
      const before = new Map(a.topics.map((t) => [t, this.key(t)]));
      this.clients.delete(client);
      for (const t of a.topics) if (this.key(t) !== before.get(t)) changed.add(t);
    }
    return [...changed];
  }

  /** The people who have the topic open, one entry per user, by name. */
  people(topic: string): Person[] {
    const byUser = new Map<number, Person>();
    for (const a of this.clients.values()) {
      if (a.topics.includes(topic)) byUser.set(a.userId, { UserId: a.userId, Name: a.name, Initials: a.initials });
    }
    return [...byUser.values()].sort((x, y) => x.Name.localeCompare(y.Name));
  }

  /** The topics a tab announced, when it is this user's tab. */
  topicsOf(client: string, userId: number): string[] {
    const a = this.clients.get(client);
    return a && a.userId === userId ? a.topics : [];
  }

  private key(topic: string) {
    return this.people(topic)
      .map((p) => p.UserId)
      .join(',');
  }
}
