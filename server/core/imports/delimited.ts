/**
 * .csv and .tsv uploads (issue 28, ADR 033) as one sheet of text cells for the import reader: UTF-8
 * with or without a byte order mark; comma, semicolon or tab separated (a .tsv is tab separated; a
 * .csv's separator is the most frequent one outside quotes in its first 64 KB, or Excel's `sep=;` line); quoted
 * fields with separators, doubled quotes and line breaks. Read as a stream: a record is a spreadsheet
 * row, numbered as a spreadsheet opening the file numbers it. The cells are text; the one cell
 * reader types them (numbers, dates, booleans as a spreadsheet would show them).
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import { badRequest } from '../http/errors';
import type { SheetCell } from './cells';
import type { Sheet, SheetRow, SheetSource } from './workbook-sheets';

/** A field longer than this is no spreadsheet cell (Excel's limit is 32,767 characters): the file is refused. */
const MAX_FIELD = 32_767 * 4;
const SNIFF_BYTES = 64 * 1024;
export const NOT_UTF8 =
  'The file is not UTF-8 text. Save it as "CSV UTF-8" (Excel) or with the character set "Unicode (UTF-8)" (LibreOffice) and upload it again.';
const TOO_LONG_FIELD = 'A field of the file is longer than a spreadsheet cell can be: check its quotes.';

export const isDelimitedName = (name: string) => /\.(csv|tsv|txt)$/i.test(name.trim());

/** Whether the file's first bytes are text (no NUL byte, so no binary and no UTF-16). */
export async function looksLikeText(path: string): Promise<boolean> {
  const fh = await open(path, 'r');
  try {
    const head = Buffer.alloc(4096);
    const { bytesRead } = await fh.read(head, 0, head.length, 0);
    return !head.subarray(0, bytesRead).includes(0);
  } finally {
    await fh.close();
  }
}

/** The separator of the file's first part: the most frequent of tab, semicolon and comma outside quotes (comma on a tie). */
export function sniffSeparator(head: string): string {
  const counts = new Map([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const ch of head) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  return [...counts].reduce((best, c) => (c[1] > best[1] ? c : best), [',', 0] as [string, number])[0];
}

/** Records of delimited text fed in chunks; `end()` flushes the last one. */
export function recordParser(sep: string) {
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let afterQuote = false;
  let pendingCR = false;
  /** A quote ended the last chunk inside a quoted field: a doubled quote or the field's end, the next character says. */
  let pendingQuote = false;
  const out: string[][] = [];
  const endField = () => {
    record.push(field);
    field = '';
    afterQuote = false;
  };
  const endRecord = () => {
    endField();
    out.push(record);
    record = [];
  };
  return {
    push(text: string): string[][] {
      for (let i = 0; i < text.length; i++) {
        const ch = text[i];
        if (pendingQuote) {
          pendingQuote = false;
          if (ch === '"') {
            field += '"';
            continue;
          }
          quoted = false;
          afterQuote = true;
        }
        if (pendingCR) {
          pendingCR = false;
          if (ch === '\n') continue;
        }
        if (quoted) {
          if (ch !== '"') field += ch;
          else if (i + 1 === text.length) pendingQuote = true;
          else if (text[i + 1] === '"') {
            field += '"';
            i++;
          } else {
            quoted = false;
            afterQuote = true;
          }
        } else if (ch === '"' && field === '' && !afterQuote) quoted = true;
        else if (ch === sep) endField();
        else if (ch === '\n' || ch === '\r') {
          endRecord();
          pendingCR = ch === '\r';
        } else field += ch;
        if (field.length > MAX_FIELD) throw badRequest(TOO_LONG_FIELD, [{ Field: 'file', Message: TOO_LONG_FIELD }]);
      }
      return out.splice(0);
    },
    end(): string[][] {
      if (pendingQuote) {
        pendingQuote = false;
        quoted = false;
      }
      if (field !== '' || record.length || quoted) endRecord();
      return out.splice(0);
    },
  };
}

/** The file as one sheet named after it; throws when it is not UTF-8 text. */
export async function openDelimited(path: string, fileName: string): Promise<SheetSource> {
  const tsv = /\.tsv$/i.test(fileName.trim());
  const stream = createReadStream(path, { highWaterMark: SNIFF_BYTES });
  const decoder = new StringDecoder('utf8');
  async function* rows(): AsyncGenerator<SheetRow> {
    let parser: ReturnType<typeof recordParser> | undefined;
    let head = '';
    let n = 0;
    let first = true;
    const emit = function* (records: string[][]): Generator<SheetRow> {
      for (const rec of records) {
        n++;
        if (first) {
          first = false;
          // Excel's "sep=;" line names the separator; it is no row of the sheet.
          if (/^sep=.?$/i.test(rec[0]) && rec.slice(1).every((v) => v === '')) {
            n--;
            continue;
          }
        }
        const cells = new Map<number, SheetCell>();
        rec.forEach((v, i) => {
          if (v.trim() !== '') cells.set(i + 1, v);
        });
        if (cells.size) yield { row: n, cells };
      }
    };
    try {
      for await (const chunk of stream) {
        let text = decoder.write(chunk as Buffer);
        if (text.includes('\uFFFD')) throw badRequest(NOT_UTF8, [{ Field: 'file', Message: NOT_UTF8 }]);
        if (!parser) {
          head += text;
          if (head.length < SNIFF_BYTES) continue;
          text = head.replace(/^\uFEFF/, '');
          const sepLine = /^sep=(.)\r?\n/i.exec(text);
          parser = recordParser(tsv ? '\t' : sepLine ? sepLine[1] : sniffSeparator(text));
        }
        yield* emit(parser.push(text));
      }
      const rest = decoder.end();
      if (!parser) {
        const text = (head + rest).replace(/^\uFEFF/, '');
        const sepLine = /^sep=(.)\r?\n/i.exec(text);
        parser = recordParser(tsv ? '\t' : sepLine ? sepLine[1] : sniffSeparator(text));
        yield* emit(parser.push(text));
      } else if (rest) yield* emit(parser.push(rest));
      yield* emit(parser.end());
    } finally {
      stream.destroy();
    }
  }
  const name = fileName.replace(/^.*[\\/]/, '').replace(/\.(csv|tsv|txt)$/i, '') || 'Sheet1';
  async function* sheets(): AsyncGenerator<Sheet> {
    yield { name, hidden: false, date1904: false, merges: [], rows: rows() };
  }
  return {
    sheets: sheets(),
    close: () => {
      stream.destroy();
    },
  };
}
