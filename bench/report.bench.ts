/**
 * Critical path PDF reports (issue 15: "A 200-path index report ≤ 5 s and ≤ 200 MB RSS growth"):
 * the CP-050 index report of 200 dev prototype paths (9 final and 4 actual processes and 2 stock
 * numbers each, the heaviest kind), built and rendered in this process as a route would
 * (server/reports). Per run: wall time, CPU time (the cores are shared: the CPU time does not
 * move with the machine's load) and RSS growth, the peak resident set during the run (VmHWM,
 * reset through /proc/self/clear_refs before each run) over the RSS before it.
 */
import fs from 'node:fs';
import { buildCriticalPathIndexReport } from '../server/features/critical-paths/report';
import { renderPdf, renderReport } from '../server/core/reports/pdf';
import { loadSchemas } from '../server/core/schemas/registry';
import { devPrototypePath, samplePaths } from '../tests/support/critical-path-samples';
import { loadavg, writeSection } from './lib/results';
import { median } from './lib/stats';

const PATHS = Number(process.env.REPORT_PATHS ?? 200);
/** The process tables' columns come from the grid documents. */
const schemas = loadSchemas();
const RUNS = 3;
const MiB = 2 ** 20;

/** Resets the process's peak RSS (Linux ≥ 4.0); false when the kernel refuses. */
function resetPeak(): boolean {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}
const peakRss = () => Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;

async function once(n: number) {
  const paths = samplePaths(n);
  const canPeak = resetPeak();
  const rss0 = process.memoryUsage().rss;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const pdf = await renderPdf(buildCriticalPathIndexReport(paths, schemas));
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const peak = canPeak ? peakRss() : Math.max(peakRss(), process.memoryUsage().rss);
  const pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, growth: (peak - rss0) / MiB, rss0: rss0 / MiB, pages, bytes: pdf.length, canPeak };
}

/**
 * The main thread's event-loop delay while a report renders: the server's other requests wait that
 * long. In this thread (renderPdf) versus in the worker (renderReport, as the routes do).
 */
async function loopDelay(render: () => Promise<Buffer>) {
  // A 5 ms ticker: the longest gap between its ticks beyond 5 ms is the longest the loop was blocked.
  let last = performance.now();
  let maxMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    maxMs = Math.max(maxMs, now - last - 5);
    last = now;
  }, 5);
  const t0 = performance.now();
  await render();
  const ms = performance.now() - t0;
  await new Promise((resolve) => setTimeout(resolve, 20));
  clearInterval(ticker);
  return { ms, maxMs };
}

export async function benchReport() {
  const load = loadavg();
  // The first report of a process also loads pdfmake, pdfkit and the fonts: timed on its own.
  const c0 = performance.now();
  await renderPdf(buildCriticalPathIndexReport([devPrototypePath(1)], schemas));
  const coldMs = performance.now() - c0;

  const runs: Awaited<ReturnType<typeof once>>[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once(PATHS));
  const ms = median(runs.map((r) => r.ms));
  const cpuMs = median(runs.map((r) => r.cpuMs));
  const growth = Math.max(...runs.map((r) => r.growth));
  // Warm the worker (its first report loads pdfmake and the fonts there), then measure both ways.
  await renderReport(buildCriticalPathIndexReport([devPrototypePath(1)], schemas));
  const inThread = await loopDelay(() => renderPdf(buildCriticalPathIndexReport(samplePaths(PATHS), schemas)));
  const inWorker = await loopDelay(() => renderReport(buildCriticalPathIndexReport(samplePaths(PATHS), schemas)));
  const { pages, bytes, canPeak } = runs[0];
  const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
  const body = [
    `CP-050 index report of ${PATHS} dev prototype critical paths (9 final processes with approvals, 4 actual processes, 2 stock numbers with their flags each): one document, one section per path after a page break, landscape A4, Roboto embedded (subset). Built and rendered in-process with pdfmake ${pdfmakeVersion()} (server/reports), ${RUNS} runs after a one-path warm-up. Load average ${load} (shared cores).`,
    '',
    '| measure | value | target |',
    '|---|---:|---|',
    `| ${PATHS}-path index report, build + render to a Buffer, wall (median of ${RUNS}) | ${fmt(ms)} ms (runs: ${runs.map((r) => fmt(r.ms)).join(', ')}) | ≤ 5,000 ms ${ms <= 5000 ? '✔' : '✘'} |`,
    `| the same, CPU time (user + system, median) | ${fmt(cpuMs)} ms | |`,
    `| RSS growth: peak during a run − RSS before it (worst of ${RUNS}${canPeak ? ', peak from VmHWM' : ', RSS after the run: no peak reset'}) | ${fmt(growth)} MB (from ${fmt(runs[0].rss0)} MB) | ≤ 200 MB ${growth <= 200 ? '✔' : '✘'} |`,
    `| the server's event loop blocked during one report (longest delay): rendered in the request's thread / in the PDF worker thread (as the routes do) | ${fmt(inThread.maxMs)} ms / ${fmt(inWorker.maxMs)} ms (report ${fmt(inThread.ms)} / ${fmt(inWorker.ms)} ms) | worker ≤ 100 ms ${inWorker.maxMs <= 100 ? '✔' : '✘'} |`,
    `| the PDF | ${pages} pages, ${(bytes / MiB).toFixed(2)} MB | |`,
    `| first report of a process (one path: loads pdfmake, pdfkit, fonts) | ${fmt(coldMs)} ms | |`,
  ].join('\n');
  console.log(body);
  writeSection('API: critical path PDF reports (issue 15)', body);
}

function pdfmakeVersion(): string {
  try {
    return JSON.parse(fs.readFileSync(new URL('../node_modules/pdfmake/package.json', import.meta.url), 'utf8')).version;
  } catch {
    return '0.3';
  }
}
