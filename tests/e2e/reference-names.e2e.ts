/**
 * Issue 11: records show names, never internal ids. For every demo account, every route it can
 * open (the hierarchy screens of records in its own brands and factories, /record/{entity}/{id},
 * the create screens, the profile, the user editor) shows each reference (`x-ref`/`x-user` in the
 * schemas) as the referenced record's name: never a bare number, never a number input; fixed and
 * read-only references are text, user stamps too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiToken, DEMO_USERS, login, settled, type DemoUser } from './harness';
import { ROOT } from './app-server';
import { setupApp } from './setup-app';

const app = setupApp();

/** Every field the schemas declare as a reference (entities and request forms). */
function referenceFields(): string[] {
  const names = new Set<string>();
  for (const dir of ['schemas/entities', 'schemas/requests']) {
    for (const f of fs.readdirSync(path.join(ROOT, dir))) {
      const doc = JSON.parse(fs.readFileSync(path.join(ROOT, dir, f), 'utf8')) as { properties?: Record<string, Record<string, unknown>> };
      for (const [k, p] of Object.entries(doc.properties ?? {})) if (p['x-ref'] || p['x-user']) names.add(k);
    }
  }
  return [...names];
}
const REFERENCES = referenceFields();

/** The first record of a source in the account's scope (its brands and factories), via the options call. */
async function firstOf(token: string, source: string): Promise<number | undefined> {
  const res = await fetch(`${app.server.baseUrl}/api/Reference/${source}`, { headers: { authorization: `Bearer ${token}` } });
  const list = (await res.json()) as { value: number }[];
  return list[0]?.value;
}

/** The accounts that may create hierarchy records (the others are sent to Permission Denied). */
const CREATORS: DemoUser[] = ['admin', 'designer'];

/** The routes an account can open: its own records at every level, the generic record screen, create forms, its profile. */
async function routesOf(user: DemoUser): Promise<string[]> {
  const token = await apiToken(app.server.baseUrl, user);
  const creating = (route: string) => (CREATORS.includes(user) ? [route] : []);
  const [lp, brief, pattern, colorway] = await Promise.all(['linePlans', 'briefs', 'patterns', 'colorways'].map((s) => firstOf(token, s)));
  return [
    '/home',
    '/linePlanList',
    '/UserProfile',
    ...(lp ? [`/linePlan/${lp}`, `/record/line-plan/${lp}`, ...creating(`/briefFromLinePlan/${lp}`)] : []),
    ...(brief ? [`/brief/${brief}`, `/record/brief/${brief}`, ...creating(`/patternFromBrief/${brief}`)] : []),
    ...(pattern ? [`/pattern/${pattern}`, `/record/pattern/${pattern}`, ...creating(`/prototypeFromPattern/${pattern}`)] : []),
    ...(colorway ? [`/colorway/${colorway}`, `/record/colorway/${colorway}`] : []),
    ...(CREATORS.includes(user) ? ['/linePlanCreate', '/briefCreate', '/patternCreate', '/prototypeCreate'] : []),
    ...(user === 'admin' ? ['/userEdit/2', '/userEdit/0'] : []),
  ];
}

interface Finding {
  field: string;
  shown: string;
  how: string;
}

/** Waits for the screen's form to load its names, then lists every reference shown as a raw id. */
async function rawIds(page: Page, references: string[]): Promise<Finding[]> {
  await page.locator('#main').waitFor();
  // The form (when the screen has one) and the names being looked up.
  await page.locator('#main h1').first().waitFor({ timeout: 15_000 });
  await page.waitForFunction(
    () => ![...document.querySelectorAll('[data-reference]')].some((e) => e.textContent === '…') && !document.querySelector('.page-fallback'),
    undefined,
    { timeout: 15_000 },
  );
  await page.waitForTimeout(300);
  return page.evaluate((refs) => {
    const bare = (s: string | null | undefined) => /^\s*\d+\s*$/.test(s ?? '');
    const out: { field: string; shown: string; how: string }[] = [];
    for (const e of document.querySelectorAll('[data-reference]')) {
      if (bare(e.textContent)) out.push({ field: e.id, shown: e.textContent ?? '', how: 'reference text is a bare number' });
    }
    for (const f of refs) {
      for (const box of document.querySelectorAll(`[data-field="${f}"]`)) {
        if (box.querySelector('input[type="number"], input[inputmode="numeric"], input[inputmode="decimal"]'))
          out.push({ field: f, shown: '', how: 'number input' });
        const sel = box.querySelector('select') as HTMLSelectElement | null;
        const label = sel?.selectedOptions[0]?.textContent;
        if (sel && bare(label)) out.push({ field: f, shown: label ?? '', how: 'select shows a bare number' });
      }
    }
    return out;
  }, references);
}

describe('reference names on every screen', () => {
  for (const user of Object.keys(DEMO_USERS).filter((u) => u !== 'newhire') as DemoUser[]) {
    it(`issue 11: ${user} sees names, never internal ids, on every route they can open`, async () => {
      const page = await app.page();
      await login(page, user);
      await settled(page);
      const findings: string[] = [];
      let formsSeen = 0;
      for (const route of await routesOf(user)) {
        await page.goto(route);
        const found = await rawIds(page, REFERENCES);
        formsSeen += await page.locator('.schema-form').count();
        findings.push(...found.map((f) => `${route} ${f.field}: ${f.how} ${JSON.stringify(f.shown)}`));
      }
      expect(findings).toEqual([]);
      expect(formsSeen).toBeGreaterThan(0);
    });
  }

  it('issue 11: the line plan shows brand, season and its stamps as text, by name', async () => {
    const page = await app.page();
    await login(page, 'designer');
    await page.goto('/linePlan/1');
    await expect.poll(() => page.locator('#root_BrandId').textContent()).toBe('Summit Ridge');
    expect(await page.locator('#root_BrandId').evaluate((e) => e.tagName)).toBe('OUTPUT');
    expect(await page.locator('#root_SeasonId').textContent()).toBe('Spring/Summer 2026');
    for (const stamp of ['CreatedBy', 'ChangedBy']) {
      const text = await page.locator(`#root_${stamp}[data-reference="users"]`).textContent();
      expect(text).toMatch(/^\S+ \S+/);
    }
    // An editable reference is a labelled select of names.
    expect(await page.locator('#root_ResponsibleId option:checked').textContent()).toMatch(/^\S+ \S+/);
  });

  it('issue 11: a create form starts with the signed-in user as responsible once a brand of theirs is chosen', async () => {
    const page = await app.page();
    await login(page, 'designer');
    await page.goto('/linePlanCreate');
    await page.locator('#root_BrandId').selectOption({ label: 'Summit Ridge' });
    await expect.poll(() => page.locator('#root_ResponsibleId option:checked').textContent()).toBe('Dana Whitfield');
  });
});
