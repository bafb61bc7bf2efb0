/**
 * A PDF's text, read back with poppler's pdftotext (CI installs poppler-utils; a machine without it
 * fails the test rather than skipping what it checks). Pages are separated by form feeds; `layout`
 * keeps the page's columns on their lines.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function pdfText(pdf: Uint8Array, { layout = false } = {}): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pdf-text-'));
  const file = path.join(dir, 'read.pdf');
  try {
    await fs.writeFile(file, pdf);
    return (await run('pdftotext', [...(layout ? ['-layout'] : []), file, '-'])).stdout;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
