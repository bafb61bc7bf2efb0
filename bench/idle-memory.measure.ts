/**
 * Is work slower on this machine right after an idle pause, with no server or database involved?
 * (issue 31: the first bulk saves after each of the comparison's idle gates are 1.5–2× the warm ones,
 * for the product and the peer alike.) One run builds 1,000 rows of JSON, stringifies, parses and
 * walks them, 50 times (a save's request body, allocation-wise); three runs back to back after an idle
 * pause, for several rounds, with the minor page faults of each. `IDLE_PURE=1`: a loop that only
 * computes instead (nothing allocated), to tell a slow clock from slow memory.
 *
 *   npx tsx bench/idle-memory.measure.ts [rounds=4] [idle-s=20]
 *
 * Node flags to try go before the script: `node --no-memory-reducer --import tsx bench/idle-memory.measure.ts`.
 */
export {}; // a module: top-level await

const [rounds = 4, idle = 20] = process.argv.slice(2).map(Number);

function allocating(): number {
  let n = 0;
  for (let k = 0; k < 50; k++) {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ Key: i, RowVersion: k, Changes: { FFC: 10 + i / 100, Name: `row ${i}`, list: [i, i + 1, i + 2] } }));
    const back = JSON.parse(JSON.stringify({ rows })) as { rows: typeof rows };
    for (const r of back.rows) n += Object.keys(r.Changes).length + String(r.Changes.FFC).length;
    n += new Map(back.rows.map((r) => [r.Key, r])).size;
  }
  return n;
}

function computing(): number {
  let x = 0;
  for (let i = 0; i < 6e7; i++) x = (x * 31 + i) % 1000003;
  return x;
}

const work = process.env.IDLE_PURE ? computing : allocating;
/** One run: its time in ms and the minor page faults it took. */
function run(): [number, number] {
  const faults = process.resourceUsage().minorPageFault;
  const t0 = performance.now();
  if (work() < 0) console.log('never');
  return [performance.now() - t0, process.resourceUsage().minorPageFault - faults];
}

for (let i = 0; i < 20; i++) run(); // compiled and warm before the first pause
for (let r = 1; r <= rounds; r++) {
  await new Promise((go) => setTimeout(go, idle * 1000));
  const runs = [run(), run(), run()];
  console.log(`round ${r} after ${idle} s idle: ${runs.map(([ms]) => ms.toFixed(1)).join(', ')} ms; minor page faults ${runs.map(([, f]) => f).join(', ')}`);
}
