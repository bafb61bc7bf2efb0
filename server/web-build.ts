/** Builds web/dist with Vite when it is missing or older than any file under web/src, web/index.html or server/domain. */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

function newest(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))));
}

export function webBuildIsStale(): boolean {
  const built = path.join(ROOT, 'web/dist/index.html');
  if (!fs.existsSync(built)) return true;
  const sources = Math.max(...['web/src', 'web/index.html', 'web/vite.config.ts', 'server/domain', 'schemas'].map((p) => newest(path.join(ROOT, p))));
  return sources > fs.statSync(built).mtimeMs;
}

export async function ensureWebBuild() {
  if (!webBuildIsStale()) return;
  console.log('Building the web app...');
  const { build } = await import('vite');
  // Always a production build, whatever NODE_ENV the caller runs under (vitest sets 'test').
  await build({ configFile: path.join(ROOT, 'web/vite.config.ts'), logLevel: 'warn', mode: 'production' });
}
