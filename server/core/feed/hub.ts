/**
 * The change feed's hub (ADR 035), one per process and database: it LISTENs on the one channel of
 * change notifications (db/client.ts `listen`, as the session cache does), reads what each
 * notification names once (changes.ts), numbers it, keeps it in a bounded ring for resumption, and
 * writes each open stream its own cut. Notifications are handled one at a time, so every stream
 * gets events in the order they were numbered.
 *
 * Fan-out by audience: the streams are grouped by audience (same rights, brands and factories);
 * each audience's cut is made, serialised and encoded once, and the same bytes are written to each
 * of its streams, a chunk of streams per turn of the event loop. The fan-out runs on the event loop
 * that answers requests: between audiences and chunks it yields (setImmediate), so a save's answer
 * waits for at most one chunk, not for a thousand streams.
 *
 * Sessions: a 'sessions' notification (migration 015: sign-out, revocation, a user disabled, rights
 * changed) makes the hub load every open stream's session again; a stream whose session ended is
 * closed at once, the others go on with the rights as they are now. A stream also ends when its
 * access token expires: the browser reconnects with a fresh one and resumes where it was.
 */
import crypto from 'node:crypto';
import type { SSEStreamingApi } from 'hono/streaming';
import type { SessionUser } from '../auth/permissions';
import { loadSession } from '../auth/sessions';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { FEED_VALUES_LIMIT } from '../../domain/feed-events';
import { audienceKey, cutFor, parsePayload, readBatches, type Batch, type Payload } from './changes';
import { parsePresence, PresenceTable } from './presence';

/** Events kept for resumption; a browser away for longer (or resuming on another process) is told to reload. */
export const RING_SIZE = 1000;
const PING_MS = 20_000;
const PRESENCE_SWEEP_MS = 5_000;
/** Writes waiting on one stream (a reader that stopped reading) before it is cut off; it reconnects and resumes. */
const MAX_QUEUED = 2000;
/** How long a bulk change's event waits for the change's next transactions (ADR 035, "Large batches"). */
export const BULK_WINDOW_MS = 250;
/** Streams written in one turn of the event loop during a fan-out. */
export const FANOUT_CHUNK = 100;

/** `audience`: audienceKey(user), kept with the user (computed once per stream and session check, not per event). */
interface Conn {
  user: SessionUser;
  audience: string;
  client: string;
  closed: boolean;
  send(text: string | Uint8Array): void;
  close(): void;
}

