/**
 * The hub's fan-out (issue 30, ADR 035), on fake streams: one cut per audience and batch, the same
 * bytes written to every stream of an audience, events in their numbered order, the event loop free
 * between chunks of streams (a save's answer does not wait for the fan-out), and resumption from the
 * ring. The batch read and the cut are stubbed: their scoping is tested on a database
 * (tests/api/change-feed*.test.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SSEStreamingApi } from 'hono/streaming';
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import { FEED_VALUES_LIMIT } from '../../domain/feed-events';
import { cutFor, readBatches, type Batch, type RecordBatch } from './changes';
import { BULK_WINDOW_MS, FANOUT_CHUNK, feedHub } from './hub';

vi.mock('./changes', async (importOriginal) => ({ ...(await importOriginal<typeof import('./changes')>()), readBatches: vi.fn(), cutFor: vi.fn() }));

const read = vi.mocked(readBatches);
const cut = vi.mocked(cutFor);
const decoder = new TextDecoder();
const turn = () => new Promise<void>((r) => setImmediate(r));

const user = (userId: number, brands: number[]): SessionUser => ({
  userId,
  userName: `u${userId}`,
  firstName: 'U',
  lastName: String(userId),
  isFactoryUser: false,
  roleId: 1,
  sessionId: `s${userId}`,
  permissions: new Set([501]),
  brandIds: new Set(brands),
  factoryKeys: new Set(),
});

interface Fake {
  writes: (string | Uint8Array)[];
  api: SSEStreamingApi;
  abort(): void;
  events(): { id: string; event: string; data: any }[];
}

function fakeStream(): Fake {
  const writes: (string | Uint8Array)[] = [];
  let onAbort = () => {};
  const api = {
    write: async (x: string | Uint8Array) => {
      writes.push(x);
    },
    close: async () => {},
    onAbort: (f: () => void) => {
      onAbort = f;
    },
  };
  return {
    writes,
    api: api as unknown as SSEStreamingApi,
    abort: () => onAbort(),
    events: () =>
      writes
        .map((w) => (typeof w === 'string' ? w : decoder.decode(w)))
        .filter((t) => t.startsWith('id: '))
        .map((t) => {
          const [, id, event, data] = /^id: (\S+)\nevent: (\S+)\ndata: (.*)\n\n$/s.exec(t)!;
          return { id, event, data: JSON.parse(data) };
        }),
  };
}

/** A hub on a fake database whose notifications the test sends; streams opened for `users`. */
async function hubWith(users: SessionUser[], lastEventId?: (i: number) => string | undefined) {
  let notify!: (payload: string) => void;
  const ctx = {
    db: {
      listen: async (onNotify: (p: string) => void) => {
        notify = onNotify;
      },
    },
  } as unknown as AppContext;
  const hub = await feedHub(ctx);
  const streams = users.map(() => fakeStream());
  users.forEach((u, i) => {
    void hub.serve(streams[i].api, { user: u, client: '', until: Date.now() + 60_000, lastEventId: lastEventId?.(i) });
  });
  while (hub.size < users.length) await turn();
  return { hub, streams, notify: (p: string) => notify(p), ctx };
}

const records = (s: Fake) => s.events().filter((e) => e.event === 'records');
async function until(test: () => boolean) {
  for (let i = 0; i < 10_000 && !test(); i++) await turn();
  expect(test()).toBe(true);
}

// One batch a notification (readBatches' merging is tested in changes.test.ts): each record keyed by its first audit id.
// A notification whose first id is 1000 or more stands for a bulk change (more records than FEED_VALUES_LIMIT).
read.mockImplementation(async (_ctx, payloads, _read, out = []) => {
  out.push(
    ...payloads.map(
      (p): Batch => ({
        kind: 'records',
        entity: p.kind === 'records' ? p.entity : '',
        records: Array.from({ length: p.first >= 1000 ? FEED_VALUES_LIMIT + 1 : 1 }, (_, i) => ({
          key: p.first + i,
          values: {},
          changed: ['FFC'],
          by: 'U',
          byId: 1,
          at: '',
        })),
      }),
    ),
  );
  return out;
});
cut.mockImplementation(async (_ctx, u, batch) => ({ event: 'records', data: { Id: (batch as RecordBatch).records[0].key, Brands: [...u.brandIds] } }));

let open: Fake[] = [];
afterEach(() => {
  for (const s of open) s.abort();
  open = [];
  cut.mockClear();
  read.mockClear();
});

