/**
 * The lean .xlsx sheet reader (issue 28, import speed; ADR 033): the rows of a worksheet straight
 * from its XML, with the shared strings and the cell styles' date formats gathered during the zip
 * guard's pass (which inflates every entry anyway). exceljs's streaming reader builds a SAX event,
 * a Cell object and a style copy for every cell; on a 50,000 × 35 costing export that was most of an
 * upload's preview. This reader scans the row and cell tags with indexOf and gives the same cell
 * values exceljs gives (its semantics kept on purpose: a formula's cached result as a number unless
 * typed text, a date style making a plain number a Date, style 0 never a date).
 *
 * It reads what Excel, LibreOffice and exceljs write for data: plain, shared and inline strings,
 * numbers, booleans, errors, formulas with or without a cached result. A workbook with anything
 * else in its sheets or shared strings (shared formulas, whose text lives in another cell; CDATA;
 * namespace-prefixed elements) is left to exceljs: `leanScanner` tells, during the guard's pass.
 * A tag holding a stray '<' is malformed XML: a file error, as exceljs's parser says.
 */
import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import type { SheetCell } from './cells';
import type { SheetRow } from './workbook-sheets';
import type { ZipEntry } from './zip-guard';

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const ENTITY = /&(?:(lt|gt|amp|quot|apos)|#(\d+)|#x([0-9a-fA-F]+));/g;
const codePoint = (n: number) => (n >= 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '');
/** XML text with its entities decoded. */
export const xmlText = (s: string) =>
  s.indexOf('&') < 0
    ? s
    : s.replace(ENTITY, (_, name: string | undefined, dec: string | undefined, hex: string | undefined) =>
        name ? NAMED[name] : codePoint(dec ? Number(dec) : parseInt(hex!, 16)),
      );

/** The text of an attribute in a start tag (decoded), or undefined. */
function attr(tag: string, name: string): string | undefined {
  const at = tag.indexOf(` ${name}="`);
  if (at < 0) return undefined;
  const start = at + name.length + 3;
  return xmlText(tag.slice(start, tag.indexOf('"', start)));
}

/** A string item's text: its `<t>` runs joined, phonetic runs (`<rPh>`) left out, as exceljs reads them. */
function itemText(xml: string): string {
  if (xml.includes('<rPh')) xml = xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '');
  let out = '';
  for (const m of xml.matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)) out += m[1];
  return xmlText(out);
}

