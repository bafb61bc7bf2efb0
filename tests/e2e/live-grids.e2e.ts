/**
 * Issue 30 in two browsers (two Playwright contexts): the costing analyst and a second user on the
 * same season's Costing grid see each other (presence), a save in one shows in the other within a
 * second (highlighted, "Changed by … at …" on hover), an edit the other is typing into is a
 * conflict with both choices working; a cell's history (Ctrl+Shift+H, the context menu) with "Restore
 * this value"; and a factory user's browser, its own stream read off the network, receives nothing
 * of another factory's colorway.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseCriterion, isGridCall, recordCount, searchWith, typeIntoCell } from './flash-edit-steps';
import { cellAt, goToCell, goToColumn } from './grid-steps';
import { tapFeed } from './feed-steps';
import { apiToken, login, navigate, type DemoUser } from './harness';
import { setupApp } from './setup-app';

const app = setupApp();
const COLUMN = 'Est. Factory First Cost';

/** Opens the Costing grid on one brand, season and status (the same rows in the same order for both users). */
async function openCosting(page: Page, user: DemoUser) {
  await login(page, user);
  await navigate(page, '/flashEditCosting');
  await recordCount(page);
  await chooseCriterion(page, 'Brand', 'Summit Ridge');
  await chooseCriterion(page, 'Season', 'Spring/Summer 2026');
  await chooseCriterion(page, 'Status', 'Released');
  await searchWith(page, 'costing');
  await recordCount(page);
  await goToColumn(page, COLUMN); // in view (columns are rendered around the viewport only)
}

/** Types a value into a cell (column COLUMN, visual row) and waits for the grid's save answer. */
async function saveCell(page: Page, row: number, value: string) {
  await goToCell(page, COLUMN, row);
  const saved = page.waitForResponse((r) => isGridCall(r.url(), 'costing', 'Save'));
  await typeIntoCell(page, value);
  const answer = await (await saved).json();
  expect(answer.Failed).toEqual([]);
  return { at: Date.now(), saved: answer.Saved[0] as { PrototypeSeasonalId: number; RowVersion: number } };
}

const text = async (page: Page, row: number) => (await cellAt(page, COLUMN, row))?.text ?? '';

