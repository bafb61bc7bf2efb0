/**
 * Issue 27, "Cells drawn from the rules", on /flashEditCosting: before any edit a Completed
 * colorway's costing cells are drawn read-only (LP-011/PAT-012's read-only statuses, the server's
 * rule) and say why on hover, on selection and when typed into, with nothing sent; checking Costing
 * Complete on an editable row locks its milestones at once (FLASH-009), before the save's answer.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { MILESTONE_MESSAGES } from '../../server/domain/milestones';
import { isGridCall, recordCount } from './flash-edit-steps';
import { goToCell } from './grid-steps';
import { apiToken, login, navigate, type DemoUser } from './harness';
import { setupApp } from './setup-app';

const app = setupApp();

type Row = Record<string, any>;
const KEY = 'PrototypeSeasonalId';
const MILESTONE_TITLES = ['Initial Prototype Complete', 'ISR Complete', 'LDM Complete', 'SM Complete', 'SM Final Complete'];

async function costingRows(user: DemoUser): Promise<Row[]> {
  const res = await fetch(`${app.server.baseUrl}/api/Grid/costing/Search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await apiToken(app.server.baseUrl, user)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pageNumber: 1, pageSize: 20000 }),
  });
  expect(res.status).toBe(200);
  return (await res.json()).Results;
}

/** A cell's classes and hover title (column by title, visual row in view). */
function cell(page: Page, title: string, row: number) {
  return page.evaluate(
    ([t, r]) => {
      const th = [...document.querySelectorAll('.data-grid .ht_clone_top thead th')].find(
        (h) => (h.querySelector('.colHeader')?.textContent ?? '').replace(/[▲▼▾]/g, '').trim() === t,
      );
      const td = document.querySelector(
        `.data-grid .ht_master tbody tr[aria-rowindex="${Number(r) + 2}"] td[aria-colindex="${th?.getAttribute('aria-colindex')}"]`,
      );
      return td ? { title: td.getAttribute('title') ?? '', locked: td.classList.contains('cell--locked') && td.classList.contains('htDimmed') } : null;
    },
    [title, row] as const,
  );
}

