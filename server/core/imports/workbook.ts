/**
 * The import reader (issue 13, ADR 033): an uploaded .xlsx, .xls, .ods, .csv or .tsv → the rows of
 * its first visible sheet that has the header row, typed by the import's columns through the one
 * cell reader, as an async stream (never one array). The format is decided by the content (ZIP or
 * OLE2 magic, else UTF-8 text for a .csv/.tsv name), not only by the name.
 *
 * File-level problems throw badRequest: at open (not Excel, zip bomb, header row missing,
 * duplicate columns, unreadable content) and while iterating `rows` (more than maxRows rows:
 * reading stops there; malformed sheet content).
 */
import { open, stat } from 'node:fs/promises';
import { AppError, badRequest, type FieldError } from '../http/errors';
import { columnLetter, normaliseHeader, rawValue, typeCell, type ColumnType, type RawValue, type SheetCell } from './cells';
import { formulaComputer } from './formulas';
import { openXls } from './xls';
import { OdsFile, openXlsx } from './workbook-xlsx';
import { isDelimitedName, looksLikeText, openDelimited } from './delimited';
import { ZipProblem, MAX_UNPACKED } from './zip-guard';
import type { Sheet, SheetRow, SheetSource } from './workbook-sheets';

export type { ColumnType } from './cells';

export interface ImportColumn {
  field: string;
  headers: string[];
  type: ColumnType;
}
export interface ReadOptions {
  columns: ImportColumn[];
  keyFields: string[];
  maxRows?: number;
  notExcel?: string;
  /** The zip bomb limit (bytes once unpacked); MAX_UNPACKED by default. */
  maxUnpacked?: number;
  /** The largest legacy .xls accepted (SheetJS holds it whole in memory); MAX_XLS_BYTES by default. */
  maxXlsBytes?: number;
}
export interface ReadRow {
  row: number;
  values: Record<string, unknown>;
  raw: Record<string, RawValue>;
  errors: { Field: string; Column: string; Message: string }[];
}
export interface WorkbookRead {
  sheet: string;
  columns: { field: string; column: string; header: string }[];
  ignored: string[];
  rows: AsyncIterable<ReadRow>;
  /** Releases the file when the rows are not read to the end (reading them to the end, or a throw, releases it too). */
  close(): void;
}

export const MAX_ROWS = 100_000;
/** ADR 017: SheetJS holds an .xls whole; a BIFF8 sheet has at most 65,536 rows (10,000 × 20 cells from LibreOffice: 4.8 MB). */
export const MAX_XLS_BYTES = 50 * 1024 * 1024;
export const NOT_EXCEL = 'Please upload an Excel file (.xls or .xlsx)';
const HEADER_ROWS = 10;

export const tooManyRowsMessage = (maxRows: number) => `The file has more than ${maxRows.toLocaleString('en-US')} rows. Split it into smaller files.`;
export const xlsTooLargeMessage = (max: number) =>
  `The .xls file is too large (more than ${Math.round(max / 1024 / 1024)} MB). Save it as .xlsx and upload it again.`;
export const UNREADABLE = 'The file could not be read as an Excel workbook. Open it in Excel, save it again and upload it again.';
/** A parser failure (malformed XML or BIFF inside a valid container) is the file's problem: a 400, never a 500. */
const unreadable = (err: unknown) => (err instanceof AppError ? err : badRequest(UNREADABLE, [{ Field: 'file', Message: UNREADABLE }]));
export const tooLargeMessage = (maxUnpacked: number) =>
  `The file is too large once unpacked (more than ${Math.round(maxUnpacked / 1024 / 1024).toLocaleString('en-US')} MB).`;

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

async function magic(path: string): Promise<'zip' | 'ole2' | null> {
  const fh = await open(path, 'r');
  try {
    const head = Buffer.alloc(8);
    const { bytesRead } = await fh.read(head, 0, 8, 0);
    if (bytesRead >= 4 && head.subarray(0, 4).equals(ZIP)) return 'zip';
    if (bytesRead === 8 && head.equals(OLE2)) return 'ole2';
    return null;
  } finally {
    await fh.close();
  }
}

