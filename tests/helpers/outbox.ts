/** Reads the mails the default transport wrote to DATA_DIR/outbox (after the job queue ran). */
import fs from 'node:fs';
import path from 'node:path';
import type { TestApp } from './test-app';

export async function mailsTo(t: TestApp, address: string): Promise<string[]> {
  await t.ctx.jobs.drain();
  const dir = path.join(t.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return (
    fs
      .readdirSync(dir)
      .sort()
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      // Quoted-printable soft line breaks are undone so links can be read whole.
      .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .filter((m) => m.includes(`To: ${address}`))
  );
}

/** The userIdentification and code of the last link to `route` mailed to `address`. */
export async function linkFromMail(t: TestApp, address: string, route: string) {
  const mails = await mailsTo(t, address);
  const m = new RegExp(`${route}\\?userIdentification=(\\d+)&code=([\\w%-]+)`).exec(mails.at(-1) ?? '');
  if (!m) throw new Error(`no ${route} link mailed to ${address}`);
  return { userId: Number(m[1]), code: decodeURIComponent(m[2]) };
}
