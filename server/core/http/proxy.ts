/**
 * Proxy mode (API_UPSTREAM): /api/* is forwarded to the upstream API unchanged — method, path,
 * query, headers, body and status — while this server keeps serving the web app and schemas.
 */
import type { Context } from 'hono';

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'content-length'];

export async function forward(c: Context, upstream: string): Promise<Response> {
  const src = new URL(c.req.url);
  const target = new URL(src.pathname + src.search, upstream.endsWith('/') ? upstream : `${upstream}/`);
  const headers = new Headers(c.req.raw.headers);
  for (const h of HOP_BY_HOP) headers.delete(h);
  const hasBody = !['GET', 'HEAD'].includes(c.req.method);
  const res = await fetch(target, {
    method: c.req.method,
    headers,
    body: hasBody ? c.req.raw.body : undefined,
    redirect: 'manual',
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
  const out = new Headers(res.headers);
  for (const h of ['content-encoding', 'content-length', 'transfer-encoding', 'connection']) out.delete(h);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers: out });
}
