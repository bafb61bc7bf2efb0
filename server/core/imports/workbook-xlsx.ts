/**
 * .xlsx through exceljs's streaming WorkbookReader, after the zip guard has inflated every entry
 * once (counting bytes). That guard pass also picks up what the streaming reader does not give:
 * the sheets' visibility (xl/workbook.xml) and the merged ranges (which come after the rows in
 * the sheet XML, too late for a streaming reader to place the header).
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type ExcelJS from 'exceljs';
import { loadExcelJS } from '../files/exceljs';
import { checkZip, type ZipEntry } from './zip-guard';
import type { SheetCell } from './cells';
import { parseRange, type Merge, type Sheet, type SheetRow, type SheetSource } from './workbook-sheets';
import { dateStyles, leanRows, leanScanner, sharedStringsCollector, type LeanParts } from './xlsx-lean';

const MERGE_ROWS = 1000;
const MAX_MERGES = 10_000;
const MAX_WORKBOOK_XML = 4 * 1024 * 1024;

interface SheetMeta {
  name: string;
  state: string;
  path: string;
}

const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m
    ? m[1]
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
    : undefined;
};

/** Sheets of xl/workbook.xml in order, with their state and part path. */
function workbookSheets(workbookXml: string, relsXml: string): SheetMeta[] {
  const targets = new Map<string, string>();
  for (const [tag] of relsXml.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const id = attr(tag, 'Id');
    const target = attr(tag, 'Target');
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }
  return [...workbookXml.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)].map(([tag]) => ({
    name: attr(tag, 'name') ?? '',
    state: attr(tag, 'state') ?? 'visible',
    path: targets.get(attr(tag, 'r:id') ?? '') ?? '',
  }));
}

/** Collects `<mergeCell ref="…"/>` refs from a sheet's XML seen chunk by chunk. */
function mergeCollector(into: Merge[]) {
  let tail = '';
  const seen = new Set<string>();
  return (chunk: Buffer) => {
    const text = tail + chunk.toString('latin1');
    for (const m of text.matchAll(/<(?:\w+:)?mergeCell\s+ref="([A-Z$]+\d+:[A-Z$]+\d+)"/g)) {
      const range = parseRange(m[1]);
      if (range && range.top <= MERGE_ROWS && !seen.has(m[1]) && into.length < MAX_MERGES) {
        seen.add(m[1]);
        into.push(range);
      }
    }
    tail = text.slice(-200);
  };
}

function textCollector(sink: { text: string }) {
  return (chunk: Buffer) => {
    if (sink.text.length < MAX_WORKBOOK_XML) sink.text += chunk.toString('utf8');
  };
}

/**
 * The same zip bytes, entry by entry, in the order the streaming reader needs them: workbook,
 * relationships, styles and shared strings first, then the worksheets in workbook order. Local
 * headers and data are copied unchanged (the guard checked they tile the file); the central
 * directory ends the stream. exceljs then parses each sheet straight from the zip instead of
 * first copying every sheet to a temp file (what it does when the sheets come before the shared
 * strings, as Excel writes them), and date formats are known before the first row. A workbook
 * without shared strings (inline strings only) gets an empty, stored xl/sharedStrings.xml entry
 * for the same reason.
 */
