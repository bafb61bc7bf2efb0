/**
 * Files made by a real office suite for tests: LibreOffice converts CSV (or .xlsx) files to
 * .xls/.xlsx/.ods/.csv (a file opened and saved in LibreOffice, as an analyst would). One soffice call converts a whole batch (it takes ~3 s to start); results are cached
 * per process by content; a private profile keeps parallel test processes from colliding.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, existsSync, writeFileSync, copyFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = mkdtempSync(path.join(tmpdir(), `office-${process.pid}-`));
const profile = `file:///tmp/lo-profile-${process.pid}`;
const cache = new Map<string, string>();
/** Removes this process's converted files and LibreOffice profile (call from afterAll). */
export function removeOfficeFiles(): void {
  for (const d of [root, `/tmp/lo-profile-${process.pid}`]) rmSync(d, { recursive: true, force: true });
  cache.clear();
}

export interface OfficeInput {
  /** File name with extension (.csv or .xlsx); the output keeps the base name. */
  name: string;
  content: string | Buffer;
  to: 'xls' | 'xlsx' | 'ods' | 'csv';
  /** CSV only: LibreOffice column formats, e.g. '2/2' (column 2 as text, keeping leading zeros); 1 standard, 2 text, 3 MDY date. */
  columnFormats?: string;
}

/** Converts every input in one soffice run; returns the output paths in input order. */
export async function convertWithOffice(inputs: OfficeInput[]): Promise<string[]> {
  const keys = inputs.map((i) =>
    createHash('sha1')
      .update(i.to)
      .update(i.name)
      .update(i.columnFormats ?? '')
      .update(i.content)
      .digest('hex'),
  );
  const todo = inputs.map((input, n) => ({ input, key: keys[n] })).filter(({ key }) => !cache.has(key));
  // One soffice run per (target, input filter): the CSV filter options apply to a whole run.
  const group = (i: OfficeInput) => `${i.to}|${path.extname(i.name).toLowerCase()}|${i.columnFormats ?? ''}`;
  for (const g of new Set(todo.map((t) => group(t.input)))) {
    const batch = todo.filter((t) => group(t.input) === g);
    const { to, columnFormats } = batch[0].input;
    const csv = path.extname(batch[0].input.name).toLowerCase() === '.csv';
    mkdirSync(root, { recursive: true }); // again: another test file of this process may have removed it
    const dir = mkdtempSync(path.join(root, 'batch-'));
    const inDir = path.join(dir, 'in');
    const outDir = path.join(dir, 'out');
    mkdirSync(inDir);
    mkdirSync(outDir);
    const files = batch.map(({ input, key }) => {
      const file = path.join(inDir, `${key}${path.extname(input.name)}`);
      writeFileSync(file, input.content);
      return file;
    });
    // CSV: comma separated, UTF-8, US locale, special numbers (dates, thousands separators) detected.
    // CSV out: comma separated, quoted text, UTF-8 (76), cells as shown (LibreOffice's own default for "Text CSV").
    const filter = { xls: 'xls:MS Excel 97', xlsx: 'xlsx:Calc MS Excel 2007 XML', ods: 'ods:calc8', csv: 'csv:Text - txt - csv (StarCalc):44,34,76,1' }[to];
    const csvOptions = csv ? [`--infilter=CSV:44,34,76,1,${columnFormats ?? ''},1033,false,true`] : [];
    await run('soffice', [`-env:UserInstallation=${profile}`, '--headless', ...csvOptions, '--convert-to', filter, '--outdir', outDir, ...files], {
      timeout: 120_000,
    });
    for (const { input, key } of batch) {
      const produced = path.join(outDir, `${key}.${to}`);
      if (!existsSync(produced)) throw new Error(`soffice did not convert ${input.name}`);
      mkdirSync(path.join(dir, key));
      const out = path.join(dir, key, `${path.parse(input.name).name}.${to}`);
      copyFileSync(produced, out);
      cache.set(key, out);
    }
  }
  return keys.map((k) => cache.get(k)!);
}