/** The names of the files the reader takes (ADR 033); the content decides the format. */
export const SHEET_NAME = /\.(xlsx?|ods|csv|tsv|txt)$/i;

async function openSource(path: string, fileName: string, opts: ReadOptions): Promise<SheetSource> {
  const notExcel = () => badRequest(opts.notExcel ?? NOT_EXCEL, [{ Field: 'file', Message: opts.notExcel ?? NOT_EXCEL }]);
  if (!SHEET_NAME.test(fileName.trim())) throw notExcel();
  const kind = await magic(path);
  // A workbook must be named as one, text as text: a mislabeled file is refused, not guessed at.
  if (kind && isDelimitedName(fileName)) throw notExcel();
  const inMemory = async () => {
    const max = opts.maxXlsBytes ?? MAX_XLS_BYTES;
    if ((await stat(path)).size > max) throw badRequest(xlsTooLargeMessage(max), [{ Field: 'file', Message: xlsTooLargeMessage(max) }]);
    return openXls(path);
  };
  try {
    if (kind === 'zip') {
      try {
        return await openXlsx(path, opts.maxUnpacked);
      } catch (err) {
        if (err instanceof OdsFile) return await inMemory();
        throw err;
      }
    }
    if (kind === 'ole2') return await inMemory();
    if (isDelimitedName(fileName) && (await looksLikeText(path))) return await openDelimited(path, fileName);
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof ZipProblem && err.kind === 'too-large') {
      const message = tooLargeMessage(opts.maxUnpacked ?? MAX_UNPACKED);
      throw badRequest(message, [{ Field: 'file', Message: message }]);
    }
    throw notExcel();
  }
  throw notExcel();
}

interface Header {
  column: number;
  text: string;
}
interface Match {
  row: number;
  headers: Header[];
  found: Map<string, Header[]>;
}

const cellText = (cell: SheetCell) => {
  const v = rawValue(cell);
  return v === null ? '' : String(v);
};

/** The headers a row gives its columns: its own text, or a vertical merge from above. */
function rowHeaders(row: SheetRow, sheet: Sheet, above: SheetRow[]): Header[] {
  const byColumn = new Map<number, string>();
  for (const [col, cell] of row.cells) {
    const t = cellText(cell);
    if (t) byColumn.set(col, t);
  }
  for (const m of sheet.merges) {
    if (m.top < row.row && m.bottom >= row.row && !byColumn.has(m.left)) {
      const top = above.find((r) => r.row === m.top);
      const t = top ? cellText(top.cells.get(m.left)) : '';
      if (t) byColumn.set(m.left, t);
    }
  }
  return [...byColumn].sort((a, b) => a[0] - b[0]).map(([column, text]) => ({ column, text }));
}

function matchHeaders(headers: Header[], opts: ReadOptions, row: number): Match {
  const fieldOf = new Map<string, string>();
  for (const c of opts.columns) for (const h of c.headers) fieldOf.set(normaliseHeader(h), c.field);
  const found = new Map<string, Header[]>();
  for (const h of headers) {
    const field = fieldOf.get(normaliseHeader(h.text));
    if (field) found.set(field, [...(found.get(field) ?? []), h]);
  }
  return { row, headers, found };
}

const headerName = (opts: ReadOptions, field: string) => opts.columns.find((c) => c.field === field)?.headers[0] ?? field;

function missingError(opts: ReadOptions, best: Match | null): never {
  const missing = opts.keyFields.filter((f) => !best?.found.has(f));
  const names = missing.map((f) => `"${headerName(opts, f)}"`);
  const message =
    names.length === 1
      ? `The column ${names[0]} is missing: no row among the first ${HEADER_ROWS} names it.`
      : `The columns ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} are missing: no row among the first ${HEADER_ROWS} names them.`;
  throw badRequest(
    message,
    missing.map((f) => ({ Field: f, Message: `Missing column "${headerName(opts, f)}".` })),
  );
}

