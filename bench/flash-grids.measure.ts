/**
 * Flash-edit grids on the large data set (issue 12): a criteria result of ~10,000 colorways loaded
 * in one Search call, and the export of every colorway (~100,000 rows) as a streamed .xlsx, on the
 * embedded database, in process (the app's fetch handler: routing, auth, validation, SQL, JSON or
 * xlsx; no network). Data: `DATA_DIR=/tmp/flash-large npm run fixtures:large -- --colorways 100000
 * --brands 2 --seasons 5` (10,000 colorways per brand and season), then
 * `DATA_DIR=/tmp/flash-large npx tsx bench/flash-grids.measure.ts`.
 */
import { loadConfig } from '../server/core/config';
import { boot } from '../server/boot';
import { createApp } from '../server/app';
import { median } from './lib/stats';

const RUNS = Number(process.env.RUNS ?? 5);
const config = loadConfig();
const ctx = await boot(config);
const app = createApp(ctx);
const send = (url: string, token: string | undefined, body: unknown) =>
  Promise.resolve(
    app.fetch(
      new Request(`http://localhost${url}`, {
        method: 'POST',
        headers: {
          'content-type': body instanceof URLSearchParams ? 'application/x-www-form-urlencoded' : 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body instanceof URLSearchParams ? body.toString() : JSON.stringify(body),
      }),
    ),
  );

await ctx.db.query(
  `INSERT INTO user_brands (userid, brandid) SELECT u.userid, b.brandid FROM users u, brands b WHERE u.username = 'admin@example.com' ON CONFLICT DO NOTHING`,
);
const token = (
  await (await send('/api/token', undefined, new URLSearchParams({ grant_type: 'password', username: 'admin@example.com', password: 'Demo!2026pass' }))).json()
).access_token;
const [top] = await ctx.db.query(`SELECT p.brandid, ps.seasonid, count(*)::int AS n FROM prototype_seasonals ps JOIN prototypes p USING (prototypeid)
                                   WHERE NOT ps.isdeleted GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1`);

async function timed(label: string, fn: () => Promise<number>) {
  const ms: number[] = [];
  const cpu: number[] = [];
  let size = 0;
  for (let i = 0; i <= RUNS; i++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    size = await fn();
    const c = process.cpuUsage(c0);
    // The first run warms the statement cache.
    if (i) {
      ms.push(performance.now() - t0);
      cpu.push((c.user + c.system) / 1000);
    }
  }
  console.log(
    `${label}: median ${median(ms).toFixed(0)} ms (min ${Math.min(...ms).toFixed(0)}, max ${Math.max(...ms).toFixed(0)}), CPU median ${median(cpu).toFixed(0)} ms; ${size.toLocaleString('en-US')} rows or bytes`,
  );
}

console.log(`load ${(await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim()}`);
const PAGE = Number(process.env.PAGE ?? 20000);
for (const grid of process.env.SKIP_SEARCH ? [] : ['costing', 'forecast', 'hts', 'prototype']) {
  await timed(`${grid} Search, brand ${top.brandid} + season ${top.seasonid} (${top.n} colorways), one page`, async () => {
    const res = await send(`/api/Grid/${grid}/Search`, token, { BrandId: top.brandid, SeasonId: top.seasonid, pageSize: PAGE, sortColumn: 'StockNum' });
    const text = await res.text();
    if (res.status !== 200) throw new Error(text);
    // The last byte is the end of the measure; the rows are counted from the page's numbers.
    return Number(/"LastRecord":(\d+)/.exec(text.slice(-300))?.[1]);
  });
}
if (!process.env.SKIP_EXPORT) {
  await timed('costing Export, every colorway', async () => {
    const res = await send('/api/Grid/costing/Export', token, {});
    if (res.status !== 200) throw new Error(await res.text());
    return (await res.arrayBuffer()).byteLength;
  });
}
const mem = process.memoryUsage();
console.log(`RSS ${(mem.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(mem.heapUsed / 2 ** 20).toFixed(0)} MiB`);
await ctx.jobs.stop();
await ctx.db.close();
