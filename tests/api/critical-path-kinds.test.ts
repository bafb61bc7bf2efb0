/**
 * Critical paths (issue 15): the dev pattern and commercialization kinds (CP-041, CP-042, CP-027,
 * CP-044), their scope for factory users, and the embedded lists (CP-022).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { cp, setUpCriticalPaths } from '../helpers/critical-paths';

const { today, db, get, post } = setUpCriticalPaths();
let t: TestApp;
let factory: string;
let factoryKeys: string[];
beforeAll(() => {
  ({ t, factory, factoryKeys } = cp);
});

describe('dev pattern and commercialization (CP-022, CP-027, CP-041, CP-042, CP-044)', () => {
  it('PERM-023 PERM-029 a factory user with dev pattern read sees only dev pattern paths with a colorway at its factories, without factory fields', async () => {
    await db().query('INSERT INTO role_permissions (roleid, moduleid, actionid) VALUES (5, 11, 1) ON CONFLICT DO NOTHING');
    const [token] = await t.tokens('factory');
    const [own] = await db().query(
      `SELECT DISTINCT cp.patternseasonalid AS id FROM critical_path_dev_patterns cp JOIN prototype_seasonals ps USING (patternseasonalid)
      JOIN pattern_seasonals pas USING (patternseasonalid) JOIN patterns p ON p.patternid = pas.patternid
     WHERE p.brandid = 1 AND ps.factnameky = ANY($1) AND NOT ps.isdeleted LIMIT 1`,
      [factoryKeys],
    );
    const [foreign] = await db().query(
      `SELECT cp.patternseasonalid AS id FROM critical_path_dev_patterns cp JOIN pattern_seasonals pas USING (patternseasonalid)
      JOIN patterns p ON p.patternid = pas.patternid
     WHERE p.brandid = 1 AND NOT EXISTS (SELECT 1 FROM prototype_seasonals ps WHERE ps.patternseasonalid = cp.patternseasonalid AND ps.factnameky = ANY($1)) LIMIT 1`,
      [factoryKeys],
    );
    const mine = await get(`/api/CriticalPath/GetCriticalPathDevPatternDetails?PatternSeasonalId=${own.id}`, token);
    expect(mine.status).toBe(200);
    const text = await mine.text();
    for (const f of ['Factory1Name', 'DualSrcdPatt', 'FactoryTransfer']) expect(text).not.toContain(`"${f}"`);
    const theirs = await get(`/api/CriticalPath/GetCriticalPathDevPatternDetails?PatternSeasonalId=${foreign.id}`, token);
    expect(theirs.status).toBe(404);
    await db().query('DELETE FROM role_permissions WHERE roleid = 5 AND moduleid = 11 AND actionid = 1');
  });

  it('CP-041 CP-027 the dev pattern path of a pattern seasonal: details, save with the duplicate-name note, stale save 409', async () => {
    const [ps] = await db().query(`SELECT cp.patternseasonalid AS id FROM critical_path_dev_patterns cp JOIN pattern_seasonals ps USING (patternseasonalid)
      JOIN patterns p USING (patternid) WHERE p.brandid = 1 ORDER BY 1 LIMIT 1`);
    const [other] = await db().query(
      `SELECT cp.criticalpathname AS name FROM critical_path_dev_patterns cp JOIN pattern_seasonals ps USING (patternseasonalid)
      JOIN patterns p USING (patternid) WHERE p.brandid = 1 AND cp.patternseasonalid <> $1 LIMIT 1`,
      [ps.id],
    );
    const res = await get(`/api/CriticalPath/GetCriticalPathDevPatternDetails?PatternSeasonalId=${ps.id}`);
    expect(res.status).toBe(200);
    const d = await res.json();
    expect(d.Processes.map((p: any) => p.ProcessName)).toEqual(['Brief handover', 'First pattern', 'Proto 1', 'Fit review', 'Proto 2', 'Pattern approval']);
    const save = (name: string, rv: number) =>
      post('/api/CriticalPath/UpdateCriticalPathDevPattern', {
        CriticalPathDevPatternId: d.Header.CriticalPathDevPatternId,
        PatternSeasonalId: ps.id,
        RowVersion: rv,
        CriticalPathName: name,
        Factory2Name: 'Second factory',
        Processes: [{ CriticalPathDevPatternProcessId: d.Processes[5].CriticalPathDevPatternProcessId, ProcessName: 'Pattern approval', SortOrder: 5 }],
      });
    const saved = await save(other.name, d.Header.RowVersion);
    const body = await saved.json();
    expect(saved.status, JSON.stringify(body)).toBe(200);
    expect(body.Warning).toBe('You may continue, but please note this name already exists.');
    expect(body.Data.Processes.map((p: any) => p.SortOrder)).toEqual([10, 20, 30, 40, 50, 60]);
    expect(body.Data.Processes[0].ProcessName).toBe('Pattern approval');
    const exists = await (
      await get(`/api/CriticalPath/IsCriticalPathNameExists?BrandId=1&SearchType=1&CriticalPathName=${encodeURIComponent(other.name)}`)
    ).json();
    expect(exists).toEqual({ Exists: true, Message: 'You may continue, but please note this name already exists.' });
    expect((await save('Unique name 123', d.Header.RowVersion)).status).toBe(409);
  });

  it('CP-042 CP-043 CP-044 create a commercialization path with the default processes; update with approvals and dates', async () => {
    const [pattern] = await db().query('SELECT patternid FROM patterns WHERE brandid = 1 ORDER BY patternid LIMIT 1');
    const res = await post('/api/CriticalPath/CreateCriticalPathCommercialization', {
      CriticalPathName: 'Comm test',
      PatternId: pattern.patternid,
      FactoryKey: factoryKeys[0],
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    const d = body.Data;
    expect(d.Processes.map((p: any) => p.ProcessName)).toEqual([
      'PO issued',
      'Materials ordered',
      'Production start',
      'Inline inspection',
      'Final inspection',
      'Ex-factory',
    ]);
    expect(d.Processes.every((p: any) => p.ProcessType === 'DEF')).toBe(true);
    const bad = await post('/api/CriticalPath/UpdateCriticalPathCommercialization', {
      CriticalPathCommercializationId: d.Header.CriticalPathCommercializationId,
      RowVersion: d.Header.RowVersion,
      CriticalPathName: 'Comm test',
      Processes: [
        {
          CriticalPathCommercializationProcessId: d.Processes[0].CriticalPathCommercializationProcessId,
          ProcessName: 'PO issued',
          EstStartDate: '2026-05-02',
          EstEndDate: '2026-05-01',
        },
      ],
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).Errors[0]).toMatchObject({ Field: '/Processes/0/EstEndDate', Message: 'The end date must not be before the start date.' });
    const ok = await post('/api/CriticalPath/UpdateCriticalPathCommercialization', {
      CriticalPathCommercializationId: d.Header.CriticalPathCommercializationId,
      RowVersion: d.Header.RowVersion,
      CriticalPathName: 'Comm test',
      Notes: 'n',
      Processes: [
        {
          CriticalPathCommercializationProcessId: d.Processes[0].CriticalPathCommercializationProcessId,
          ProcessName: 'PO issued',
          CriticalPathProcessApprovedId: 4,
          RevStartDate: '2026-05-01',
          RevEndDate: '2026-05-03',
        },
      ],
    });
    const saved = await ok.json();
    expect(ok.status, JSON.stringify(saved)).toBe(200);
    expect(saved.Data.Processes[0]).toMatchObject({ CriticalPathProcessApprovedId: 4, ApprovedByName: 'Dana Whitfield', ApprovalDate: today() });
  });

  it('CP-022 the lists per pattern seasonal id and per dev prototype id', async () => {
    const [row] = await db().query(`SELECT ps.patternseasonalid, ps.criticalpathdevprototypeid FROM prototype_seasonals ps JOIN prototypes p USING (prototypeid)
      WHERE p.brandid = 1 AND ps.statusid = 2 AND NOT ps.isdeleted ORDER BY 1 LIMIT 1`);
    const byPattern = await (await get(`/api/CriticalPath/GetCriticalPathListByPatternSeasonal?PatternSeasonalId=${row.patternseasonalid}`)).json();
    expect(byPattern.map((r: any) => r.SearchType)).toEqual(expect.arrayContaining([1, 2, 3]));
    const byProto = await (
      await get(`/api/CriticalPath/GetCriticalPathListByDevPrototype?CriticalPathDevPrototypeId=${row.criticalpathdevprototypeid}`)
    ).json();
    expect(byProto.some((r: any) => r.SearchType === 2 && r.Id === row.criticalpathdevprototypeid)).toBe(true);
    // The factory user (no module 11) gets no dev pattern rows.
    const forFactory = await get(`/api/CriticalPath/GetCriticalPathListByPatternSeasonal?PatternSeasonalId=${row.patternseasonalid}`, factory);
    if (forFactory.status === 200) expect((await forFactory.json()).some((r: any) => r.SearchType === 1)).toBe(false);
  });
});
