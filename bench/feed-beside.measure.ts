/**
 * Issue 30: the peer comparison with the feed on. Opens N change-feed streams (default 1,000) as
 * admin@example.com, who sees every record, on a server someone else runs (the comparison's product
 * server), keeps them open until stopped (SIGINT/SIGTERM), then prints how many record events each
 * stream read. Run it beside `../shared/peers/compare/run.sh .`:
 *
 *   npx tsx bench/feed-beside.measure.ts http://127.0.0.1:23080 1000 &
 *
 * It waits for /api/health, then FEED_BESIDE_DELAY seconds (default 60: the comparison's setup
 * gives admin every generated brand first). The server ends a stream when its access token expires
 * (20 min): every 15 minutes the streams are opened again on a fresh token, then the old ones closed.
 */
import { openStream, signIn, type Stream } from './feed.bench';

const url = (process.argv[2] ?? 'http://127.0.0.1:23080').replace(/\/$/, '');
const N = Number(process.argv[3] ?? 1000);
const DELAY = Number(process.env.FEED_BESIDE_DELAY ?? 60);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function healthy(): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(2000);
  }
}

async function main() {
  await healthy();
  console.log(`feed-beside: ${url} answers; opening ${N} streams in ${DELAY} s`);
  await sleep(DELAY * 1000);
  const open = async () => {
    const token = await signIn({ url }, 'admin');
    const set: Stream[] = [];
    for (let i = 0; i < N; i++) set.push(await openStream({ url }, token, i === 0));
    await Promise.all(set.map((s) => s.hello));
    return set;
  };
  let streams = await open();
  const done: number[] = new Array(N).fill(0);
  let rows = 0;
  console.log(`feed-beside: ${N} streams open at ${new Date().toISOString()}`);
  const report = () => {
    const counts = streams.map((s, i) => done[i] + s.arrivals.length);
    console.log(
      `feed-beside: ${new Date().toISOString()} record events per stream min ${Math.min(...counts)} max ${Math.max(...counts)}; rows in the parsed stream's events: ${rows + streams[0].sizes.reduce((a, b) => a + b, 0)}`,
    );
  };
  const reopen = setInterval(async () => {
    const old = streams;
    streams = await open();
    old.forEach((s, i) => {
      done[i] += s.arrivals.length;
    });
    rows += old[0].sizes.reduce((a, b) => a + b, 0);
    await Promise.all(old.map((s) => s.close()));
  }, 15 * 60_000);
  const timer = setInterval(report, 60_000);
  const stop = async () => {
    clearInterval(timer);
    clearInterval(reopen);
    report();
    await Promise.all(streams.map((s) => s.close()));
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
