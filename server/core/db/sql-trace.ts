/**
 * The embedded engine's statement trace (`PGLITE_TRACE=<file>`, issue 31): the worker thread writes
 * one line per call it serves (a statement, a transaction's begin or end), with when it was handed to
 * the engine and when it answered, and `summarise` sums the engine's time by statement shape.
 *
 * PGlite runs one statement at a time, so calls that wait for it overlap on paper: a call's own time
 * is from the later of its start and the previous answer to its answer ("exclusive" time). That shows
 * what held the one engine during a request, which CPU profiles of WebAssembly do not (it found the
 * search catch-up running between a bulk save's batches: bench/RESULTS.md, ADR 036).
 *
 *   PGLITE_TRACE=/tmp/trace.txt npm start      then    npx tsx bench/sql-trace.measure.ts /tmp/trace.txt [since-ms]
 */

/** A call as traced: milliseconds since the worker started, its kind ('query', 'exec', 'begin', 'end'…) and its statement. */
export interface TracedCall {
  start: number;
  end: number;
  op: string;
  sql: string;
}

const SQL_CHARS = 160;

/** One line of the trace file (the statement on one line, shortened). */
export function traceLine(c: TracedCall): string {
  return `${c.start.toFixed(2)} ${c.end.toFixed(2)} ${c.op} ${c.sql.replace(/\s+/g, ' ').trim().slice(0, SQL_CHARS)}\n`;
}

/** The calls of a trace file's text (lines that are not calls are skipped). */
export function parseTrace(text: string): TracedCall[] {
  const calls: TracedCall[] = [];
  for (const line of text.split('\n')) {
    const m = /^(\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\S+) ?(.*)$/.exec(line);
    if (m) calls.push({ start: Number(m[1]), end: Number(m[2]), op: m[3], sql: m[4] });
  }
  return calls;
}

export interface Shape {
  /** The kind and the statement with its numbers as N. */
  shape: string;
  calls: number;
  /** The engine's time it took, in ms, not counting time spent waiting for other calls. */
  ms: number;
}

/** Exclusive engine time by statement shape, most first, of the calls that started at `since` ms or later. */
export function summarise(calls: TracedCall[], since = 0): { shapes: Shape[]; totalMs: number } {
  const byShape = new Map<string, Shape>();
  let previous = 0;
  let totalMs = 0;
  for (const c of [...calls].sort((a, b) => a.end - b.end)) {
    // Sorted by answer: every earlier answer came before this one, so `own` is never negative.
    const own = c.end - Math.max(c.start, previous);
    previous = c.end;
    if (c.start < since) continue;
    const shape = `${c.op} ${c.sql.replace(/\d+/g, 'N')}`.trim();
    const s = byShape.get(shape) ?? { shape, calls: 0, ms: 0 };
    s.calls++;
    s.ms += own;
    byShape.set(shape, s);
    totalMs += own;
  }
  return { shapes: [...byShape.values()].sort((a, b) => b.ms - a.ms), totalMs };
}
