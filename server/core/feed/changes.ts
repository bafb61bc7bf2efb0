/**
 * What the change feed carries (ADR 035), read once per notification and cut per audience: the
 * records a statement changed (from the audit trail's rows it names, then the records' values as
 * they are now) and the upload jobs a statement inserted or updated. Scoped like every read: a
 * record goes only to users the record-level rule lets read it (records/access.ts `mayAccess`, the
 * in-memory form of records/scope.ts), with only the fields visibility lets them see
 * (schemas/visibility.ts), reference names named within their brands; a job only to its creator or
 * to module 18 readers (imports/upload-jobs.ts).
 */
import { FEED_VALUES_LIMIT, type PartialGroup } from '../../domain/feed-events';
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import { mayAccess } from '../records/access';
import { column, hasView, recordKey, selectFields, viewOf } from '../records/columns';
import { withNameFields, withReferenceNames } from '../records/references';
import { fieldAccess, holds, type FieldAccess } from '../schemas/visibility';
import type { EntitySchema } from '../schemas/documents';
import { jobItem, jobRowsBetween, seesJob } from '../imports/upload-jobs';

/** One changed record as read: its values (everything any audience may get) and who changed which fields. */
export interface ChangedRecord {
  key: number;
  values: Record<string, unknown>;
  changed: string[];
  by: string;
  byId: number | null;
  at: string;
}
export interface RecordBatch {
  kind: 'records';
  entity: string;
  records: ChangedRecord[];
}
export interface JobBatch {
  kind: 'jobs';
  rows: Record<string, any>[];
}
export type Batch = RecordBatch | JobBatch;

const USER_NAME = `CASE WHEN a.userid = 1 OR u.userid IS NULL THEN 'System User' ELSE trim(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '')) END`;

/** The fields a record's event carries besides the changed ones: its version and state, and what is computed from other fields. */
const alwaysSent = (schema: EntitySchema) =>
  Object.keys(schema.properties).filter(
    (f) => (f === 'RowVersion' || f === 'IsDeleted' || schema.properties[f]['x-computed']) && schema.properties[f].type !== 'array',
  );

/** A notification's payload as a batch to read ('records <entity> <first> <last>' or 'jobs <first> <last> <xid>'), or null. */
export function parsePayload(
  payload: string,
): { kind: 'records'; entity: string; first: number; last: number } | { kind: 'jobs'; first: number; last: number } | null {
  const r = /^records ([a-z0-9-]{1,80}) (\d{1,18}) (\d{1,18})$/.exec(payload);
  if (r) return { kind: 'records', entity: r[1], first: Number(r[2]), last: Number(r[3]) };
  const j = /^jobs (\d{1,18}) (\d{1,18}) \d{1,20}$/.exec(payload);
  return j ? { kind: 'jobs', first: Number(j[1]), last: Number(j[2]) } : null;
}

/**
 * The records behind a run of audit ids, as they are now; null when the entity is no stored record
 * (users, roles, layouts: their screens are not live; lookups keyed by text) or none of them is left.
 */
export async function readRecordBatch(ctx: AppContext, entity: string, first: number, last: number): Promise<RecordBatch | null> {
  const schema = ctx.schemas.entities.get(entity);
  // Records with a numeric key only: a lookup keyed by text (a basic colour's key) is no live record.
  if (!schema?.['x-tables'] || schema.properties[recordKey(schema)]?.type !== 'integer' || !(await hasView(ctx, entity))) return null;
  const audit = await ctx.db.query<{ entityid: string; field: string; userid: number | null; changedat: string; name: string }>(
    `SELECT a.entityid, a.field, a.userid, a.changedat, ${USER_NAME} AS name
       FROM audit_log a LEFT JOIN users u ON u.userid = a.userid
      WHERE a.auditid BETWEEN $1 AND $2 AND a.entity = $3 ORDER BY a.auditid`,
    [first, last, entity],
    { prepare: true },
  );
  const byKey = new Map<number, ChangedRecord>();
  for (const a of audit) {
    if (!/^\d{1,10}$/.test(a.entityid)) continue;
    const key = Number(a.entityid);
    const rec = byKey.get(key) ?? { key, values: {}, changed: [], by: a.name, byId: a.userid, at: new Date(a.changedat).toISOString() };
    const prop = schema.properties[a.field];
    if (prop && prop.type !== 'array' && !rec.changed.includes(a.field)) rec.changed.push(a.field);
    byKey.set(key, rec);
  }
  if (!byKey.size) return null;
  const keyField = recordKey(schema);
  const changed = [...byKey.values()].flatMap((r) => r.changed);
  const scopeFields = [schema['x-brandField'], schema['x-factoryField']].filter((f): f is string => !!f);
  // A batch too large for values (cutFor) needs only what scopes it and its versions.
  const wanted =
    byKey.size > FEED_VALUES_LIMIT
      ? [keyField, ...scopeFields, ...Object.keys(schema.properties).filter((f) => f === 'IsDeleted' || f === 'RowVersion')]
      : withNameFields(schema, [...new Set([keyField, ...scopeFields, ...alwaysSent(schema), ...changed])]);
  const fields = wanted.filter((f) => schema.properties[f]?.type !== 'array' || f === schema['x-factoryField']);
  const rows = await selectFields(ctx.db, schema, fields, `FROM ${viewOf(entity)} WHERE ${column(schema, keyField)} = ANY($1::int[])`, [[...byKey.keys()]]);
  const records = rows.flatMap((values) => {
    const rec = byKey.get(Number(values[keyField]));
    return rec ? [{ ...rec, values }] : [];
  });
  return records.length ? { kind: 'records', entity, records } : null;
}

