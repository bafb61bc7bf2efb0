/**
 * Sign-in and an authenticated GET against the real server over the embedded database:
 * requests per second and p95, beside an unauthenticated GET (the ratio is the cost of the
 * per-request session check); and the server's memory at rest.
 */
import { load } from './lib/load';
import { rssMiB, startServer } from './lib/server';
import { loadavg, writeSection } from './lib/results';

export async function benchApiAuth() {
  const before = loadavg();
  const server = await startServer();
  try {
    await new Promise((r) => setTimeout(r, 3000));
    const rest = rssMiB(server.pid);
    const form = (u: string) => new URLSearchParams({ grant_type: 'password', username: u, password: 'Demo!2026pass' });
    const signIn = () => fetch(`${server.url}/api/token`, { method: 'POST', body: form('designer@example.com') });
    const { access_token } = await (await signIn()).json();
    const auth = { headers: { authorization: `Bearer ${access_token}` } };
    const warm = () => load(() => fetch(`${server.url}/api/health`), { concurrency: 4, count: 200 });
    await warm();
    const health = await load(() => fetch(`${server.url}/api/health`), { concurrency: 8, seconds: 5 });
    const authed = await load(() => fetch(`${server.url}/api/Brand/GetBrandsByUser`, auth), { concurrency: 8, seconds: 5 });
    const signIns = await load(signIn, { concurrency: 2, count: 60 });
    const busy = rssMiB(server.pid);
    const row = (name: string, r: Awaited<ReturnType<typeof load>>) =>
      `| ${name} | ${r.requests} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.errors} |`;
    const body = [
      '| request | count | req/s | p50 ms | p95 ms | errors |',
      '|---|---:|---:|---:|---:|---:|',
      row('GET /api/health (no auth, baseline)', health),
      row('GET /api/Brand/GetBrandsByUser (bearer)', authed),
      row('POST /api/token (password grant, argon2id)', signIns),
      '',
      `Authenticated GET vs baseline: ${(health.perSecond / authed.perSecond).toFixed(2)}× the time per request (session check + query).`,
      '',
      `Machine load (/proc/loadavg, cores shared with other users): before ${before}, after ${loadavg()}.`,
      '',
      `Server memory (RSS) at rest with the embedded database: **${rest.toFixed(0)} MiB** (target ≤ 400 MiB); after the load: ${busy.toFixed(0)} MiB.`,
    ].join('\n');
    writeSection('API: sign-in and authenticated GET', body);
    console.log(body);
  } finally {
    await server.stop();
  }
}
