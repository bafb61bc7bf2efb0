/**
 * Issue 27, "Paste and fill like a spreadsheet" and "Nothing typed is lost", on /flashEditCosting
 * (FLASH-006, FLASH-013, FLASH-014): an Excel block pasted over editable rows and a Completed one,
 * across a read-only column. The read-only cells are skipped and counted with their reason, nothing
 * is sent for them; the bad value is red with its message while the good cells of its row keep the
 * pasted values, marked unsaved; the fix saves the whole row; Ctrl+S has nothing left; the API shows
 * every value saved and nothing else touched.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { toTsv } from '../../web/src/components/data-grid/tsv';
import { isGridCall, recordCount, typeIntoCell } from './flash-edit-steps';
import { clickCell, goToCell, paste } from './grid-steps';
import { apiToken, login, navigate } from './harness';
import { setupApp } from './setup-app';

const app = setupApp();

type Row = Record<string, any>;
const KEY = 'PrototypeSeasonalId';
/** The block's columns: four editable ones and a read-only one (the service fee the rules set). */
const TITLES = ['Est. Factory First Cost', 'Est. FFC Currency', 'Factory First Cost', 'FFC Currency', 'Service Fee %'];
const FIELDS = ['EstFFC', 'EstFfcCurr', 'FFC', 'FfcCurr'] as const;
const UNTOUCHED = [
  'CostingCompl',
  'InitialPrototypeComplete',
  'ISRComplete',
  'LDMComplete',
  'SMComplete',
  'SMFinalComplete',
  'OutsoleTechCode',
  'WsPrice',
  'RetailPrice',
];
const WIDTH = 6;
const COMPLETED = 3;

