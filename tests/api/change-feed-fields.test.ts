/**
 * Issue 30, security of the change feed (ADR 035): no event ever carries a field its receiver may
 * not see (PERM-025/027/029), for every demo account's stream and fuzzed over visibility documents
 * and users: random rules hiding random fields by random permissions or from factory users.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_USERS, type TestApp } from '../helpers/test-app';
import { sessionUserOf } from '../helpers/session-user';
import { openFeed, type FeedReader } from '../helpers/sse';
import { fieldAccess } from '../../server/core/schemas/visibility';
import { PERMISSIONS, permissionCode, permissionIds, type ModuleKey, type SessionUser } from '../../server/core/auth/permissions';
import { cutFor, readRecordBatch, type RecordBatch } from '../../server/core/feed/changes';
import type { VisibilityDoc } from '../../server/core/schemas/documents';

let t: TestApp;
const users = new Map<string, { token: string; user: SessionUser }>();
let rows: { id: number; v: number }[];

beforeAll(async () => {
  t = await createTestApp();
  for (const u of DEMO_USERS) {
    users.set(u, await sessionUserOf(t, u));
  }
  // Colorways costing may save, of several factories (the factory user's among them).
  const editable = `NOT isdeleted AND statusid = 2 AND factnameky IS NOT NULL AND NOT costingcompl
    AND brandid IN (SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'costing@example.com')`;
  const factoryOf = `SELECT uf.factorykey FROM user_factories uf JOIN users u USING (userid) WHERE u.username = 'factory@example.com'`;
  const brandsOf = `SELECT ub.brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'factory@example.com'`;
  rows =
    await t.ctx.db.query(`(SELECT DISTINCT ON (factnameky) prototypeseasonalid AS id, rowversion AS v FROM colorway_view WHERE ${editable} ORDER BY factnameky, prototypeseasonalid LIMIT 5)
    UNION (SELECT prototypeseasonalid, rowversion FROM colorway_view WHERE ${editable} AND factnameky IN (${factoryOf}) AND brandid IN (${brandsOf}) ORDER BY 1 LIMIT 1)`);
  expect(rows.length).toBeGreaterThan(2);
});
afterAll(async () => {
  await t?.close();
});

/** One grid save of several fields (costing fields; a milestone the first time) on every row; answers the run of audit ids it wrote. */
async function saveMany(round: number) {
  const [{ before }] = await t.ctx.db.query('SELECT coalesce(max(auditid), 0) AS before FROM audit_log');
  const res = await t.request('POST', '/api/Grid/costing/Save', {
    token: users.get('costing')!.token,
    json: {
      rows: rows.map((r, i) => ({
        Key: r.id,
        RowVersion: r.v,
        Changes: { FFC: 40 + round + i, EstFFC: 30 + round + i, ...(round === 1 ? { ISRComplete: true } : {}) },
      })),
    },
  });
  const body = await res.json();
  expect(body.Failed, JSON.stringify(body)).toEqual([]);
  for (const s of body.Saved) rows.find((r) => r.id === s.PrototypeSeasonalId)!.v = s.RowVersion;
  const [{ first, last }] = await t.ctx.db.query(
    `SELECT min(auditid) AS first, max(auditid) AS last FROM audit_log WHERE auditid > $1 AND entity = 'colorway'`,
    [before],
  );
  return { first, last };
}

/** The fields of an event's records the user may not see (none, or the test fails). */
function leaks(data: any, user: SessionUser): string[] {
  const { hidden } = fieldAccess(t.ctx.schemas, user, data.Entity);
  return (data.Records as any[]).flatMap((r) => [...Object.keys(r.Fields), ...r.Changed].filter((f) => hidden.has(f)).map((f) => `${r.Id}.${f}`));
}

