/**
 * The change feed under load (issue 30, ADR 035), against the real server on the demo data: N open
 * feed streams (FEED_CONNECTIONS, default 1,000, spread over four users: four audiences) while a
 * grid save of FEED_ROWS rows (default 100) runs every second for FEED_SECONDS (default 30).
 * Measured: delivery time (save sent → event read on each stream) p50/p95/max, the server's memory
 * per stream (RSS with the streams open less RSS before, over N), the feed's CPU cost (server CPU
 * time per second with the streams against the same saves without any), and the saves' answer
 * time with and without the streams. `npm run bench feed`; a quiet machine is needed for 1,000.
 */
import fs from 'node:fs';
import { startServer, rssMiB, type RunningServer } from './lib/server';
import { loadavg, writeSection } from './lib/results';
import { openFeed, type FeedReader } from '../tests/helpers/sse';
import { DEMO_PASSWORD, emailOf } from '../tests/helpers/test-app';

const N = Number(process.env.FEED_CONNECTIONS ?? 1000);
const ROWS = Number(process.env.FEED_ROWS ?? 100);
const SECONDS = Number(process.env.FEED_SECONDS ?? 30);
const USERS = ['costing', 'forecast', 'designer', 'admin'];

/** CPU seconds (user + system) the process has used. */
function cpuSeconds(pid: number): number {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}
const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] : NaN);

async function signIn(server: RunningServer, user: string) {
  const res = await fetch(`${server.url}/api/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'password', username: emailOf(user), password: DEMO_PASSWORD }) });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Saves ROWS colorways every second for SECONDS; answers the send times by round and the answer times. */
async function saveLoad(server: RunningServer, token: string, rows: { id: number; v: number }[], tag: number) {
  const sent: number[] = [];
  const answers: number[] = [];
  for (let round = 0; round < SECONDS; round++) {
    const start = performance.now();
    const block = Array.from({ length: Math.min(ROWS, rows.length) }, (_, i) => rows[(round * ROWS + i) % rows.length]);
    sent.push(Date.now());
    const res = await fetch(`${server.url}/api/Grid/costing/Save`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ rows: block.map((r, i) => ({ Key: r.id, RowVersion: r.v, Changes: { FFC: tag + round + i / 1000 } })) }),
    });
    const body = (await res.json()) as { Saved: { PrototypeSeasonalId: number; RowVersion: number }[] };
    for (const s of body.Saved ?? []) { const r = rows.find((x) => x.id === s.PrototypeSeasonalId); if (r) r.v = s.RowVersion; }
    answers.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (performance.now() - start))));
  }
  return { sent, answers };
}

export async function benchFeed() {
  const server = await startServer();
  try {
    const tokens = await Promise.all(USERS.map((u) => signIn(server, u)));
    const list = await fetch(`${server.url}/api/Grid/costing/Search`, {
      method: 'POST', headers: { authorization: `Bearer ${tokens[0]}`, 'content-type': 'application/json' }, body: JSON.stringify({ pageNumber: 1, pageSize: 500 }),
    });
    const rows = ((await list.json()) as { Results: any[] }).Results.filter((r) => r.StatusName === 'Released' && r.FactNameKy && !r.CostingCompl).map((r) => ({ id: r.PrototypeSeasonalId, v: r.RowVersion }));
    // Without streams: the server's CPU and the saves' answers for the same load.
    let cpu0 = cpuSeconds(server.pid);
    const bare = await saveLoad(server, tokens[0], rows, 10);
    const bareCpu = (cpuSeconds(server.pid) - cpu0) / SECONDS;
    const rss0 = rssMiB(server.pid);
    const feeds: FeedReader[] = [];
    for (let i = 0; i < N; i++) {
      feeds.push(await openFeed(() => fetch(`${server.url}/api/Feed`, { headers: { authorization: `Bearer ${tokens[i % tokens.length]}` } })));
    }
    await Promise.all(feeds.map((f) => f.next((e) => e.event === 'hello', 60_000)));
    await new Promise((r) => setTimeout(r, 2000));
    const rss1 = rssMiB(server.pid);
    cpu0 = cpuSeconds(server.pid);
    const live = await saveLoad(server, tokens[0], rows, 500);
    const liveCpu = (cpuSeconds(server.pid) - cpu0) / SECONDS;
    await new Promise((r) => setTimeout(r, 1500));
    // Delivery: each stream's records events in order, the k-th against the k-th save.
    const delays: number[] = [];
    let missing = 0;
    for (const f of feeds) {
      const got = f.events.filter((e) => e.event === 'records');
      missing += Math.max(0, live.sent.length - got.length);
      got.slice(0, live.sent.length).forEach((e, k) => delays.push(e.at - live.sent[k]));
    }
    await Promise.all(feeds.map((f) => f.close()));
    const ms = (x: number) => `${x.toFixed(0)} ms`;
    writeSection('API: change feed (issue 30)', `
${N.toLocaleString('en-US')} open streams (4 users) on one process, embedded database, demo data; a costing grid save of ${Math.min(ROWS, rows.length)} rows every second for ${SECONDS} s. Load average ${loadavg()}.

| measure | value |
|---|---|
| delivery p50 / p95 / max (save sent → event read) | ${ms(pct(delays, 0.5))} / ${ms(pct(delays, 0.95))} / ${ms(Math.max(...delays))} ${pct(delays, 0.95) <= 500 ? '✔' : '✘'} (p95 ≤ 500 ms) |
| events missing | ${missing} of ${live.sent.length * N} |
| server memory per stream | ${(((rss1 - rss0) * 1024) / N).toFixed(1)} KiB (${rss0.toFixed(0)} → ${rss1.toFixed(0)} MiB) |
| server CPU, saves alone → saves with the streams | ${(bareCpu * 100).toFixed(0)} % → ${(liveCpu * 100).toFixed(0)} % of a core |
| grid save answer p50, without → with the streams | ${ms(pct(bare.answers, 0.5))} → ${ms(pct(live.answers, 0.5))} |
`);
  } finally {
    await server.stop();
  }
}
