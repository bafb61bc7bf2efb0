/** Writes one benchmark's section into bench/RESULTS.md, replacing the previous run of that section. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const FILE = path.resolve(import.meta.dirname, '../RESULTS.md');
const HEADER = '# Benchmark results\n\nWritten by `npm run bench`; each section is replaced by its latest run. Ratios are measured side by side in one run.\n';

export function writeSection(name: string, body: string) {
  const text = fs.existsSync(FILE) ? fs.readFileSync(FILE, 'utf8') : HEADER;
  const machine = `${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  const section = `<!-- ${name} -->\n## ${name}\n\n_Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}._\n\n${body.trim()}\n<!-- /${name} -->`;
  const quoted = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`<!-- ${quoted} -->[\\s\\S]*?<!-- /${quoted} -->`);
  fs.writeFileSync(FILE, re.test(text) ? text.replace(re, section) : `${text.trimEnd()}\n\n${section}\n`);
}

/** The machine's load averages (1, 5, 15 min): the cores are shared, so every figure carries them. */
export const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
