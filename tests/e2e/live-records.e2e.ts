/**
 * Issue 30 on a record screen, in two browsers: the people who have the colorway open (initials),
 * a change saved elsewhere comes in with who changed which field; with unsaved edits the screen
 * offers "Keep mine" / "Take theirs", and taking theirs keeps the user's edit of another field;
 * keeping mine saves without the stale-record 409, over theirs only in the fields the user changed;
 * an edit begun while a clean screen reads the change again is kept and asked about, never replaced.
 */
import { describe, expect, it } from 'vitest';
import { tapFeed } from './feed-steps';
import { apiToken, login, navigate } from './harness';
import { setupApp } from './setup-app';

const app = setupApp();

/** The costing user's API calls (the other person's saves; a GET without `json`). */
async function costingCalls() {
  const base = app.server.baseUrl;
  const token = await apiToken(base, 'costing');
  return async (url: string, json?: unknown) =>
    (
      await fetch(`${base}${url}`, {
        method: json === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: json === undefined ? undefined : JSON.stringify(json),
      })
    ).json();
}

/** A colorway in status 1 or 2 (editable on its screen) whose costing the costing user may save; each test its own (nth). */
async function editableColorway(call: Awaited<ReturnType<typeof costingCalls>>, nth: number) {
  const rows = (await call('/api/Grid/costing/Search', { pageNumber: 1, pageSize: 500 })).Results as Record<string, any>[];
  const row = rows.filter((r) => ['Concept', 'Released'].includes(r.StatusName) && r.FactNameKy && !r.CostingCompl)[nth];
  expect(row).toBeTruthy();
  return row;
}

/** The admin's screen of the colorway, following the change feed, every section open. */
async function openForAdmin(id: number) {
  const a = await app.page();
  const tap = await tapFeed(a);
  await login(a, 'admin');
  await navigate(a, `/colorway/${id}`);
  await expect.poll(() => tap.events.some((e) => e.event === 'hello'), { timeout: 20_000 }).toBe(true);
  await a.getByRole('button', { name: 'Expand all' }).click();
  return a;
}