/** What makes a part the lean reader leaves to exceljs. */
const NOT_LEAN = /t="shared"|<!\[CDATA\[|<[A-Za-z_][\w.-]*:(?:sheetData|row|c|v|f|is|si|t|r)[\s>/]/;

/** Watches a worksheet's or the shared strings' bytes for what the lean reader does not read; `flags.exceljs` set when seen. */
export function leanScanner(flags: { exceljs: boolean }) {
  let tail = '';
  return (chunk: Buffer) => {
    if (flags.exceljs) return;
    const text = tail + chunk.toString('latin1');
    if (NOT_LEAN.test(text)) flags.exceljs = true;
    tail = text.slice(-64);
  };
}

/** Collects the shared strings (`<si>` items, in order) from the part's bytes, chunk by chunk. */
export function sharedStringsCollector(into: string[]) {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  return (chunk: Buffer) => {
    rest += decoder.write(chunk);
    let at = 0;
    for (;;) {
      const open = rest.indexOf('<si', at);
      if (open < 0) {
        at = Math.max(at, rest.length - 3);
        break;
      }
      const gt = rest.indexOf('>', open);
      if (gt < 0) {
        at = open;
        break;
      }
      const next = rest[open + 3];
      if (next === undefined) {
        at = open;
        break;
      }
      if (next !== '>' && next !== '/' && next !== ' ') {
        at = open + 3;
        continue;
      }
      if (rest[gt - 1] === '/') {
        into.push('');
        at = gt + 1;
        continue;
      }
      const close = rest.indexOf('</si>', gt);
      if (close < 0) {
        at = open;
        break;
      }
      into.push(itemText(rest.slice(gt + 1, close)));
      at = close + 5;
    }
    rest = rest.slice(at);
  };
}

// exceljs's built-in number formats that are dates (defaultnumformats.js with utils.isDateFmt).
const BUILT_IN_DATES = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);
/** exceljs's utils.isDateFmt: date characters outside quotes and brackets. */
const isDateFormat = (fmt: string) => /[ymdhMsb]+/.test(fmt.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** Per cell style (cellXfs index): whether its number format is a date's. */
export function dateStyles(stylesXml: string): boolean[] {
  const custom = new Map<number, string>();
  for (const [tag] of stylesXml.matchAll(/<numFmt\b[^>]*>/g)) custom.set(Number(attr(tag, 'numFmtId')), attr(tag, 'formatCode') ?? '');
  const xfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(stylesXml)?.[1] ?? '';
  return [...xfs.matchAll(/<xf\b[^>]*>/g)].map(([tag]) => {
    const id = Number(attr(tag, 'numFmtId') ?? 0);
    if (!id) return false;
    return custom.has(id) ? isDateFormat(custom.get(id)!) : BUILT_IN_DATES.has(id);
  });
}

class MalformedSheet extends Error {
  constructor() {
    super('malformed sheet XML');
  }
}

/** exceljs's utils.excelToDate. */
const excelToDate = (v: number, date1904: boolean) => new Date(Math.round((v - 25569 + (date1904 ? 1462 : 0)) * 24 * 3600 * 1000));

/** 'AB12' → 28 (the column of a cell reference), 0 when it is none. */
function columnOf(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const ch = ref.charCodeAt(i);
    if (ch < 65 || ch > 90) break;
    n = n * 26 + ch - 64;
  }
  return n;
}

/** The inner text of the first `<name>…</name>` in a cell's XML (undefined: absent; '' for `<name/>`). */
function element(xml: string, name: string): string | undefined {
  const open = xml.indexOf(`<${name}`);
  if (open < 0) return undefined;
  const after = xml[open + name.length + 1];
  if (after !== '>' && after !== ' ' && after !== '/') return undefined;
  const gt = xml.indexOf('>', open);
  if (gt < 0) throw new MalformedSheet();
  if (xml[gt - 1] === '/') return '';
  const close = xml.indexOf(`</${name}>`, gt);
  if (close < 0) throw new MalformedSheet();
  return xml.slice(gt + 1, close);
}

export interface LeanParts {
  shared: string[];
  dates: boolean[];
  date1904: boolean;
}

/** One cell's value as exceljs gives it (null: empty). */
function cellValue(tag: string, inner: string, parts: LeanParts): SheetCell {
  const t = attr(tag, 't');
  const f = element(inner, 'f');
  const x = element(inner, t === 'inlineStr' ? 'is' : 'v');
  const v = x === undefined ? undefined : t === 'inlineStr' ? itemText(x) : xmlText(x);
  if (f !== undefined) {
    if (v === undefined) return { formula: xmlText(f) };
    return { formula: xmlText(f), result: t === 'str' ? v : parseFloat(v) };
  }
  if (v === undefined) return null;
  switch (t) {
    // An empty string is no value (exceljs leaves such a cell out).
    case 's':
      return parts.shared[parseInt(v, 10)] || null;
    case 'inlineStr':
    case 'str':
      return v || null;
    case 'e':
      return { error: v };
    case 'b':
      return parseInt(v, 10) !== 0;
    default: {
      const s = Number(attr(tag, 's') ?? 0);
      return s && parts.dates[s] ? excelToDate(parseFloat(v), parts.date1904) : parseFloat(v);
    }
  }
}

/** A start tag's end ('>'), checked: no '<' inside it. */
function tagEnd(xml: string, open: number): number {
  const gt = xml.indexOf('>', open);
  if (gt < 0) return -1;
  if (xml.lastIndexOf('<', gt) !== open) throw new MalformedSheet();
  return gt;
}

/** The cells of one row's inner XML. */
function rowCells(xml: string, parts: LeanParts): Map<number, SheetCell> {
  const cells = new Map<number, SheetCell>();
  let col = 0;
  for (let at = 0; ; ) {
    const open = xml.indexOf('<c', at);
    if (open < 0) return cells;
    const next = xml[open + 2];
    if (next !== ' ' && next !== '>' && next !== '/') {
      at = open + 2;
      continue;
    }
    const gt = tagEnd(xml, open);
    if (gt < 0) throw new MalformedSheet();
    const tag = xml.slice(open, gt + 1);
    const ref = attr(tag, 'r');
    col = ref ? columnOf(ref) : col + 1;
    if (xml[gt - 1] === '/') {
      at = gt + 1;
      continue;
    }
    const close = xml.indexOf('</c>', gt);
    if (close < 0) throw new MalformedSheet();
    const value = cellValue(tag, xml.slice(gt + 1, close), parts);
    if (value !== null && value !== undefined) cells.set(col, value);
    at = close + 4;
  }
}

/**
 * The rows of a worksheet entry (rows without a value left out, as exceljs's `eachCell` does);
 * the entry is inflated from the file again, streaming. Throws MalformedSheet.
 */
export async function* leanRows(path: string, entry: ZipEntry, parts: LeanParts, opened: Set<Readable>): AsyncGenerator<SheetRow> {
  if (entry.compressedSize === 0) return;
  const raw = createReadStream(path, { start: entry.dataStart, end: entry.dataStart + entry.compressedSize - 1, highWaterMark: 256 * 1024 });
  const source: Readable = entry.method === 8 ? raw.pipe(createInflateRaw()) : raw;
  opened.add(raw);
  opened.add(source);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let row = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      rest += decoder.write(chunk);
      let at = 0;
      for (;;) {
        const open = rest.indexOf('<row', at);
        if (open < 0) {
          at = Math.max(at, rest.length - 4);
          break;
        }
        const next = rest[open + 4];
        if (next === undefined) {
          at = open;
          break;
        }
        if (next !== ' ' && next !== '>' && next !== '/') {
          at = open + 4;
          continue;
        }
        const gt = tagEnd(rest, open);
        if (gt < 0) {
          at = open;
          break;
        }
        const tag = rest.slice(open, gt + 1);
        const r = attr(tag, 'r');
        row = r ? parseInt(r, 10) : row + 1;
        if (rest[gt - 1] === '/') {
          at = gt + 1;
          continue;
        }
        const close = rest.indexOf('</row>', gt);
        if (close < 0) {
          at = open;
          break;
        }
        const cells = rowCells(rest.slice(gt + 1, close), parts);
        at = close + 6;
        if (cells.size) yield { row, cells };
      }
      rest = rest.slice(at);
    }
  } finally {
    raw.destroy();
    source.destroy();
    opened.delete(raw);
    opened.delete(source);
  }
}
