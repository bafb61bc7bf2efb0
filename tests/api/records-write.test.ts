/**
 * The records pipeline's write path: field rights (PERM-025, PERM-029), optimistic concurrency
 * (stale version → 409 naming who changed it, nothing overwritten) and the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { updateRecord } from '../../server/core/records/write';
import { authenticate } from '../../server/core/auth/authenticate';
import type { SessionUser } from '../../server/core/auth/permissions';
import type { AppError } from '../../server/core/http/errors';

let t: TestApp;
const users = {} as Record<'designer' | 'factory' | 'viewer' | 'admin', SessionUser>;
beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['designer', 'factory', 'viewer', 'admin'] as const) {
    users[u] = await authenticate(t.ctx, `Bearer ${(await t.login(u)).access_token}`);
  }
});
afterAll(async () => {
  await t?.close();
});

const colorwayOf = async (user: SessionUser, extra = '') => {
  const [row] = await t.ctx.db.query(
    `SELECT prototypeseasonalid AS id, rowversion, prototypename, ffc, factnameky FROM colorway_view WHERE brandid = ANY($1) ${extra} ORDER BY 1 LIMIT 1`,
    [[...user.brandIds]],
  );
  return row;
};
const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as AppError;
  }
  throw new Error('expected a refusal');
};

describe('records pipeline: write', () => {
  it('writes the changed fields of both tables, bumps the version and audits old and new values', async () => {
    const cw = await colorwayOf(users.designer);
    const out = await updateRecord(t.ctx, users.designer, 'colorway', 'PrototypeSeasonalId', {
      id: cw.id,
      rowVersion: cw.rowversion,
      changes: { PrototypeName: 'Trail Runner GTX Olive', FFC: 23.5 },
    });
    expect(out).toMatchObject({ PrototypeName: 'Trail Runner GTX Olive', FFC: 23.5, RowVersion: cw.rowversion + 1 });
    const audit = await t.ctx.db.query(`SELECT field, oldvalue, newvalue, userid FROM audit_log WHERE entity = 'colorway' AND entityid = $1 ORDER BY auditid`, [
      String(cw.id),
    ]);
    expect(audit).toEqual(
      expect.arrayContaining([
        { field: 'PrototypeName', oldvalue: cw.prototypename, newvalue: 'Trail Runner GTX Olive', userid: users.designer.userId },
        { field: 'FFC', oldvalue: cw.ffc === null ? null : String(cw.ffc), newvalue: '23.5', userid: users.designer.userId },
      ]),
    );
  });

  it('a stale version gets 409 naming who changed the record; nothing is overwritten', async () => {
    const cw = await colorwayOf(users.designer);
    await updateRecord(t.ctx, users.admin, 'colorway', 'PrototypeSeasonalId', {
      id: cw.id,
      rowVersion: cw.rowversion,
      changes: { PrototypeName: 'Admin Edit' },
    });
    const err = await failure(
      updateRecord(t.ctx, users.designer, 'colorway', 'PrototypeSeasonalId', {
        id: cw.id,
        rowVersion: cw.rowversion,
        changes: { PrototypeName: 'Designer Edit' },
      }),
    );
    expect(err.status).toBe(409);
    const [admin] = await t.ctx.db.query(`SELECT firstname || ' ' || lastname AS n FROM users WHERE username = 'admin@example.com'`);
    expect(err.message).toContain(admin.n);
    expect(err.extra.ChangedBy).toBe(admin.n);
    expect((await colorwayOf(users.designer)).prototypename).toBe('Admin Edit');
  });

  it('a change of the shared base row makes every other season of the record stale', async () => {
    const [two] = await t.ctx.db.query(
      `SELECT prototypeid FROM colorway_view WHERE brandid = ANY($1) AND statusid IN (1, 2) AND NOT isdeleted
        GROUP BY prototypeid HAVING count(*) > 1 ORDER BY 1 LIMIT 1`,
      [[...users.designer.brandIds]],
    );
    expect(two, 'the demo data has a colorway in two seasons').toBeTruthy();
    const seasons = await t.ctx.db.query('SELECT prototypeseasonalid AS id, rowversion FROM colorway_view WHERE prototypeid = $1 ORDER BY 1', [
      two.prototypeid,
    ]);
    const [a, b] = seasons;
    await updateRecord(t.ctx, users.designer, 'colorway', 'PrototypeSeasonalId', {
      id: a.id,
      rowVersion: a.rowversion,
      changes: { PrototypeName: 'Shared Base Rename' },
    });
    const err = await failure(
      updateRecord(t.ctx, users.designer, 'colorway', 'PrototypeSeasonalId', {
        id: b.id,
        rowVersion: b.rowversion,
        changes: { PrototypeName: 'Other Season Rename' },
      }),
    );
    expect(err.status).toBe(409);
    const [now] = await t.ctx.db.query('SELECT prototypename FROM colorway_view WHERE prototypeseasonalid = $1', [b.id]);
    expect(now.prototypename).toBe('Shared Base Rename');
  });

  it('PERM-025: without edit permission every field is refused', async () => {
    const cw = await colorwayOf(users.viewer);
    const err = await failure(
      updateRecord(t.ctx, users.viewer, 'colorway', 'PrototypeSeasonalId', { id: cw.id, rowVersion: cw.rowversion, changes: { PrototypeName: 'x' } }),
    );
    expect(err.status).toBe(403);
    expect(err.errors).toContainEqual({ Field: '/PrototypeName', Message: 'You may not change this field.' });
  });

  it('PERM-029: a factory user cannot write a costing field, and the refusal does not name it', async () => {
    const cw = await colorwayOf(users.factory, `AND factnameky = ANY('{${[...users.factory.factoryKeys].join(',')}}')`);
    const err = await failure(
      updateRecord(t.ctx, users.factory, 'colorway', 'PrototypeSeasonalId', { id: cw.id, rowVersion: cw.rowversion, changes: { FFC: 1 } }),
    );
    expect(err.status).toBe(403);
    expect(JSON.stringify({ m: err.message, e: err.errors })).not.toContain('FFC');
    expect((await t.ctx.db.query('SELECT ffc FROM colorway_view WHERE prototypeseasonalid = $1', [cw.id]))[0].ffc).toBe(cw.ffc);
  });

  it('an invalid value is 400 with the field path; unknown and computed fields are refused', async () => {
    const cw = await colorwayOf(users.designer);
    const bad = await failure(
      updateRecord(t.ctx, users.designer, 'colorway', 'PrototypeSeasonalId', { id: cw.id, rowVersion: cw.rowversion, changes: { FFC: -5 } }),
    );
    expect(bad.status).toBe(400);
    expect(bad.errors[0].Field).toBe('/FFC');
    const unknown = await failure(
      updateRecord(t.ctx, users.designer, 'colorway', 'PrototypeSeasonalId', { id: cw.id, rowVersion: cw.rowversion, changes: { Nope: 1 } }),
    );
    expect(unknown.status).toBe(400);
    const computed = await failure(
      updateRecord(t.ctx, users.designer, 'colorway', 'PrototypeSeasonalId', { id: cw.id, rowVersion: cw.rowversion, changes: { RowVersion: 99 } }),
    );
    expect(computed.status).toBe(403);
  });
});
