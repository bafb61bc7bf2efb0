/**
 * ADR 046 (migration 049, issue 31): the change stamps `createdby` and `changedby` are checked once per
 * statement instead of by a foreign key per row. A stamp that is no user is still refused with the
 * foreign key's SQLSTATE on insert and update, and a user who stamped a row still cannot be deleted;
 * the audit log's index on the record id still serves a record's history and the stale-save answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/core/db/client';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NOBODY = 987654;

/** The SQLSTATE a statement fails with, in a transaction rolled back either way. */
async function failure(run: (q: Queryable) => Promise<unknown>): Promise<string | undefined> {
  try {
    await t.ctx.db.tx(async (q) => {
      await run(q);
      throw Object.assign(new Error('rolled back'), { code: 'none' });
    });
  } catch (e) {
    return (e as { code?: string }).code;
  }
  return undefined;
}

const STAMPED = [
  ['line_plans', 'lineplanid'],
  ['briefs', 'briefid'],
  ['patterns', 'patternid'],
  ['pattern_seasonals', 'patternseasonalid'],
  ['prototypes', 'prototypeid'],
  ['prototype_seasonals', 'prototypeseasonalid'],
] as const;

describe('change stamps checked per statement (ADR 046)', () => {
  it.each(STAMPED)('an update of %s stamped by no user is refused with 23503; by a user it goes', async (table, key) => {
    const rows = await t.ctx.db.query<{ id: number }>(`SELECT ${key} AS id FROM ${table} ORDER BY 1 LIMIT 3`);
    expect(rows.length).toBeGreaterThan(0);
    const ids = rows.map((r) => r.id);
    expect(await failure((q) => q.query(`UPDATE ${table} SET changedby = $1 WHERE ${key} = ANY($2)`, [NOBODY, ids]))).toBe('23503');
    expect(await failure((q) => q.query(`UPDATE ${table} SET createdby = $1 WHERE ${key} = $2`, [NOBODY, ids[0]]))).toBe('23503');
    const [admin] = await t.ctx.db.query<{ userid: number }>(`SELECT userid FROM users WHERE username = 'admin@example.com'`);
    expect(await failure((q) => q.query(`UPDATE ${table} SET changedby = $1 WHERE ${key} = ANY($2)`, [admin.userid, ids]))).toBe('none');
  });

  it('an insert stamped by no user is refused with 23503; stamped by a user it goes', async () => {
    const insert = (q: Queryable, by: number) =>
      q.query(
        `INSERT INTO transfer_checklists (prototypeid, fromfactorykey, tofactorykey, createdby, changedby)
         SELECT p.prototypeid, f.factorykey, g.factorykey, $1, $1
           FROM prototypes p, factories f, factories g
          WHERE f.factorykey < g.factorykey AND NOT EXISTS (SELECT 1 FROM transfer_checklists c
                WHERE c.prototypeid = p.prototypeid AND c.fromfactorykey = f.factorykey AND c.tofactorykey = g.factorykey)
          LIMIT 1`,
        [by],
      );
    expect(await failure((q) => insert(q, NOBODY))).toBe('23503');
    const [admin] = await t.ctx.db.query<{ userid: number }>(`SELECT userid FROM users WHERE username = 'admin@example.com'`);
    expect(await failure((q) => insert(q, admin.userid))).toBe('none');
  });

  it('a user who stamped a row cannot be deleted; one who stamped none can', async () => {
    const newUser = async (q: Queryable) =>
      (
        await q.query<{ userid: number }>(`INSERT INTO users (username, passwordhash, firstname, lastname)
          VALUES ('stamps-' || gen_random_uuid(), 'x', 'Stamp', 'Tester') RETURNING userid`)
      )[0].userid;
    const deleting = (stamps: boolean) =>
      failure(async (q) => {
        const id = await newUser(q);
        if (stamps) await q.query('UPDATE briefs SET changedby = $1 WHERE briefid = (SELECT min(briefid) FROM briefs)', [id]);
        await q.query('DELETE FROM users WHERE userid = $1', [id]);
      });
    expect(await deleting(true)).toBe('23503');
    expect(await deleting(false)).toBe('none');
  });

  it('the audit index is on the record id and a record history still reads it', async () => {
    const [idx] = await t.ctx.db.query<{ def: string }>(`SELECT indexdef AS def FROM pg_indexes WHERE indexname = 'audit_log_entity'`);
    expect(idx.def).toMatch(/\(entityid\)$/);
    const [user] = await t.ctx.db.query<{ userid: number }>(`SELECT userid FROM users WHERE username = 'admin@example.com'`);
    await t.ctx.db.query(
      `INSERT INTO audit_log (userid, entity, entityid, field, oldvalue, newvalue) VALUES ($1, 'colorway', '424242', 'FFC', '1', '2'),
      ($1, 'pattern', '424242', 'Name', 'a', 'b')`,
      [user.userid],
    );
    const rows = await t.ctx.db.query<{ field: string }>(`SELECT field FROM audit_log WHERE entity = 'colorway' AND entityid = '424242' ORDER BY auditid DESC`);
    expect(rows.map((r) => r.field)).toEqual(['FFC']);
  });
});