function duplicateErrors(match: Match): FieldError[] {
  const errors: FieldError[] = [];
  for (const [field, hs] of match.found) {
    if (hs.length < 2) continue;
    const cols = hs.map((h) => columnLetter(h.column));
    errors.push({ Field: field, Message: `The column "${hs[0].text}" appears twice (columns ${cols.slice(0, -1).join(', ')} and ${cols[cols.length - 1]}).` });
  }
  return errors;
}

const known = (opts: ReadOptions, text: string) => opts.columns.some((c) => c.headers.some((t) => normaliseHeader(t) === normaliseHeader(text)));

/**
 * The header may span rows: a header cell merged down over two rows makes the header row the
 * merge's last row; a title merged across columns in the matched row makes the row below the
 * header row when that row names a known column under the title. Per column the lowest text wins.
 * Rows read past the header area come back as `pending` data rows.
 */
async function headerArea(sheet: Sheet, match: Match, buffered: SheetRow[], opts: ReadOptions): Promise<{ header: Match; pending: SheetRow[] }> {
  const r = match.row;
  let bottom = r;
  for (const m of sheet.merges) if (m.top <= r && m.bottom > r && m.bottom - r < HEADER_ROWS) bottom = Math.max(bottom, m.bottom);
  const titles = sheet.merges.filter((m) => m.top === r && m.bottom === r && m.right > m.left);
  const rows = [...buffered];
  const area = [buffered[buffered.length - 1]];
  const pending: SheetRow[] = [];
  for (;;) {
    const next = await sheet.rows.next();
    if (next.done) break;
    const row = next.value;
    const underTitle =
      row.row === bottom + 1 &&
      titles.length > 0 &&
      bottom === r &&
      [...row.cells].some(([col, cell]) => titles.some((t) => col >= t.left && col <= t.right) && known(opts, cellText(cell)));
    if (row.row <= bottom || underTitle) {
      rows.push(row);
      area.push(row);
      if (underTitle) bottom = row.row;
      continue;
    }
    pending.push(row);
    break;
  }
  if (area.length === 1) return { header: match, pending };
  const byColumn = new Map<number, string>();
  for (const row of area) for (const h of rowHeaders(row, sheet, rows)) byColumn.set(h.column, h.text);
  const headers = [...byColumn].sort((a, b) => a[0] - b[0]).map(([column, text]) => ({ column, text }));
  return { header: matchHeaders(headers, opts, bottom), pending };
}

/**
 * The visible sheets that have the header row, in workbook order, each with its typed rows. A
 * sheet's rows must be read (or abandoned) before the next sheet is asked for: the .xlsx is one stream.
 */
async function* headedSheets(source: SheetSource, opts: ReadOptions, closeEach: boolean): AsyncGenerator<WorkbookRead> {
  let best: Match | null = null;
  let any = false;
  try {
    for (;;) {
      const next = await source.sheets.next();
      if (next.done) break;
      const sheet = next.value;
      if (sheet.hidden) continue;
      const buffered: SheetRow[] = [];
      let match: Match | null = null;
      while (buffered.length < HEADER_ROWS) {
        const r = await sheet.rows.next();
        if (r.done) break;
        buffered.push(r.value);
        const m = matchHeaders(rowHeaders(r.value, sheet, buffered), opts, r.value.row);
        if (opts.keyFields.every((f) => m.found.has(f))) {
          match = m;
          break;
        }
        const score = (x: Match | null) => (x ? opts.keyFields.filter((f) => x.found.has(f)).length : -1);
        if (score(m) > score(best)) best = m;
      }
      if (!match) {
        await sheet.rows.return?.();
        continue;
      }
      const { header, pending } = await headerArea(sheet, match, buffered, opts);
      const duplicates = duplicateErrors(header);
      if (duplicates.length) throw badRequest(duplicates[0].Message, duplicates);
      const columns = [...header.found]
        .map(([field, [h]]) => ({ field, column: columnLetter(h.column), header: h.text, index: h.column }))
        .sort((a, b) => a.index - b.index);
      const ignored = header.headers.filter((h) => !known(opts, h.text)).map((h) => h.text);
      any = true;
      yield {
        sheet: sheet.name,
        columns: columns.map(({ field, column, header: text }) => ({ field, column, header: text })),
        ignored,
        rows: dataRows(sheet, pending, columns, opts, closeEach ? source : undefined),
        close: () => source.close(),
      };
    }
    if (!any) missingError(opts, best);
  } catch (err) {
    throw unreadable(err);
  }
}

