/**
 * Issue 29, fair use (server/core/http/fair-use.ts): a user runs at most two heavy requests
 * (exports, reports, uploads, carryover…) at once; the next is a 429 with Retry-After and a message
 * saying why, while other users and the same user's reads and searches go on; the place comes back
 * when a heavy request ends, and a streamed export holds it while it is read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { HEAVY_BUSY, heavyUnderWay } from '../../server/core/http/fair-use';

let t: TestApp;
let designer: string, admin: string;
let designerId: number;
beforeAll(async () => {
  t = await createTestApp();
  [designer, admin] = await t.tokens('designer', 'admin');
  [{ id: designerId }] = await t.ctx.db.query<{ id: number }>("SELECT userid AS id FROM users WHERE username = 'designer@example.com'");
});
afterAll(async () => {
  await t?.close();
});

/** An image upload whose body is still arriving: it holds a place until `end` cuts it short (a 400). */
function openUpload(token: string) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  controller.enqueue(new TextEncoder().encode('--B\r\nContent-Disposition: form-data; name="ProjectLevel"\r\n\r\n2\r\n'));
  const response = t.fetch(
    new Request('http://localhost/api/Image/UploadImage', {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=B' },
    } as RequestInit),
  );
  return { response, end: () => controller.close() };
}

async function until(test: () => boolean) {
  for (let i = 0; i < 200 && !test(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(test()).toBe(true);
}

const exportAs = (token: string) => t.request('POST', '/api/Grid/colorway-search/Export', { token, json: { pageNumber: 1, pageSize: 0, BrandId: 1 } });

describe('issue 29: fair use of heavy work', () => {
  it('a third heavy request of one user is a 429 with Retry-After; other users, searches and the place coming back', async () => {
    const held = [openUpload(designer), openUpload(designer)];
    await until(() => heavyUnderWay(designerId) === 2);

    const refused = await exportAs(designer);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toMatchObject({ Code: 'too_many_heavy_requests', Message: HEAVY_BUSY });
    expect(HEAVY_BUSY).toBe('You already have 2 exports, reports or uploads running. Try again when one of them has finished.');
    // Another user is not starved, and the same user's searches are not heavy work.
    const other = await exportAs(admin);
    expect(other.status).toBe(200);
    expect((await other.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect((await t.request('POST', '/api/Grid/colorway-search/Search', { token: designer, json: { pageNumber: 1, pageSize: 15, BrandId: 1 } })).status).toBe(
      200,
    );

    // The uploads end (cut short: refused), and their places come back.
    for (const h of held) h.end();
    expect((await Promise.all(held.map((h) => h.response))).map((r) => r.status)).toEqual([400, 400]);
    expect(heavyUnderWay(designerId)).toBe(0);
    const again = await exportAs(designer);
    expect(again.status).toBe(200);
    // A streamed export holds its place while it is read, and gives it back at its last byte.
    expect(heavyUnderWay(designerId)).toBe(1);
    await again.arrayBuffer();
    await until(() => heavyUnderWay(designerId) === 0);
  });

  it('an export nobody reads gives its place back after a second', async () => {
    const unread = await exportAs(designer);
    expect(unread.status).toBe(200);
    expect(heavyUnderWay(designerId)).toBe(1);
    await until(() => heavyUnderWay(designerId) === 0);
    await unread.body?.cancel();
  });
});