describe('issue 30: the change feed fans out by audience', () => {
  it('one cut per audience and batch, the same bytes to each stream of an audience, events in numbered order', async () => {
    // 150 streams of one audience; 100 + 50 streams of two users with the same rights and brands (one audience).
    const users = [...Array(150).fill(user(1, [1])), ...Array(100).fill(user(2, [2])), ...Array(50).fill(user(3, [2]))];
    const { streams, notify } = await hubWith(users);
    open = streams;
    for (const n of [1, 2, 3]) notify(`records colorway ${n} ${n}`);
    await until(() => streams.every((s) => records(s).length === 3));
    expect(cut).toHaveBeenCalledTimes(2 * 3);
    // The three notifications came together: read together, in one call (a bulk save's transactions make one read).
    expect(read.mock.calls.map(([, payloads]) => payloads.map((p) => p.first))).toEqual([[1, 2, 3]]);
    for (const [i, s] of streams.entries()) {
      const got = records(s);
      expect(got.map((e) => e.data)).toEqual([1, 2, 3].map((Id) => ({ Id, Brands: [i < 150 ? 1 : 2] })));
      const seqs = got.map((e) => Number(e.id.split('.')[1]));
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    }
    // Serialised once: the streams of an audience were written the very same bytes.
    const bytesOf = (s: Fake) => s.writes.filter((w) => w instanceof Uint8Array && decoder.decode(w).includes('event: records'));
    expect(bytesOf(streams[299])[0]).toBe(bytesOf(streams[150])[0]);
    expect(bytesOf(streams[0])[0]).not.toBe(bytesOf(streams[150])[0]);
  });

  it("the event loop turns between chunks of streams: other work (a save's answer) waits for one chunk at most", async () => {
    const { streams, notify } = await hubWith(Array(1000).fill(user(1, [1])));
    open = streams;
    const written = () => streams.filter((s) => records(s).length > 0).length;
    // From the moment the cut is made, count the streams written at each turn of the event loop.
    const counts: number[] = [];
    cut.mockImplementationOnce(async (_ctx, _u, batch) => {
      const tick = () => {
        counts.push(written());
        if (counts.at(-1)! < 1000) setImmediate(tick);
      };
      setImmediate(tick);
      return { event: 'records', data: { Id: (batch as RecordBatch).records[0].key } };
    });
    notify('records colorway 7 7');
    await until(() => written() === 1000);
    expect(counts[0]).toBe(0);
    const steps = counts.slice(1).map((c, i) => c - counts[i]);
    expect(Math.max(...steps)).toBeLessThanOrEqual(FANOUT_CHUNK);
    expect(counts.length).toBeGreaterThanOrEqual(1000 / FANOUT_CHUNK);
  });

  it("a stream that comes back with its last event id gets the ring's later events, cut for it; another epoch's id gets reload", async () => {
    const first = await hubWith([user(1, [1])]);
    open = first.streams;
    for (const n of [4, 5, 6]) first.notify(`records colorway ${n} ${n}`);
    await until(() => records(first.streams[0]).length === 3);
    const seen = records(first.streams[0])[0].id;
    const hub = await feedHub(first.ctx);
    const back = fakeStream();
    const other = fakeStream();
    open.push(back, other);
    void hub.serve(back.api, { user: user(2, [2]), client: '', until: Date.now() + 60_000, lastEventId: seen });
    void hub.serve(other.api, { user: user(2, [2]), client: '', until: Date.now() + 60_000, lastEventId: 'feedfeedfeed.1' });
    while (hub.size < 3) await turn();
    expect(records(back).map((e) => e.data)).toEqual([
      { Id: 5, Brands: [2] },
      { Id: 6, Brands: [2] },
    ]);
    expect(other.events().map((e) => e.event)).toEqual(['reload', 'hello']);
  });

  it('a bulk change waits BULK_WINDOW_MS for its next transactions: they go out with it; a small change goes at once', async () => {
    const { streams, notify } = await hubWith([user(1, [1])]);
    open = streams;
    const t0 = Date.now();
    notify('records colorway 1000 1100');
    setTimeout(() => notify('records colorway 2000 2100'), BULK_WINDOW_MS / 5);
    for (let i = 0; i < 200 && records(streams[0]).length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(records(streams[0])).toHaveLength(2);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(BULK_WINDOW_MS - 5);
    // The second transaction was read into the first one's batches (the same publish), not on its own.
    expect(read.mock.calls).toHaveLength(2);
    expect((read.mock.calls[1][3] ?? []).map((b) => (b as RecordBatch).records[0].key)).toEqual([1000, 2000]);
    const t1 = Date.now();
    notify('records colorway 7 7');
    await until(() => records(streams[0]).length === 3);
    expect(Date.now() - t1).toBeLessThan(BULK_WINDOW_MS);
  });
});
