/**
 * Grid saves end to end against the real server (issue 10): `POST /api/Grid/costing/Save` of N rows
 * × 5 fields (FFC, EstFFC, WsPrice, RetailPrice, FfcCurr: the costing hooks, price rule, audit) on the
 * large fixture, on the embedded database and on a PostgreSQL server started here; the time the user
 * waits for the answer, and `GET /api/health` probed every 25 ms while a 5,000-row save runs (the
 * server stays responsive). Every row must come back saved.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '../server/core/db/client';
import { startPostgres } from './lib/postgres';
import { startServer, type RunningServer } from './lib/server';
import { openBrowser } from './lib/browser-bench';
import { ensureWebBuild } from '../server/web-build';
import { writeSection } from './lib/results';
import { median } from './lib/stats';

const COLORWAYS = 60_000;
const FIELDS = 5;

interface Editable {
  id: number;
  v: number;
}

/** The large fixture in the database of `env`, admin on every brand; the editable colorways with their versions. */
async function prepare(env: Record<string, string>): Promise<Editable[]> {
  const gen = spawnSync(process.execPath, ['--import', 'tsx', 'fixtures/large.ts', '--colorways', String(COLORWAYS), '--brands', '2', '--seasons', '2'], {
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  if (gen.status !== 0) throw new Error('fixtures:large failed');
  const db = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR && path.join(env.DATA_DIR, 'db') });
  try {
    await db.query(`INSERT INTO user_brands (userid, brandid) SELECT u.userid, b.brandid FROM users u CROSS JOIN brands b
      WHERE u.username = 'admin@example.com' ON CONFLICT DO NOTHING`);
    // The costing user (who pastes in the browser) gets the last generated brand: a grid of its ~30,000 colorways.
    await db.query(`INSERT INTO user_brands (userid, brandid) SELECT u.userid, (SELECT max(brandid) FROM brands) FROM users u
      WHERE u.username = 'costing@example.com' ON CONFLICT DO NOTHING`);
    return await db.query<Editable>(`SELECT prototypeseasonalid AS id, rowversion AS v FROM prototype_seasonals
      WHERE NOT isdeleted AND (statusid = 1 OR (statusid = 2 AND factname IS NOT NULL AND factnameky IS NOT NULL)) ORDER BY 1`);
  } finally {
    await db.close();
  }
}

class Saver {
  private next = 0;
  private round = 0;
  constructor(
    private server: RunningServer,
    private token: string,
    private rows: Editable[],
  ) {}

  /** Saves the next n editable rows with new values; the time to the answer in ms. */
  async save(n: number): Promise<number> {
    if (this.next + n > this.rows.length) this.next = 0;
    const block = this.rows.slice(this.next, this.next + n);
    this.next += n;
    const r = ++this.round;
    const body = {
      rows: block.map((row, i) => ({
        Key: row.id,
        RowVersion: row.v,
        Changes: {
          FFC: 10 + ((i + r * 7) % 900) / 10,
          EstFFC: 11 + ((i + r * 3) % 900) / 10,
          WsPrice: 40 + (r % 50),
          RetailPrice: 80 + (r % 50),
          FfcCurr: r % 2 ? 'USD' : 'EUR',
        },
      })),
    };
    const t0 = performance.now();
    const res = await fetch(`${this.server.url}/api/Grid/costing/Save`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await res.json();
    const ms = performance.now() - t0;
    if (res.status !== 200 || answer.Failed.length || answer.Saved.length !== n) {
      throw new Error(`save of ${n}: ${res.status} ${JSON.stringify(answer.Failed?.slice(0, 2) ?? answer)}`);
    }
    const versions = new Map<number, number>(
      answer.Saved.map((s: { PrototypeSeasonalId: number; RowVersion: number }) => [s.PrototypeSeasonalId, s.RowVersion]),
    );
    for (const row of block) row.v = versions.get(row.id)!;
    return ms;
  }
}

/** Health answers probed every 25 ms while `work` runs: p50, p95 and the longest wait. */
async function probed(url: string, work: Promise<unknown>) {
  const times: number[] = [];
  let done = false;
  const finished = work.finally(() => {
    done = true;
  });
  while (!done) {
    const t0 = performance.now();
    await (await fetch(`${url}/api/health`)).arrayBuffer();
    times.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 25));
  }
  await finished;
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))];
  return { count: times.length, p50: pct(0.5), p95: pct(0.95), max: times[times.length - 1] };
}

const fmt = (ms: number) => `${Math.round(ms).toLocaleString('en-US')} ms`;

/**
 * The paste a user waits for, end to end: 1,000 rows × 4 columns of Excel clipboard text pasted into
 * /grid/costing in Chromium (the real app, signed in as the costing user) → parsed, checked, one save
 * call → the server's answer → the grid's status line painted. Median of 3 pastes with new values.
 */
