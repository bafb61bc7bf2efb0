/**
 * Renders report documents in a worker thread (pdf-worker.ts), started by the first report and
 * kept while reports come; idle for IDLE_MS it stops (its module loader's port would otherwise keep
 * a process alive that has nothing else to do). Jobs queue in the worker; a worker that dies fails
 * its own jobs (the caller answers CP-051) and the next report starts a new one.
 */
import type { Worker } from 'node:worker_threads';
import { typescriptWorker } from '../threads/typescript-worker';
import type { Content, ReportFrame } from './pdf';
import type { PdfAnswer, PdfJob } from './pdf-worker';

const IDLE_MS = 5_000;

interface Pending {
  resolve: (pdf: Buffer) => void;
  reject: (err: Error) => void;
}
interface Renderer {
  worker: Worker;
  waiting: Map<number, Pending>;
  idle?: NodeJS.Timeout;
}

let current: Renderer | null = null;
let nextId = 1;

function stop(r: Renderer, err?: Error) {
  if (current === r) current = null;
  clearTimeout(r.idle);
  for (const p of r.waiting.values()) p.reject(err ?? new Error('The PDF renderer stopped.'));
  r.waiting.clear();
}

function start(): Renderer {
  const r: Renderer = { worker: typescriptWorker(new URL('./pdf-worker.ts', import.meta.url)), waiting: new Map() };
  r.worker.unref();
  r.worker.on('message', (m: PdfAnswer) => {
    const job = r.waiting.get(m.id);
    if (!job) return;
    r.waiting.delete(m.id);
    if ('error' in m) job.reject(new Error(m.error));
    else job.resolve(Buffer.from(m.pdf.buffer, m.pdf.byteOffset, m.pdf.byteLength));
    if (!r.waiting.size) {
      r.idle = setTimeout(() => {
        stop(r);
        void r.worker.terminate();
      }, IDLE_MS);
      r.idle.unref();
    }
  });
  r.worker.on('error', (e) => stop(r, e));
  r.worker.on('exit', (code) => stop(r, new Error(`The PDF renderer stopped (${code}).`)));
  return r;
}

/** The report (its frame and content) as PDF bytes, rendered off the main thread. */
export function renderInWorker(frame: ReportFrame, content: Content): Promise<Buffer> {
  const r = (current ??= start());
  clearTimeout(r.idle);
  const id = nextId++;
  const job: PdfJob = { id, frame, content };
  return new Promise<Buffer>((resolve, reject) => {
    r.waiting.set(id, { resolve, reject });
    r.worker.postMessage(job);
  });
}
