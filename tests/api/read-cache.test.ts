/**
 * Issue 31 (ADR 037): the per-process read cache never serves a stale answer. A record, a grid page
 * and a search page read again after a write in another request are the new version, whether the
 * write audits (a save) or not (a season renamed); a factory user's kept answer serves no other user;
 * a rights change or an ended session is never answered from the cache; conditional GETs answer 304.
 * Runs on PGlite, and on PostgreSQL with DATABASE_URL (two processes: read-cache-processes.test.ts).
 */
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { readCache } from '../../server/core/records/read-cache';
import { catchUpNow } from '../../server/core/search/catch-up';
import { REFERENCE_SOURCES } from '../../server/core/records/references';

let t: TestApp;
let admin: string, designer: string, costing: string, factory: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, designer, costing, factory] = await t.tokens('admin', 'designer', 'costing', 'factory');
});
afterAll(async () => {
  await t?.close();
});

const colorwayUrl = (id: number) => `/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${id}`;
const read = async (id: number, token: string) => {
  const res = await t.request('GET', colorwayUrl(id), { token });
  expect(res.status).toBe(200);
  return { etag: res.headers.get('etag')!, body: (await res.json()) as Record<string, any> };
};
const stats = async () => ({ ...(await readCache(t.ctx.db)).stats });
const used = new Set<number>();
/** A colorway of brand 1 (every demo account's) not used by another test. */
async function pick(where = 'true'): Promise<{ id: number; v: number; season: number }> {
  const rows = await t.ctx.db.query(`SELECT prototypeseasonalid AS id, rowversion AS v, seasonid AS season FROM colorway_view
    WHERE brandid = 1 AND NOT isdeleted AND ${where} ORDER BY 1`);
  const row = rows.find((r) => !used.has(r.id));
  if (!row) throw new Error(`no colorway where ${where}`);
  used.add(row.id);
  return row as { id: number; v: number; season: number };
}
const grid = async (gridId: string, token: string, body: object) => {
  const res = await t.request('POST', `/api/Grid/${gridId}/Search`, { token, json: body });
  expect(res.status).toBe(200);
  return (await res.json()).Results as Record<string, any>[];
};

describe('issue 31: a cached read is never stale after a write in another request', () => {
  it('a record read again after a save returns the new version; reads between are served from the cache', async () => {
    const cw = await pick();
    const first = await read(cw.id, designer);
    const before = await stats();
    expect(await read(cw.id, designer)).toEqual(first);
    expect((await stats()).hits).toBe(before.hits + 1);
    const res = await t.request('POST', '/api/Prototype/UpdatePrototype', {
      token: designer,
      json: { Id: cw.id, RowVersion: first.body.RowVersion, Changes: { ColorDesc: 'Cached Teal' } },
    });
    expect(res.status).toBe(200);
    const after = await read(cw.id, designer);
    expect(after.body).toMatchObject({ RowVersion: first.body.RowVersion + 1, ColorDesc: 'Cached Teal' });
    expect(after.etag).not.toBe(first.etag);
  });

  it('a sign-in keeps the kept record answers; the users grid, which shows Last Login, has the new one', async () => {
    const cw = await pick();
    // The search catch-up of the previous tests' saves (its write empties the cache) is done first, in
    // turn with the one the save's notification started (a raw call could return while that one commits).
    await catchUpNow(t.ctx);
    await t.ctx.db.settle();
    await read(cw.id, designer);
    const kept = await stats();
    await read(cw.id, designer);
    expect((await stats()).hits).toBe(kept.hits + 1);
    const users = { pageSize: 100, sortColumn: 'UserId', IncludeInactive: true };
    const lastLogin = async () => (await grid('users', admin, users)).find((u) => u.UserName === 'costing@example.com')!.LastLogin;
    const seen = await lastLogin();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await t.login('costing');
    const before = await stats();
    await read(cw.id, designer);
    expect((await stats()).hits).toBe(before.hits + 1);
    expect(Date.parse(await lastLogin())).toBeGreaterThan(Date.parse(seen ?? '2000-01-01'));
    // Anything else about a user still empties every answer: records carry users' names.
    await t.ctx.db.query(`UPDATE users SET lastchanged = now() WHERE username = 'costing@example.com'`);
    const renamed = await stats();
    await read(cw.id, designer);
    expect((await stats()).misses).toBe(renamed.misses + 1);
  });

  it('a change that writes no audit row (a season renamed) reaches the record, the grid page and the search page', async () => {
    const cw = await pick();
    const body = { Keys: [cw.id], pageSize: 50 };
    const before = [
      (await read(cw.id, admin)).body.SeasonName,
      (await grid('costing', admin, body))[0].SeasonName,
      (await grid('colorway-search', admin, body))[0].SeasonName,
    ];
    expect(new Set(before).size).toBe(1);
    await t.ctx.db.query(`UPDATE seasons SET seasonname = seasonname || ' (renamed)' WHERE seasonid = $1`, [cw.season]);
    try {
      expect((await read(cw.id, admin)).body.SeasonName).toBe(`${before[0]} (renamed)`);
      expect((await grid('costing', admin, body))[0].SeasonName).toBe(`${before[0]} (renamed)`);
      expect((await grid('colorway-search', admin, body))[0].SeasonName).toBe(`${before[0]} (renamed)`);
    } finally {
      await t.ctx.db.query('UPDATE seasons SET seasonname = $2 WHERE seasonid = $1', [cw.season, before[0]]);
    }
  });

  it('a grid page read again after a grid save shows the saved value and version', async () => {
    const cw = await pick('statusid = 2');
    const body = { BrandId: 1, Keys: [cw.id], pageSize: 50 };
    const [row] = await grid('costing', costing, body);
    expect(await grid('costing', costing, body)).toEqual([row]);
    const ffc = Number(row.FFC ?? 0) + 1.25;
    const res = await t.request('POST', '/api/Grid/costing/Save', {
      token: costing,
      json: { rows: [{ Key: cw.id, RowVersion: row.RowVersion, Changes: { FFC: ffc } }] },
    });
    expect((await res.json()).IsSuccessful).toBe(true);
    expect((await grid('costing', costing, body))[0]).toMatchObject({ FFC: ffc, RowVersion: row.RowVersion + 1 });
  });

  it("a search page (the /Search screen's grid) read again after a save shows the new name and its new total", async () => {
    const cw = await pick();
    const name = `Cache Probe ${cw.id}`;
    const body = { BrandId: 1, searchText: name, pageSize: 50, sortColumn: 'PrototypeName', sortDirection: 'ASC' };
    const page = async () => await (await t.request('POST', '/api/Grid/colorway-search/Search', { token: designer, json: body })).json();
    expect((await page()).TotalRecords).toBe(0);
    expect((await page()).TotalRecords).toBe(0);
    const res = await t.request('POST', '/api/Prototype/UpdatePrototype', {
      token: designer,
      json: { Id: cw.id, RowVersion: cw.v, Changes: { PrototypeName: name } },
    });
    expect(res.status).toBe(200);
    const after = await page();
    expect(after.TotalRecords).toBe(1);
    expect(after.Results[0]).toMatchObject({ PrototypeSeasonalId: cw.id, PrototypeName: name });
  });
});

