/**
 * PDF reports on the server (issue 15, CP-050/051): pdfmake 0.3 renders a document definition to
 * a Buffer with the Roboto fonts shipped in the pdfmake package (read once from disk into its
 * virtual file system: no network, no other file access: both access policies refuse everything).
 * The common report frame (landscape A4, the report title in the header, brand, print date and
 * 'Page n of m' in the footer) and the response helper that serves a report as an
 * `application/pdf` attachment, or the CP-051 text as a 500 in the API's error shape when
 * building or rendering fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Context } from 'hono';
import type pdfmakeModule from 'pdfmake';
import type { AppEnv } from '../context';
import { AppError, Failure } from '../http/errors';

/** CP-051: the report failure text (S2 §8). */
export const REPORT_ERROR_TEXT = 'There was an error generating the report. Please contact your system administrator.';

// --- document definition types (the subset the reports use; pdfmake accepts more) -------------

/** A pdfmake content node: text, or an object node (stack, columns, table, text with style…), or a list of them. */
export type Content = string | ContentNode | Content[];
export interface ContentNode {
  [key: string]: unknown;
}
export type Margins = number | [number, number] | [number, number, number, number];
/** Header and footer callbacks receive the 1-based page number and the page count. */
export type DynamicContent = (currentPage: number, pageCount: number, pageSize?: { width: number; height: number }) => Content;

export interface DocDefinition {
  content: Content;
  pageSize?: string;
  pageOrientation?: 'portrait' | 'landscape';
  pageMargins?: Margins;
  header?: DynamicContent;
  footer?: DynamicContent;
  styles?: Record<string, Record<string, unknown>>;
  defaultStyle?: Record<string, unknown>;
  info?: { title?: string; author?: string; subject?: string; creator?: string; producer?: string };
}

// --- dates -------------------------------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date as the reports print it: MM/DD/YYYY (DECISIONS CONST-015, S2 §9 "MM/dd/yyyy"; the same
 * rule as the web's `formatIsoDate` in web/src/format/date.ts). Calendar dates arrive as
 * 'YYYY-MM-DD' (the database client keeps SQL dates as text) and timestamps as ISO text: the date
 * part is printed as it is, with no time-zone shift. A Date prints its local calendar day.
 * Empty values print as ''; text that is not a date prints unchanged.
 */
export function reportDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? '' : `${pad(value.getMonth() + 1)}/${pad(value.getDate())}/${value.getFullYear()}`;
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : value;
}

// --- the report frame --------------------------------------------------------------------------

export interface ReportFrame {
  /** Printed in every page header and as the PDF's title. */
  title: string;
  /** Printed at the left of every footer; omitted when absent. */
  brandName?: string | null;
  /** The print date of the footer (default: now). Tests pass a fixed date. */
  printedAt?: Date;
}

const MARGIN_X = 36;

/** Styles shared by every report (the builders refer to them by name). */
export const REPORT_STYLES: Record<string, Record<string, unknown>> = {
  reportTitle: { fontSize: 13, bold: true, color: '#1f2933' },
  sectionTitle: { fontSize: 12, bold: true, color: '#1f2933', margin: [0, 0, 0, 6] },
  subTitle: { fontSize: 10, bold: true, color: '#1f2933', margin: [0, 10, 0, 4] },
  label: { bold: true, color: '#52606d' },
  tableHeader: { bold: true, color: '#ffffff', fillColor: '#3e4c59' },
  footer: { fontSize: 7, color: '#52606d' },
  note: { italics: true, color: '#52606d' },
};

/**
 * The common frame: landscape A4, the title in the header over a rule, and a footer with the
 * brand name, the print date and 'Page n of m'.
 */
export function reportFrame(frame: ReportFrame, content: Content): DocDefinition {
  const doc = framedDoc(frame, content);
  FRAMES.set(doc, { frame, content });
  return doc;
}

/** The frame and content a document was made of (reportFrame): what the worker needs to make it again. */
const FRAMES = new WeakMap<DocDefinition, { frame: ReportFrame; content: Content }>();

function framedDoc(frame: ReportFrame, content: Content): DocDefinition {
  const printed = reportDate(frame.printedAt ?? new Date());
  const brand = frame.brandName ?? '';
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [MARGIN_X, 52, MARGIN_X, 40],
    info: { title: frame.title, creator: 'PLM Workbench', producer: 'PLM Workbench' },
    header: () => ({
      margin: [MARGIN_X, 18, MARGIN_X, 0],
      stack: [
        { text: frame.title, style: 'reportTitle' },
        { canvas: [{ type: 'line', x1: 0, y1: 4, x2: 842 - 2 * MARGIN_X, y2: 4, lineWidth: 0.75, lineColor: '#9aa5b1' }] },
      ],
    }),
    footer: (currentPage, pageCount) => ({
      margin: [MARGIN_X, 14, MARGIN_X, 0],
      style: 'footer',
      columns: [
        { text: brand, alignment: 'left', width: '*' },
        { text: `Printed ${printed}`, alignment: 'center', width: '*' },
        { text: `Page ${currentPage} of ${pageCount}`, alignment: 'right', width: '*' },
      ],
    }),
    content,
    styles: REPORT_STYLES,
    defaultStyle: { font: 'Roboto', fontSize: 8, lineHeight: 1.1 },
  };
}