async function costingRows(): Promise<Row[]> {
  const res = await fetch(`${app.server.baseUrl}/api/Grid/costing/Search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await apiToken(app.server.baseUrl, 'costing')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pageNumber: 1, pageSize: 20000 }),
  });
  expect(res.status).toBe(200);
  return (await res.json()).Results;
}

/** The first run of WIDTH rows (grid order) with a Completed row and at least three editable ones (Created or Released). */
function pickWindow(rows: Row[]): number {
  for (let i = 0; i + WIDTH <= rows.length; i++) {
    const w = rows.slice(i, i + WIDTH);
    if (w.some((r) => r.StatusId === COMPLETED) && w.filter((r) => r.StatusId === 1 || r.StatusId === 2).length >= 3) return i;
  }
  throw new Error('the demo data has no costing rows mixing Completed and editable colorways');
}

/** A cell's shown text, hover title and classes (column by title, visual row in view). */
function cell(page: Page, title: string, row: number) {
  return page.evaluate(
    ([t, r]) => {
      const th = [...document.querySelectorAll('.data-grid .ht_clone_top thead th')].find(
        (h) => (h.querySelector('.colHeader')?.textContent ?? '').replace(/[▲▼▾]/g, '').trim() === t,
      );
      const td = document.querySelector(
        `.data-grid .ht_master tbody tr[aria-rowindex="${Number(r) + 2}"] td[aria-colindex="${th?.getAttribute('aria-colindex')}"]`,
      );
      return td ? { text: td.textContent ?? '', title: td.getAttribute('title') ?? '', classes: [...td.classList] } : null;
    },
    [title, row] as const,
  );
}

describe('costing paste over editable and read-only cells (issue 27)', () => {
  it("FLASH-013 FLASH-014 read-only cells skipped and counted, the bad cell red, its row's good cells kept unsaved; the fix saves the row and nothing else", async () => {
    const before = await costingRows();
    const start = pickWindow(before);
    const window = before.slice(start, start + WIDTH);
    const completed = window.filter((r) => r.StatusId === COMPLETED);
    const editable = window.filter((r) => r.StatusId !== COMPLETED);
    // Only Created/Released rows in the window besides the Completed ones (no other read-only status), so the count is exact.
    expect(editable.every((r) => r.StatusId === 1 || r.StatusId === 2)).toBe(true);
    const bad = editable[1];
    const badRow = start + window.indexOf(bad);
    const pasted = (r: Row, j: number) => [10 + j, j % 2 ? 'EUR' : 'USD', r === bad ? -5 : 20 + j, j % 2 ? 'USD' : 'EUR', 99];
    const block = window.map((r, j) => pasted(r, j).map(String));

    const page = await app.page();
    await login(page, 'costing');
    await navigate(page, '/flashEditCosting');
    await expect.poll(() => recordCount(page)).toBe(before.length);
    const sent: { Key: number; Changes: Row }[][] = [];
    page.on('request', (r) => {
      if (isGridCall(r.url(), 'costing', 'Save')) sent.push(JSON.parse(r.postData() ?? '{}').rows);
    });

    await goToCell(page, TITLES[0], start);
    const saved = page.waitForResponse((r) => isGridCall(r.url(), 'costing', 'Save'));
    await paste(page, toTsv(block));
    const answer = await saved;
    expect((await answer.json()).Failed).toEqual([]);
    // Nothing is sent for the read-only cells: no Completed row, no service fee; the bad row waits for its fix.
    expect(sent[0].map((r) => r.Key).sort()).toEqual(
      editable
        .filter((r) => r !== bad)
        .map((r) => r[KEY])
        .sort(),
    );
    expect(sent[0].every((r) => !('ServFee' in r.Changes))).toBe(true);
    const status = page.locator('.data-grid__status[role="status"]');
    await expect.poll(() => status.textContent()).toContain(`${editable.length - 1} rows saved; 1 row not saved (see the red cells).`);
    const said = (await status.textContent())!;
    expect(said).toContain(`${completed.length * 4} cells skipped: read only in status Completed`);
    expect(said).toContain(`${WIDTH} cells skipped: not edited in this grid`);

    // The bad cell is red with its message; the good cells of its row still show the pasted values, marked unsaved.
    await expect.poll(() => cell(page, 'Factory First Cost', badRow)).toMatchObject({ text: '-5', title: 'Must be 0 or more.' });
    expect((await cell(page, 'Factory First Cost', badRow))!.classes).toContain('cell--error');
    const j = window.indexOf(bad);
    for (const [title, field, value, text] of [
      [TITLES[0], 'EstFFC', 10 + j, `${10 + j}.00`],
      [TITLES[1], 'EstFfcCurr', ...Array(2).fill(j % 2 ? 'EUR' : 'USD')],
      [TITLES[3], 'FfcCurr', ...Array(2).fill(j % 2 ? 'USD' : 'EUR')],
    ] as [string, string, unknown, string][]) {
      const c = (await cell(page, title, badRow))!;
      // A pasted value that is the saved one is not unsaved.
      const held = value !== bad[field];
      expect([c.text, c.classes.includes('cell--unsaved'), c.classes.includes('cell--error')], title).toEqual([text, held, false]);
      if (held) expect(c.title).toMatch(/^Not saved/);
    }
    // The Completed row kept its values and looks locked.
    const done = start + window.indexOf(completed[0]);
    const locked = (await cell(page, 'Factory First Cost', done))!;
    expect(locked.classes).toEqual(expect.arrayContaining(['htDimmed', 'cell--locked']));
    expect(locked.title).toContain('Read only in status Completed.');

    // The fix sends the whole row again, the kept cells with it.
    await clickCell(page, 'Factory First Cost', badRow);
    const fixSave = page.waitForResponse((r) => isGridCall(r.url(), 'costing', 'Save'));
    await typeIntoCell(page, '7.25');
    const fixed = await (await fixSave).json();
    expect(fixed.Failed).toEqual([]);
    const changes = Object.fromEntries(
      Object.entries({ EstFFC: 10 + j, EstFfcCurr: j % 2 ? 'EUR' : 'USD', FfcCurr: j % 2 ? 'USD' : 'EUR' }).filter(([f, v]) => v !== bad[f]),
    );
    expect(sent[1]).toEqual([{ Key: bad[KEY], RowVersion: bad.RowVersion, Changes: { ...changes, FFC: 7.25 } }]);
    await expect.poll(() => page.locator('.data-grid td.cell--unsaved, .data-grid td.cell--error').count()).toBe(0);
    // Ctrl+S: nothing is left to send.
    await page.keyboard.press('Control+s');
    await expect.poll(() => status.textContent()).toBe('Every change is saved.');
    expect(sent).toHaveLength(2);

    // Through the API: every pasted value saved, the Completed rows and every other field as they were.
    const after = new Map((await costingRows()).map((r) => [r[KEY], r]));
    window.forEach((r, i) => {
      const now = after.get(r[KEY])!;
      if (r.StatusId === COMPLETED) {
        expect(
          [...FIELDS, 'ServFee', ...UNTOUCHED].map((f) => now[f]),
          `row ${i}`,
        ).toEqual([...FIELDS, 'ServFee', ...UNTOUCHED].map((f) => r[f]));
        return;
      }
      const want = pasted(r, i).slice(0, 4);
      if (r === bad) want[2] = 7.25;
      expect(
        FIELDS.map((f) => now[f]),
        `row ${i}`,
      ).toEqual(want);
      expect(
        UNTOUCHED.map((f) => now[f]),
        `row ${i}`,
      ).toEqual(UNTOUCHED.map((f) => r[f]));
    });
  });
});
