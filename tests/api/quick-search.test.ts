/**
 * The quick search (SHELL-007..012, DECISIONS SHELL-012, ADR 019): what a text matches, the answer's
 * shape, patterns only for 5 colorways or fewer, brand and factory scope, hidden fields, the
 * profile defaults, bad input. Expectations are read from the database, not written down.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { PATTERN_FIELDS, PROTOTYPE_FIELDS } from '../../server/core/search/quick-search';
import { quickMatchCondition } from '../../server/core/search/quick-match';
import { searchRecords } from '../../server/core/records/search';
import { authenticate } from '../../server/core/auth/authenticate';

let t: TestApp;
let admin: string, factory: string, designer: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, factory, designer] = await t.tokens('admin', 'factory', 'designer');
});
afterAll(async () => {
  await t?.close();
});

type Answer = { Prototypes: Record<string, any>[]; Patterns: Record<string, any>[] };
const search = async (token: string, text: string, extra = '') => {
  const res = await t.request('GET', `/api/Search/QuickSearch?text=${encodeURIComponent(text)}${extra}`, { token });
  return { status: res.status, body: await res.json() };
};
const answer = async (token: string, text: string, extra = ''): Promise<Answer> => {
  const { status, body } = await search(token, text, extra);
  expect(status).toBe(200);
  return body;
};
const q = (sql: string, params: unknown[] = []) => t.ctx.db.query(sql, params);
const userBrands = async (name: string) =>
  (await q('SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = $1', [`${name}@example.com`])).map((r) => r.brandid as number);
const has = (v: unknown, text: string) => typeof v === 'string' && v.toLowerCase().includes(text.toLowerCase());

describe('SHELL-009: the answer', () => {
  it('SHELL-009/SHELL-012: GET /api/Search/QuickSearch answers Prototypes (PrototypeSeasonalId, FactNameKy and the shown fields) and Patterns (PatternSeasonalId, name, season, brand)', async () => {
    const [cw] = await q('SELECT stocknum, patternname FROM colorway_view WHERE NOT isdeleted AND factnameky IS NOT NULL ORDER BY prototypeseasonalid LIMIT 1');
    const body = await answer(admin, cw.stocknum);
    expect(body.Prototypes.length).toBeGreaterThan(0);
    for (const p of body.Prototypes) expect(Object.keys(p).sort()).toEqual([...PROTOTYPE_FIELDS].sort());
    const patterns = await answer(admin, cw.patternname);
    const withPatterns = patterns.Prototypes.length <= 5 ? patterns : await answer(admin, cw.patternname, '&useDefaults=true');
    for (const p of withPatterns.Patterns) expect(Object.keys(p).sort()).toEqual([...PATTERN_FIELDS].sort());
  });
});

describe('SHELL-007: what a text matches', () => {
  it('SHELL-007: a whole stock number puts its colorways first; a stock number prefix matches from the start', async () => {
    const [cw] = await q(`SELECT stocknum FROM colorway_view WHERE NOT isdeleted AND brandid = ANY($1) ORDER BY prototypeseasonalid DESC LIMIT 1`, [
      await userBrands('admin'),
    ]);
    const body = await answer(admin, cw.stocknum.toLowerCase());
    expect(body.Prototypes[0].StockNum).toBe(cw.stocknum);
    const prefix = cw.stocknum.slice(0, 4);
    const byPrefix = await answer(admin, prefix);
    expect(byPrefix.Prototypes.length).toBeGreaterThan(0);
    expect(byPrefix.Prototypes[0].StockNum.toLowerCase().startsWith(prefix.toLowerCase())).toBe(true);
  });

  it.each([
    ['colorway name', 'prototypename', 'PrototypeName'],
    ['colour description', 'colordesc', 'ColorDesc'],
    ['pattern name', 'patternname', 'PatternName'],
    ['factory name', 'factname', 'FactName'],
  ])('SHELL-007: a piece of a %s matches its colorways', async (_what, col, field) => {
    const [cw] = await q(
      `SELECT ${col} AS v FROM colorway_view WHERE NOT isdeleted AND ${col} IS NOT NULL AND length(${col}) > 8 ORDER BY prototypeseasonalid LIMIT 1`,
    );
    const piece = String(cw.v).slice(2, 8);
    const body = await answer(admin, piece);
    expect(body.Prototypes.length).toBeGreaterThan(0);
    expect(body.Prototypes.some((p) => has(p[field], piece))).toBe(true);
    // Every answer matches the text in one of the matched fields.
    for (const p of body.Prototypes) expect(['StockNum', 'PrototypeName', 'ColorDesc', 'PatternName', 'FactName'].some((f) => has(p[f], piece))).toBe(true);
  });

  it('SHELL-007: a factory key matches, leading zeros ignored', async () => {
    const [f] = await q('SELECT factnameky FROM colorway_view WHERE NOT isdeleted AND factnameky IS NOT NULL ORDER BY prototypeseasonalid LIMIT 1');
    for (const text of [f.factnameky, `00${f.factnameky}`]) {
      const body = await answer(admin, text);
      expect(body.Prototypes.length).toBeGreaterThan(0);
      expect(body.Prototypes.every((p) => p.FactNameKy === f.factnameky)).toBe(true);
    }
  });

  it("SHELL-007: two characters match the start of a field; the user's % and _ are characters", async () => {
    const [cw] = await q('SELECT prototypename FROM colorway_view WHERE NOT isdeleted ORDER BY prototypeseasonalid LIMIT 1');
    const two = cw.prototypename.slice(0, 2);
    const body = await answer(admin, two);
    expect(body.Prototypes.length).toBeGreaterThan(0);
    for (const p of body.Prototypes) {
      expect(
        ['StockNum', 'PrototypeName', 'ColorDesc', 'PatternName', 'FactName'].some((f) =>
          String(p[f] ?? '')
            .toLowerCase()
            .startsWith(two.toLowerCase()),
        ),
      ).toBe(true);
    }
    expect((await answer(admin, '%%%')).Prototypes).toEqual([]);
    expect((await answer(admin, '__')).Prototypes).toEqual([]);
  });

  it('SHELL-007: a handful of answers, at most 10 colorways and 5 patterns', async () => {
    const [cw] = await q('SELECT colordesc FROM colorway_view WHERE NOT isdeleted AND colordesc IS NOT NULL GROUP BY colordesc ORDER BY count(*) DESC LIMIT 1');
    const body = await answer(admin, cw.colordesc.slice(0, 3));
    expect(body.Prototypes.length).toBeLessThanOrEqual(10);
    expect(body.Patterns.length).toBeLessThanOrEqual(5);
  });
});

describe('SHELL-010: patterns only when 5 or fewer colorways match', () => {
  it('SHELL-010: a pattern name matching few colorways lists the pattern; one matching more than 5 lists none', async () => {
    const names = (
      await q('SELECT DISTINCT patternname FROM pattern_view WHERE NOT isdeleted AND brandid = ANY($1) ORDER BY 1', [await userBrands('admin')])
    ).map((r) => r.patternname as string);
    let few = 0;
    for (const name of names) {
      const body = await answer(admin, name);
      if (body.Prototypes.length > 5) expect(body.Patterns).toEqual([]);
      else {
        few++;
        expect(body.Patterns.some((p) => p.PatternName === name)).toBe(true);
      }
    }
    expect(few).toBeGreaterThan(0);
    // A brand's common word matches many colorways: no patterns then.
    const [word] = await q(`SELECT left(patternname, 3) AS w FROM colorway_view WHERE NOT isdeleted GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`);
    const body = await answer(admin, word.w);
    expect(body.Prototypes.length).toBeGreaterThan(5);
    expect(body.Patterns).toEqual([]);
  });
});

describe('scope and hidden fields', () => {
  it("SHELL-009/PERM-023/PERM-029: a factory user gets only their factories' colorways, without the factory fields", async () => {
    const keys = (await q(`SELECT factorykey FROM user_factories uf JOIN users u USING (userid) WHERE u.username = 'factory@example.com'`)).map(
      (r) => r.factorykey,
    );
    const [other] = await q(
      'SELECT stocknum, factname, factnameky FROM colorway_view WHERE NOT isdeleted AND factnameky <> ALL($1) AND brandid = ANY($2) ORDER BY prototypeseasonalid LIMIT 1',
      [keys, await userBrands('factory')],
    );
    const [own] = await q(
      'SELECT stocknum, factname, prototypename FROM colorway_view WHERE NOT isdeleted AND factnameky = ANY($1) ORDER BY prototypeseasonalid LIMIT 1',
      [keys],
    );
    // Another factory's colorway: found by its stock number for the admin, not for the factory user.
    expect((await answer(admin, other.stocknum)).Prototypes.some((p) => p.StockNum === other.stocknum)).toBe(true);
    expect((await answer(factory, other.stocknum)).Prototypes.some((p) => p.StockNum === other.stocknum)).toBe(false);
    // Their own colorway: found, without FactName / FactNameKy.
    const mine = await answer(factory, own.stocknum);
    expect(mine.Prototypes.some((p) => p.StockNum === own.stocknum)).toBe(true);
    for (const text of [own.stocknum, own.prototypename.slice(0, 5), own.prototypename.slice(0, 2)]) {
      const body = await answer(factory, text);
      for (const p of body.Prototypes) {
        expect(p).not.toHaveProperty('FactName');
        expect(p).not.toHaveProperty('FactNameKy');
        const [row] = await q('SELECT factnameky FROM prototype_seasonals WHERE prototypeseasonalid = $1', [p.PrototypeSeasonalId]);
        expect(keys).toContain(row.factnameky);
      }
      for (const p of body.Patterns) {
        const [n] = await q('SELECT count(*)::int AS n FROM prototype_seasonals WHERE patternseasonalid = $1 AND factnameky = ANY($2) AND NOT isdeleted', [
          p.PatternSeasonalId,
          keys,
        ]);
        expect(n.n).toBeGreaterThan(0);
      }
    }
    // A hidden field is not matched: their own factory's name and key find nothing by the factory.
    expect((await answer(admin, own.factname)).Prototypes.length).toBeGreaterThan(0);
    expect((await answer(factory, own.factname)).Prototypes).toEqual([]);
    expect((await answer(factory, keys[0])).Prototypes).toEqual([]);
    expect(JSON.stringify(await answer(factory, own.prototypename.slice(0, 5)))).not.toContain(own.factname);
  });

  it("PERM-022: only the user's brands", async () => {
    const brands = await userBrands('designer');
    const [outside] = await q('SELECT stocknum FROM colorway_view WHERE NOT isdeleted AND brandid <> ALL($1) ORDER BY prototypeseasonalid LIMIT 1', [brands]);
    expect((await answer(admin, outside.stocknum)).Prototypes.length).toBeGreaterThan(0);
    expect((await answer(designer, outside.stocknum)).Prototypes).toEqual([]);
    const [pattern] = await q('SELECT patternname FROM pattern_view WHERE NOT isdeleted AND brandid <> ALL($1) ORDER BY patternseasonalid LIMIT 1', [brands]);
    const body = await answer(designer, pattern.patternname);
    const names = (await q('SELECT brandname FROM brands WHERE brandid = ANY($1)', [brands])).map((r) => r.brandname);
    for (const p of [...body.Prototypes, ...body.Patterns]) expect(names).toContain(p.BrandName);
  });

  it("SHELL-012: useDefaults keeps to the profile's default brand and season; absent, the profile's flag decides", async () => {
    const [u] = await q(`SELECT u.userid, b.brandname, s.seasonname FROM users u JOIN brands b ON b.brandid = u.defaultbrandid
                          JOIN seasons s ON s.seasonid = u.defaultseasonid WHERE u.username = 'admin@example.com'`);
    const [word] = await q(
      `SELECT left(colordesc, 3) AS w FROM colorway_view WHERE NOT isdeleted AND colordesc IS NOT NULL GROUP BY 1 ORDER BY count(DISTINCT brandid) DESC, count(*) DESC LIMIT 1`,
    );
    const all = await answer(admin, word.w, '&useDefaults=false');
    expect(all.Prototypes.some((p) => p.BrandName !== u.brandname || p.SeasonName !== u.seasonname)).toBe(true);
    const kept = await answer(admin, word.w, '&useDefaults=true');
    expect(kept.Prototypes.length).toBeGreaterThan(0);
    for (const p of kept.Prototypes) expect([p.BrandName, p.SeasonName]).toEqual([u.brandname, u.seasonname]);
    await q('UPDATE users SET usedefaultsinquicksearch = true WHERE userid = $1', [u.userid]);
    try {
      expect((await answer(admin, word.w)).Prototypes).toEqual(kept.Prototypes);
    } finally {
      await q('UPDATE users SET usedefaultsinquicksearch = false WHERE userid = $1', [u.userid]);
    }
    expect((await answer(admin, word.w)).Prototypes).toEqual(all.Prototypes);
  });
});

describe('the /Search criterion', () => {
  it('SHELL-008/SEARCH-017: quickMatchCondition finds every colorway and pattern the quick search shows, and the same name matches for briefs and line plans', async () => {
    const user = await authenticate(t.ctx, `Bearer ${admin}`);
    const all = (entity: 'colorway' | 'pattern' | 'brief' | 'line-plan', key: string, text: string) =>
      searchRecords(t.ctx, user, entity, key, { pageNumber: 1, pageSize: 0, sortDirection: 'asc' }, [key], {
        conditions: [quickMatchCondition(t.ctx, user, entity, text)],
      });
    const [cw] = await q('SELECT patternname, colordesc FROM colorway_view WHERE NOT isdeleted ORDER BY prototypeseasonalid LIMIT 1');
    for (const text of [cw.patternname.slice(0, 2), cw.patternname.slice(1, 6), cw.colordesc]) {
      const quick = await answer(admin, text);
      const ids = new Set((await all('colorway', 'PrototypeSeasonalId', text)).Results.map((r: any) => r.PrototypeSeasonalId));
      for (const p of quick.Prototypes) expect(ids.has(p.PrototypeSeasonalId)).toBe(true);
      const patternIds = new Set((await all('pattern', 'PatternSeasonalId', text)).Results.map((r: any) => r.PatternSeasonalId));
      for (const p of quick.Patterns) expect(patternIds.has(p.PatternSeasonalId)).toBe(true);
    }
    const [brief] = await q('SELECT briefname FROM brief_view WHERE NOT isdeleted ORDER BY briefseasonalid LIMIT 1');
    const briefs = (await all('brief', 'BriefSeasonalId', brief.briefname.slice(1, 7))).Results;
    expect(briefs.length).toBeGreaterThan(0);
    const [plan] = await q('SELECT lineplanname FROM line_plan_view ORDER BY lineplanid LIMIT 1');
    expect((await all('line-plan', 'LinePlanId', plan.lineplanname.slice(2, 9))).Results.length).toBeGreaterThan(0);
  });

  it("PERM-029: a factory user's /Search text never matches a factory", async () => {
    const user = await authenticate(t.ctx, `Bearer ${factory}`);
    const [own] = await q(`SELECT v.factname FROM colorway_view v JOIN user_factories uf ON uf.factorykey = v.factnameky JOIN users u USING (userid)
                            WHERE u.username = 'factory@example.com' LIMIT 1`);
    const found = await searchRecords(
      t.ctx,
      user,
      'colorway',
      'PrototypeSeasonalId',
      { pageNumber: 1, pageSize: 0, sortDirection: 'asc' },
      ['PrototypeSeasonalId'],
      { conditions: [quickMatchCondition(t.ctx, user, 'colorway', own.factname)] },
    );
    expect(found.Results).toEqual([]);
  });
});

describe('bad input', () => {
  it.each([
    ['no text', ''],
    ['one character', '&text=a'],
    ['blanks around one character', '&text=%20a%20'],
    ['text too long', `&text=${'x'.repeat(5000)}`],
    ['useDefaults not a flag', '&text=ridge&useDefaults=maybe'],
    ['a NUL character', '&text=ab%00c'],
  ])('SHELL-012: %s is a 400', async (_what, query) => {
    const res = await t.request('GET', `/api/Search/QuickSearch?x=1${query}`, { token: admin });
    expect(res.status).toBe(400);
    expect((await res.json()).IsSuccessful).toBe(false);
  });

  it('SHELL-012: signed out is a 401', async () => {
    expect((await t.request('GET', '/api/Search/QuickSearch?text=ridge')).status).toBe(401);
  });
});