/**
 * The reports' table layout (registered with pdfmake under this name): a rule under the header
 * rows, hairlines between rows, no vertical lines, tight cell padding (landscape tables of up to
 * thirteen columns).
 */
export const REPORT_TABLE_LAYOUT = 'reportTable';
interface LayoutNode {
  table: { headerRows?: number; widths: unknown[]; body: unknown[] };
}
const reportTableLayout = {
  hLineWidth: (i: number, node: LayoutNode) =>
    i === 0 || i === node.table.body.length || i < (node.table.headerRows ?? 0) ? 0 : i === node.table.headerRows ? 1 : 0.5,
  vLineWidth: () => 0,
  hLineColor: (i: number, node: LayoutNode) => (i === node.table.headerRows ? '#3e4c59' : '#cbd2d9'),
  paddingLeft: (i: number) => (i === 0 ? 0 : 3),
  paddingRight: (i: number, node: LayoutNode) => (i === node.table.widths.length - 1 ? 0 : 3),
  paddingTop: () => 2,
  paddingBottom: () => 2,
};

// --- rendering ---------------------------------------------------------------------------------

const ROBOTO = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
};
let configured: Promise<typeof pdfmakeModule> | undefined;

/**
 * Once per process: pdfmake loaded (on the first report, not at the server's start: ~0.2 s of
 * modules most processes never use), the Roboto files put into its virtual file system, fonts and
 * policies set.
 */
function configure(): Promise<typeof pdfmakeModule> {
  configured ??= import('pdfmake').then(({ default: pdfmake }) => {
    const require = createRequire(import.meta.url);
    const dir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
    for (const file of Object.values(ROBOTO)) {
      if (!pdfmake.virtualfs.existsSync(file)) pdfmake.virtualfs.writeFileSync(file, fs.readFileSync(path.join(dir, file)));
    }
    pdfmake.setFonts({ Roboto: { ...ROBOTO } });
    pdfmake.addTableLayouts({ [REPORT_TABLE_LAYOUT]: reportTableLayout });
    // Reports never fetch or read anything: fonts come from the virtual file system above.
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy(() => false);
    return pdfmake;
  });
  // A failed first set-up (a font file not read) is tried again by the next report, not kept for every later one.
  configured.catch(() => {
    configured = undefined;
  });
  return configured;
}

/**
 * Renders a document definition to PDF bytes. pdfmake fills defaults into the definition it is
 * given (build a fresh one per call). Rejects when the layout or rendering fails.
 */
export async function renderPdf(doc: DocDefinition): Promise<Buffer> {
  const pdfmake = await configure();
  const stream = await pdfmake.createPdf(doc).getStream();
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
    stream.end();
  });
}

/**
 * A report's PDF bytes: a document made by `reportFrame` renders in the worker thread (the server
 * keeps answering meanwhile, server/core/reports/pdf-in-worker.ts); any other document in this thread.
 */
export async function renderReport(doc: DocDefinition): Promise<Buffer> {
  const framed = FRAMES.get(doc);
  if (!framed) return renderPdf(doc);
  const { renderInWorker } = await import('./pdf-in-worker');
  return renderInWorker(framed.frame, framed.content);
}

// --- HTTP --------------------------------------------------------------------------------------

/**
 * A file name safe for a download: no path separators, control characters, quotes or characters
 * Windows refuses, no leading dots, at most 120 characters before the `.pdf` extension (added
 * when missing); `fallback` when nothing is left.
 */
export function safePdfFileName(name: string | null | undefined, fallback = 'Report'): string {
  let base = String(name ?? '')
    .normalize('NFC')
    .replace(/\.pdf$/i, '');
  base = base
    .replace(/[\u0000-\u001f\u007f-\u009f"\\/:*?<>|;]+/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s_]+/, '')
    .replace(/[.\s]+$/, '');
  if (!base) base = fallback;
  base = Array.from(base).slice(0, 120).join('').trimEnd();
  return `${base}.pdf`;
}

/** RFC 6266 attachment header: an ASCII fallback name and the UTF-8 name (RFC 5987 encoding). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** PDF bytes as a download (`application/pdf`, attachment, never cached or sniffed). */
export function pdfResponse(pdf: Buffer, fileName: string): Response {
  const name = safePdfFileName(fileName);
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.length),
      'Content-Disposition': attachmentDisposition(name),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}

/**
 * Builds, renders (in a worker thread when the document came from `reportFrame`) and serves a report. `build` is the document definition or a function making it
 * (so a builder's failure counts as a report failure too). Load the data (and throw not-found or
 * permission errors) before calling: an AppError thrown by `build` passes through unchanged; any
 * other failure is thrown on as a Failure, which `onError` writes to the error log and answers 500
 * with the CP-051 text: `{ IsSuccessful: false, Code: 'report_error', Message, Errors: [], ErrorId }`.
 * `_c`: the request, kept in the signature its callers use (the answer to a failure is onError's).
 */
export async function sendPdf(_c: Context<AppEnv>, fileName: string, build: DocDefinition | (() => DocDefinition | Promise<DocDefinition>)): Promise<Response> {
  let pdf: Buffer;
  try {
    pdf = await renderReport(typeof build === 'function' ? await build() : build);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new Failure(REPORT_ERROR_TEXT, err, 'report_error');
  }
  return pdfResponse(pdf, fileName);
}