describe('costing cells drawn from the rules (issue 27)', () => {
  it("FLASH-009 a Completed colorway's costing cells are read-only before any edit; checking Costing Complete locks the row's milestones at once", async () => {
    const rows = await costingRows('costing');
    // The rule's other fields (original season, final spec lock) as the admin sees them.
    const full = new Map((await costingRows('admin')).map((r) => [r[KEY], r]));
    const done = rows.findIndex((r) => r.StatusId === 3);
    const open = rows.findIndex(
      (r) =>
        (r.StatusId === 1 || r.StatusId === 2) &&
        r.FactName &&
        r.FactNameKy &&
        Number(r.FFC) > 0 &&
        r.CostingCompl !== true &&
        !(full.get(r[KEY])?.IsOriginalSeason === true && full.get(r[KEY])?.IsFinalSpecApprLocked !== true),
    );
    expect(done).toBeGreaterThanOrEqual(0);
    expect(open).toBeGreaterThanOrEqual(0);

    const page = await app.page();
    await login(page, 'costing');
    await navigate(page, '/flashEditCosting');
    await expect.poll(() => recordCount(page)).toBe(rows.length);
    let saves = 0;
    page.on('request', (r) => {
      if (isGridCall(r.url(), 'costing', 'Save')) saves++;
    });

    // The Completed row: every editable column drawn locked, with the reason as its title.
    const why = 'Read only in status Completed.';
    await goToCell(page, 'Factory First Cost', done);
    for (const title of ['Factory First Cost', 'Est. Factory First Cost', 'Costing Complete', 'FFC Currency']) {
      const c = await cell(page, title, done);
      expect(c?.locked, title).toBe(true);
      expect(c?.title, title).toContain(why);
    }
    // Selected, it says why; typed into, it says so in the status line and sends nothing.
    await expect.poll(() => page.locator('.data-grid__hint').textContent()).toBe(why);
    await page.keyboard.type('5');
    await expect.poll(() => page.locator('.data-grid__status[role="status"]').textContent()).toBe(why);
    expect(saves).toBe(0);

    // The editable row: its milestones are open until Costing Complete is checked.
    await goToCell(page, 'SM Final Complete', open);
    expect((await cell(page, 'SM Final Complete', open))?.locked).toBe(false);
    await goToCell(page, 'Costing Complete', open);
    expect((await cell(page, 'Costing Complete', open))?.locked).toBe(false);
    // The save is held until the cells are checked: the lock comes from the row's values, not from the answer.
    let held: Route | undefined;
    const isSave = (u: URL) => isGridCall(u.toString(), 'costing', 'Save');
    await page.route(isSave, (route) => {
      held = route;
    });
    // Nothing saved the row before the press (a CI run once saw the save go out unheld: this says whether it was sent earlier).
    expect(saves, 'saves before Space').toBe(0);
    expect((await cell(page, 'Costing Complete', open))?.locked).toBe(false);
    await page.keyboard.press('Space');
    await expect
      .poll(() => held !== undefined)
      .toBe(true)
      .catch((e: Error) => {
        throw new Error(`The save was not held by the route (${saves} save requests seen): ${e.message}`);
      });
    for (const title of MILESTONE_TITLES) {
      await goToCell(page, title, open); // brings the column into view (the save is still held)
      await expect.poll(async () => (await cell(page, title, open))?.locked, { message: title }).toBe(true);
      expect((await cell(page, title, open))?.title, title).toContain(MILESTONE_MESSAGES.costingGrid.costingFrozen);
    }
    const answer = page.waitForResponse((r) => isGridCall(r.url(), 'costing', 'Save'));
    await held!.continue();
    await page.unroute(isSave);
    expect((await (await answer).json()).Failed).toEqual([]);
    expect(saves).toBe(1);
    const now = (await costingRows('costing')).find((r) => r[KEY] === rows[open][KEY])!;
    expect(now.CostingCompl).toBe(true);
    // Still locked after the answer (locked while it was held too: wait for the answer on the screen, the status line's count).
    const statusLine = page.locator('.data-grid__status[role="status"]');
    await expect.poll(() => statusLine.textContent()).toBe('1 row saved.');
    // Typing into a milestone says why.
    await goToCell(page, 'SM Final Complete', open);
    expect((await cell(page, 'SM Final Complete', open))?.locked).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => page.locator('.data-grid__status[role="status"]').textContent()).toBe(MILESTONE_MESSAGES.costingGrid.costingFrozen);
    expect(saves).toBe(1);
  });

  it('CONST-013 the fill handle skips the rows a read-only status locks, says so, and fills the editable row below them', async () => {
    const rows = await costingRows('costing');
    const editable = (r?: Row) => r?.StatusId === 1 || r?.StatusId === 2;
    // An editable row, a run of Completed rows, then an editable one.
    const top = rows.findIndex((r, i) => editable(r) && rows[i + 1]?.StatusId === 3);
    const end = rows.findIndex((r, i) => i > top && editable(r));
    expect(top).toBeGreaterThanOrEqual(0);
    expect(rows.slice(top + 1, end).every((r) => r.StatusId === 3)).toBe(true);
    expect(end - top).toBeLessThan(8);
    expect(rows[end].EstFFC).not.toBe(rows[top].EstFFC); // so the fill changes it

    const page = await app.page();
    await login(page, 'costing');
    await navigate(page, '/flashEditCosting');
    await expect.poll(() => recordCount(page)).toBe(rows.length);
    // The target row in view first, then up to the source row: both in view for the drag.
    await goToCell(page, 'Est. Factory First Cost', end);
    for (let i = top; i < end; i++) await page.keyboard.press('ArrowUp');
    const handle = (
      await page.locator('.ht_master .wtBorder.corner').evaluateAll((els) =>
        els
          .map((e) => e.getBoundingClientRect())
          .filter((b) => b.width > 0)
          .map((b) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 })),
      )
    )[0];
    const target = await page.evaluate(
      ([t, r]) => {
        const th = [...document.querySelectorAll('.data-grid .ht_clone_top thead th')].find(
          (h) => (h.querySelector('.colHeader')?.textContent ?? '').replace(/[▲▼▾]/g, '').trim() === t,
        );
        const b = document
          .querySelector(`.data-grid .ht_master tbody tr[aria-rowindex="${Number(r) + 2}"] td[aria-colindex="${th?.getAttribute('aria-colindex')}"]`)!
          .getBoundingClientRect();
        return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
      },
      ['Est. Factory First Cost', end] as const,
    );
    expect(handle).toBeDefined();
    const saved = page.waitForResponse((r) => isGridCall(r.url(), 'costing', 'Save'));
    await page.mouse.move(handle.x, handle.y);
    await page.mouse.down();
    await page.mouse.move(target.x, target.y, { steps: 10 });
    await page.mouse.up();
    const sent = JSON.parse((await saved).request().postData()!).rows as { Key: number; Changes: Row }[];
    // The drag may scroll the grid and reach a row or two further: the filled range is what was sent.
    const index = new Map(rows.map((r, i) => [r[KEY], i]));
    const last = Math.max(...sent.map((r) => index.get(r.Key)!));
    expect(last).toBeGreaterThanOrEqual(end);
    const range = rows.slice(top + 1, last + 1);
    expect(sent.map((r) => r.Key)).toEqual(range.filter((r) => editable(r) && r.EstFFC !== rows[top].EstFFC).map((r) => r[KEY]));
    expect(sent.every((r) => Object.keys(r.Changes).join() === 'EstFFC' && r.Changes.EstFFC === rows[top].EstFFC)).toBe(true);
    const locked = range.filter((r) => !editable(r));
    expect(locked.every((r) => r.StatusId === 3)).toBe(true);
    const n = locked.length;
    await expect
      .poll(() => page.locator('.data-grid__status[role="status"]').textContent())
      .toContain(`saved. ${n} cell${n === 1 ? '' : 's'} skipped: read only in status Completed.`);
  });
});
