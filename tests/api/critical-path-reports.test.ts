/**
 * Critical path PDF reports (issue 15, CP-050/051): the three kinds and the index report, read
 * back with pdftotext; scope (a path of another factory answers 404 like a missing one), a factory
 * user's report without factory fields, the CP-051 answer when building fails, parameter checks.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { pdfText } from '../helpers/pdf-text';

const fail = vi.hoisted(() => ({ on: false }));
vi.mock('../../server/features/critical-paths/report', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../server/features/critical-paths/report')>();
  return {
    ...m,
    buildCriticalPathReport: (...a: Parameters<typeof m.buildCriticalPathReport>) => {
      if (fail.on) throw new Error('report build failure (test)');
      return m.buildCriticalPathReport(...a);
    },
  };
});

let t: TestApp;
let designer: string, factory: string;
let factoryKeys: string[];

beforeAll(async () => {
  // The api project keeps modules between files (no isolation): load the server afresh so it gets the mock above.
  vi.resetModules();
  const { createTestApp } = await import('../helpers/test-app');
  t = await createTestApp();
  [designer, factory] = await t.tokens('designer', 'factory');
  factoryKeys = (
    await t.ctx.db.query(`SELECT array_agg(uf.factorykey) AS keys FROM user_factories uf JOIN users u USING (userid) WHERE u.username = 'factory@example.com'`)
  )[0].keys as string[];
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.ctx.db;
const get = (url: string, token = designer) => t.request('GET', url, { token });
const post = (url: string, json: unknown, token = designer) => t.request('POST', url, { token, json });

async function reportText(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
  const buf = Buffer.from(await res.arrayBuffer());
  expect(buf.subarray(0, 5).toString()).toBe('%PDF-');
  return pdfText(buf, { layout: true });
}

const protoPath = async (own: boolean) =>
  (
    await db().query(
      `SELECT cp.criticalpathdevprototypeid AS id, cp.criticalpathdevprototypename AS name, cp.prototypeseasonalid AS ps, p.stocknum
     FROM critical_path_dev_prototypes cp JOIN prototype_seasonals ps USING (prototypeseasonalid) JOIN prototypes p USING (prototypeid)
    WHERE p.brandid = 1 AND ${own ? 'ps.factnameky = ANY($1)' : '(ps.factnameky IS NULL OR NOT ps.factnameky = ANY($1))'}
    ORDER BY 1 LIMIT 1`,
      [factoryKeys],
    )
  )[0];

describe('CP-050 critical path reports', () => {
  it('CP-050 dev prototype report: a PDF with the path name, stock number and final processes', async () => {
    const cp = await protoPath(false);
    const text = await reportText(await get(`/api/Report/CriticalPathDevPrototypeReport?CriticalPathDevPrototypeId=${cp.id}`));
    expect(text).toContain('Dev Prototype Critical Path Report');
    expect(text).toContain(cp.name);
    expect(text).toContain(cp.stocknum);
    const [proc] = await db().query(
      'SELECT processname FROM critical_path_dev_prototype_final_processes WHERE criticalpathdevprototypeid = $1 ORDER BY sortorder LIMIT 1',
      [cp.id],
    );
    expect(text.replace(/\s+/g, ' ')).toContain(proc.processname.split(' ')[0]);
  });

  it('CP-029 CP-037 the status and approval names are those of their tables: renamed there, renamed in the PDF', async () => {
    const cp = await protoPath(false);
    const [{ status }] = await db().query(
      'SELECT criticalpathheaderstatusid AS status FROM critical_path_dev_prototypes WHERE criticalpathdevprototypeid = $1',
      [cp.id],
    );
    const [proc] = await db().query(
      `SELECT criticalpathdevprototypefinalprocessid AS id, criticalpathprocessapprovedid AS approval
      FROM critical_path_dev_prototype_final_processes WHERE criticalpathdevprototypeid = $1 ORDER BY sortorder LIMIT 1`,
      [cp.id],
    );
    const names = async () => ({
      status: (await db().query('SELECT statusname FROM critical_path_header_statuses WHERE criticalpathheaderstatusid = $1', [status]))[0]
        .statusname as string,
      approval: (await db().query('SELECT approvalname FROM critical_path_process_approvals WHERE criticalpathprocessapprovedid = 2'))[0]
        .approvalname as string,
    });
    const before = await names();
    await db().query(
      'UPDATE critical_path_dev_prototype_final_processes SET criticalpathprocessapprovedid = 2 WHERE criticalpathdevprototypefinalprocessid = $1',
      [proc.id],
    );
    await db().query('UPDATE critical_path_header_statuses SET statusname = $2 WHERE criticalpathheaderstatusid = $1', [status, 'Paused']);
    await db().query("UPDATE critical_path_process_approvals SET approvalname = 'Deferred' WHERE criticalpathprocessapprovedid = 2");
    try {
      const text = (await reportText(await get(`/api/Report/CriticalPathDevPrototypeReport?CriticalPathDevPrototypeId=${cp.id}`))).replace(/\s+/g, ' ');
      expect(text).toContain('Status Paused');
      expect(text).toContain('Deferred');
    } finally {
      await db().query('UPDATE critical_path_header_statuses SET statusname = $2 WHERE criticalpathheaderstatusid = $1', [status, before.status]);
      await db().query('UPDATE critical_path_process_approvals SET approvalname = $1 WHERE criticalpathprocessapprovedid = 2', [before.approval]);
      await db().query(
        'UPDATE critical_path_dev_prototype_final_processes SET criticalpathprocessapprovedid = $2 WHERE criticalpathdevprototypefinalprocessid = $1',
        [proc.id, proc.approval],
      );
    }
  });

  it('CP-050 dev prototype report for one stock number (ProtoSeasonalId); another colorway answers 404', async () => {
    const cp = await protoPath(false);
    const text = await reportText(await get(`/api/Report/CriticalPathDevPrototypeReport?CriticalPathDevPrototypeId=${cp.id}&ProtoSeasonalId=${cp.ps}`));
    expect(text).toContain(cp.stocknum);
    const [other] = await db().query('SELECT prototypeseasonalid AS id FROM prototype_seasonals WHERE criticalpathdevprototypeid IS DISTINCT FROM $1 LIMIT 1', [
      cp.id,
    ]);
    expect((await get(`/api/Report/CriticalPathDevPrototypeReport?CriticalPathDevPrototypeId=${cp.id}&ProtoSeasonalId=${other.id}`)).status).toBe(404);
  });

  it('CP-050 dev pattern and commercialization reports carry their processes and factory fields for an internal user', async () => {
    const [dp] = await db().query(`SELECT cp.criticalpathdevpatternid AS id, cp.criticalpathname AS name FROM critical_path_dev_patterns cp
      JOIN pattern_seasonals ps USING (patternseasonalid) JOIN patterns p USING (patternid) WHERE p.brandid = 1 ORDER BY 1 LIMIT 1`);
    const t1 = await reportText(await get(`/api/Report/CriticalPathDevPatternReport?CriticalPathDevPatternId=${dp.id}`));
    expect(t1).toContain(dp.name);
    expect(t1).toContain('Brief handover');
    const [cm] =
      await db().query(`SELECT cp.criticalpathcommercializationid AS id, cp.criticalpathname AS name, f.factoryname FROM critical_path_commercializations cp
      JOIN factories f USING (factorykey) JOIN patterns p USING (patternid) WHERE p.brandid = 1 ORDER BY 1 LIMIT 1`);
    const t2 = await reportText(await get(`/api/Report/CriticalPathCommercializationReport?CriticalPathCommercializationId=${cm.id}`));
    expect(t2).toContain(cm.name);
    expect(t2).toContain('Ex-factory');
    expect(t2).toContain(cm.factoryname);
  });

  it('CP-050 index report: one document with a section (page) per path, in the order given', async () => {
    const rows = await db().query(`SELECT cp.criticalpathdevprototypeid AS id, cp.criticalpathdevprototypename AS name FROM critical_path_dev_prototypes cp
      JOIN prototype_seasonals ps USING (prototypeseasonalid) JOIN prototypes p USING (prototypeid) WHERE p.brandid = 1 ORDER BY 1 LIMIT 3`);
    const res = await post('/api/Report/CriticalPathIndexReport', { SearchType: 2, Ids: rows.map((r: any) => r.id) });
    expect(res.headers.get('content-disposition')).toContain('Index.pdf');
    const text = await reportText(res);
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThanOrEqual(3);
    let at = -1;
    for (const r of rows) {
      const i = text.indexOf(r.name, at + 1);
      expect(i).toBeGreaterThan(at);
      at = i;
    }
  });

  it('CP-050 index report ids are validated: at most 500, each an int4, SearchType 1..3', async () => {
    expect((await post('/api/Report/CriticalPathIndexReport', { SearchType: 2, Ids: Array.from({ length: 501 }, (_, i) => i + 1) })).status).toBe(400);
    expect((await post('/api/Report/CriticalPathIndexReport', { SearchType: 2, Ids: [2147483648] })).status).toBe(400);
    expect((await post('/api/Report/CriticalPathIndexReport', { SearchType: 4, Ids: [1] })).status).toBe(400);
    expect((await post('/api/Report/CriticalPathIndexReport', { SearchType: 2, Ids: [] })).status).toBe(400);
    expect((await get('/api/Report/CriticalPathDevPatternReport?CriticalPathDevPatternId=abc')).status).toBe(400);
    const doc = await (await get('/api/openapi.json')).json().catch(() => null);
    if (doc) expect(JSON.stringify(doc)).toContain('CriticalPathIndexReport');
  });
});

describe('CP-050 scope and field visibility (PERM-014, PERM-023, PERM-029)', () => {
  it("PERM-023 CP-046 another factory's path answers 404 exactly like a missing one, in single and index reports", async () => {
    const foreign = await protoPath(false);
    const hidden = await get(`/api/Report/CriticalPathDevPrototypeReport?CriticalPathDevPrototypeId=${foreign.id}`, factory);
    const missing = await get('/api/Report/CriticalPathDevPrototypeReport?CriticalPathDevPrototypeId=2000000000', factory);
    expect(hidden.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(await hidden.json()).toEqual(await missing.json());
    const own = await protoPath(true);
    expect((await post('/api/Report/CriticalPathIndexReport', { SearchType: 2, Ids: [own.id, foreign.id] }, factory)).status).toBe(404);
  });

  it("PERM-029 a factory user's report carries no factory-only field", async () => {
    const own = await protoPath(true);
    const text = await reportText(await get(`/api/Report/CriticalPathDevPrototypeReport?CriticalPathDevPrototypeId=${own.id}`, factory));
    expect(text).toContain(own.stocknum);
    const names = await db().query('SELECT factoryname FROM factories WHERE factorykey = ANY($1)', [factoryKeys]);
    for (const n of names) expect(text).not.toContain(n.factoryname);
    for (const k of factoryKeys) expect(text).not.toMatch(new RegExp(`\\b${k}\\b`));
  });

  it("PERM-014 the kind's read permission gates the index report", async () => {
    const [cm] = await db().query('SELECT criticalpathcommercializationid AS id FROM critical_path_commercializations WHERE factorykey = ANY($1) LIMIT 1', [
      factoryKeys,
    ]);
    const saved = await db().query('DELETE FROM role_permissions WHERE roleid = 5 AND moduleid = 13 AND actionid = 1 RETURNING roleid');
    try {
      const [token] = await t.tokens('factory');
      expect((await post('/api/Report/CriticalPathIndexReport', { SearchType: 3, Ids: [cm.id] }, token)).status).toBe(403);
      expect((await get(`/api/Report/CriticalPathCommercializationReport?CriticalPathCommercializationId=${cm.id}`, token)).status).toBe(403);
    } finally {
      if (saved.length) await db().query('INSERT INTO role_permissions (roleid, moduleid, actionid) VALUES (5, 13, 1) ON CONFLICT DO NOTHING');
    }
  });
});

describe('CP-051 report failure', () => {
  it('CP-051 a report that fails to build answers 500 with the spec text', async () => {
    const cp = await protoPath(false);
    fail.on = true;
    try {
      const res = await get(`/api/Report/CriticalPathDevPrototypeReport?CriticalPathDevPrototypeId=${cp.id}`);
      expect(res.status).toBe(500);
      const body = await res.json();
      expect(body.Message).toBe('There was an error generating the report. Please contact your system administrator.');
      expect(body.IsSuccessful).toBe(false);
    } finally {
      fail.on = false;
    }
  });
});
