/**
 * Sums an embedded engine's statement trace (server/core/db/sql-trace.ts): the engine's own time by
 * statement shape, most first, and the total. Start the server with `PGLITE_TRACE=<file>` (the engine
 * in its worker thread, the default), do what is to be measured, then:
 *
 *   npx tsx bench/sql-trace.measure.ts <file> [since-ms] [top=30]
 *
 * `since-ms`: only calls the worker started at or after this time (the first column of the file), to
 * leave out a start's migrations and seeding.
 */
import fs from 'node:fs';
import { parseTrace, summarise } from '../server/core/db/sql-trace';

const [file, since = '0', top = '30'] = process.argv.slice(2);
if (!file) {
  console.error('usage: npx tsx bench/sql-trace.measure.ts <trace file> [since-ms] [top=30]');
  process.exit(2);
}
const { shapes, totalMs } = summarise(parseTrace(fs.readFileSync(file, 'utf8')), Number(since));
console.log('      ms  calls  statement');
for (const s of shapes.slice(0, Number(top))) console.log(`${s.ms.toFixed(1).padStart(8)} ${String(s.calls).padStart(6)}  ${s.shape}`);
console.log(`${totalMs.toFixed(1).padStart(8)} ${String(shapes.reduce((n, s) => n + s.calls, 0)).padStart(6)}  in all (${shapes.length} shapes)`);
