/**
 * Issue 26 (one description of a record) and issue 30 (the change feed): an entity read through a
 * view carries every one of its fields there, and the change feed reads a changed record of any
 * entity, from an audit row of any of its fields, without an error. The transfer checklist's view
 * lacked three fields its screen computed beside it, so every checklist save broke the feed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { column, hasView, recordKey, viewOf } from '../../server/core/records/columns';
import { readBatches, readRecordBatch } from '../../server/core/feed/changes';
import { expectServerErrors } from '../support/server-errors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The entities with tables and a view, with the view's columns. */
async function viewed() {
  const out: { entity: string; fields: string[]; columns: Set<string> }[] = [];
  for (const [entity, schema] of t.ctx.schemas.entities) {
    if (!schema['x-tables'] || !(await hasView(t.ctx, entity))) continue;
    const columns = new Set(
      (
        await t.ctx.db.query<{ attname: string }>('SELECT attname FROM pg_attribute WHERE attrelid = $1::text::regclass AND attnum > 0 AND NOT attisdropped', [
          viewOf(entity),
        ])
      ).map((r) => r.attname),
    );
    out.push({ entity, fields: Object.keys(schema.properties).filter((f) => schema.properties[f].type !== 'array'), columns });
  }
  return out;
}

/** An audit row of `field` for record `id` of `entity`; answers its id. */
async function audited(entity: string, id: string, field: string) {
  const [{ auditid }] = await t.ctx.db.query<{ auditid: number }>(
    `INSERT INTO audit_log (userid, entity, entityid, field, oldvalue, newvalue) VALUES (1, $1, $2, $3, NULL, 'x') RETURNING auditid`,
    [entity, id, field],
  );
  return auditid;
}

describe('issue 26: every entity read through a view carries all its fields there', () => {
  it('each field of an entity with a view is a column of the view', async () => {
    const all = await viewed();
    expect(all.length).toBeGreaterThan(10);
    const schemaOf = (entity: string) => t.ctx.schemas.entities.get(entity)!;
    const missing = all.flatMap(({ entity, fields, columns }) => fields.filter((f) => !columns.has(column(schemaOf(entity), f))).map((f) => `${entity}.${f}`));
    expect(missing).toEqual([]);
  });

  it('the change feed reads a changed record of every such entity from an audit row of any field, without an error', async () => {
    const failed: string[] = [];
    for (const { entity, fields } of await viewed()) {
      const schema = t.ctx.schemas.entities.get(entity)!;
      const key = recordKey(schema);
      const [row] = await t.ctx.db.query(`SELECT ${column(schema, key)} AS k FROM ${viewOf(entity)} ORDER BY 1 LIMIT 1`);
      const id = String(row?.k ?? 1);
      for (const field of fields) {
        const auditId = await audited(entity, id, field);
        await readRecordBatch(t.ctx, entity, auditId, auditId).catch((err: Error) => failed.push(`${entity}.${field}: ${err.message}`));
      }
    }
    expect(failed).toEqual([]);
  });

  it("a transfer checklist's change reaches the feed with its colorway season and item counts, as its screen shows them", async () => {
    // A checklist of the demo data (fixtures/demo/transfer-checklists.ts).
    const [{ id }] = await t.ctx.db.query<{ id: number }>('SELECT transferchecklistid AS id FROM transfer_checklists ORDER BY 1 LIMIT 1');
    const [admin] = await t.tokens('admin');
    const shown = await (await t.request('GET', `/api/TransferChecklist/Get?transferChecklistId=${id}`, { token: admin })).json();
    const auditId = await audited('transfer-checklist', String(id), 'IsTariffMitigationTransfer');
    const batch = await readRecordBatch(t.ctx, 'transfer-checklist', auditId, auditId);
    expect(batch?.records[0].values).toMatchObject({ TransferChecklistId: id, PrototypeSeasonalId: shown.PrototypeSeasonalId, RowVersion: shown.RowVersion });
    const enabled = shown.Items.filter((i: { IsEnabled: boolean }) => i.IsEnabled);
    expect(batch?.records[0].values).toMatchObject({
      EnabledCount: enabled.length,
      CompleteCount: enabled.filter((i: { IsComplete: boolean }) => i.IsComplete).length,
    });
  });

  it('a lookup keyed by text is no live record (no event, no error); one entity failing does not lose the others read with it', async () => {
    expectServerErrors(/^Change feed: brief .* not read: broken on purpose$/);
    const textKeyed = await audited('basic-color', '101', 'BasicColorName');
    expect(await readRecordBatch(t.ctx, 'basic-color', textKeyed, textKeyed)).toBeNull();
    const [{ id }] = await t.ctx.db.query(`SELECT prototypeseasonalid AS id FROM colorway_view ORDER BY 1 LIMIT 1`);
    const colorway = await audited('colorway', String(id), 'ColorDesc');
    const failing = {
      records: async (...args: Parameters<typeof readRecordBatch>) => {
        if (args[1] === 'brief') throw new Error('broken on purpose');
        return readRecordBatch(...args);
      },
      jobs: async () => null,
    };
    const batches = await readBatches(
      t.ctx,
      [
        { kind: 'records', entity: 'brief', first: 1, last: 1 },
        { kind: 'records', entity: 'colorway', first: colorway, last: colorway },
      ],
      failing,
    );
    expect(batches.map((b) => (b.kind === 'records' ? b.entity : b.kind))).toEqual(['colorway']);
  });
});
