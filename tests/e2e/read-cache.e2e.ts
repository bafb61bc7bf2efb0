/**
 * Issue 31 (ADR 037) in the browser: a record screen opened again asks with the tag of the answer it
 * has (If-None-Match), the server answers 304 and the screen shows the kept copy; after a save
 * elsewhere the answer is new (200) and the screen shows the saved value.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken, login, navigate, networkQuiet } from './harness';
import { setupApp } from './setup-app';

const app = setupApp();

/**
 * Leaves the record screen and comes back within the app (no reload: the kept answers stay), then waits
 * for the screen's read of the record: on a busy machine the screen can mount and ask after the network
 * has already been quiet for a while, so quiet alone does not mean the read has been made.
 */
async function awayAndBack(page: Page, reads: unknown[]) {
  const before = reads.length;
  await page.evaluate(() => {
    history.pushState({}, '', '/');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.waitForURL((url) => url.pathname === '/');
  await networkQuiet(page);
  // SWR does not read a key again within 2 s of its last read (dedupingInterval).
  await page.waitForTimeout(2500);
  await page.goBack();
  await expect.poll(() => reads.length, { timeout: 20_000 }).toBeGreaterThan(before);
  await networkQuiet(page);
}

describe('issue 31: conditional GETs from the web client', () => {
  it('a record screen opened again is answered 304 with the kept copy shown; after a save elsewhere, 200 with the new value', async () => {
    const base = app.server.baseUrl;
    const token = await apiToken(base, 'designer');
    const call = async (url: string, json?: unknown) =>
      (
        await fetch(`${base}${url}`, {
          method: json === undefined ? 'GET' : 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: json === undefined ? undefined : JSON.stringify(json),
        })
      ).json();
    const [row] = (
      await call('/api/Grid/colorway-search/Search', { BrandId: 1, StatusId: 1, pageNumber: 1, pageSize: 1, sortColumn: 'PrototypeName', sortDirection: 'ASC' })
    ).Results;
    const reads: { status: number; tag?: string; etag: string | null }[] = [];
    const page = await app.page();
    page.on('response', (res) => {
      if (res.url().includes(`GetPrototypeSeasonalDetails?PrototypeSeasonalId=${row.PrototypeSeasonalId}`)) {
        reads.push({ status: res.status(), tag: res.request().headers()['if-none-match'], etag: res.headers().etag ?? null });
      }
    });
    await login(page, 'designer');
    await navigate(page, `/colorway/${row.PrototypeSeasonalId}`);
    const desc = page.getByLabel('Color Description', { exact: true });
    await desc.waitFor();
    await networkQuiet(page);
    const shown = await desc.inputValue();
    expect(reads[0]).toMatchObject({ status: 200, tag: undefined });

    await awayAndBack(page, reads);
    const again = reads.slice(1);
    expect(again.length).toBeGreaterThan(0);
    expect(again.every((r) => r.status === 304 && r.tag === reads[0].etag)).toBe(true);
    expect(await desc.inputValue()).toBe(shown);

    const record = await call(`/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${row.PrototypeSeasonalId}`);
    const saved = await call('/api/Prototype/UpdatePrototype', {
      Id: row.PrototypeSeasonalId,
      RowVersion: record.RowVersion,
      Changes: { ColorDesc: 'Tagged Teal' },
    });
    expect(saved.IsSuccessful, JSON.stringify(saved)).toBe(true);
    // The live screen reads the record again (ADR 035): a full answer with a new tag.
    await expect.poll(() => reads.some((r) => r.status === 200 && r.etag !== reads[0].etag), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => desc.inputValue()).toBe('Tagged Teal');
    await networkQuiet(page);
    const before = reads.length;
    await awayAndBack(page, reads);
    expect(await desc.inputValue()).toBe('Tagged Teal');
    expect(reads.length).toBeGreaterThan(before);
    expect(reads.at(-1)).toMatchObject({ status: 304, tag: reads.at(-1)!.etag });
    expect(reads.at(-1)!.etag).not.toBe(reads[0].etag);
  });
});
