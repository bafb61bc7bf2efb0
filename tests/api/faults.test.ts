/**
 * Issue 29: faults of the server's surroundings answered as what they are, never a 500 storm: the
 * database unreachable (a PostgreSQL restart: refused or lost connections, shutdown and start-up
 * states) is a 503 with Retry-After; a full disk during an upload a logged 507, its temp file
 * removed and the record unchanged.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createApp } from '../../server/app';

let t: TestApp;
let admin: string, designer: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, designer] = await t.tokens('admin', 'designer');
});
afterAll(async () => {
  await t?.close();
});

const errorLogCount = async () => Number((await t.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM error_log'))[0].n);

describe('issue 29: the database unreachable', () => {
  it('refused, lost, shutting down or starting up: 503 with Retry-After, the next request served when it is back', async () => {
    const outages: Record<string, unknown>[] = [
      { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' },
      { message: 'Connection terminated unexpectedly' },
      { code: '57P01', message: 'terminating connection due to administrator command' },
      { code: '57P03', message: 'the database system is starting up' },
      { code: '08006', message: 'connection failure' },
    ];
    const logged = await errorLogCount();
    for (const outage of outages) {
      let down = true;
      // The brands query fails as it would while PostgreSQL restarts; sessions are served from the cache.
      const db = {
        ...t.ctx.db,
        query: (sql: string, params?: unknown[], opts?: object) =>
          down && /FROM brands/.test(sql) ? Promise.reject(Object.assign(new Error(String(outage.message)), outage)) : t.ctx.db.query(sql, params, opts),
      } as typeof t.ctx.db;
      const app = createApp({ ...t.ctx, db });
      const get = () => app.fetch(new Request('http://localhost/api/Brand/GetBrands', { headers: { authorization: `Bearer ${admin}` } }));
      const res = await get();
      expect([outage.message, res.status, res.headers.get('retry-after')]).toEqual([outage.message, 503, '5']);
      expect(await res.json()).toMatchObject({ Code: 'database_unavailable', Message: 'The database is not reachable just now; try again in a few seconds.' });
      down = false;
      expect((await get()).status).toBe(200);
    }
    expect(await errorLogCount()).toBe(logged);
  });
});

describe('issue 29: a full disk', () => {
  it('during an image upload: 507 with a clear message, logged, the temp file removed, the record unchanged', async () => {
    const [{ id, imagename }] = await t.ctx.db.query(`SELECT briefseasonalid AS id, imagename FROM brief_view
      WHERE brandid = 1 AND statusid IN (1, 2) AND NOT isdeleted ORDER BY 1 LIMIT 1`);
    const bytes = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#27ae60' } })
      .png()
      .toBuffer();
    const fd = new FormData();
    for (const [k, v] of Object.entries({ ProjectId: id, ProjectLevel: 2, ImageType: 1 })) fd.append(k, String(v));
    fd.append('file', new Blob([new Uint8Array(bytes)]), 'full.png');
    const logged = await errorLogCount();
    // The files folder's disk is full: every write of a file there fails as the kernel fails it.
    const writable = fs as unknown as { createWriteStream: typeof fs.createWriteStream };
    const createWriteStream = fs.createWriteStream;
    writable.createWriteStream = ((file: fs.PathLike) => {
      fs.writeFileSync(file, '');
      const full = new Writable({
        write: (_chunk, _enc, cb) => cb(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' })),
      });
      return Object.assign(full, { bytesWritten: 0, path: file });
    }) as unknown as typeof fs.createWriteStream;
    let res: Response;
    try {
      res = await t.request('POST', '/api/Image/UploadImage', { token: designer, body: fd });
    } finally {
      writable.createWriteStream = createWriteStream;
    }
    expect(res.status).toBe(507);
    const answer = await res.json();
    expect(answer).toMatchObject({ Code: 'disk_full', Message: "The server's disk is full: nothing was stored. Please contact your System Administrator." });
    expect(await errorLogCount()).toBe(logged + 1);
    expect(fs.readdirSync(path.join(t.dataDir, 'files', 'tmp'))).toEqual([]);
    const [after] = await t.ctx.db.query('SELECT imagename FROM brief_view WHERE briefseasonalid = $1', [id]);
    expect(after.imagename).toBe(imagename);
  });
});
