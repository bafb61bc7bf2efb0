/**
 * The first saves of a freshly started server (issue 31). The shared comparison's embedded bulk row
 * is a fresh server's first six 1,000-row costing saves, on colorways it has not saved before, and
 * such a server saves slowly for about five saves (bench/RESULTS.md). This starts the server the way
 * `npm start` does on a data folder, waits, sends the comparison's bulk request `saves` times (1.5 s
 * apart, fresh blocks of editable colorways, versions followed from the answers), stops it, and does
 * that `servers` times; with a second checkout, servers alternate between the two.
 *
 *   npx tsx bench/write-floor.measure.ts editable <data-folder>/db > rows.json
 *   npx tsx bench/fresh-saves.measure.ts <data-folder> rows.json [servers=3] [saves=6] [other-checkout]
 *
 * FRESH_NODE_FLAGS adds node flags to the servers (e.g. "--min-semi-space-size=16"); FRESH_OTHER_FLAGS,
 * node flags for the other servers instead (without another checkout: this checkout with and without them).
 * FRESH_PRISTINE=<database folder>: before each server, <data-folder>/db is replaced by a copy of it and
 * rows.json by its first contents, so every server saves the same never-saved rows (the comparison's case).
 * FRESH_WAIT_S: seconds between a server's start and its first save (10).
 * The data folder is changed (the saves commit): use a copy.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { signIn, startServer } from './lib/server';
import { median } from './lib/stats';

let block = 0;
const WAIT_S = Number(process.env.FRESH_WAIT_S ?? 10);
let firstRows: string | undefined;

interface Variant {
  label: string;
  checkout: string;
  nodeFlags: string[];
}

async function freshServer({ checkout, nodeFlags }: Variant, dataDir: string, file: string, saves: number) {
  const pristine = process.env.FRESH_PRISTINE;
  if (pristine) {
    // Every server on the same never-saved data: the database folder copied afresh, the rows as first read.
    fs.rmSync(path.join(dataDir, 'db'), { recursive: true, force: true });
    fs.cpSync(pristine, path.join(dataDir, 'db'), { recursive: true });
    fs.writeFileSync(file, firstRows ?? '');
    block = 0;
    execFileSync('sync'); // the copy written out, not competing with the saves for the disk
  }
  const server = await startServer({ SEED_DEMO: 'false', DEMO_IMAGES: 'false' }, dataDir, { checkout, nodeFlags });
  try {
    await sleep(WAIT_S * 1000); // what a start leaves running settles, as the comparison's reads would let it
    const token = await signIn(server.url);
    const rows = JSON.parse(fs.readFileSync(file, 'utf8')) as { id: number; v: number }[];
    const times: number[] = [];
    for (let s = 0; s < saves; s++) {
      const b = block++ % Math.floor(rows.length / 1000);
      const chosen = rows.slice(b * 1000, b * 1000 + 1000);
      const body = JSON.stringify({ rows: chosen.map((r) => ({ Key: r.id, RowVersion: r.v, Changes: { FFC: 10 + (block % 500) / 100 } })) });
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/Grid/costing/Save`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      });
      const text = await res.text();
      times.push(performance.now() - t0);
      if (!text.startsWith('{"IsSuccessful":true')) throw new Error(`save: ${res.status} ${text.slice(0, 300)}`);
      const saved = new Map(
        (JSON.parse(text).Saved as { PrototypeSeasonalId: number; RowVersion: number }[]).map((r) => [r.PrototypeSeasonalId, r.RowVersion]),
      );
      for (const r of chosen) r.v = saved.get(r.id) ?? r.v;
      fs.writeFileSync(file, JSON.stringify(rows));
      await sleep(1500);
    }
    return times;
  } finally {
    await server.stop();
  }
}

const [dataDir, file, servers = '3', saves = '6', other] = process.argv.slice(2);
if (!dataDir || !file) throw new Error('usage: fresh-saves.measure.ts <data-folder> <rows.json> [servers=3] [saves=6] [other-checkout]');
const flags = (env?: string) => (env ?? '').split(' ').filter(Boolean);
const variant = (checkout: string, nodeFlags: string[]): Variant => ({ label: [checkout, ...nodeFlags].join(' '), checkout, nodeFlags });
const variants = [variant(process.cwd(), flags(process.env.FRESH_NODE_FLAGS))];
if (other || process.env.FRESH_OTHER_FLAGS !== undefined)
  variants.push(variant(path.resolve(other ?? process.cwd()), flags(process.env.FRESH_OTHER_FLAGS ?? process.env.FRESH_NODE_FLAGS)));
if (variants.length === 2 && variants[0].label === variants[1].label) throw new Error('the two variants are the same checkout with the same flags');
firstRows = fs.readFileSync(file, 'utf8');
const runs = new Map(variants.map((v) => [v, [] as number[][]]));
for (let i = 0; i < Number(servers); i++) {
  for (const v of i % 2 ? [...variants].reverse() : variants) {
    const times = await freshServer(v, path.resolve(dataDir), file, Number(saves));
    runs.get(v)!.push(times);
    console.log(`${v.label}: ${times.map((t) => t.toFixed(0)).join(', ')} ms (median ${median(times).toFixed(0)})`);
  }
}
for (const [v, list] of runs) {
  const byPosition = list[0].map((_, s) => median(list.map((t) => t[s])).toFixed(0));
  console.log(`${v.label}: medians by position ${byPosition.join(', ')} ms; of all ${median(list.flat()).toFixed(0)} ms`);
}
