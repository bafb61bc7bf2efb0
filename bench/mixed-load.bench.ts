/**
 * Issue 29: a mixed load against the real server on both databases (embedded PGlite and a
 * PostgreSQL server started here): MIXED_LOAD_RATE requests per second (20) for MIXED_LOAD_SECONDS
 * (300), sent at a fixed rate (open loop: a slow answer does not slow the load down) by three demo
 * users: record and grid reads, grid saves, image uploads, exports and PDF reports. Every answer must
 * be a success (a 429 of fair use or a 409 would count as an error); reads must keep p95 < 300 ms.
 * Needs a quiet machine; a short run (MIXED_LOAD_SECONDS=20) proves it works.
 */
import sharp from 'sharp';
import { startPostgres } from './lib/postgres';
import { startServer, type RunningServer } from './lib/server';
import { loadavg, writeSection } from './lib/results';

const RATE = Number(process.env.MIXED_LOAD_RATE ?? 20);
const SECONDS = Number(process.env.MIXED_LOAD_SECONDS ?? 300);
const PASSWORD = 'Demo!2026pass';

type Kind = 'read' | 'save' | 'upload' | 'export' | 'pdf';
/** Out of 20 requests: 14 reads, 3 grid saves, 1 upload, 1 export, 1 PDF. */
const MIX: Kind[] = [...Array(14).fill('read'), 'save', 'save', 'save', 'upload', 'export', 'pdf'];

interface Stats {
  times: number[];
  errors: string[];
}

async function tokenOf(url: string, user: string) {
  const body = new URLSearchParams({ grant_type: 'password', username: `${user}@example.com`, password: PASSWORD });
  const res = await fetch(`${url}/api/token`, { method: 'POST', body });
  return (await res.json()).access_token as string;
}

