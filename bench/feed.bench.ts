/**
 * The change feed under load (issue 30, ADR 035), against the real server on the embedded database:
 * N open feed streams (FEED_CONNECTIONS, default 1,000, spread over four users: four audiences)
 * while a costing grid save of FEED_ROWS rows (default 100, as the issue asks) runs every second
 * for FEED_SECONDS (default 30). The data is the large fixture with FEED_COLORWAYS colorways
 * (default 5,000; one brand, one season) in FEED_DATA_DIR (default /tmp/feed-large, generated when
 * missing), the four users on its brand, so every save's rows reach every stream.
 * Measured: delivery time (save sent → event read on each stream) p50/p95/max, the server's memory
 * per stream (RSS with the streams open less RSS before, over N), the feed's CPU cost (server CPU
 * time per second with the streams against the same saves without any), and the saves' answer
 * time with and without the streams, side by side. `npm run bench feed`.
 * The readers do not parse the events (1,000 JSON parses of a 100-row event a second would load
 * the bench's own process and be counted as delivery time); one stream per user is parsed and
 * checked: every save came as one event of all its rows.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { openDb } from '../server/core/db/client';
import { startServer, rssMiB, type RunningServer } from './lib/server';
import { loadavg, writeSection } from './lib/results';
import { DEMO_PASSWORD, emailOf } from '../tests/helpers/test-app';

const N = Number(process.env.FEED_CONNECTIONS ?? 1000);
const ROWS = Number(process.env.FEED_ROWS ?? 100);
const SECONDS = Number(process.env.FEED_SECONDS ?? 30);
const COLORWAYS = Number(process.env.FEED_COLORWAYS ?? 5000);
const DIR = process.env.FEED_DATA_DIR ?? '/tmp/feed-large';
const USERS = ['costing', 'forecast', 'designer', 'admin'];

interface Editable {
  id: number;
  v: number;
}

/** CPU seconds (user + system) the process has used. */
function cpuSeconds(pid: number): number {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}
const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] : NaN);

/** The large fixture (generated once), the bench's users on every brand; the colorways the costing grid may save, with their versions. */
async function prepare(): Promise<Editable[]> {
  if (!fs.existsSync(path.join(DIR, 'db'))) {
    const gen = spawnSync(process.execPath, ['--import', 'tsx', 'fixtures/large.ts', '--colorways', String(COLORWAYS), '--brands', '1', '--seasons', '1'], {
      env: { ...process.env, DATA_DIR: DIR },
      stdio: 'inherit',
    });
    if (gen.status !== 0) throw new Error('fixtures:large failed');
  }
  const db = await openDb({ dataDir: path.join(DIR, 'db') });
  try {
    await db.query(
      `INSERT INTO user_brands (userid, brandid) SELECT u.userid, b.brandid FROM users u CROSS JOIN brands b
      WHERE u.username = ANY($1::text[]) ON CONFLICT DO NOTHING`,
      [USERS.map(emailOf)],
    );
    return await db.query<Editable>(`SELECT prototypeseasonalid AS id, rowversion AS v FROM prototype_seasonals
      WHERE NOT isdeleted AND (statusid = 1 OR (statusid = 2 AND factname IS NOT NULL AND factnameky IS NOT NULL)) ORDER BY 1`);
  } finally {
    await db.close();
  }
}