function orderedZip(path: string, entries: ZipEntry[], metas: SheetMeta[]): Readable {
  const rank = (e: ZipEntry) => {
    const sheet = metas.findIndex((m) => m.path === e.name);
    return sheet >= 0 ? 1 + sheet : /^xl\/worksheets\/[^/]+\.xml$/.test(e.name) ? 1 + metas.length : 0;
  };
  const ordered = entries
    .map((e, i) => ({ e, i, rank: rank(e) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((x) => x.e);
  const directory = Math.max(...entries.map((e) => e.end));
  const noSharedStrings = !entries.some((e) => e.name === 'xl/sharedStrings.xml');
  async function* bytes() {
    if (noSharedStrings) yield storedEntry('xl/sharedStrings.xml', Buffer.from('<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>'));
    for (const e of ordered) yield* createReadStream(path, { start: e.offset, end: e.end - 1 });
    yield* createReadStream(path, { start: directory });
  }
  return Readable.from(bytes(), { objectMode: false });
}

/** A zip local header + data for an uncompressed entry. */
function storedEntry(name: string, data: Buffer): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt32LE(crc32(data) >>> 0, 14);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(data.length, 22);
  header.writeUInt16LE(Buffer.byteLength(name), 26);
  return Buffer.concat([header, Buffer.from(name), data]);
}

/** A cell's value; a shared formula (one formula filled down) as a formula with its own cached result. */
function sheetCell(cell: ExcelJS.Cell): SheetCell {
  const v = cell.value as unknown;
  if (v && typeof v === 'object' && 'sharedFormula' in v) {
    const { result } = v as { result?: SheetCell };
    let formula = '';
    try {
      formula = cell.formula ?? '';
    } catch {
      /* a shared formula exceljs cannot translate */
    }
    return { formula: formula || String((v as { sharedFormula: string }).sharedFormula), result: result as never };
  }
  return v as SheetCell;
}

/** The zip is an OpenDocument spreadsheet, not an .xlsx. */
export class OdsFile extends Error {
  constructor() {
    super('an OpenDocument spreadsheet');
  }
}

/**
 * Throws ZipProblem (from the guard), OdsFile, or Error('not a workbook'). The sheets are read by
 * the lean reader (xlsx-lean.ts) unless the guard's pass saw something only exceljs reads, or
 * `lean` is false (tests compare both).
 */
export async function openXlsx(path: string, maxUnpacked?: number, lean = true): Promise<SheetSource> {
  const workbookXml = { text: '' };
  const relsXml = { text: '' };
  const stylesXml = { text: '' };
  const merges = new Map<string, Merge[]>();
  const shared: string[] = [];
  const flags = { exceljs: !lean };
  const entries = await checkZip(path, {
    maxUnpacked,
    visit: (name) => {
      if (name === 'xl/workbook.xml') return textCollector(workbookXml);
      if (name === 'xl/_rels/workbook.xml.rels') return textCollector(relsXml);
      if (name === 'xl/styles.xml') return textCollector(stylesXml);
      if (name === 'xl/sharedStrings.xml') {
        const scan = leanScanner(flags);
        const collect = sharedStringsCollector(shared);
        return (c) => {
          scan(c);
          if (!flags.exceljs) collect(c);
        };
      }
      if (/^xl\/worksheets\/[^/]+\.xml$/.test(name)) {
        const list: Merge[] = [];
        merges.set(name, list);
        const scan = leanScanner(flags);
        const collect = mergeCollector(list);
        return (c) => {
          scan(c);
          collect(c);
        };
      }
      return undefined;
    },
  });
  if (!entries.some((e) => e.name === 'xl/workbook.xml')) {
    // An OpenDocument spreadsheet (.ods) is a zip too: checked by the guard, then read by SheetJS (ADR 033).
    if (entries.some((e) => e.name === 'content.xml')) throw new OdsFile();
    throw new Error('not a workbook');
  }
  const metas = workbookSheets(workbookXml.text, relsXml.text);
  const date1904 = /<(?:\w+:)?workbookPr\b[^>]*\sdate1904="(1|true)"/.test(workbookXml.text);
  const sheetEntries = metas.map((m) => entries.find((e) => e.name === m.path && /^xl\/worksheets\/[^/]+\.xml$/.test(e.name)));
  if (!flags.exceljs && metas.length && sheetEntries.every((e) => e) && stylesXml.text.length < MAX_WORKBOOK_XML) {
    return leanSource(path, metas, sheetEntries as ZipEntry[], merges, { shared, dates: dateStyles(stylesXml.text), date1904 });
  }

  const input = orderedZip(path, entries, metas);
  const reader = new (await loadExcelJS()).stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  });
  const worksheets = reader[Symbol.asyncIterator]();

  async function* sheets(): AsyncGenerator<Sheet> {
    for (;;) {
      const next = await worksheets.next();
      if (next.done) return;
      const ws = next.value as unknown as { name: string; state?: string; [Symbol.asyncIterator](): AsyncIterator<ExcelJS.Row> };
      const meta = metas.find((m) => m.name === ws.name);
      const state = ws.state ?? meta?.state ?? 'visible';
      const rowIterator = ws[Symbol.asyncIterator]();
      async function* rows(): AsyncGenerator<SheetRow> {
        for (;;) {
          const r = await rowIterator.next();
          if (r.done) return;
          const cells = new Map<number, SheetCell>();
          r.value.eachCell({ includeEmpty: false }, (cell, col) => {
            cells.set(col, sheetCell(cell));
          });
          if (cells.size) yield { row: r.value.number, cells };
        }
      }
      yield {
        name: ws.name,
        hidden: state !== 'visible',
        date1904,
        merges: meta ? (merges.get(meta.path) ?? []) : [],
        rows: rows(),
      };
    }
  }
  return {
    sheets: sheets(),
    close: () => {
      input.destroy();
    },
  };
}

/** The sheets through the lean reader, in workbook order. */
function leanSource(path: string, metas: SheetMeta[], sheetEntries: ZipEntry[], merges: Map<string, Merge[]>, parts: LeanParts): SheetSource {
  const opened = new Set<Readable>();
  async function* sheets(): AsyncGenerator<Sheet> {
    for (const [i, meta] of metas.entries()) {
      yield {
        name: meta.name,
        hidden: meta.state !== 'visible',
        date1904: parts.date1904,
        merges: merges.get(meta.path) ?? [],
        rows: leanRows(path, sheetEntries[i], parts, opened),
      };
    }
  }
  return {
    sheets: sheets(),
    close: () => {
      for (const s of opened) s.destroy();
      opened.clear();
    },
  };
}
