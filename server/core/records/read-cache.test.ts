/** The read cache's rules on a stand-in database (issue 31, ADR 037); the API tests run it on the real ones. */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../auth/permissions';
import type { Db } from '../db/client';
import { acceptsGzip, etagMatches, etagOf, type Kept, ReadCache, textOf } from './read-cache';

function fakeDb() {
  const fake = {
    notify: (_p: string) => {},
    listening: (_ok: boolean) => {},
    settleFails: false,
    settles: 0,
    db: {} as Db,
  };
  fake.db = {
    listen: async (onNotify: (p: string) => void, onListening: (ok: boolean) => void) => {
      fake.notify = onNotify;
      fake.listening = onListening;
    },
    settle: async () => {
      fake.settles++;
      if (fake.settleFails) throw new Error('lost');
    },
  } as unknown as Db;
  return fake;
}

/** A colorway record's answer by its key. */
const record = (key: string): Kept => ({ kind: 'record', entity: 'colorway', key });
const user = (over: Partial<SessionUser> = {}): SessionUser => ({
  userId: 7,
  userName: 'u',
  firstName: '',
  lastName: '',
  isFactoryUser: false,
  roleId: 1,
  sessionId: 's',
  permissions: new Set([401]),
  brandIds: new Set([1]),
  factoryKeys: new Set(),
  ...over,
});

async function cacheOf(limit = 1 << 20) {
  const fake = fakeDb();
  const cache = new ReadCache(fake.db, limit);
  await cache.ready;
  let n = 0;
  const compute = () => Promise.resolve(`{"n":${++n}}`);
  return { fake, cache, compute };
}

