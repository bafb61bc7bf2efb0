/**
 * The PDF renderer in a worker thread (pdf-in-worker.ts): laying out and compressing a report of
 * hundreds of pages is seconds of JavaScript; here it runs beside the main thread, which keeps
 * answering everyone else. One job at a time; the frame's header and footer are made here (they
 * are functions, which do not cross threads), the content arrives as data.
 */
import { parentPort } from 'node:worker_threads';
import { renderPdf, reportFrame, type Content, type ReportFrame } from './pdf';

export interface PdfJob {
  id: number;
  frame: ReportFrame;
  content: Content;
}
export type PdfAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

parentPort?.on('message', async (job: PdfJob) => {
  try {
    const pdf = await renderPdf(reportFrame(job.frame, job.content));
    const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    parentPort!.postMessage({ id: job.id, pdf: bytes } satisfies PdfAnswer);
  } catch (err) {
    parentPort!.postMessage({ id: job.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) } satisfies PdfAnswer);
  }
});