export type Payload = NonNullable<ReturnType<typeof parsePayload>>;

/**
 * The batches of several notifications read together (the hub takes every notification that came
 * while it was busy): one batch per entity, its records merged (a bulk save commits a batch at a
 * time: 1,000 rows embedded are five notifications, one event), and the job batches as they came; appended to `out`, whose
 * record batches take the new records of their entity.
 */
export async function readBatches(
  ctx: AppContext,
  payloads: readonly Payload[],
  read = { records: readRecordBatch, jobs: readJobBatch },
  out: Batch[] = [],
): Promise<Batch[]> {
  const byEntity = new Map(out.flatMap((b) => (b.kind === 'records' ? [[b.entity, b] as const] : [])));
  for (const p of payloads) {
    if (p.kind === 'jobs') {
      const jobs = await read.jobs(ctx, p.first, p.last);
      if (jobs) out.push(jobs);
      continue;
    }
    // One entity's failure is logged and does not lose the other changes read with it (a read the
    // closing of the database cut short has no one left to tell).
    const batch = await read.records(ctx, p.entity, p.first, p.last).catch((err: Error) => {
      if (!ctx.db.closed) console.error(`Change feed: ${p.entity} ${p.first}–${p.last} not read: ${err.message}`);
      return null;
    });
    if (!batch) continue;
    const into = byEntity.get(p.entity);
    if (!into) {
      byEntity.set(p.entity, batch);
      out.push(batch);
      continue;
    }
    const at = new Map(into.records.map((r, i) => [r.key, i]));
    for (const r of batch.records) {
      const i = at.get(r.key);
      if (i === undefined) {
        at.set(r.key, into.records.length);
        into.records.push(r);
        continue;
      }
      const was = into.records[i];
      into.records[i] = { ...r, changed: [...new Set([...was.changed, ...r.changed])] };
    }
  }
  return out;
}

export async function readJobBatch(ctx: AppContext, first: number, last: number): Promise<JobBatch | null> {
  const rows = await jobRowsBetween(ctx, first, last);
  return rows.length ? { kind: 'jobs', rows } : null;
}

/** Users who receive the same events: same rights, brands and factories (so one cut serves them all). */
export const audienceKey = (u: SessionUser) =>
  `${u.isFactoryUser ? 'f' : 'b'}|${[...u.permissions].sort().join(',')}|${[...u.brandIds].sort().join(',')}|${[...u.factoryKeys].sort().join(',')}`;

/** A record entity's module read, which every event of it needs (the read path's route rule). */
function mayReadEntity(ctx: AppContext, user: SessionUser, entity: string, schema: EntitySchema) {
  const module = ctx.schemas.visibility.get(entity)?.module ?? schema['x-module'];
  return !module || holds(user, [module, 'read']);
}

const withoutHidden = (values: Record<string, unknown>, access: FieldAccess) =>
  Object.fromEntries(Object.entries(values).filter(([f]) => !access.hidden.has(f)));

/** The groups of a partial event: records with the same visible changed fields, user and time together. */
export function partialGroups(records: readonly ChangedRecord[], access: FieldAccess): PartialGroup[] {
  const groups = new Map<string, PartialGroup>();
  for (const r of records) {
    const changed = r.changed.filter((f) => !access.hidden.has(f));
    const id = JSON.stringify([changed, r.by, r.byId, r.at]);
    const g = groups.get(id) ?? { Changed: changed, ChangedBy: r.by, ChangedById: r.byId, ChangedOn: r.at, Keys: [], RowVersions: [], Deleted: [] };
    g.Keys.push(r.key);
    g.RowVersions.push(access.hidden.has('RowVersion') ? null : r.values.RowVersion);
    if (r.values.IsDeleted === true) g.Deleted.push(r.key);
    groups.set(id, g);
  }
  return [...groups.values()];
}

/** The event of a batch as one user receives it (the SSE `event` name and its data), or null when they receive nothing of it. */
export async function cutFor(ctx: AppContext, user: SessionUser, batch: Batch): Promise<{ event: string; data: unknown } | null> {
  if (batch.kind === 'jobs') {
    const jobs = batch.rows.filter((r) => seesJob(user, r)).map(jobItem);
    return jobs.length ? { event: 'jobs', data: { Jobs: jobs } } : null;
  }
  const schema = ctx.schemas.entities.get(batch.entity)!;
  if (!mayReadEntity(ctx, user, batch.entity, schema)) return null;
  const access = fieldAccess(ctx.schemas, user, batch.entity);
  const keyField = recordKey(schema);
  const mine = batch.records.filter((r) => mayAccess(schema, user, r.values));
  // Decided by the batch, not the audience: a large batch was read without values (readRecordBatch).
  if (batch.records.length > FEED_VALUES_LIMIT)
    return mine.length ? { event: 'records', data: { Entity: batch.entity, KeyField: keyField, Partial: true, Groups: partialGroups(mine, access) } } : null;
  // Hidden fields go before the names are looked up, so no hidden reference is named.
  const rows = await withReferenceNames(
    ctx,
    ctx.db,
    user,
    schema,
    mine.map((r) => withoutHidden(r.values, access)),
  );
  const records = mine.flatMap((r, i) => {
    const fields = withoutHidden(rows[i], access);
    delete fields[keyField];
    if (!Object.keys(fields).length) return [];
    return [{ Id: r.key, Fields: fields, Changed: r.changed.filter((f) => !access.hidden.has(f)), ChangedBy: r.by, ChangedById: r.byId, ChangedOn: r.at }];
  });
  return records.length ? { event: 'records', data: { Entity: batch.entity, KeyField: keyField, Records: records } } : null;
}
