/**
 * Renders report documents in one long-lived worker thread (pdf-worker.ts), started on the first
 * report and not keeping the process alive. Jobs queue in the worker; a worker that dies fails its
 * jobs (the caller answers CP-051) and the next report starts a new one.
 */
import { Worker } from 'node:worker_threads';
import type { Content, ReportFrame } from './pdf';
import type { PdfAnswer, PdfJob } from './pdf-worker';

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve: (pdf: Buffer) => void; reject: (err: Error) => void }>();

function failAll(err: Error) {
  for (const w of waiting.values()) w.reject(err);
  waiting.clear();
  worker = null;
}

function start(): Worker {
  const w = new Worker(new URL('./pdf-worker.mjs', import.meta.url));
  w.unref();
  w.on('message', (m: PdfAnswer) => {
    const job = waiting.get(m.id);
    if (!job) return;
    waiting.delete(m.id);
    if ('error' in m) job.reject(new Error(m.error));
    else job.resolve(Buffer.from(m.pdf.buffer, m.pdf.byteOffset, m.pdf.byteLength));
  });
  w.on('error', (e) => failAll(e));
  w.on('exit', (code) => failAll(new Error(`The PDF renderer stopped (${code}).`)));
  return w;
}

/** The report (its frame and content) as PDF bytes, rendered off the main thread. */
export function renderInWorker(frame: ReportFrame, content: Content): Promise<Buffer> {
  worker ??= start();
  const id = nextId++;
  const job: PdfJob = { id, frame, content };
  return new Promise<Buffer>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker!.postMessage(job);
  });
}