async function pasteRoundTrip(server: RunningServer): Promise<string> {
  await ensureWebBuild();
  const browser = await openBrowser();
  try {
    const page = await (await browser.newContext({ baseURL: server.url, viewport: { width: 1400, height: 900 } })).newPage();
    await page.goto('/login');
    await page.getByLabel('User name').fill('costing@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Demo!2026pass');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.toLowerCase().startsWith('/login'), { timeout: 30_000 });
    await page.goto('/grid/costing');
    await page.getByText(/\d+ records/).waitFor({ timeout: 120_000 });
    await page.locator('.data-grid td').first().waitFor();
    const times: number[] = [];
    let outcome = '';
    for (let round = 1; round <= 3; round++) {
      await page.keyboard.press('Control+Shift+KeyF');
      const finder = page.getByRole('dialog', { name: 'Find a column' });
      await finder.getByRole('textbox', { name: 'Column' }).fill('Est. Factory First Cost');
      await finder.getByRole('textbox', { name: 'Column' }).press('Enter');
      await finder.waitFor({ state: 'detached' });
      await page.locator('.data-grid td.current').first().waitFor();
      const text = Array.from({ length: 1000 }, (_, i) => [10 + round + i / 100, round % 2 ? 'USD' : 'EUR', 20 + round + i / 100, 'USD'].join('\t')).join(
        '\r\n',
      );
      const answered = page.waitForResponse((r) => /\/api\/Grid\/costing\/Save$/i.test(new URL(r.url()).pathname), { timeout: 120_000 });
      const t0 = performance.now();
      await page.evaluate((t) => {
        const data = new DataTransfer();
        data.setData('text/plain', t);
        (document.activeElement ?? document.body).dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }, text);
      const answer = await (await answered).json();
      await page
        .getByRole('status')
        .filter({ hasText: /rows? saved/ })
        .last()
        .waitFor({ timeout: 120_000 });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      times.push(performance.now() - t0);
      outcome = `${answer.Saved.length} rows saved, ${answer.Failed.length} refused by the server (read-only statuses)`;
      await page.waitForTimeout(6000); // the toast of this paste goes away
    }
    return (
      `Paste round trip in Chromium, 1,000 rows × 4 columns (EstFFC, EstFfcCurr, FFC, FfcCurr) into /grid/costing over ~30,000 loaded colorways, ` +
      `paste event → one save call → server saved → status painted: **${fmt(median(times))}** median (${times.map((t) => Math.round(t)).join(', ')}; ${outcome}; target ≤ 2,000 ms).`
    );
  } finally {
    await browser.close();
  }
}

async function measure(label: string, env: Record<string, string>, dataDir: string, opts: { big: number; concurrent: boolean; paste?: boolean }) {
  const rows = await prepare(env);
  const server = await startServer(env, dataDir);
  try {
    const form = new URLSearchParams({ grant_type: 'password', username: 'admin@example.com', password: 'Demo!2026pass' });
    const { access_token } = await (await fetch(`${server.url}/api/token`, { method: 'POST', body: form })).json();
    const saver = new Saver(server, access_token, rows);
    await saver.save(100); // warm-up: plans and caches
    const thousand = [await saver.save(1000), await saver.save(1000), await saver.save(1000)];
    const big = await saver.save(opts.big);
    let health = { count: 0, p50: 0, p95: 0, max: 0 };
    health = await probed(server.url, saver.save(5000));
    const lines = [
      `| ${label} | 1,000 | ${fmt(median(thousand))} (${thousand.map((t) => Math.round(t)).join(', ')}) |`,
      `| ${label} | ${opts.big.toLocaleString('en-US')} | ${fmt(big)} |`,
    ];
    const paste = opts.paste ? await pasteRoundTrip(server) : '';
    let concurrent = '';
    if (opts.concurrent) {
      const savers = Array.from({ length: 10 }, (_, k) => new Saver(server, access_token, rows.slice(20_000 + k * 1000, 20_000 + (k + 1) * 1000)));
      const t0 = performance.now();
      await Promise.all(savers.map((s) => s.save(1000)));
      const s = (performance.now() - t0) / 1000;
      concurrent = `${label}: ten 1,000-row saves at once on different rows: ${fmt(s * 1000)} in all, **${Math.round(10_000 / s)} rows/s**.`;
    }
    const probes = `${label}: \`GET /api/health\` while a 5,000-row save runs: ${health.count} probes, p50 ${health.p50.toFixed(1)} ms, **p95 ${health.p95.toFixed(1)} ms** (target ≤ 200), longest ${health.max.toFixed(0)} ms.`;
    return { lines, probes, concurrent, paste, editable: rows.length };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchGridSave() {
  const load0 = os.loadavg()[0];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plm-bench-save-'));
  const embedded = await measure('embedded (PGlite)', { DATA_DIR: dir }, dir, { big: 10_000, concurrent: false, paste: true });
  const pg = await startPostgres();
  let server: Awaited<ReturnType<typeof measure>> | undefined;
  if (pg) {
    const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plm-bench-save-'));
    try {
      server = await measure('PostgreSQL', { DATA_DIR: pgDir, DATABASE_URL: pg.url }, pgDir, { big: 10_000, concurrent: true });
    } finally {
      pg.stop();
    }
  }
  const body = [
    `\`POST /api/Grid/costing/Save\`, rows × ${FIELDS} fields (FFC, EstFFC, WsPrice, RetailPrice, FfcCurr) on editable colorways of the large fixture`,
    `(${COLORWAYS.toLocaleString('en-US')} colorways; ${embedded.editable.toLocaleString('en-US')} editable), current row versions, values that really change;`,
    'each row through the colorway rules (price rule, service fee, milestones), audited. Time from sending to the parsed answer, the real server over HTTP.',
    '',
    '| database | rows | time (median of 3 for 1,000) |',
    '|---|---:|---:|',
    ...embedded.lines,
    ...(server?.lines ?? ['| PostgreSQL | – | not installed |']),
    '',
    `- ${embedded.probes}`,
    `- ${embedded.paste}`,
    ...(server ? [`- ${server.probes}`, `- ${server.concurrent}`] : []),
    '',
    `Targets: 1,000 rows ≤ 1 s embedded and ≤ 0.3 s on PostgreSQL; 10,000 rows ≤ 10 s embedded; health p95 ≤ 200 ms during a 5,000-row save.`,
    `Machine load (1-min average) before: ${load0.toFixed(2)}, after: ${os.loadavg()[0].toFixed(2)}.`,
  ].join('\n');
  writeSection('API: grid save, bulk write path', body);
  console.log(body);
}
