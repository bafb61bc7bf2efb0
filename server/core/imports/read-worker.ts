/**
 * The import reader in a worker thread (issue 13, ADR 018): parsing a workbook (exceljs, SheetJS) is
 * CPU work in JavaScript; here it runs beside the main thread, which meanwhile checks and stores the
 * rows already read and answers other requests. The worker posts the typed rows in batches and
 * reads ahead at most two batches (the main thread asks for more), so memory stays flat.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../http/errors';
import { openWorkbook, type ReadOptions, type ReadRow } from './workbook';

export type ToMain =
  | { type: 'open'; sheet: string; columns: { field: string; column: string; header: string }[]; ignored: string[] }
  | { type: 'rows'; rows: ReadRow[] }
  | { type: 'end' }
  | { type: 'error'; status?: number; message: string; errors?: { Field: string; Message: string }[] };

export const ROWS_PER_MESSAGE = 1000;
const AHEAD = 2;

async function run(port: NonNullable<typeof parentPort>, data: { path: string; fileName: string; opts: ReadOptions }) {
  let credit = AHEAD;
  let wake: (() => void) | undefined;
  port.on('message', (m: { type: string }) => {
    if (m.type === 'more') {
      credit++;
      wake?.();
    }
  });
  const send = async (msg: ToMain) => {
    if (msg.type === 'rows') {
      while (credit <= 0)
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      credit--;
    }
    port.postMessage(msg);
  };
  try {
    const read = await openWorkbook(data.path, data.fileName, data.opts);
    await send({ type: 'open', sheet: read.sheet, columns: read.columns, ignored: read.ignored });
    let batch: ReadRow[] = [];
    for await (const row of read.rows) {
      batch.push(row);
      if (batch.length >= ROWS_PER_MESSAGE) {
        await send({ type: 'rows', rows: batch });
        batch = [];
      }
    }
    if (batch.length) await send({ type: 'rows', rows: batch });
    await send({ type: 'end' });
  } catch (err) {
    port.postMessage(
      err instanceof AppError
        ? { type: 'error', status: err.status, message: err.message, errors: err.errors }
        : { type: 'error', message: (err as Error)?.message ?? String(err) },
    );
  }
}

if (parentPort && workerData?.path) void run(parentPort, workerData);