describe('issue 30: no hidden field in any event', () => {
  it("PERM-029: every demo account's stream gets the changes it may read, never a field hidden from it", async () => {
    const feeds = new Map<string, FeedReader>();
    for (const [name, { token }] of users) feeds.set(name, await openFeed(() => t.request('GET', '/api/Feed', { token })));
    for (const f of feeds.values()) await f.next((e) => e.event === 'hello');
    await saveMany(1);
    // Whoever gets the change gets it within a second; then every event of every stream is checked.
    await feeds.get('costing')!.next((e) => e.event === 'records', 2000);
    await feeds.get('factory')!.next((e) => e.event === 'records', 2000);
    await new Promise((r) => setTimeout(r, 300));
    for (const [name, f] of feeds) {
      for (const e of f.events.filter((x) => x.event === 'records')) expect(leaks(e.data, users.get(name)!.user), name).toEqual([]);
      await f.close();
    }
    // The factory user got only colorways of their factories (PERM-023), without the costing or factory fields.
    const factoryUser = users.get('factory')!.user;
    const got = feeds
      .get('factory')!
      .events.filter((x) => x.event === 'records')
      .flatMap((e) => e.data.Records);
    const theirs = await t.ctx.db.query(
      'SELECT prototypeseasonalid AS id FROM colorway_view WHERE prototypeseasonalid = ANY($1) AND factnameky = ANY($2) AND brandid = ANY($3)',
      [rows.map((r) => r.id), [...factoryUser.factoryKeys], [...factoryUser.brandIds]],
    );
    expect(theirs.length).toBeGreaterThan(0);
    expect(got.map((r: any) => r.Id).sort()).toEqual(theirs.map((r) => r.id).sort());
    expect(got.every((r: any) => !('FFC' in r.Fields) && !('FactNameKy' in r.Fields))).toBe(true);
  });

  it('PERM-025/027/029: fuzzed over visibility documents and users, a cut never carries a hidden field', async () => {
    const { first, last } = await saveMany(2);
    const batch = (await readRecordBatch(t.ctx, 'colorway', first, last)) as RecordBatch;
    expect(batch.records.length).toBe(rows.length);
    const schema = t.ctx.schemas.entities.get('colorway')!;
    const fields = Object.keys(schema.properties);
    const modules = Object.keys(PERMISSIONS.modules) as ModuleKey[];
    const actions = ['read', 'edit'] as const;
    const saved = t.ctx.schemas.visibility.get('colorway');
    // A small seeded generator: a failure is the same run again.
    let seed = 30;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const pick = <T>(xs: readonly T[]) => xs[rnd(xs.length)];
    try {
      let delivered = 0;
      for (let i = 0; i < 150; i++) {
        const rules = Array.from({ length: 1 + rnd(4) }, (_, k) => ({
          name: `r${k}`,
          fields: Array.from({ length: 1 + rnd(12) }, () =>
            pick(['FFC', 'EstFFC', 'ISRComplete', 'ISRCompleteDate', 'RowVersion', 'BrandId', 'FactNameKy', ...fields]),
          ),
          ...(rnd(2) ? { hiddenFromFactoryUsers: true } : {}),
          ...(rnd(2) ? { read: [pick(modules), pick(actions)] } : {}),
        }));
        t.ctx.schemas.visibility.set('colorway', { entity: 'colorway', module: rnd(4) ? 'colorway' : pick(modules), rules } as unknown as VisibilityDoc);
        const base = users.get(pick(DEMO_USERS))!.user;
        const user: SessionUser = {
          ...base,
          isFactoryUser: rnd(3) === 0 ? !base.isFactoryUser : base.isFactoryUser,
          permissions: new Set([...base.permissions].filter(() => rnd(5) > 0)),
        };
        if (rnd(2)) user.permissions.add(permissionCode(...permissionIds([pick(modules), pick(actions)])));
        const cut = await cutFor(t.ctx, user, batch);
        if (!cut) continue;
        delivered++;
        expect(leaks(cut.data, user), JSON.stringify(rules)).toEqual([]);
      }
      expect(delivered).toBeGreaterThan(20);
    } finally {
      t.ctx.schemas.visibility.set('colorway', saved!);
    }
  });
});
