/**
 * Browser benchmarks: builds the bench pages (bench/pages/*.html, own Vite entry) into
 * bench/.out with Vite's programmatic build, serves them on a free port, and opens them in
 * Debian's Chromium through playwright-core. Production React, as users get it.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { freePort } from './server';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PAGES = path.join(ROOT, 'bench/pages');
const OUT = path.join(ROOT, 'bench/.out');

export async function buildPages(): Promise<void> {
  const input = Object.fromEntries(
    fs
      .readdirSync(PAGES)
      .filter((f) => f.endsWith('.html'))
      .map((f) => [f.replace(/\.html$/, ''), path.join(PAGES, f)]),
  );
  const prev = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: false,
      root: PAGES,
      base: './',
      logLevel: 'warn',
      mode: 'production',
      plugins: [react()],
      resolve: { alias: { '@domain': path.join(ROOT, 'server/domain') } },
      build: { outDir: OUT, emptyOutDir: true, rollupOptions: { input }, chunkSizeWarningLimit: 5000 },
    });
  } finally {
    process.env.NODE_ENV = prev;
  }
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

export async function servePages(): Promise<{ url: string; close: () => Promise<void> }> {
  const port = await freePort();
  const server = http.createServer((req, res) => {
    const file = path.join(OUT, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(OUT) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

export async function openBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-timer-throttling', '--disable-renderer-backgrounding'],
  });
}

/** A fresh page of the bench build at `file` (e.g. 'grid.html'). */
export async function openPage(browser: Browser, url: string, file: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[bench page] ${e.message}`));
  await page.goto(`${url}/${file}`);
  await page.waitForFunction(() => (window as unknown as { benchReady?: boolean }).benchReady === true);
  return page;
}

export { median, p95 } from './stats';
