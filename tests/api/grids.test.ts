/**
 * The generic grid read/write path: columns from the grid document, grid and field permissions,
 * one call per paste with a per-row report, good rows saved and bad rows rolled back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { loadSchemas } from '../../server/core/schemas/registry';

const costingGrid = loadSchemas().grids.get('costing')!;
let t: TestApp;
let costing: string, factory: string, viewer: string;
beforeAll(async () => {
  t = await createTestApp();
  [costing, factory, viewer] = await t.tokens('costing', 'factory', 'viewer');
});
afterAll(async () => {
  await t?.close();
});

const search = (token: string, grid = 'costing', body: object = {}) =>
  t.request('POST', `/api/Grid/${grid}/Search`, { token, json: { pageSize: 20, ...body } });
const save = (token: string, rows: object[], grid = 'costing') => t.request('POST', `/api/Grid/${grid}/Save`, { token, json: { rows } });

describe('grid search', () => {
  it("answers only the grid columns plus key, version and the fields its rows' rules read (`keys`), paged", async () => {
    const res = await search(costing);
    expect(res.status).toBe(200);
    const page = await res.json();
    expect(page.Results.length).toBe(20);
    const allowed = new Set(['PrototypeSeasonalId', 'RowVersion', ...(costingGrid.keys ?? []), ...costingGrid.columns.map((c) => c.field)]);
    for (const row of page.Results) for (const k of Object.keys(row)) expect(allowed.has(k), k).toBe(true);
    expect(page.Results[0]).toHaveProperty('FFC');
    // Issue 27: the status the grid draws read-only cells by.
    expect(page.Results[0]).toHaveProperty('StatusId');
  });

  it('PERM-029: a factory user gets the grid without costing columns; an unknown grid is 404', async () => {
    const page = await (await search(factory)).json();
    expect(page.TotalRecords).toBeGreaterThan(0);
    for (const row of page.Results) for (const f of ['FFC', 'WsPrice', 'RetailPrice', 'FactNameKy']) expect(row, f).not.toHaveProperty(f);
    expect((await search(costing, 'nope')).status).toBe(404);
  });
});

describe('grid save (one call per paste)', () => {
  it('PERM-016: saving the costing grid needs costing edit', async () => {
    const [row] = (await (await search(viewer)).json()).Results;
    expect((await save(viewer, [{ Key: row.PrototypeSeasonalId, RowVersion: row.RowVersion, Changes: { FFC: 10 } }])).status).toBe(403);
  });

  it('saves the good rows and reports the bad ones by key and field; bad rows are not written', async () => {
    const rows = (await (await search(costing, 'costing', { sortColumn: 'PrototypeSeasonalId' })).json()).Results.slice(0, 4);
    const body = [
      { Key: rows[0].PrototypeSeasonalId, RowVersion: rows[0].RowVersion, Changes: { FFC: 31.25 } },
      { Key: rows[1].PrototypeSeasonalId, RowVersion: rows[1].RowVersion, Changes: { FFC: -1 } },
      { Key: rows[2].PrototypeSeasonalId, RowVersion: rows[2].RowVersion + 7, Changes: { FFC: 12 } },
      { Key: rows[3].PrototypeSeasonalId, RowVersion: rows[3].RowVersion, Changes: { PrototypeName: 'Renamed' } },
    ];
    const res = await save(costing, body);
    expect(res.status).toBe(200);
    const out = await res.json();
    expect(out.IsSuccessful).toBe(false);
    expect(out.Saved.map((r: any) => r.PrototypeSeasonalId)).toEqual([rows[0].PrototypeSeasonalId]);
    const failed = Object.fromEntries(out.Failed.map((f: any) => [f.Key, f]));
    expect(failed[rows[1].PrototypeSeasonalId].Errors[0].Field).toBe('/FFC');
    expect(failed[rows[2].PrototypeSeasonalId].Status).toBe(409);
    expect(failed[rows[3].PrototypeSeasonalId].Errors[0].Field).toBe('/PrototypeName');
    const now = await t.ctx.db.query('SELECT prototypeseasonalid AS id, ffc, prototypename FROM colorway_view WHERE prototypeseasonalid = ANY($1) ORDER BY 1', [
      rows.map((r: any) => r.PrototypeSeasonalId),
    ]);
    expect(now[0].ffc).toBe(31.25);
    expect(now[1].ffc).toBe(rows[1].FFC);
    expect(now[2].ffc).toBe(rows[2].FFC);
    expect(now[3].prototypename).toBe(rows[3].PrototypeName);
  });

  it('a paste over every row of the grid is one call; CW-021 rows in statuses 3..7 are refused row by row', async () => {
    const page = await (await search(costing, 'costing', { pageSize: 1000 })).json();
    expect(page.Results.length).toBeGreaterThan(100);
    const readOnly = new Set((await t.ctx.db.query('SELECT prototypeseasonalid AS id FROM colorway_view WHERE statusid BETWEEN 3 AND 7')).map((r) => r.id));
    // One audited EstFFC change per saved row (the recomputed EstPurPrice of CW-044 is audited too).
    const before = (await t.ctx.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE field = 'EstFFC'`))[0].n;
    const rows = page.Results.map((r: any, i: number) => ({ Key: r.PrototypeSeasonalId, RowVersion: r.RowVersion, Changes: { EstFFC: 10 + (i % 50) } }));
    const out = await (await save(costing, rows)).json();
    const refused = rows.filter((r: any) => readOnly.has(r.Key));
    expect(refused.length).toBeGreaterThan(0);
    expect(out.Failed.map((f: any) => f.Key).sort()).toEqual(refused.map((r: any) => r.Key).sort());
    expect(out.Failed[0]).toMatchObject({ Status: 409, Errors: [{ Field: '/EstFFC', Message: 'Read-only in this status.' }] });
    expect(out.Saved).toHaveLength(rows.length - refused.length);
    const after = (await t.ctx.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE field = 'EstFFC'`))[0].n;
    expect(after).toBe(before + rows.length - refused.length);
  });

  it('a malformed save is 400 with field paths', async () => {
    const res = await save(costing, [{ Key: 'x', Changes: {} }]);
    expect(res.status).toBe(400);
    expect((await res.json()).Errors.map((e: any) => e.Field)).toEqual(expect.arrayContaining(['/rows/0/Key', '/rows/0/RowVersion']));
  });
});

describe('grid filters declared by the grid document', () => {
  it('ADMIN-001: the users grid filters by text, role and inactive inclusion', async () => {
    const [admin] = await t.tokens('admin');
    const users = (body: object) => t.request('POST', '/api/Grid/users/Search', { token: admin, json: { pageSize: 100, ...body } }).then((r) => r.json());
    const all = await users({ IncludeInactive: true });
    const active = await users({});
    // The system user is inactive: hidden unless asked for.
    expect(all.TotalRecords).toBe(active.TotalRecords + 1);
    expect(active.Results.every((u: any) => u.IsActive)).toBe(true);
    const byText = await users({ searchText: 'WHITFIELD' });
    expect(byText.Results.map((u: any) => u.UserName)).toEqual(['designer@example.com']);
    expect((await users({ searchText: '%' })).TotalRecords).toBe(0);
    const [viewerRole] = await t.ctx.db.query(`SELECT roleid FROM users WHERE username = 'viewer@example.com'`);
    const byRole = await users({ RoleId: viewerRole.roleid });
    const expected = await t.ctx.db.query('SELECT count(*)::int AS n FROM users WHERE roleid = $1 AND isactive', [viewerRole.roleid]);
    expect(byRole.TotalRecords).toBe(expected[0].n);
    expect((await t.request('POST', '/api/Grid/users/Search', { token: admin, json: { RoleId: 'abc' } })).status).toBe(400);
  });
});