describe('issue 30: a live record screen', () => {
  it('presence, a change from elsewhere named, and with unsaved edits Take theirs keeping the other edits', async () => {
    const call = await costingCalls();
    const row = await editableColorway(call, 0);
    let version = row.RowVersion;
    const saveFfc = async (ffc: number) => {
      const answer = await call('/api/Grid/costing/Save', { rows: [{ Key: row.PrototypeSeasonalId, RowVersion: version, Changes: { FFC: ffc } }] });
      expect(answer.Failed).toEqual([]);
      version = answer.Saved[0].RowVersion;
    };

    const a = await app.page();
    const b = await app.page();
    await login(a, 'admin');
    await login(b, 'designer');
    for (const p of [a, b]) await navigate(p, `/colorway/${row.PrototypeSeasonalId}`);
    const topic = `[data-presence="record:colorway:${row.PrototypeSeasonalId}"] li`;
    for (const p of [a, b]) await p.locator(topic).first().waitFor({ timeout: 20_000 });

    // No unsaved edits: the change comes in and is named, and the screen reads the record again.
    const saved = version + 1;
    const reread = a.waitForResponse(
      async (res) =>
        res.url().includes(`GetPrototypeSeasonalDetails?PrototypeSeasonalId=${row.PrototypeSeasonalId}`) &&
        res.status() === 200 &&
        (await res.json()).RowVersion === saved,
    );
    await saveFfc(12.5);
    await a
      .locator('.live-record[role="status"]')
      .filter({ hasText: /changed Factory First Cost\b.* at / })
      .waitFor({ timeout: 3000 });
    // The user edits what the screen then shows: a read still under way would bring the next save's version too.
    await reread;
    expect(version).toBe(saved);

    // Unsaved edits: the screen asks; Take theirs reads the record again and keeps the edit of another field.
    const desc = a.getByLabel('Color Description', { exact: true });
    await desc.fill('Live edit');
    await desc.press('Tab');
    await saveFfc(13.5);
    const alert = a.locator('.live-record[role="alert"]');
    await alert.waitFor({ timeout: 3000 });
    expect(await alert.textContent()).toMatch(/changed Factory First Cost\b.* at .+ You have unsaved changes\./);
    await alert.getByRole('button', { name: 'Take theirs' }).click();
    await alert.waitFor({ state: 'detached' });
    // 'Live edit' is what the test typed, on show before the record is read again: wait for their value (13.5, in
    // no field before the read), then check the edit is still there.
    await expect.poll(() => a.locator('#root_FFC').inputValue()).toMatch(/^13\.50?$/);
    await expect.poll(() => desc.inputValue()).toBe('Live edit');
  });

  it("with unsaved edits Keep mine: the save goes through at the new version, the user's field over theirs, their other field kept", async () => {
    const call = await costingCalls();
    const row = await editableColorway(call, 1);
    const a = await openForAdmin(row.PrototypeSeasonalId);
    const ffc = a.locator('#root_FFC');
    await ffc.fill('21.5');
    await ffc.press('Tab');

    // Costing saves FFC and Est. FFC meanwhile.
    const theirs = await call('/api/Grid/costing/Save', {
      rows: [{ Key: row.PrototypeSeasonalId, RowVersion: row.RowVersion, Changes: { FFC: 14.25, EstFFC: 15.5 } }],
    });
    expect(theirs.Failed).toEqual([]);
    const alert = a.locator('.live-record[role="alert"]');
    await alert.waitFor({ timeout: 5000 });
    expect(await alert.textContent()).toMatch(/changed .*Factory First Cost\b.* at .+ You have unsaved changes\./);
    await alert.getByRole('button', { name: 'Keep mine' }).click();
    await alert.waitFor({ state: 'detached' });
    expect(await ffc.inputValue()).toMatch(/^21\.50?$/);

    const saved = a.waitForResponse((r) => new URL(r.url()).pathname.toLowerCase() === '/api/prototype/updateprototype');
    await a.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).status()).toBe(200);
    await a.getByText('Record Saved Successfully.').last().waitFor();
    const stored = await call(`/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${row.PrototypeSeasonalId}`);
    expect(stored).toMatchObject({ FFC: 21.5, EstFFC: 15.5 });
    expect(stored.RowVersion).toBeGreaterThan(theirs.Saved[0].RowVersion);
  });

  it('an edit begun while the clean screen reads their change again is kept, and the screen asks instead', async () => {
    const call = await costingCalls();
    const row = await editableColorway(call, 2);
    const a = await openForAdmin(row.PrototypeSeasonalId);
    const ffc = a.locator('#root_FFC');
    // The screen's next read of the record waits until the user has typed.
    const held: { continue(): Promise<void> }[] = [];
    const reads = `**/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${row.PrototypeSeasonalId}`;
    await a.route(reads, (route) => {
      held.push(route);
    });

    const theirs = await call('/api/Grid/costing/Save', { rows: [{ Key: row.PrototypeSeasonalId, RowVersion: row.RowVersion, Changes: { FFC: 16.75 } }] });
    expect(theirs.Failed).toEqual([]);
    await a
      .locator('.live-record[role="status"]')
      .filter({ hasText: /changed Factory First Cost\b/ })
      .waitFor({ timeout: 5000 });
    await expect.poll(() => held.length, { timeout: 5000 }).toBeGreaterThan(0);
    await ffc.fill('22.5');
    await ffc.press('Tab');
    for (const route of held) await route.continue();
    await a.unroute(reads);

    const alert = a.locator('.live-record[role="alert"]');
    await alert.waitFor({ timeout: 5000 });
    expect(await alert.textContent()).toMatch(/changed Factory First Cost\b.* at .+ You have unsaved changes\./);
    expect(await ffc.inputValue()).toMatch(/^22\.50?$/);
    await alert.getByRole('button', { name: 'Take theirs' }).click();
    await alert.waitFor({ state: 'detached' });
    await expect.poll(() => ffc.inputValue()).toMatch(/^16\.75$/);
  });
});