describe('read cache (issue 31)', () => {
  it('serves a kept answer after settling, until a record, data or sessions notification; jobs and presence keep it', async () => {
    const { fake, cache, compute } = await cacheOf();
    expect(textOf(await cache.answer(user(), record('k'), compute))).toBe('{"n":1}');
    expect(textOf(await cache.answer(user(), record('k'), compute))).toBe('{"n":1}');
    expect(fake.settles).toBe(1);
    fake.notify('jobs 1 2 3');
    fake.notify('presence {}');
    expect(textOf(await cache.answer(user(), record('k'), compute))).toBe('{"n":1}');
    for (const [i, payload] of ['records colorway 5 9', 'data', 'sessions'].entries()) {
      fake.notify(payload);
      expect(textOf(await cache.answer(user(), record('k'), compute))).toBe(`{"n":${i + 2}}`);
    }
    expect(cache.stats).toMatchObject({ hits: 2, misses: 4 });
  });

  it("a sign-in's stamp ('data user') drops the user entity's answers only; other answers stay kept", async () => {
    const { fake, cache } = await cacheOf();
    let n = 0;
    const ask = (entity: string) => cache.answer(user(), { kind: 'page', entity, key: entity }, async () => `${entity} ${++n}`).then(textOf);
    expect([await ask('user'), await ask('colorway')]).toEqual(['user 1', 'colorway 2']);
    fake.notify('data user');
    expect(await ask('colorway')).toBe('colorway 2');
    expect(await ask('user')).toBe('user 3');
    expect(cache.size.entries).toBe(2);
    fake.notify('data');
    expect(await ask('colorway')).toBe('colorway 4');
  });

  it("the search stamps' change ('data grids') drops grid pages only; record answers stay kept", async () => {
    const { fake, cache } = await cacheOf();
    let n = 0;
    const ask = (of: Kept) => cache.answer(user(), of, async () => `${of.kind} ${++n}`).then(textOf);
    const rec = record('7');
    const page: Kept = { kind: 'page', entity: 'colorway', key: 'colorway-search {}' };
    expect([await ask(rec), await ask(page)]).toEqual(['record 1', 'page 2']);
    fake.notify('data grids');
    expect(await ask(rec)).toBe('record 1');
    expect(await ask(page)).toBe('page 3');
  });

  it('keeps answers gzipped: an entry costs its packed size; a hit is the packed text, unpacked the same', async () => {
    const { cache } = await cacheOf();
    const text = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ StockNum: `SK-${i}`, ColorDesc: 'Summit Teal', FFC: 12.5 })));
    const first = await cache.answer(user(), record('a'), async () => text);
    expect(first.text).toBe(text);
    expect(cache.size.bytes).toBeLessThan(text.length / 4);
    const hit = await cache.answer(user(), record('a'), async () => 'recomputed');
    expect(hit.text).toBeUndefined();
    expect(hit.etag).toBe(first.etag);
    expect(textOf(hit)).toBe(text);
  });

  it('a notification that comes while the settle runs, or a settle that fails, makes it a miss', async () => {
    const { fake, cache, compute } = await cacheOf();
    await cache.answer(user(), record('k'), compute);
    fake.db.settle = async () => {
      fake.notify('data');
    };
    expect(textOf(await cache.answer(user(), record('k'), compute))).toBe('{"n":2}');
    fake.db.settle = async () => {
      throw new Error('lost');
    };
    expect(textOf(await cache.answer(user(), record('k'), compute))).toBe('{"n":3}');
  });

  it('an answer computed while a change came is not kept; nothing is kept while not listening', async () => {
    const { fake, cache } = await cacheOf();
    await cache.answer(user(), record('k'), async () => {
      fake.notify('records colorway 1 1');
      return 'old';
    });
    expect(textOf(await cache.answer(user(), record('k'), async () => 'new'))).toBe('new');
    fake.listening(false);
    await cache.answer(user(), record('x'), async () => 'a');
    expect(cache.size.entries).toBe(0);
    expect(textOf(await cache.answer(user(), record('x'), async () => 'b'))).toBe('b');
  });

  it("answers are kept per audience: other rights, brands or factories miss; a factory user's answer serves no other user", async () => {
    const { cache } = await cacheOf();
    const seen = (u: SessionUser) => cache.answer(u, record('k'), async () => `for ${u.userId}`).then(textOf);
    expect(await seen(user())).toBe('for 7');
    expect(await seen(user({ userId: 8 }))).toBe('for 7');
    expect(await seen(user({ userId: 9, brandIds: new Set([2]) }))).toBe('for 9');
    expect(await seen(user({ userId: 10, permissions: new Set([401, 402]) }))).toBe('for 10');
    const factory = { isFactoryUser: true, factoryKeys: new Set(['F1']) };
    expect(await seen(user({ userId: 11, ...factory }))).toBe('for 11');
    expect(await seen(user({ userId: 12, ...factory }))).toBe('for 12');
    expect(await seen(user({ userId: 11, ...factory }))).toBe('for 11');
  });

  it('keeps the most recently used answers within its bytes; a failing compute keeps nothing', async () => {
    const { cache } = await cacheOf(100_000);
    // Random text: gzip cannot make it much smaller.
    const body = crypto.randomBytes(3000).toString('base64');
    for (let i = 0; i < 40; i++) await cache.answer(user(), record(`k${i}`), async () => body);
    expect(cache.size.bytes).toBeLessThanOrEqual(100_000);
    expect(cache.size.entries).toBeLessThan(40);
    await cache.answer(user(), record('k39'), async () => 'changed');
    expect(textOf(await cache.answer(user(), record('k39'), async () => 'changed'))).toBe(body);
    expect(textOf(await cache.answer(user(), record('k0'), async () => 'recomputed'))).toBe('recomputed');
    await expect(cache.answer(user(), record('bad'), () => Promise.reject(new Error('404')))).rejects.toThrow('404');
    expect(textOf(await cache.answer(user(), record('bad'), async () => 'ok'))).toBe('ok');
    // An answer larger than a sixteenth of the cache is never kept.
    await cache.answer(user(), record('big'), async () => 'y'.repeat(7000));
    expect(textOf(await cache.answer(user(), record('big'), async () => 'small'))).toBe('small');
  });

  it('READ_CACHE_MB=0: no cache, every answer computed', async () => {
    const { cache, compute } = await cacheOf(0);
    await cache.answer(user(), record('k'), compute);
    expect(textOf(await cache.answer(user(), record('k'), compute))).toBe('{"n":2}');
  });

  it('entity tags: equal text, equal tag; If-None-Match lists, * and weak forms match', () => {
    expect(etagOf('{"a":1}')).toBe(etagOf('{"a":1}'));
    expect(etagOf('{"a":1}')).not.toBe(etagOf('{"a":2}'));
    const tag = etagOf('x');
    expect(etagMatches(`"other", ${tag}`, tag)).toBe(true);
    expect(tag.startsWith('W/"')).toBe(true);
    expect(etagMatches(tag.slice(2), tag)).toBe(true);
    expect(etagMatches('*', tag)).toBe(true);
    expect(etagMatches('"other"', tag)).toBe(false);
    expect(etagMatches(undefined, tag)).toBe(false);
  });

  it('Accept-Encoding: gzip or * without q=0', () => {
    for (const h of ['gzip', 'gzip, deflate, br', 'br;q=1.0, gzip;q=0.8', '*']) expect(acceptsGzip(h), h).toBe(true);
    for (const h of [undefined, '', 'identity', 'br, deflate', 'gzip;q=0', 'x-gzip2']) expect(acceptsGzip(h), h).toBe(false);
  });
});
