/**
 * A per-process cache of read answers (issue 31, ADR 037): a record by id and a grid's search page,
 * kept as the JSON text sent, gzipped, with its entity tag, per *audience* (same rights, brands and
 * factories, as the change feed cuts: those users get the same answer; a factory user's answers are
 * their own).
 *
 * Never stale after a commit the reader could see: every committed change to a table an answer may
 * read NOTIFYs (audit rows: 'records …', migration 031; every other table: 'data', migration 039;
 * rights and names: 'sessions', migration 015), and any of them empties the whole cache, since a
 * record's answer carries names and values of other tables. A sign-in's stamp (users.lastlogin,
 * 'data user', migration 041) drops the answers of the user entity alone: only they show it; the
 * search stamps a catch-up writes after a save ('data grids', migration 045) drop grid pages only. Before
 * an entry is served the database handle settles its notifications (`Db.settle`: at once on PGlite,
 * one shared round trip on the listening connection on PostgreSQL), so a change committed by another
 * process before the request came is known. An answer computed while a notification came is not
 * kept. While notifications could be missed (a lost LISTEN connection) nothing is cached.
 *
 * Memory: answers are kept gzipped (a colorway 4 KB → 1.6 KB, a page of 50 rows 34 KB → 3 KB) and
 * sent as they are to clients that accept gzip (browsers), unpacked for others. Least recently used
 * entries go first beyond READ_CACHE_MB (default 64; 0 turns the cache off); an answer whose text is
 * longer than a sixteenth of it (a 20,000-row page) is never kept.
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context } from 'hono';
import type { SessionUser } from '../auth/permissions';
import type { AppEnv } from '../context';
import type { Db } from '../db/client';
import { audienceKey } from '../feed/changes';

/**
 * What an answer is: a record by id, or a grid's page of rows (which may read a search table, so the
 * search stamps a catch-up writes drop it); its entity; and its key among the answers of that kind.
 */
export interface Kept {
  kind: 'record' | 'page';
  entity: string;
  key: string;
}
interface Entry {
  gz: Buffer;
  etag: string;
  bytes: number;
  entity: string;
  kind: Kept['kind'];
}
/** A request's answer: its text when just computed, its gzipped text when kept (or kept-sized). */
export interface Answer {
  etag: string;
  text?: string;
  gz?: Buffer;
}

/** Payloads that may change any answer: record changes, any table's change, rights and names. Not jobs, not presence. */
const invalidates = (payload: string) => payload === 'data' || payload === 'sessions' || payload.startsWith('records ');
/** A change that only answers of one entity show ('data user': a sign-in's stamp); its entity. */
const entityChange = (payload: string) => /^data ([a-z0-9-]+)$/.exec(payload)?.[1];
/**
 * A change that only grid pages show ('data grids': the search stamps a catch-up writes just after a
 * save's commit, migration 045; the save itself said 'data' at its commit). Records keep their answers.
 */
const PAGES_CHANGE = 'data grids';

/**
 * The answer's entity tag: a hash of its text, so equal answers (for any audience) have equal tags and
 * a 304 tells nothing new. Weak: the gzipped and the plain answer are one text in two encodings.
 */
export const etagOf = (body: string) => `W/"${crypto.createHash('sha1').update(body).digest('base64url')}"`;

/** The audience an answer is kept for: the feed's audience, and for a factory user the user alone (once per session object). */
const audiences = new WeakMap<SessionUser, string>();
function audienceOf(user: SessionUser) {
  let key = audiences.get(user);
  if (key === undefined) audiences.set(user, (key = `${user.isFactoryUser ? `u${user.userId}|` : ''}${audienceKey(user)}`));
  return key;
}

