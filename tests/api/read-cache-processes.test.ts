/**
 * Issue 31 (ADR 037): the read cache across two real server processes on one PostgreSQL database.
 * A record, a grid page and a search page kept by one process are never served after a save another
 * process answered: the save's notification reaches the reader before it trusts its copy (Db.settle).
 * PostgreSQL only (reported skipped without DATABASE_URL, as two-processes.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { twoProcesses, signInOn } from '../helpers/two-processes';
import type { RunningServer } from '../../bench/lib/server';

const pgUrl = process.env.DATABASE_URL;

describe.skipIf(!pgUrl)('issue 31: the read cache across two server processes on one PostgreSQL', () => {
  const two = twoProcesses(pgUrl!, 'plm-cache-');
  const signIn = async (server: RunningServer, user: string) => (await signInOn(server, user)).access_token;
  const call = async (server: RunningServer, token: string, url: string, json?: unknown) => {
    const res = await fetch(`${server.url}${url}`, {
      method: json === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    expect(res.status, url).toBe(200);
    return res.json() as Promise<any>;
  };

  it('a record read on one process right after a save answered by the other is the new version, every time', async () => {
    const [onA, onB] = [await signIn(two.a, 'designer'), await signIn(two.b, 'designer')];
    const [cw] = await two.db.query('SELECT prototypeseasonalid AS id FROM colorway_view WHERE brandid = 1 AND NOT isdeleted ORDER BY 1 LIMIT 1');
    const url = `/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${cw.id}`;
    for (let i = 0; i < 15; i++) {
      const before = await call(two.b, onB, url);
      expect(await call(two.b, onB, url)).toEqual(before);
      await call(two.a, onA, '/api/Prototype/UpdatePrototype', { Id: cw.id, RowVersion: before.RowVersion, Changes: { ColorDesc: `Across ${i}` } });
      expect(await call(two.b, onB, url)).toMatchObject({ RowVersion: before.RowVersion + 1, ColorDesc: `Across ${i}` });
    }
  });

  it('a grid page and a search page read on one process right after a grid save on the other show the saved value', async () => {
    const [onA, onB] = [await signIn(two.a, 'costing'), await signIn(two.b, 'costing')];
    const [cw] = await two.db.query(
      `SELECT prototypeseasonalid AS id FROM colorway_view WHERE NOT isdeleted AND statusid = 2 AND brandid = 1 ORDER BY 1 LIMIT 1`,
    );
    const body = { Keys: [cw.id], pageSize: 50 };
    for (let i = 0; i < 10; i++) {
      const [row] = (await call(two.b, onB, '/api/Grid/costing/Search', body)).Results;
      const search = (await call(two.b, onB, '/api/Grid/colorway-search/Search', body)).Results[0];
      await call(two.b, onB, '/api/Grid/costing/Search', body);
      const ffc = 40 + i;
      const saved = await call(two.a, onA, '/api/Grid/costing/Save', { rows: [{ Key: cw.id, RowVersion: row.RowVersion, Changes: { FFC: ffc } }] });
      expect(saved.IsSuccessful).toBe(true);
      expect((await call(two.b, onB, '/api/Grid/costing/Search', body)).Results[0]).toMatchObject({ FFC: ffc, RowVersion: row.RowVersion + 1 });
      expect((await call(two.b, onB, '/api/Grid/colorway-search/Search', body)).Results[0].RowVersion).toBe(search.RowVersion + 1);
    }
  });
});
