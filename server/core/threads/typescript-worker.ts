/**
 * A worker thread running a TypeScript module: its entry (tsx-entry.mjs) registers tsx, then
 * loads the module, whatever started the server. The import reader, the PDF renderer and the
 * embedded database run this way.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

export const typescriptWorker = (module: URL, options: WorkerOptions = {}) =>
  new Worker(new URL('./tsx-entry.mjs', import.meta.url), { ...options, argv: [module.href] });