/** The first visible sheet that has the header row: its columns and its rows as a stream. */
export async function openWorkbook(path: string, fileName: string, opts: ReadOptions): Promise<WorkbookRead> {
  const source = await openSource(path, fileName, opts);
  let handedOver = false;
  try {
    const first = await headedSheets(source, opts, true).next();
    handedOver = true;
    return first.value as WorkbookRead;
  } finally {
    if (!handedOver) source.close();
  }
}

/**
 * Every visible sheet that has the header row (a workbook of several calendars), one after the
 * other; the file is released when the generator ends or is abandoned.
 */
export async function* openWorkbookSheets(path: string, fileName: string, opts: ReadOptions): AsyncGenerator<WorkbookRead> {
  const source = await openSource(path, fileName, opts);
  try {
    yield* headedSheets(source, opts, false);
  } finally {
    source.close();
  }
}

const isUncomputed = (cell: SheetCell): cell is { formula: string } =>
  !!cell && typeof cell === 'object' && 'formula' in cell && (cell.result === undefined || cell.result === null) && !!cell.formula;

async function* dataRows(
  sheet: Sheet,
  pending: SheetRow[],
  columns: { field: string; column: string; header: string; index: number }[],
  opts: ReadOptions,
  source?: SheetSource,
): AsyncGenerator<ReadRow> {
  const maxRows = opts.maxRows ?? MAX_ROWS;
  const typeOf = new Map(opts.columns.map((c) => [c.field, c.type]));
  const compute = formulaComputer(sheet.date1904);
  let count = 0;
  try {
    for (;;) {
      const next = pending.length ? { done: false as const, value: pending.shift()! } : await sheet.rows.next();
      if (next.done) return;
      const { row, cells } = next.value;
      const values: Record<string, unknown> = {};
      const raw: Record<string, RawValue> = {};
      const errors: ReadRow['errors'] = [];
      let empty = true;
      for (const c of columns) {
        let cell = cells.get(c.index);
        raw[c.field] = rawValue(cell);
        // A formula without its result (a file a program wrote) is computed, or its cell refused naming it.
        const computed = isUncomputed(cell) ? await compute(cells, row, c.index, cell.formula) : { cell };
        if ('cell' in computed) cell = computed.cell;
        const typed = 'error' in computed ? computed : typeCell(cell, typeOf.get(c.field) ?? 'text', sheet.date1904);
        if ('error' in typed) {
          values[c.field] = null;
          errors.push({ Field: c.field, Column: `${c.column} (${c.header})`, Message: typed.error });
          empty = false;
        } else {
          values[c.field] = typed.value;
          if (typed.value !== null) empty = false;
        }
      }
      if (empty) continue;
      if (++count > maxRows) {
        const message = tooManyRowsMessage(maxRows);
        throw badRequest(message, [{ Field: 'file', Message: message }]);
      }
      yield { row, values, raw, errors };
    }
  } catch (err) {
    throw unreadable(err);
  } finally {
    await sheet.rows.return?.(undefined);
    source?.close();
  }
}