describe('issue 31: conditional GETs', () => {
  it('If-None-Match with the current tag answers 304 without a body; after a save, 200 with the new version', async () => {
    const cw = await pick();
    const first = await read(cw.id, designer);
    expect(first.etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await t.request('GET', colorwayUrl(cw.id), { token: designer, headers: { 'if-none-match': first.etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(first.etag);
    expect(await again.text()).toBe('');
    await t.request('POST', '/api/Prototype/UpdatePrototype', {
      token: designer,
      json: { Id: cw.id, RowVersion: first.body.RowVersion, Changes: { ColorDesc: 'Etag Teal' } },
    });
    const changed = await t.request('GET', colorwayUrl(cw.id), { token: designer, headers: { 'if-none-match': first.etag } });
    expect(changed.status).toBe(200);
    expect((await changed.json()).ColorDesc).toBe('Etag Teal');
  });

  it('a client that accepts gzip gets the kept answer gzipped, the same JSON; others get it plain (Vary: Accept-Encoding)', async () => {
    const cw = await pick();
    const plain = await t.request('GET', colorwayUrl(cw.id), { token: designer });
    const text = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (let i = 0; i < 2; i++) {
      const packed = await t.request('GET', colorwayUrl(cw.id), { token: designer, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(packed.status).toBe(200);
      expect(packed.headers.get('content-encoding')).toBe('gzip');
      expect(packed.headers.get('vary')).toBe('Accept-Encoding');
      expect(packed.headers.get('etag')).toBe(plain.headers.get('etag'));
      const bytes = Buffer.from(await packed.arrayBuffer());
      expect(bytes.length).toBeLessThan(text.length / 2);
      expect(gunzipSync(bytes).toString()).toBe(text);
    }
    const again = await t.request('GET', colorwayUrl(cw.id), { token: designer });
    expect(await again.text()).toBe(text);
  });

  it("a tag of another audience's answer is no 304 for a user who gets other fields (PERM-029)", async () => {
    const [own] = await t.ctx.db.query(`SELECT prototypeseasonalid AS id FROM colorway_view cv WHERE NOT isdeleted AND factnameky IN
      (SELECT factorykey FROM user_factories uf JOIN users u USING (userid) WHERE u.username = 'factory@example.com')
      AND brandid IN (SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'factory@example.com') ORDER BY 1 LIMIT 1`);
    const internal = await read(own.id, designer);
    const res = await t.request('GET', colorwayUrl(own.id), { token: factory, headers: { 'if-none-match': internal.etag } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).not.toHaveProperty('FFC');
    expect(body).not.toHaveProperty('FactName');
  });
});

describe('issue 31: audiences and rights', () => {
  it("PERM-023: a factory user's cached answer serves no other user, of the same factories or of others", async () => {
    const [f] = await t.ctx.db.query(`SELECT userid, roleid FROM users WHERE username = 'factory@example.com'`);
    const keys = (await t.ctx.db.query('SELECT factorykey FROM user_factories WHERE userid = $1', [f.userid])).map((r) => r.factorykey as string);
    const [own] = await t.ctx.db.query(
      `SELECT prototypeseasonalid AS id, factnameky FROM colorway_view WHERE NOT isdeleted AND factnameky = ANY($1)
      AND brandid IN (SELECT brandid FROM user_brands WHERE userid = $2) ORDER BY 1 LIMIT 1`,
      [keys, f.userid],
    );
    const [other] = await t.ctx.db.query('SELECT factorykey FROM factories WHERE NOT (factorykey = ANY($1)) ORDER BY 1 LIMIT 1', [keys]);
    const twin = async (name: string, factories: string[]) => {
      const [u] = await t.ctx.db.query(
        `INSERT INTO users (username, passwordhash, firstname, lastname, isactive, emailconfirmed, changepasswordrequired, isfactoryuser, roleid)
        SELECT $1, passwordhash, 'Twin', 'Factory', true, emailconfirmed, changepasswordrequired, true, roleid FROM users WHERE userid = $2 RETURNING userid`,
        [name, f.userid],
      );
      await t.ctx.db.query('INSERT INTO user_brands (userid, brandid) SELECT $1, brandid FROM user_brands WHERE userid = $2', [u.userid, f.userid]);
      await t.ctx.db.query('INSERT INTO user_factories (userid, factorykey) SELECT $1, unnest($2::text[])', [u.userid, factories]);
      return (await t.login(name)).access_token;
    };
    const same = await twin('factory-same@example.com', keys);
    const elsewhere = await twin('factory-elsewhere@example.com', [other.factorykey]);
    const mine = await read(own.id, factory);
    await read(own.id, factory);
    // The twin of the same factories gets the same fields, computed for them: not the first user's kept answer.
    const before = await stats();
    expect((await read(own.id, same)).body).toEqual(mine.body);
    expect((await stats()).misses).toBe(before.misses + 1);
    // A factory user of another factory: the colorway answers like a missing one.
    const res = await t.request('GET', colorwayUrl(own.id), { token: elsewhere });
    expect(res.status).toBe(404);
    expect((await res.json()).Message).toBe('The record was not found.');
  });

  it('a role losing colorway read answers 403, a user losing the brand 404, an ended session 401: never the kept answer', async () => {
    const cw = await pick();
    const [d] = await t.ctx.db.query(`SELECT userid, roleid FROM users WHERE username = 'designer@example.com'`);
    const token = (await t.login('designer')).access_token;
    await read(cw.id, token);
    await read(cw.id, token);
    const removed = await t.ctx.db.query('DELETE FROM role_permissions WHERE roleid = $1 AND moduleid = 5 AND actionid = 1 RETURNING *', [d.roleid]);
    expect(removed.length).toBe(1);
    try {
      expect((await t.request('GET', colorwayUrl(cw.id), { token })).status).toBe(403);
    } finally {
      await t.ctx.db.query('INSERT INTO role_permissions (roleid, moduleid, actionid) VALUES ($1, 5, 1)', [d.roleid]);
    }
    await read(cw.id, token);
    await t.ctx.db.query('DELETE FROM user_brands WHERE userid = $1 AND brandid = 1', [d.userid]);
    try {
      expect((await t.request('GET', colorwayUrl(cw.id), { token })).status).toBe(404);
    } finally {
      await t.ctx.db.query('INSERT INTO user_brands (userid, brandid) VALUES ($1, 1)', [d.userid]);
    }
    await read(cw.id, token);
    expect((await t.request('POST', '/api/Account/Logout', { token })).status).toBe(200);
    expect((await t.request('GET', colorwayUrl(cw.id), { token })).status).toBe(401);
  });
});

describe('issue 31: a change is heard once in a process', () => {
  it('the search stamps a catch-up writes after a save drop the grid pages only: a record answer read meanwhile stays kept', async () => {
    const cw = await pick();
    await catchUpNow(t.ctx);
    await t.ctx.db.settle();
    // The /Search screen's grid page by the change stamp, read from colorway_search_changes.
    const body = { Keys: [cw.id], pageSize: 50, sortColumn: 'ChangedOn', sortDirection: 'DESC' };
    for (let i = 0; i < 2; i++) {
      await read(cw.id, designer);
      await grid('colorway-search', designer, body);
    }
    await t.ctx.db.query('UPDATE colorway_search_changes SET changedon = changedon WHERE prototypeseasonalid = $1', [cw.id]);
    await t.ctx.db.settle();
    const before = await stats();
    await read(cw.id, designer);
    expect((await stats()).hits).toBe(before.hits + 1);
    await grid('colorway-search', designer, body);
    expect((await stats()).misses).toBe(before.misses + 1);
  });

  it('a notification is reported once, whether this process or another session sent it, however many connections listen', async () => {
    const heard: string[] = [];
    await t.ctx.db.listen(
      (payload) => {
        if (payload.startsWith('probe ')) heard.push(payload);
      },
      () => {},
    );
    // Every pooled connection in use, so that each of them listens (PostgreSQL: a copy goes to every listening session).
    await Promise.all(Array.from({ length: 8 }, () => t.ctx.db.query('SELECT pg_sleep(0.05)')));
    await t.ctx.db.query(`SELECT pg_notify('db_changes', 'probe from the pool')`);
    expect(heard).toEqual(['probe from the pool']);
    if (t.databaseUrl) {
      const other = new pg.Client({ connectionString: t.databaseUrl });
      await other.connect();
      await other.query(`SELECT pg_notify('db_changes', 'probe from another session')`);
      await other.end();
    }
    // Late copies on idle connections would come within this wait.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await t.ctx.db.settle();
    expect(heard).toEqual(['probe from the pool', ...(t.databaseUrl ? ['probe from another session'] : [])]);
  });
});

describe('issue 31: every table an answer reads tells the cache of its changes', () => {
  const EXCLUDED = [
    'sessions',
    'refresh_tokens',
    'login_failures',
    'account_codes',
    'audit_log',
    'error_log',
    'jobs',
    'imports',
    'import_rows',
    'user_preferences',
    'lookup_favorites',
    'last_used_projects',
    'schema_migrations',
    // A save's notes for the search catch-up (migration 040): no answer reads them; the catch-up's write to colorway_search_changes tells the cache.
    'colorway_search_pending',
    // The embedded database's upkeep counts (migration 047, ADR 044): written by the server's upkeep only, read by no answer.
    'db_upkeep_counts',
  ];
  const GRID_PAGES_ONLY = ['colorway_search_changes'];

  it("every table carries the data trigger (migration 039), or the grid pages' (045), unless listed; no view and no reference source reads a listed one or one of the grid pages'", async () => {
    const tables = await t.ctx.db.query<{ name: string; triggered: boolean; pages: boolean }>(`SELECT c.relname AS name,
        EXISTS (SELECT 1 FROM pg_trigger g JOIN pg_proc p ON p.oid = g.tgfoid WHERE g.tgrelid = c.oid AND p.proname = 'notify_data_change') AS triggered,
        EXISTS (SELECT 1 FROM pg_trigger g JOIN pg_proc p ON p.oid = g.tgfoid WHERE g.tgrelid = c.oid AND p.proname = 'notify_grid_data_change') AS pages
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') ORDER BY 1`);
    expect(tables.length).toBeGreaterThan(50);
    expect(
      tables
        .filter((x) => !x.triggered && !x.pages)
        .map((x) => x.name)
        .sort(),
    ).toEqual([...EXCLUDED].sort());
    // Tables whose changes drop grid pages only (migration 045): no record answer may read them, so no view and no reference source.
    expect(tables.filter((x) => x.pages).map((x) => x.name)).toEqual(GRID_PAGES_ONLY);
    const read = (
      await t.ctx.db.query<{ name: string }>(`SELECT DISTINCT c.relname AS name FROM pg_class v
        JOIN pg_rewrite r ON r.ev_class = v.oid JOIN pg_depend d ON d.objid = r.oid AND d.classid = 'pg_rewrite'::regclass AND d.refclassid = 'pg_class'::regclass
        JOIN pg_class c ON c.oid = d.refobjid AND c.relkind IN ('r', 'p')
      WHERE v.relkind IN ('v', 'm') AND v.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())`)
    ).map((x) => x.name);
    expect(read.length).toBeGreaterThan(20);
    expect(read.filter((name) => EXCLUDED.includes(name) || GRID_PAGES_ONLY.includes(name))).toEqual([]);
    const sources = Object.values(REFERENCE_SOURCES)
      .map((s) => s.from)
      .join(' ');
    for (const name of [...EXCLUDED, ...GRID_PAGES_ONLY]) expect(sources, name).not.toMatch(new RegExp(`\\b${name}\\b`));
  });
});
