/**
 * Issue 29: no 5xx for any client input. The reproductions of what the outside fuzzer found on
 * main: a deeply nested JSON body (anonymous routes included) ended in "Maximum call stack size
 * exceeded"; a grid search or export with a criterion its entity has no field for reached SQL
 * ('column "brandid" does not exist'); a read-only user could call InvalidateImageCache. Each is
 * now a 4xx naming what is wrong, and none writes to the error log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: string, designer: string, viewer: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, designer, viewer] = await t.tokens('admin', 'designer', 'viewer');
});
afterAll(async () => {
  await t?.close();
});

const errorLogCount = async () => Number((await t.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM error_log'))[0].n);
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const post = (url: string, body: string, token?: string) => t.request('POST', url, { token, body, headers: { 'content-type': 'application/json' } });

describe('issue 29: body depth and size limits', () => {
  const ANONYMOUS = ['/api/Account/Register', '/api/Account/ForgotPassword', '/api/Account/ChangeUserPassword', '/api/Account/ConfirmResetPasswordEmail'];

  it('a body nested 20,000 levels deep is a 400 naming the limit on the anonymous account routes, and nothing is logged', async () => {
    const logged = await errorLogCount();
    for (const url of ANONYMOUS) {
      for (const body of [deepObject(20_000), `{"rows":${deepArray(20_000)}}`, `{"Email":"a@example.com","x":${deepObject(5_000)}}`]) {
        const res = await post(url, body);
        const answer = await res.json();
        expect([url, res.status]).toEqual([url, 400]);
        expect(answer.Message).toBe('The request body is nested more than 32 levels deep.');
        expect(answer.Errors).toEqual([{ Field: '/', Message: 'At most 32 levels of nested objects and arrays.' }]);
      }
    }
    expect(await errorLogCount()).toBe(logged);
  });

  it('signed-in routes refuse deep rows (grid save, record save) with the same 400; 32 levels are still read', async () => {
    const save = await post('/api/Grid/colorway-search/Save', `{"rows":${deepArray(20_000)}}`, admin);
    expect(save.status).toBe(400);
    expect((await save.json()).Message).toBe('The request body is nested more than 32 levels deep.');
    const brief = await post('/api/Brief/UpdateBrief', `{"Id":1,"Changes":${deepObject(1_000)}}`, designer);
    expect(brief.status).toBe(400);
    // Exactly at the limit the body is parsed and goes on to validation (a 400 of the request schema, not of the depth).
    const atLimit = await post('/api/Account/ForgotPassword', `{"email":${deepArray(31)}}`);
    expect(atLimit.status).toBe(400);
    expect((await atLimit.json()).Message).not.toContain('nested');
    const over = await post('/api/Account/ForgotPassword', `{"email":${deepArray(32)}}`);
    expect((await over.json()).Message).toBe('The request body is nested more than 32 levels deep.');
  });

  it('brackets inside strings do not count as nesting', async () => {
    const res = await post('/api/Account/ForgotPassword', JSON.stringify({ email: `${'[{'.repeat(500)}"\\` }));
    expect((await res.json()).Message).not.toContain('nested');
  });

  it('a body over the route limit is a 413 naming the limit', async () => {
    const res = await t.request('POST', '/api/Account/ForgotPassword', { json: { email: 'x'.repeat(2 * 1024 * 1024) } });
    expect(res.status).toBe(413);
    expect((await res.json()).Message).toBe('The request body is larger than the limit of 1 MB.');
  });
});

describe('issue 29: grid criteria checked against the grid document', () => {
  // Grids whose entity has no brand, season or status (the library lists, users; the system messages' grid has no search at all, below).
  const GRIDS = ['library-color', 'library-cutting-pattern', 'library-development-center', 'library-pattern-description', 'library-pattern-name', 'users'];

  it("SEARCH-012 a criterion the grid's entity has no field for is a 400 on Search and Export, never a database error", async () => {
    const logged = await errorLogCount();
    for (const grid of GRIDS) {
      for (const call of ['Search', 'Export']) {
        for (const criterion of ['BrandId', 'SeasonId', 'StatusId', 'StatusIdSecondary']) {
          const res = await t.request('POST', `/api/Grid/${grid}/${call}`, { token: admin, json: { pageNumber: 1, pageSize: 15, [criterion]: 1 } });
          const answer = await res.json();
          expect([grid, call, criterion, res.status]).toEqual([grid, call, criterion, 400]);
          expect(answer.Message).toBe(`This grid cannot be filtered by ${criterion}.`);
          expect(answer.Errors).toEqual([{ Field: `/${criterion}`, Message: 'Not a filter of this grid.' }]);
        }
      }
    }
    expect(await errorLogCount()).toBe(logged);
  });

  it('the same grids still search without those criteria, and a grid with a brand still filters by it', async () => {
    const plain = await t.request('POST', '/api/Grid/library-color/Search', { token: admin, json: { pageNumber: 1, pageSize: 15 } });
    expect(plain.status).toBe(200);
    expect((await plain.json()).Results.length).toBeGreaterThan(0);
    const branded = await t.request('POST', '/api/Grid/library-last/Search', { token: admin, json: { pageNumber: 1, pageSize: 15, BrandId: 1 } });
    expect(branded.status).toBe(200);
    // A criterion of the request schema the grid does not declare (LinePlanId on the color library) is ignored, by declaration.
    const undeclared = await t.request('POST', '/api/Grid/library-color/Search', { token: admin, json: { pageNumber: 1, pageSize: 15, LinePlanId: 3 } });
    expect(undeclared.status).toBe(200);
  });
});

describe("issue 29: every grid's own search and export", () => {
  it('SEARCH-012 answer, or say the grid has none (a 404), never a 500 nor an export cut off midway', async () => {
    const answers: string[] = [];
    for (const grid of t.ctx.schemas.grids.keys()) {
      for (const call of ['Search', 'Export']) {
        const res = await t.request('POST', `/api/Grid/${grid}/${call}`, { token: admin, json: { pageNumber: 1, pageSize: 15 } });
        const read = await res.arrayBuffer().then(
          (b) => `${b.byteLength > 0}`,
          (e: Error) => `cut off: ${e.message}`,
        );
        answers.push(`${grid} ${call} ${res.status} ${read}`);
      }
    }
    expect(answers.filter((a) => !/ (200|404) true$/.test(a))).toEqual([]);
    // The system messages are stored without a view: their screen's own call lists them; the color library's key is a text.
    expect(answers).toEqual(expect.arrayContaining(['system-messages Search 404 true', 'library-color Export 200 true']));
  });
});

describe('issue 29: InvalidateImageCache under the edit rule', () => {
  it('DOC-021 PERM-024 a read-only user gets 403; an editor still gets the answer', async () => {
    const [{ id }] = await t.ctx.db.query(
      'SELECT briefseasonalid AS id FROM brief_view WHERE brandid = 1 AND statusid IN (1, 2) AND NOT isdeleted ORDER BY 1 LIMIT 1',
    );
    const form = { projectId: String(id), projectLevel: '2', imageType: '1' };
    const refused = await t.request('POST', '/api/Image/InvalidateImageCache', { token: viewer, form });
    expect(refused.status).toBe(403);
    expect((await refused.json()).Code).toBe('permission_denied');
    const allowed = await t.request('POST', '/api/Image/InvalidateImageCache', { token: designer, form });
    expect(allowed.status).toBe(200);
  });
});