const sse = (event: string, data: unknown, id?: string) => `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const encoder = new TextEncoder();
const PING = encoder.encode(': ping\n\n');
/** The next turn of the event loop: pending I/O (a request's query answer, its response) runs first. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

class FeedHub {
  private epoch = crypto.randomBytes(6).toString('hex');
  private seq = 0;
  private ring: { seq: number; batch: Batch }[] = [];
  private conns = new Set<Conn>();
  private chain: Promise<void> = Promise.resolve();
  private missed = false;
  /** Payloads handled lately: on PostgreSQL every listening connection of the process hears each notification. */
  private seen = new Set<string>();
  /** Record and job notifications not read yet (taken together by the next read). */
  private waiting: Payload[] = [];
  private sessionsQueued = false;
  readonly presence = new PresenceTable();
  readonly ready: Promise<void>;

  constructor(private ctx: AppContext) {
    this.ready = ctx.db.listen(
      (p) => this.onNotify(p),
      (ok) => this.onListening(ok),
    );
    setInterval(() => {
      for (const c of this.conns) c.send(PING);
    }, PING_MS).unref();
    setInterval(() => this.tellPresence(this.presence.expire()), PRESENCE_SWEEP_MS).unref();
  }

  /** The id of the latest event. */
  get lastId() {
    return `${this.epoch}.${this.seq}`;
  }

  /** Open streams (the bench and tests count them). */
  get size() {
    return this.conns.size;
  }

  /** Runs tasks one after the other; a failing one is logged and the feed goes on. */
  private run(task: () => Promise<void>) {
    this.chain = this.chain.then(task).catch((err) => {
      if (!this.ctx.db.closed) console.error(`Change feed: ${(err as Error).message}`);
    });
  }

  private onNotify(payload: string) {
    if (payload === 'sessions') {
      // One check covers every notification that came before it started.
      if (!this.sessionsQueued) {
        this.sessionsQueued = true;
        this.run(() => {
          this.sessionsQueued = false;
          return this.checkSessions();
        });
      }
      return;
    }
    const presence = parsePresence(payload);
    if (presence) {
      this.tellPresence(this.presence.apply(presence));
      return;
    }
    const p = parsePayload(payload);
    if (!p || this.seen.has(payload)) return;
    this.seen.add(payload);
    if (this.seen.size > 5000) this.seen.delete(this.seen.values().next().value!);
    // Notifications that come while one is read or sent wait and go together: a bulk save's five
    // transactions (batches of 200 rows, embedded) make one or two events, not five writes to every stream.
    this.waiting.push(p);
    if (this.waiting.length > 1) return;
    this.run(async () => {
      // The write that notified is still answering its request (on the embedded database its next
      // queries would queue behind this read): the feed starts on the next turn.
      await nextTurn();
      // Empty when a bulk change's window (below) took these notifications already.
      if (!this.waiting.length) return;
      const batches = await readBatches(this.ctx, this.waiting.splice(0));
      // A bulk change (an event without values) commits in several transactions, a few dozen ms apart:
      // those of the next BULK_WINDOW_MS join it, so every stream is written one or two events, not five.
      if (batches.some((b) => b.kind === 'records' && b.records.length > FEED_VALUES_LIMIT)) {
        await new Promise((resolve) => setTimeout(resolve, BULK_WINDOW_MS));
        if (this.waiting.length) await readBatches(this.ctx, this.waiting.splice(0), undefined, batches);
      }
      for (const batch of batches) await this.publish(batch);
    });
  }

  /** Notifications from other processes may have been missed: every stream is told to reload, and old event ids no longer resume. */
  private onListening(ok: boolean) {
    if (!ok) {
      this.missed = true;
      return;
    }
    if (!this.missed) return;
    this.missed = false;
    this.run(async () => {
      this.epoch = crypto.randomBytes(6).toString('hex');
      this.ring = [];
      for (const c of this.conns) c.send(sse('reload', {}, this.lastId));
    });
  }

  private async publish(batch: Batch) {
    const seq = ++this.seq;
    this.ring.push({ seq, batch });
    if (this.ring.length > RING_SIZE) this.ring.shift();
    const id = this.lastId;
    // One cut per audience (same rights, brands and factories; jobs also per user), shared by its streams.
    const audiences = new Map<string, Conn[]>();
    for (const c of this.conns) {
      const key = batch.kind === 'jobs' ? `${c.user.userId}|${c.audience}` : c.audience;
      const group = audiences.get(key);
      if (group) group.push(c);
      else audiences.set(key, [c]);
    }
    for (const conns of audiences.values()) {
      const e = await cutFor(this.ctx, conns[0].user, batch);
      if (!e) continue;
      // Serialised and encoded once; every stream of the audience is written the same bytes.
      const bytes = encoder.encode(sse(e.event, e.data, id));
      for (let i = 0; i < conns.length; i += FANOUT_CHUNK) {
        await nextTurn();
        for (let j = i; j < Math.min(i + FANOUT_CHUNK, conns.length); j++) conns[j].send(bytes);
      }
    }
  }

  private async checkSessions() {
    const bySession = new Map<string, Conn[]>();
    for (const c of this.conns) bySession.set(c.user.sessionId, [...(bySession.get(c.user.sessionId) ?? []), c]);
    for (const [sessionId, conns] of bySession) {
      const found = await loadSession(this.ctx.db, sessionId, conns[0].user.userId);
      for (const c of conns) {
        if (!found) c.close();
        else {
          c.user = found.user;
          c.audience = audienceKey(found.user);
        }
      }
    }
  }

  private tellPresence(topics: string[]) {
    for (const topic of topics) {
      const text = sse('presence', { Topic: topic, People: this.presence.people(topic) });
      for (const c of this.conns) if (this.presence.topicsOf(c.client, c.user.userId).includes(topic)) c.send(text);
    }
  }

  /** Events after `lastEventId` for a stream that reconnects; a reload when they are no longer all here. */
  private async replay(c: Conn, lastEventId: string | undefined) {
    if (!lastEventId) return;
    const [epoch, n] = lastEventId.split('.');
    const last = Number(n);
    const oldest = this.ring[0]?.seq ?? this.seq + 1;
    if (epoch !== this.epoch || !Number.isInteger(last) || last > this.seq || last < oldest - 1) {
      c.send(sse('reload', {}, this.lastId));
      return;
    }
    for (const { seq, batch } of this.ring) {
      if (seq <= last) continue;
      const e = await cutFor(this.ctx, c.user, batch);
      if (e) c.send(sse(e.event, e.data, `${this.epoch}.${seq}`));
    }
  }

  /** Serves one stream until it ends: the client leaves, its session ends, its token expires or it stops reading. */
  async serve(stream: SSEStreamingApi, opts: { user: SessionUser; client: string; until: number; lastEventId?: string }) {
    let queued = 0;
    let done!: () => void;
    const ended = new Promise<void>((resolve) => {
      done = resolve;
    });
    const conn: Conn = {
      user: opts.user,
      audience: audienceKey(opts.user),
      client: opts.client,
      closed: false,
      send: (text) => {
        if (conn.closed) return;
        if (++queued > MAX_QUEUED) {
          conn.close();
          return;
        }
        void stream.write(text).finally(() => {
          queued--;
        });
      },
      close: () => {
        if (conn.closed) return;
        conn.closed = true;
        this.conns.delete(conn);
        clearTimeout(expiry);
        void stream.close().finally(done);
      },
    };
    const expiry = setTimeout(() => conn.close(), Math.max(0, opts.until - Date.now()));
    expiry.unref();
    stream.onAbort(() => conn.close());
    // The browser waits 2 s before reconnecting; `hello` names where the stream starts, for a resume.
    conn.send('retry: 2000\n\n');
    this.run(async () => {
      await this.replay(conn, opts.lastEventId);
      if (conn.closed) return;
      this.conns.add(conn);
      conn.send(sse('hello', { Id: this.lastId }, this.lastId));
      for (const topic of this.presence.topicsOf(conn.client, conn.user.userId))
        conn.send(sse('presence', { Topic: topic, People: this.presence.people(topic) }));
    });
    await ended;
  }
}

const hubs = new WeakMap<Db, FeedHub>();

/** The hub of a process's database, listening from its first use. */
export async function feedHub(ctx: AppContext): Promise<FeedHub> {
  let hub = hubs.get(ctx.db);
  if (!hub) hubs.set(ctx.db, (hub = new FeedHub(ctx)));
  await hub.ready;
  return hub;
}
