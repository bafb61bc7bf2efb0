/**
 * Zip bomb guard for uploaded .xlsx files, run on the file on disk before exceljs reads it.
 *
 * 1. The central directory (end-of-central-directory record + central headers) is parsed: the
 *    declared uncompressed total must stay under the limit and no large entry may claim an
 *    absurd compression ratio.
 * 2. The layout is checked: the entries, in the order of their local headers, must tile the file
 *    from byte 0 to the central directory with nothing hidden between them. exceljs reads the
 *    zip sequentially by local headers, so this makes what it reads exactly what was checked.
 * 3. Every entry is inflated once, streaming, counting the bytes that really come out (declared
 *    sizes are not trusted); the pass stops as soon as the total passes the limit. Nothing
 *    inflated is kept, except what a `visit` callback chooses to look at chunk by chunk.
 */
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';
import type { Readable } from 'node:stream';

/** The most an uploaded workbook may inflate to. */
export const MAX_UNPACKED = 512 * 1024 * 1024;
/** An entry larger than RATIO_FLOOR bytes may not be more than MAX_RATIO times its compressed size. */
export const MAX_RATIO = 500;
const RATIO_FLOOR = 1024 * 1024;
const MAX_ENTRIES = 10_000;

/** offset: its local header; dataStart..: its compressed data; end: after its data (and data descriptor). */
export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  offset: number;
  dataStart: number;
  end: number;
}

/** 'invalid': not a zip we accept (the caller answers "not an Excel file"); 'too-large': unpacks past the limit. */
export class ZipProblem extends Error {
  constructor(
    readonly kind: 'invalid' | 'too-large',
    message: string,
  ) {
    super(message);
  }
}

export interface ZipGuardOptions {
  maxUnpacked?: number;
  /** Called once per entry; a returned function receives that entry's inflated bytes chunk by chunk. */
  visit?: (name: string) => ((chunk: Buffer) => void) | undefined;
}

const invalid = (why: string) => new ZipProblem('invalid', why);
const tooLarge = () => new ZipProblem('too-large', 'unpacked size over the limit');

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

/** The central directory's entries, with their data offsets; throws ZipProblem. */
export async function readZipDirectory(path: string, maxUnpacked = MAX_UNPACKED): Promise<ZipEntry[]> {
  const fh = await open(path, 'r');
  try {
    const { size: fileSize } = await fh.stat();
    const tailLength = Math.min(fileSize, 22 + 0xffff);
    const tail = await readAt(fh, fileSize - tailLength, tailLength);
    let eocd = -1;
    for (let i = tail.length - 22; i >= 0; i--)
      if (tail.readUInt32LE(i) === 0x06054b50) {
        eocd = i;
        break;
      }
    if (eocd < 0) throw invalid('no end of central directory');
    const count = tail.readUInt16LE(eocd + 10);
    const cdSize = tail.readUInt32LE(eocd + 12);
    const cdOffset = tail.readUInt32LE(eocd + 16);
    if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) throw tooLarge(); // zip64: never a workbook we accept
    if (count === 0 || count > MAX_ENTRIES) throw invalid('entry count');
    if (cdOffset + cdSize > fileSize - tailLength + eocd) throw invalid('central directory out of bounds');
    const cd = await readAt(fh, cdOffset, cdSize);
    const entries: ZipEntry[] = [];
    let declared = 0;
    for (let p = 0, i = 0; i < count; i++) {
      if (p + 46 > cd.length || cd.readUInt32LE(p) !== 0x02014b50) throw invalid('central header');
      const nameLength = cd.readUInt16LE(p + 28);
      const entry: ZipEntry = {
        flags: cd.readUInt16LE(p + 8),
        method: cd.readUInt16LE(p + 10),
        compressedSize: cd.readUInt32LE(p + 20),
        size: cd.readUInt32LE(p + 24),
        offset: cd.readUInt32LE(p + 42),
        name: cd.toString('utf8', p + 46, p + 46 + nameLength),
        dataStart: 0,
        end: 0,
      };
      p += 46 + nameLength + cd.readUInt16LE(p + 30) + cd.readUInt16LE(p + 32);
      if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) throw tooLarge();
      if (entry.method !== 0 && entry.method !== 8) throw invalid('compression method');
      if (entry.flags & 1) throw invalid('encrypted entry');
      declared += entry.size;
      if (declared > maxUnpacked) throw tooLarge();
      if (entry.size > RATIO_FLOOR && entry.size > MAX_RATIO * Math.max(entry.compressedSize, 1)) throw tooLarge();
      entries.push(entry);
    }
    // The entries must tile [0, cdOffset): nothing a sequential reader could find that we did not check.
    const byOffset = [...entries].sort((a, b) => a.offset - b.offset);
    let expected = 0;
    for (const e of byOffset) {
      if (e.offset !== expected) throw invalid('gap or overlap between entries');
      const local = await readAt(fh, e.offset, 30);
      if (local.length < 30 || local.readUInt32LE(0) !== 0x04034b50) throw invalid('local header');
      e.dataStart = e.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      let end = e.dataStart + e.compressedSize;
      if (e.flags & 8) {
        // a data descriptor follows: 12 bytes, or 16 with its optional signature
        const sig = await readAt(fh, end, 4);
        end += sig.length === 4 && sig.readUInt32LE(0) === 0x08074b50 ? 16 : 12;
      }
      e.end = end;
      expected = end;
    }
    if (expected !== cdOffset) throw invalid('data after the last entry');
    return entries;
  } finally {
    await fh.close();
  }
}

/** Inflates every entry once, counting real bytes; throws ZipProblem('too-large') past the limit. */
export async function checkZip(path: string, opts: ZipGuardOptions = {}): Promise<ZipEntry[]> {
  const limit = opts.maxUnpacked ?? MAX_UNPACKED;
  const entries = await readZipDirectory(path, limit);
  let total = 0;
  for (const e of entries) {
    const visit = opts.visit?.(e.name);
    if (e.compressedSize === 0) continue;
    const raw = createReadStream(path, { start: e.dataStart, end: e.dataStart + e.compressedSize - 1, highWaterMark: 64 * 1024 });
    const source: Readable = e.method === 8 ? raw.pipe(createInflateRaw()) : raw;
    try {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > limit) throw tooLarge();
        visit?.(chunk);
      }
    } catch (err) {
      if (err instanceof ZipProblem) throw err;
      throw invalid('corrupt entry');
    } finally {
      raw.destroy();
      source.destroy();
    }
  }
  return entries;
}
