/**
 * Issue 30, the feed under bulk work (ADR 035, "Large batches"): a save of more than
 * FEED_VALUES_LIMIT records reaches every stream as one partial event (ids, versions, changed
 * fields, who and when; no values), so its bytes do not grow with the record's width, and a
 * screen reads the rows it shows itself. Partial events carry no hidden field either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { sessionUserOf } from '../helpers/session-user';
import { openFeed } from '../helpers/sse';
import { FEED_VALUES_LIMIT, type PartialGroup } from '../../server/domain/feed-events';
import { cutFor, readRecordBatch, type RecordBatch } from '../../server/core/feed/changes';
import { fieldAccess } from '../../server/core/schemas/visibility';

let t: TestApp;
let costing: string; // the admin's token: every brand, so more colorways than FEED_VALUES_LIMIT to save
beforeAll(async () => {
  t = await createTestApp();
  [costing] = await t.tokens('admin');
  // The demo has fewer editable colorways than that: every colorway of the demo is put back in work (no audit, so no event).
  await t.ctx.db.query('UPDATE prototype_seasonals SET statusid = 1, costingcompl = false WHERE NOT isdeleted');
});
afterAll(async () => {
  await t?.close();
});

/** Colorways the admin may save on the costing grid: in work, or released with a factory, costing not complete. */
async function editableRows() {
  const rows = await t.ctx.db.query<Record<string, any>>(`SELECT prototypeseasonalid AS "PrototypeSeasonalId", rowversion AS "RowVersion" FROM colorway_view
    WHERE NOT isdeleted AND (statusid = 1 OR (statusid = 2 AND factnameky IS NOT NULL AND factname IS NOT NULL)) AND NOT costingcompl
      AND brandid IN (SELECT brandid FROM user_brands ub JOIN users u USING (userid) WHERE u.username = 'admin@example.com') ORDER BY 1`);
  expect(rows.length).toBeGreaterThan(FEED_VALUES_LIMIT);
  return rows;
}

/** One costing grid save of FFC on every row (a value per row from `ffc`); the saved versions by id. */
async function save(rows: Record<string, any>[], ffc: number) {
  const body = await (
    await t.request('POST', '/api/Grid/costing/Save', {
      token: costing,
      json: { rows: rows.map((r, i) => ({ Key: r.PrototypeSeasonalId, RowVersion: r.RowVersion, Changes: { FFC: ffc + i / 100 } })) },
    })
  ).json();
  expect(body.Failed).toEqual([]);
  for (const s of body.Saved) rows.find((r) => r.PrototypeSeasonalId === s.PrototypeSeasonalId)!.RowVersion = s.RowVersion;
  return new Map<number, number>(body.Saved.map((s: any) => [s.PrototypeSeasonalId, s.RowVersion]));
}

describe('issue 30: a bulk save on the feed', () => {
  it('more than FEED_VALUES_LIMIT colorways saved at once: one partial event with every id, version and changed field, no values; a small save still carries them', async () => {
    const editable = await editableRows();
    const feed = await openFeed(() => t.request('GET', '/api/Feed', { token: costing }));
    await feed.next((e) => e.event === 'hello');
    const versions = await save(editable, 61);
    const big = (await feed.next((e) => e.event === 'records', 5000)).data;
    expect(big.Partial).toBe(true);
    expect(big.Records).toBeUndefined();
    // Groups of records changed alike (the same fields, user and time: one or two here), column by column.
    const groups = big.Groups as PartialGroup[];
    expect(groups.length).toBeLessThanOrEqual(3);
    for (const g of groups) {
      expect(Object.keys(g).sort()).toEqual(['Changed', 'ChangedBy', 'ChangedById', 'ChangedOn', 'Deleted', 'Keys', 'RowVersions']);
      expect(g.Keys.map((k, i) => [k, g.RowVersions[i]])).toEqual(g.Keys.map((k) => [k, versions.get(k)]));
      expect(g.Changed).toContain('FFC');
      expect(g.ChangedBy).toBe('Alex Morgan');
      expect(g.Deleted).toEqual([]);
    }
    const keys = groups.flatMap((g) => g.Keys);
    expect([...keys].sort()).toEqual([...versions.keys()].sort());
    // A few dozen bytes a record, not the record's width.
    expect(JSON.stringify(big).length / keys.length).toBeLessThan(25);
    // A save of a few rows: their values, derived ones included.
    await save(editable.slice(0, 3), 71);
    const small = (await feed.next((e) => e.event === 'records' && !e.data.Partial, 5000)).data;
    expect(small.Records).toHaveLength(3);
    expect(small.Records.map((r: any) => r.Fields.FFC).sort()).toEqual([71, 71.01, 71.02]);
    for (const r of small.Records) expect(r.Fields).toHaveProperty('ActPurPrice');
    await feed.close();
  });

  it('PERM-029: a partial cut carries no hidden field, for every demo account', async () => {
    const [{ before }] = await t.ctx.db.query('SELECT coalesce(max(auditid), 0) AS before FROM audit_log');
    await save(await editableRows(), 81);
    const [{ first, last }] = await t.ctx.db.query(
      `SELECT min(auditid) AS first, max(auditid) AS last FROM audit_log WHERE auditid > $1 AND entity = 'colorway'`,
      [before],
    );
    const batch = (await readRecordBatch(t.ctx, 'colorway', first, last)) as RecordBatch;
    expect(batch.records.length).toBeGreaterThan(FEED_VALUES_LIMIT);
    // Read without values: what scopes each record and its versions only.
    expect(Object.keys(batch.records[0].values).sort()).toEqual(['BrandId', 'FactNameKy', 'IsDeleted', 'PrototypeSeasonalId', 'RowVersion']);
    let partial = 0;
    for (const name of ['costing', 'forecast', 'designer', 'factory', 'viewer', 'admin']) {
      const { user } = await sessionUserOf(t, name);
      const cut = await cutFor(t.ctx, user, batch);
      if (!cut) continue;
      const data = cut.data as { Partial?: boolean; Groups?: PartialGroup[]; Records?: unknown[] };
      const { hidden } = fieldAccess(t.ctx.schemas, user, 'colorway');
      // Partial for everyone, also for users who may read fewer of its records than the limit (other brands).
      expect(data.Partial, name).toBe(true);
      partial++;
      expect(data.Records, name).toBeUndefined();
      for (const g of data.Groups!) {
        expect(
          g.Changed.filter((f) => hidden.has(f)),
          name,
        ).toEqual([]);
        if (hidden.has('RowVersion'))
          expect(
            g.RowVersions.every((v) => v === null),
            name,
          ).toBe(true);
      }
    }
    expect(partial).toBeGreaterThan(0);
  });
});
