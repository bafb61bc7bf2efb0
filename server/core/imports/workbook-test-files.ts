/**
 * Test-only helpers for the import reader's tests: temp files, and a tiny zip writer to craft
 * workbooks exceljs would never write (zip bombs, lying sizes, sheets of a million rows).
 */
import { mkdtempSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDeflateRaw, crc32, inflateRawSync } from 'node:zlib';
import { readZipDirectory } from './zip-guard';

const dir = mkdtempSync(path.join(tmpdir(), 'import-reader-'));
let n = 0;

/** Removes every temp file of this module (call from afterAll). */
export const removeTempFiles = () => rmSync(dir, { recursive: true, force: true });

/** Writes content to a fresh temp file named `name`; returns its path. */
export function tempFile(name: string, content: Buffer | string): string {
  const sub = mkdtempSync(path.join(dir, `${n++}-`));
  const file = path.join(sub, name);
  writeFileSync(file, content);
  return file;
}

/** The entries of a zip file (inflated; for small test files only). */
export async function zipEntries(file: string): Promise<{ name: string; data: Buffer }[]> {
  const buf = readFileSync(file);
  return (await readZipDirectory(file)).map((e) => {
    const raw = buf.subarray(e.dataStart, e.dataStart + e.compressedSize);
    return { name: e.name, data: e.method === 8 ? inflateRawSync(raw) : Buffer.from(raw) };
  });
}

export interface ZipInput {
  name: string;
  /** The content, or chunks produced on the fly (so a huge sheet is never one string). */
  data: Buffer | string | Iterable<string>;
  /** Lie in the headers: the uncompressed size to declare. */
  declaredSize?: number;
}

async function deflate(data: ZipInput['data']): Promise<{ compressed: Buffer; size: number; crc: number }> {
  const chunks = typeof data === 'string' || Buffer.isBuffer(data) ? [data] : data;
  const deflater = createDeflateRaw({ level: 6 });
  const out: Buffer[] = [];
  deflater.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve, reject) => {
    deflater.on('end', resolve);
    deflater.on('error', reject);
  });
  let size = 0;
  let crc = 0;
  for (const chunk of chunks) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += b.length;
    crc = crc32(b, crc);
    if (!deflater.write(b)) await new Promise((r) => deflater.once('drain', r));
  }
  deflater.end();
  await done;
  return { compressed: Buffer.concat(out), size, crc };
}

/** A zip (deflate) of the inputs, in order. */
export async function buildZip(inputs: ZipInput[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const input of inputs) {
    const { compressed, size, crc } = await deflate(input.data);
    const name = Buffer.from(input.name);
    const declared = input.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += 30 + name.length + compressed.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(inputs.length, 8);
  eocd.writeUInt16LE(inputs.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

/** An .xlsx (from exceljs) with some parts replaced, re-zipped. */
export async function repackXlsx(xlsx: string, replace: Record<string, ZipInput['data']>, declared: Record<string, number> = {}): Promise<Buffer> {
  const entries = await zipEntries(xlsx);
  return buildZip(entries.map((e) => ({ name: e.name, data: replace[e.name] ?? e.data, declaredSize: declared[e.name] })));
}
