/**
 * `openWorkbook` run in a worker thread (read-worker.ts): the same answer — columns, ignored
 * headers, rows as an async stream, file problems as 400s — while the main thread stays free.
 */
import { badRequest } from '../http/errors';
import { typescriptWorker } from '../threads/typescript-worker';
import type { ReadOptions, ReadRow, WorkbookRead } from './workbook';
import type { ToMain } from './read-worker';

export function openWorkbookInWorker(path: string, fileName: string, opts: ReadOptions): Promise<WorkbookRead> {
  const worker = typescriptWorker(new URL('./read-worker.ts', import.meta.url), { workerData: { path, fileName, opts } });
  const queue: ToMain[] = [];
  let notify: (() => void) | undefined;
  let failure: Error | undefined;
  worker.on('message', (m: ToMain) => {
    queue.push(m);
    notify?.();
  });
  worker.on('error', (e) => {
    failure = e;
    notify?.();
  });
  worker.on('exit', (code) => {
    if (code !== 0 && !failure) failure = new Error(`The file reader stopped (${code}).`);
    notify?.();
  });
  const next = async (): Promise<ToMain> => {
    for (;;) {
      const m = queue.shift();
      if (m) {
        if (m.type === 'error') {
          void worker.terminate();
          throw m.status === 400 ? badRequest(m.message, m.errors) : new Error(m.message);
        }
        return m;
      }
      if (failure) throw failure;
      await new Promise<void>((resolve) => {
        notify = resolve;
      });
    }
  };
  const close = () => {
    void worker.terminate();
  };
  async function* rows(): AsyncGenerator<ReadRow> {
    try {
      for (;;) {
        const m = await next();
        if (m.type === 'end') return;
        if (m.type !== 'rows') continue;
        worker.postMessage({ type: 'more' });
        yield* m.rows;
      }
    } finally {
      close();
    }
  }
  return next().then(
    (m) => {
      if (m.type !== 'open') throw new Error('The file reader answered out of turn.');
      return { sheet: m.sheet, columns: m.columns, ignored: m.ignored, rows: rows(), close };
    },
    (err) => {
      close();
      throw err;
    },
  );
}