describe('issue 30: live grids in two browsers', () => {
  it('presence, a save shown in the other browser within a second, and a conflict resolved both ways', async () => {
    const a = await app.page();
    const b = await app.page();
    const bFeed = await tapFeed(b);
    await openCosting(a, 'costing');
    await openCosting(b, 'admin');
    // Presence: each sees the other's initials on the grid (the feed is up in both).
    for (const p of [a, b]) await p.locator('[data-presence="grid:costing"] li').first().waitFor({ timeout: 20_000 });
    expect(await b.locator('[data-presence="grid:costing"]').getAttribute('aria-label')).toMatch(/^Also open by \S+/);

    const sent = await saveCell(a, 0, '17.25');
    // Within a second on b's wire (its own feed stream, read off the network), as live-roles checks it;
    // the paint follows the event at once but is given more time on a loaded machine (CI of stop 49: a
    // host at twice the usual run time painted after the 1 s a page poll allowed).
    const heard = await bFeed.recordEvent('colorway', sent.saved.PrototypeSeasonalId, { version: sent.saved.RowVersion, ms: 3000 });
    expect(heard.at - sent.at).toBeLessThan(1000);
    await b.waitForFunction(
      ([t, r]) => {
        const th = [...document.querySelectorAll('.data-grid .ht_clone_top thead th')].find(
          (h) => h.querySelector('.colHeader')?.textContent?.replace(/\s[▲▼]$/, '') === t,
        );
        const td = document.querySelector(
          `.data-grid .ht_master tbody tr[aria-rowindex="${Number(r) + 2}"] td[aria-colindex="${th?.getAttribute('aria-colindex')}"]`,
        );
        return td?.textContent?.includes('17.25') && td.classList.contains('data-grid__cell--live');
      },
      [COLUMN, 0] as const,
      { timeout: 5000, polling: 20 },
    );
    expect((await cellAt(b, COLUMN, 0))?.title).toMatch(/^Changed by \S+ \S+ at /);

    // b types into row 1 without finishing; a saves the same cell: b sees the conflict and keeps its value.
    await goToCell(b, COLUMN, 1);
    await b.keyboard.press('Enter');
    await b.keyboard.press('Control+A');
    await b.keyboard.type('55');
    await saveCell(a, 1, '66');
    const bar = b.locator('.live-rows');
    // The one-second delivery is checked above; under a loaded CI machine the conflict bar may take longer to paint.
    await bar.waitFor({ timeout: 5000 });
    expect(await bar.textContent()).toMatch(/Theirs: 66; yours: 55/);
    expect(await text(b, 1)).toContain('66');
    const kept = b.waitForResponse((r) => isGridCall(r.url(), 'costing', 'Save'));
    await bar.getByRole('button', { name: 'Keep mine' }).click();
    expect((await (await kept).json()).Failed).toEqual([]);
    await expect.poll(() => text(a, 1), { timeout: 5000 }).toContain('55');
    expect(await text(b, 1)).toContain('55');

    // Again on row 2: this time b takes theirs, and saves nothing.
    await goToCell(b, COLUMN, 2);
    await b.keyboard.press('Enter');
    await b.keyboard.type('77');
    await saveCell(a, 2, '88');
    await bar.waitFor({ timeout: 5000 });
    let bSaves = 0;
    b.on('request', (r) => {
      if (isGridCall(r.url(), 'costing', 'Save')) bSaves++;
    });
    await bar.getByRole('button', { name: 'Take theirs' }).click();
    await bar.waitFor({ state: 'detached' });
    await b.waitForTimeout(500);
    expect(bSaves).toBe(0);
    expect(await text(b, 2)).toContain('88');
    expect(await text(a, 2)).toContain('88');
  });

  it('cell history: Ctrl+Shift+H and the context menu show who changed the cell, old → new, by which path; "Restore this value" saves the old value back', async () => {
    const page = await app.page();
    await openCosting(page, 'costing');
    const row = 4;
    await saveCell(page, row, '31.25');
    await saveCell(page, row, '32.5');
    await goToCell(page, COLUMN, row);
    await page.keyboard.press('Control+Shift+KeyH');
    const dialog = page.getByRole('dialog', { name: new RegExp(`^History of ${COLUMN.replace('.', '\\.')}: `) });
    const entries = dialog.locator('tbody tr');
    await entries.nth(1).waitFor();
    expect(await entries.nth(0).locator('td').allTextContents()).toEqual([expect.any(String), 'Priya Raman', '31.25 → 32.5', 'Grid', 'Restore this value']);
    expect(await entries.nth(1).locator('td').nth(2).textContent()).toMatch(/ → 31\.25$/);
    const saved = page.waitForResponse((r) => isGridCall(r.url(), 'costing', 'Save'));
    await entries.nth(0).getByRole('button', { name: 'Restore this value' }).click();
    const restore = await saved;
    expect(JSON.parse(restore.request().postData()!).rows[0].Changes).toEqual({ EstFFC: 31.25 });
    expect((await restore.json()).Failed).toEqual([]);
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => text(page, row)).toContain('31.25');

    // The context menu opens the same history, the restore now its newest entry.
    const col = await page.evaluate(
      (t) =>
        [...document.querySelectorAll('.data-grid .ht_clone_top thead th')]
          .find((h) => h.querySelector('.colHeader')?.textContent?.replace(/\s[▲▼]$/, '') === t)
          ?.getAttribute('aria-colindex'),
      COLUMN,
    );
    await page.locator(`.data-grid .ht_master tbody tr[aria-rowindex="${row + 2}"] td[aria-colindex="${col}"]`).click({ button: 'right' });
    await page.getByRole('menuitem', { name: /Cell history/ }).click();
    await entries.nth(2).waitFor();
    expect(await entries.nth(0).locator('td').nth(2).textContent()).toBe('32.5 → 31.25');
  });

  it("PERM-023: a factory user's browser receives nothing of another factory's colorway (the app's own stream, read off the network)", async () => {
    const page = await app.page();
    const tap = await tapFeed(page);
    await login(page, 'factory');
    await navigate(page, '/flashEditCosting');
    await expect.poll(() => tap.events.some((e) => e.event === 'hello'), { timeout: 20_000 }).toBe(true);
    // Costing saves one colorway of another factory, then one of the factory user's.
    const token = await apiToken(app.server.baseUrl, 'costing');
    const search = async (body: object) =>
      (
        await (
          await fetch(`${app.server.baseUrl}/api/Grid/costing/Search`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ ...body, pageNumber: 1, pageSize: 500 }),
          })
        ).json()
      ).Results as Record<string, any>[];
    const factoryToken = await apiToken(app.server.baseUrl, 'factory');
    const theirs = new Set(
      (
        (
          await (
            await fetch(`${app.server.baseUrl}/api/Grid/colorway-search/Search`, {
              method: 'POST',
              headers: { authorization: `Bearer ${factoryToken}`, 'content-type': 'application/json' },
              body: JSON.stringify({ pageNumber: 1, pageSize: 500 }),
            })
          ).json()
        ).Results as Record<string, any>[]
      ).map((r) => r.PrototypeSeasonalId),
    );
    const rows = (await search({})).filter((r) => r.StatusName === 'Released' && r.FactNameKy);
    const other = rows.find((r) => !theirs.has(r.PrototypeSeasonalId))!;
    const own = rows.find((r) => theirs.has(r.PrototypeSeasonalId))!;
    for (const r of [other, own]) {
      const res = await fetch(`${app.server.baseUrl}/api/Grid/costing/Save`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ rows: [{ Key: r.PrototypeSeasonalId, RowVersion: r.RowVersion, Changes: { EstFFC: 9.75 } }] }),
      });
      expect(res.status).toBe(200);
    }
    // Events come in the order of the saves: once the factory's own colorway is in, the other one would have been.
    await tap.recordEvent('colorway', own.PrototypeSeasonalId, { ms: 5000 });
    const stream = tap.text();
    expect(stream).not.toMatch(new RegExp(`"Id":${other.PrototypeSeasonalId}[,}]`));
    expect(stream).not.toContain('EstFFC');
  });
});
