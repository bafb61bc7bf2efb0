/** Proxy mode: with API_UPSTREAM set, /api/* goes to the upstream unchanged; schemas stay local. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
let upstream: http.Server;
const seen: Seen[] = [];
let t: TestApp;

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      res.writeHead(req.url!.startsWith('/api/missing') ? 404 : 201, { 'content-type': 'application/json', 'x-upstream': 'yes' });
      res.end(JSON.stringify({ echoed: body, url: req.url }));
    });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const { port } = upstream.address() as AddressInfo;
  t = await createTestApp({ apiUpstream: `http://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => upstream.close(r));
});

describe('proxy mode (API_UPSTREAM)', () => {
  it('forwards method, path, query, headers and body, and returns status, headers and body', async () => {
    const res = await t.request('POST', '/api/Prototype/UpdatePrototypeData?prototypeSeasonalId=42', {
      json: { StockNum: '0012345' },
      headers: { authorization: 'Bearer upstream-token', 'x-custom': 'kept' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-upstream')).toBe('yes');
    const last = seen.at(-1)!;
    expect(last.method).toBe('POST');
    expect(last.url).toBe('/api/Prototype/UpdatePrototypeData?prototypeSeasonalId=42');
    expect(last.headers.authorization).toBe('Bearer upstream-token');
    expect(last.headers['x-custom']).toBe('kept');
    expect(JSON.parse(last.body)).toEqual({ StockNum: '0012345' });
    expect((await res.json()).echoed).toBe('{"StockNum":"0012345"}');
  });

  it('passes upstream error statuses through and forwards GETs without a body', async () => {
    const res = await t.request('GET', '/api/missing/thing?x=1');
    expect(res.status).toBe(404);
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/api/missing/thing?x=1', body: '' });
  });

  it('still serves the schemas locally', async () => {
    const before = seen.length;
    const res = await t.request('GET', '/schemas/permissions.json');
    expect(res.status).toBe(200);
    expect((await res.json()).modules.colorway.id).toBe(5);
    expect(seen.length).toBe(before);
  });
});