async function run(server: RunningServer) {
  const url = server.url;
  const [admin, designer, costing] = await Promise.all(['admin', 'designer', 'costing'].map((u) => tokenOf(url, u)));
  const call = (token: string, method: string, path: string, body?: unknown, extra: RequestInit = {}) =>
    fetch(`${url}${path}`, {
      method,
      ...extra,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...extra.headers },
      body: body !== undefined ? JSON.stringify(body) : extra.body,
    });
  const search = async (token: string, grid: string, criteria: object) =>
    (await (await call(token, 'POST', `/api/Grid/${grid}/Search`, { pageNumber: 1, pageSize: 200, ...criteria })).json()).Results as Record<string, number>[];
  // What the load works on: colorways the costing user may save, briefs to put images on, critical paths to print.
  const candidates = (await search(costing, 'costing', { BrandId: 1 })).map((r) => ({ id: r.PrototypeSeasonalId, v: r.RowVersion }));
  // The rows the costing user may save (a status past costing is refused), with their versions: one save each first.
  const rows: typeof candidates = [];
  for (const row of candidates) {
    const answer = await (await call(costing, 'POST', '/api/Grid/costing/Save', { rows: [{ Key: row.id, RowVersion: row.v, Changes: { FFC: 10 } }] })).json();
    for (const s of answer.Saved ?? []) rows.push({ id: row.id, v: s.RowVersion });
  }
  let saves = 0;
  const colorways = (await search(admin, 'colorway-search', { BrandId: 1 })).map((r) => r.PrototypeSeasonalId);
  const briefs = (await search(designer, 'brief-search', { BrandId: 1 })).map((r) => r.BriefSeasonalId);
  const paths = (await search(designer, 'critical-path-dev-prototype-search', { BrandId: 1 })).map((r) => r.CriticalPathDevPrototypeId);
  const image = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8e44ad' } })
    .jpeg()
    .toBuffer();
  const readers = [admin, designer, costing];
  let n = 0;
  const send: Record<Kind, () => Promise<Response>> = {
    read: () =>
      n % 2 === 0
        ? call(readers[n % 3], 'GET', `/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${colorways[n % colorways.length]}`)
        : call(readers[n % 3], 'POST', '/api/Grid/colorway-search/Search', { pageNumber: 1 + (n % 3), pageSize: 50, BrandId: 1 }),
    save: async () => {
      // Each save takes the next row: with 3 saves a second and a few hundred rows, no two overlap on one row.
      const row = rows[saves++ % rows.length];
      const res = await call(costing, 'POST', '/api/Grid/costing/Save', { rows: [{ Key: row.id, RowVersion: row.v, Changes: { FFC: 10 + (n % 50) } }] });
      const answer = await res
        .clone()
        .json()
        .catch(() => ({}));
      for (const s of answer.Saved ?? []) row.v = s.RowVersion;
      return answer.Failed?.length ? new Response(JSON.stringify(answer.Failed), { status: 409 }) : res;
    },
    upload: () => {
      const fd = new FormData();
      for (const [k, v] of Object.entries({ ProjectId: briefs[n % briefs.length], ProjectLevel: 2, ImageType: 1 })) fd.append(k, String(v));
      fd.append('file', new Blob([new Uint8Array(image)]), 'load.jpg');
      return call(designer, 'POST', '/api/Image/UploadImage', undefined, { body: fd });
    },
    // Each user's heavy work stays within fair use (two at once): uploads are the designer's, exports the costing user's, PDFs the administrator's.
    export: () => call(costing, 'POST', '/api/Grid/colorway-search/Export', { pageNumber: 1, pageSize: 0, BrandId: 1, SeasonId: 1 }),
    pdf: () => call(admin, 'GET', `/api/Report/CriticalPathDevPrototypeReport?CriticalPathDevPrototypeId=${paths[n % paths.length]}`),
  };
  const stats = Object.fromEntries(MIX.map((k) => [k, { times: [], errors: [] } as Stats])) as Record<Kind, Stats>;
  const pending: Promise<void>[] = [];
  const t0 = performance.now();
  for (let i = 0; i < RATE * SECONDS; i++) {
    const due = t0 + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const kind = MIX[i % MIX.length];
    n = i;
    const started = performance.now();
    pending.push(
      send[kind]().then(
        async (res) => {
          await res.arrayBuffer();
          stats[kind].times.push(performance.now() - started);
          if (!res.ok) stats[kind].errors.push(`${kind} ${res.status}`);
        },
        (err) => {
          stats[kind].errors.push(`${kind} ${(err as Error).message}`);
        },
      ),
    );
  }
  await Promise.all(pending);
  return stats;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * p))] : NaN;
};

export async function benchMixedLoad() {
  const lines = [
    `${RATE} requests/s for ${SECONDS} s (open loop), mix per 20: 14 reads, 3 grid saves, 1 image upload, 1 export, 1 PDF; users admin, designer and costing.`,
    '',
    '| database | kind | requests | errors | p50 ms | p95 ms | max ms |',
    '|---|---|---|---|---|---|---|',
  ];
  const failures: string[] = [];
  const pg = await startPostgres();
  for (const [name, env] of [['PGlite', {}], ...(pg ? [['PostgreSQL', { DATABASE_URL: pg.url }]] : [])] as [string, Record<string, string>][]) {
    const server = await startServer(env);
    try {
      const stats = await run(server);
      for (const [kind, s] of Object.entries(stats)) {
        lines.push(
          `| ${name} | ${kind} | ${s.times.length} | ${s.errors.length} | ${pct(s.times, 0.5).toFixed(0)} | ${pct(s.times, 0.95).toFixed(0)} | ${Math.max(...s.times).toFixed(0)} |`,
        );
        failures.push(...s.errors.slice(0, 5).map((e) => `${name}: ${e}`));
      }
      const readP95 = pct(stats.read.times, 0.95);
      if (readP95 >= 300) failures.push(`${name}: read p95 ${readP95.toFixed(0)} ms (goal < 300 ms)`);
    } finally {
      await server.stop();
    }
  }
  pg?.stop();
  lines.push(
    '',
    `Load averages after the run: ${loadavg()}.`,
    failures.length ? `Missed: ${failures.join('; ')}.` : 'Every answer a success; read p95 under 300 ms on both databases.',
  );
  console.log(lines.join('\n'));
  writeSection('mixed-load', lines.join('\n'));
}