export class ReadCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  /** Bumped by every invalidation: an answer computed across one is not kept. */
  private generation = 0;
  private listening = false;
  readonly stats = { hits: 0, misses: 0, clears: 0 };
  readonly ready: Promise<void>;

  constructor(
    private db: Db,
    readonly limit: number,
  ) {
    this.ready =
      limit <= 0
        ? Promise.resolve()
        : db
            .listen(
              (payload) => {
                if (invalidates(payload)) this.clear();
                else if (payload === PAGES_CHANGE) this.clear((e) => e.kind === 'page');
                else {
                  const entity = entityChange(payload);
                  if (entity) this.clear((e) => e.entity === entity);
                }
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
                console.error(`Read cache off, cannot LISTEN: ${(err as Error).message}`);
              },
            );
  }

  /** Entries kept and their bytes (tests and the bench). */
  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** Empties the cache, or drops the answers `which` names (one entity's, the grid pages). */
  clear(which?: (e: Entry) => boolean) {
    this.generation++;
    this.stats.clears++;
    if (which === undefined) {
      this.entries.clear();
      this.bytes = 0;
      return;
    }
    for (const [k, e] of this.entries) {
      if (!which(e)) continue;
      this.entries.delete(k);
      this.bytes -= e.bytes;
    }
  }

  /**
   * The answer `of` (a record or a grid's page, of an entity) as this user's audience gets it: the kept one when no change came since it was computed, else `compute()`'s (kept when
   * no change came while it ran). A failing compute (404, 403) is not kept.
   */
  async answer(user: SessionUser, of: Kept, compute: () => Promise<string>): Promise<Answer> {
    if (this.limit <= 0 || !this.listening) return answerOf(await compute());
    const k = `${audienceOf(user)}\u0000${of.kind} ${of.key}`;
    if (this.entries.has(k)) {
      // A change committed before this request (by any process) is heard before the entry is trusted.
      const settled = await this.db.settle().then(
        () => true,
        () => false,
      );
      const hit = settled ? this.entries.get(k) : undefined;
      if (hit) {
        this.stats.hits++;
        this.entries.delete(k);
        this.entries.set(k, hit);
        return hit;
      }
    }
    this.stats.misses++;
    const generation = this.generation;
    const text = await compute();
    if (text.length > this.limit / 16) return answerOf(text);
    const gz = await gzip(text);
    const entry: Entry = { gz, etag: etagOf(text), bytes: charBytes(k) + gz.length + 200, entity: of.entity, kind: of.kind };
    if (generation === this.generation && this.listening) this.keep(k, entry);
    return { ...entry, text };
  }

  private keep(k: string, entry: Entry) {
    const old = this.entries.get(k);
    if (old) this.bytes -= old.bytes;
    this.entries.delete(k);
    this.entries.set(k, entry);
    this.bytes += entry.bytes;
    for (const [oldest, e] of this.entries) {
      if (this.bytes <= this.limit) break;
      this.entries.delete(oldest);
      this.bytes -= e.bytes;
    }
  }
}

const answerOf = (text: string): Answer => ({ text, etag: etagOf(text) });

/** A key's size in memory: V8 keeps a string whose characters are all Latin-1 at one byte a character, else two. */
const charBytes = (s: string) => (/[^\u0000-\u00ff]/.test(s) ? 2 : 1) * s.length;

/** Level 4: nearly the default's size in less time; a text over 64 KB is packed off the event loop. */
const gzipAsync = promisify(zlib.gzip);
const gzip = (text: string) => (text.length <= 65_536 ? Promise.resolve(zlib.gzipSync(text, { level: 4 })) : gzipAsync(text, { level: 4 }));

/** The text of an answer (a kept one unpacked). */
export const textOf = (a: Answer) => a.text ?? zlib.gunzipSync(a.gz!).toString();

/** Accept-Encoding names gzip (or *) without q=0. */
export function acceptsGzip(header: string | undefined) {
  return !!header?.split(',').some((part) => {
    const [name, ...params] = part
      .trim()
      .toLowerCase()
      .split(';')
      .map((x) => x.trim());
    const q = params.find((x) => x.startsWith('q='));
    return (name === 'gzip' || name === '*') && (!q || Number(q.slice(2)) > 0);
  });
}

const caches = new WeakMap<Db, ReadCache>();

/** The cache of a database handle (one per process and database), listening from its first use. */
export async function readCache(db: Db): Promise<ReadCache> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new ReadCache(db, Number(process.env.READ_CACHE_MB ?? 64) * 1024 * 1024)));
  await cache.ready;
  return cache;
}

/** If-None-Match holds the tag (a list, `*`, or a weak W/ form: RFC 9110 weak comparison). */
export function etagMatches(header: string | undefined, etag: string) {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((t) => t.trim() === '*' || opaque(t) === opaque(etag));
}

/**
 * A JSON answer through the cache, with its ETag; a GET whose If-None-Match holds it answers 304
 * without a body; gzipped to a client that accepts it. `private, no-store`: the browser keeps no copy
 * of its own (records are confidential); the web client keeps the last answer of each call in memory
 * and asks with its tag.
 */
export async function cachedJson(c: Context<AppEnv>, of: Kept, compute: () => Promise<string>): Promise<Response> {
  const answer = await (await readCache(c.get('ctx').db)).answer(c.get('user'), of, compute);
  const headers = { ETag: answer.etag, 'Cache-Control': 'private, no-store', Vary: 'Accept-Encoding' };
  if (c.req.method === 'GET' && etagMatches(c.req.header('if-none-match'), answer.etag)) return c.body(null, 304, headers);
  const json = { ...headers, 'Content-Type': 'application/json; charset=UTF-8' };
  if (answer.gz && acceptsGzip(c.req.header('accept-encoding'))) return c.body(new Uint8Array(answer.gz), 200, { ...json, 'Content-Encoding': 'gzip' });
  return c.body(textOf(answer), 200, json);
}