export async function signIn(server: Pick<RunningServer, 'url'>, user: string) {
  const res = await fetch(`${server.url}/api/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', username: emailOf(user), password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** One open stream: when each `records` event arrived; `sizes` (rows per event) only on a checked stream. */
export interface Stream {
  arrivals: number[];
  sizes: number[];
  bytes: number;
  hello: Promise<void>;
  close(): Promise<void>;
}

const RECORDS = Buffer.from('\nevent: records\n');
const HELLO = Buffer.from('\nevent: hello\n');

/**
 * Reads a stream over node:http (cheaper than fetch's web streams: 1,000 readers take ~100 MB a
 * second, and a bench process that falls behind adds its own delay to delivery). An unchecked stream
 * only finds "event: records" in the bytes (no decoding, no JSON: the data lines hold no newline, so
 * the marker is never inside an event's data); a checked one parses every event.
 */
export function openStream(server: Pick<RunningServer, 'url'>, token: string, checked: boolean): Promise<Stream> {
  return new Promise((resolve, reject) => {
    let helloSeen!: () => void;
    const req = http.get(`${server.url}/api/Feed`, { headers: { authorization: `Bearer ${token}` }, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`feed: ${res.statusCode}`));
        return;
      }
      const s: Stream = {
        arrivals: [],
        sizes: [],
        bytes: 0,
        hello: new Promise((r) => {
          helloSeen = r;
        }),
        close: async () => {
          req.destroy();
        },
      };
      let text = '';
      let tail = Buffer.alloc(0);
      let greeted = false;
      res.on('data', (chunk: Buffer) => {
        const now = Date.now();
        if (checked) {
          text += chunk.toString('utf8');
          let cut: number;
          while ((cut = text.indexOf('\n\n')) >= 0) {
            const block = text.slice(0, cut);
            text = text.slice(cut + 2);
            if (block.includes('\nevent: records\n')) {
              s.arrivals.push(now);
              s.bytes = block.length;
              // Rows of the event: its records, or the keys of a partial event's groups (ADR 035, "Large batches").
              const data = JSON.parse(block.slice(block.indexOf('\ndata: ') + 7)) as { Records?: unknown[]; Groups?: { Keys: unknown[] }[] };
              s.sizes.push(data.Records?.length ?? (data.Groups ?? []).reduce((n, g) => n + g.Keys.length, 0));
            } else if (block.includes('\nevent: hello\n')) helloSeen();
          }
          return;
        }
        // A marker split between two chunks is found in the previous chunk's last bytes and this one's first.
        const seam = Buffer.concat([tail, chunk.subarray(0, RECORDS.length - 1)]);
        for (const b of [seam, chunk]) for (let i = b.indexOf(RECORDS); i >= 0; i = b.indexOf(RECORDS, i + RECORDS.length)) s.arrivals.push(now);
        if (!greeted && (seam.includes(HELLO) || chunk.includes(HELLO))) {
          greeted = true;
          helloSeen();
        }
        tail = Buffer.from(chunk.subarray(Math.max(0, chunk.length - RECORDS.length + 1)));
      });
      res.on('error', () => {});
      resolve(s);
    });
    req.on('error', reject);
  });
}

/** A POST on a connection of its own (no keep-alive connection the server may close as it is reused). */
function post(url: string, token: string, body: unknown): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent: false, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(parts).toString('utf8')) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** Saves ROWS colorways every second for SECONDS, the next rows each round; the send times by round and the answer times. */
async function saveLoad(server: RunningServer, token: string, rows: Editable[], start: number, tag: number, rounds = SECONDS) {
  const sent: number[] = [];
  const answers: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const t0 = performance.now();
    const block = Array.from({ length: ROWS }, (_, i) => rows[(start + round * ROWS + i) % rows.length]);
    sent.push(Date.now());
    const { status, json: body } = await post(`${server.url}/api/Grid/costing/Save`, token, {
      rows: block.map((r, i) => ({ Key: r.id, RowVersion: r.v, Changes: { FFC: tag + round + i / 1000 } })),
    });
    if (status !== 200 || body.Failed.length || body.Saved.length !== ROWS)
      throw new Error(`save of ${ROWS}: ${status} ${JSON.stringify(body.Failed?.slice(0, 2) ?? body)}`);
    const versions = new Map<number, number>(body.Saved.map((s: { PrototypeSeasonalId: number; RowVersion: number }) => [s.PrototypeSeasonalId, s.RowVersion]));
    for (const r of block) r.v = versions.get(r.id) ?? r.v;
    answers.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (performance.now() - t0))));
  }
  return { sent, answers };
}

export async function benchFeed() {
  const rows = await prepare();
  if (rows.length < ROWS) throw new Error(`only ${rows.length} editable colorways in ${DIR}`);
  const load0 = loadavg();
  const server = await startServer({}, DIR);
  try {
    const tokens = await Promise.all(USERS.map((u) => signIn(server, u)));
    // FFC values of this run only: a value a row already has is no change, and no event.
    const tag = 1000 + (Math.floor(Date.now() / 1000) % 90_000) * 1000;
    await saveLoad(server, tokens[0], rows, 0, tag, 3); // warm-up
    // Without streams: the server's CPU and the saves' answers for the same load.
    let cpu0 = cpuSeconds(server.pid);
    const bare = await saveLoad(server, tokens[0], rows, 3 * ROWS, tag + 100);
    const bareCpu = (cpuSeconds(server.pid) - cpu0) / SECONDS;
    const rss0 = rssMiB(server.pid);
    const streams: Stream[] = [];
    for (let i = 0; i < N; i++) streams.push(await openStream(server, tokens[i % tokens.length], i < tokens.length));
    await Promise.all(streams.map((s) => s.hello));
    await new Promise((r) => setTimeout(r, 2000));
    const rss1 = rssMiB(server.pid);
    cpu0 = cpuSeconds(server.pid);
    const liveStart = performance.now();
    const live = await saveLoad(server, tokens[0], rows, (3 + SECONDS) * ROWS, tag + 200);
    // Saves slower than a second run back to back: fewer events a second than offered.
    const liveRate = SECONDS / ((performance.now() - liveStart) / 1000);
    const liveCpu = (cpuSeconds(server.pid) - cpu0) / SECONDS;
    await new Promise((r) => setTimeout(r, 1500));
    // Delivery: each stream's records events in order, the k-th against the k-th save.
    const delays: number[] = [];
    let missing = 0;
    for (const s of streams) {
      missing += Math.max(0, live.sent.length - s.arrivals.length);
      s.arrivals.slice(0, live.sent.length).forEach((at, k) => delays.push(at - live.sent[k]));
    }
    const checked = streams.slice(0, tokens.length).map((s) => s.sizes);
    const whole = checked.every((sizes) => sizes.length === SECONDS && sizes.every((n) => n === ROWS));
    const eventKiB = streams[0].bytes / 1024;
    await Promise.all(streams.map((s) => s.close()));
    const ms = (x: number) => `${x.toFixed(0)} ms`;
    writeSection(
      'API: change feed (issue 30)',
      `
${N.toLocaleString('en-US')} open streams (4 users: 4 audiences) on one process, embedded database, the large fixture (${COLORWAYS.toLocaleString('en-US')} colorways, ${rows.length.toLocaleString('en-US')} editable on the costing grid); a costing grid save of ${ROWS} rows (FFC) every second for ${SECONDS} s. Load average before ${load0}, after ${loadavg()} (2 cores shared with other users).

| measure | value |
|---|---|
| delivery p50 / p95 / max (save sent → event read) | ${ms(pct(delays, 0.5))} / ${ms(pct(delays, 0.95))} / ${ms(Math.max(...delays))} ${pct(delays, 0.95) <= 500 ? '✔' : '✘'} (p95 ≤ 500 ms) |
| events missing | ${missing} of ${live.sent.length * N} |
| every save one event of its ${ROWS} rows (one stream per user parsed) | ${whole ? 'yes' : `no: ${JSON.stringify(checked.map((c) => c.slice(0, 5)))}`}; an event is ${eventKiB.toFixed(1)} KiB |
| server memory per stream | ${(((rss1 - rss0) * 1024) / N).toFixed(1)} KiB (${rss0.toFixed(0)} → ${rss1.toFixed(0)} MiB) |
| server CPU per save (CPU time over the ${SECONDS} saves), saves alone → saves with the streams | ${(bareCpu * 1000).toFixed(0)} ms → ${(liveCpu * 1000).toFixed(0)} ms (${(bareCpu * 100).toFixed(0)} % → ${(liveCpu * 100).toFixed(0)} % of a core at one save a second) |
| grid save answer p50 / p95, without the streams | ${ms(pct(bare.answers, 0.5))} / ${ms(pct(bare.answers, 0.95))} |
| grid save answer p50 / p95, with the streams | ${ms(pct(live.answers, 0.5))} / ${ms(pct(live.answers, 0.95))} |
| saves (events) a second achieved with the streams | ${liveRate.toFixed(2)} (offered 1) |
`,
    );
  } finally {
    await server.stop();
  }
}
