/**
 * Child rows saved with their header (issue 26 "one save path", ADR 031). A header entity declares
 * its lists (`x-children`: request property → row entity, parent key, order field, who may add and
 * remove); a list saved whole without a header declares itself (`x-list`: the corporate template).
 *
 * A save plans every list before anything is written: each request row is matched by key to a stored
 * row (no key, or 0: a new row; a key not among the header's rows, or named twice, is refused); a
 * stored row goes only where the spec allows it; the request's fields are taken under the row
 * entity's field rights (hidden fields stay as stored, read-only ones are refused); the row entity's
 * hooks (hooks.ts `onUpdate`, `prev` empty for a new row) and its schema's validation run per named
 * row, their errors under the row's path (`/FinalProcesses/3/TargetDate`); the order field is
 * renumbered 10, 20, …. Then each list is written set-based (one DELETE, one UPDATE and one INSERT
 * per list, whatever the number of rows) and audited with the header through the one audit writer.
 * `planSave`/`applySave` run the header through the records pipeline's update (write.ts: field
 * rights, hooks, validation, the stale-save 409 of stale.ts) with its lists.
 */
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { AppError, type FieldError } from '../http/errors';
import type { ChildSpec, EntitySchema } from '../schemas/documents';
import { fieldAccess } from '../schemas/visibility';
import { diffRecords, writeAuditRows, type AuditRow } from './audit';
import { column, recordKey } from './columns';
import { runUpdateHooks } from './hooks';
import { planUpdates, toValidate, writeUpdates, type UpdatePlan } from './write';

type Row = Record<string, unknown>;

/**
 * A list after a request: `keep` in order (a row the request names carries its place in it as
 * `$index`; a new row has no key until written), the stored rows it removes, its refusals.
 */
export interface ChildPlan {
  spec: ChildSpec;
  property: string;
  schema: EntitySchema;
  key: string;
  table: string;
  stored: Row[];
  keep: Row[];
  removed: Row[];
  errors: FieldError[];
}

const TEXT = { unknownRow: 'This row does not belong to the record.', cannotDelete: 'This row cannot be removed.', readOnly: 'You may not change this field.' };

/** The fields of a row entity stored in its table. */
const storedFields = (schema: EntitySchema) =>
  Object.keys(schema.properties).filter((f) => schema.properties[f]['x-table'] && schema.properties[f].type !== 'array');

const entityOf = (ctx: AppContext, spec: ChildSpec) => {
  const schema = ctx.schemas.entities.get(spec.entity);
  const tables = schema?.['x-tables'];
  if (!schema || !tables) throw new Error(`x-children: ${spec.entity} is no stored entity`);
  return { schema, table: Object.keys(tables)[0], key: recordKey(schema) };
};

/** The stored rows of the lists of these headers (every row of a list without a header), in order. */
export async function storedChildren(ctx: AppContext, q: Queryable, spec: ChildSpec, parentIds: readonly number[] = []): Promise<Row[]> {
  const { schema, table, key } = entityOf(ctx, spec);
  const where = [spec.parentKey && `${column(schema, spec.parentKey)} = ANY($1)`, spec.softDelete && `NOT ${column(schema, spec.softDelete)}`].filter(Boolean);
  return q.query(
    `SELECT ${storedFields(schema)
      .map((f) => `${column(schema, f)} AS "${f}"`)
      .join(', ')} FROM ${table}
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${spec.order ? `${column(schema, spec.order)}, ` : ''}${column(schema, key)}`,
    spec.parentKey ? [parentIds] : [],
  );
}

/** Rows in the order of their order field (a row without a number last; equal numbers keep their order), renumbered 10, 20, …. */
function renumbered(rows: Row[], field: string): Row[] {
  return rows
    .map((r, i) => ({ r, i, n: typeof r[field] === 'number' ? (r[field] as number) : Number.MAX_SAFE_INTEGER }))
    .sort((a, b) => a.n - b.n || a.i - b.i)
    .map(({ r }, n) => ({ ...r, [field]: (n + 1) * 10 }));
}

/** A list planned against a request's rows (undefined: the request leaves the list as it is); no write. */
export async function planChildren(
  ctx: AppContext,
  q: Queryable,
  user: SessionUser,
  spec: ChildSpec,
  property: string,
  stored: Row[],
  request: readonly Row[] | undefined,
): Promise<ChildPlan> {
  const { schema, table, key } = entityOf(ctx, spec);
  const plan: ChildPlan = { spec, property, schema, key, table, stored, keep: [], removed: [], errors: [] };
  if (!request) return { ...plan, keep: stored.map((r) => ({ ...r })) };
  const text = { ...TEXT, ...spec.messages };
  const access = fieldAccess(ctx.schemas, user, spec.entity);
  // Computed fields a request may name (the approval date of CP-038) are the hooks' to keep or replace.
  const writable = storedFields(schema).filter((f) => f !== key && f !== spec.parentKey && f !== spec.softDelete && !access.hidden.has(f));
  const lockedOut = (f: string) => access.readOnly.has(f) && !schema.properties[f]['x-computed'];
  const byKey = new Map(stored.map((r) => [r[key], r]));
  const named = new Set<unknown>();
  const at = (i: number, field: string) => `/${property}/${i}${field === '/' ? '' : field}`;
  const fail = (i: number, field: string, message: string) => {
    plan.errors.push({ Field: at(i, field), Message: message });
  };
  const out: Row[] = [];
  for (const [i, r] of request.entries()) {
    const id = r[key] || 0;
    const prev = id ? byKey.get(id) : undefined;
    if (id && (!prev || named.has(id))) {
      fail(i, `/${key}`, prev ? (text.twice ?? text.unknownRow) : text.unknownRow);
      continue;
    }
    if (id) named.add(id);
    if (spec.remove === 'flag' && r.IsDeleted) {
      if (!prev) continue;
      if (spec.deletable && prev[spec.deletable] === false) fail(i, '/IsDeleted', text.cannotDelete);
      else plan.removed.push(prev);
      continue;
    }
    if (!prev && spec.add === false) {
      fail(i, `/${key}`, text.notAdded ?? text.unknownRow);
      continue;
    }
    const changes: Row = {};
    for (const f of writable.filter((w) => w in r)) {
      if (lockedOut(f) && String(r[f] ?? '') !== String(prev?.[f] ?? '')) fail(i, `/${f}`, text.readOnly);
      else changes[f] = r[f];
    }
    try {
      const next = await runUpdateHooks(spec.entity, { ctx, q, user, prev: prev ?? {}, changes, warn: () => {} });
      plan.errors.push(...ctx.schemas.validate('entity', spec.entity, toValidate(schema, prev ?? {}, next)).map((e) => ({ ...e, Field: at(i, e.Field) })));
      out.push({ ...prev, ...next, $index: i });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      plan.errors.push(...(err.errors.length ? err.errors : [{ Field: '/', Message: err.message }]).map((e) => ({ ...e, Field: at(i, e.Field) })));
    }
  }
  for (const s of stored) if (!named.has(s[key])) (spec.remove === 'missing' ? plan.removed : out).push({ ...s });
  plan.keep = spec.order ? renumbered(out, spec.order) : out;
  return plan;
}

/** What a list's write did: rows added, changed (a stored field differs) and removed, and their audit rows. */
export interface ChildWrite {
  added: number;
  changed: number;
  removed: number;
  audit: AuditRow[];
}

/**
 * Writes a planned list set-based: one DELETE (or marking UPDATE) of the removed rows, one UPDATE of
 * the stored rows that changed (their changed columns, typed by the table's own row type through
 * jsonb_populate_recordset) and one INSERT of the new rows, whose keys are set on them (serial keys
 * follow the insert's order). Its audit rows are answered, for the save's one audit insert.
 */
export async function writeChildren(q: Queryable, plan: ChildPlan, parentId?: number): Promise<ChildWrite> {
  const { schema, table, key, spec } = plan;
  const col = (f: string) => column(schema, f);
  const fields = storedFields(schema).filter((f) => f !== key);
  const audit: AuditRow[] = [];
  const note = (id: unknown, changes: ReturnType<typeof diffRecords>) =>
    audit.push(...changes.map((c) => ({ ...c, entity: spec.entity, entityId: id as number })));
  const json = (r: Row, fs: string[]) => Object.fromEntries(fs.map((f) => [col(f), r[f] ?? null]));
  const pick = (r: Row, fs: string[]) => Object.fromEntries(fs.filter((f) => f in r).map((f) => [f, r[f]]));

  if (plan.removed.length) {
    const ids = plan.removed.map((r) => r[key]);
    await q.query(
      spec.softDelete ? `UPDATE ${table} SET ${col(spec.softDelete)} = true WHERE ${col(key)} = ANY($1)` : `DELETE FROM ${table} WHERE ${col(key)} = ANY($1)`,
      [ids],
    );
    for (const id of ids) note(id, [{ field: spec.softDelete ?? 'IsDeleted', oldValue: false, newValue: true }]);
  }

  const byKey = new Map(plan.stored.map((r) => [r[key], r]));
  const changed = plan.keep
    .filter((r) => r[key])
    .map((r) => ({ r, diff: diffRecords(byKey.get(r[key])!, pick(r, fields)) }))
    .filter((c) => c.diff.length);
  if (changed.length) {
    const cols = [...new Set(changed.flatMap((c) => c.diff.map((d) => d.field)))];
    await q.query(
      `UPDATE ${table} t SET ${cols.map((f) => `${col(f)} = j.${col(f)}`).join(', ')}
         FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb) j WHERE t.${col(key)} = j.${col(key)}`,
      [JSON.stringify(changed.map((c) => ({ ...json(c.r, cols), [col(key)]: c.r[key] })))],
    );
    for (const c of changed) note(c.r[key], c.diff);
  }

  const added = plan.keep.filter((r) => !r[key]);
  if (added.length) {
    if (spec.parentKey) for (const r of added) r[spec.parentKey] = parentId;
    const cols = fields.filter((f) => added.some((r) => r[f] !== undefined));
    const ids = await q.query<{ id: number }>(
      `INSERT INTO ${table} (${cols.map(col).join(', ')})
       SELECT ${cols.map((f) => `j.${col(f)}`).join(', ')} FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb) WITH ORDINALITY j ORDER BY j.ordinality
       RETURNING ${col(key)} AS id`,
      [JSON.stringify(added.map((r) => json(r, cols)))],
    );
    const keys = ids.map((r) => r.id).sort((a, b) => a - b);
    added.forEach((r, i) => {
      r[key] = keys[i];
      note(keys[i], diffRecords({}, pick(r, cols)));
    });
  }
  return { added: added.length, changed: changed.length, removed: plan.removed.length, audit };
}

/**
 * Writes a planned list whose errors the caller has answered, with the save's one audit insert: the
 * list's rows, between `before` and `after` (the audit rows of the save's other writes: the headers'
 * updates, a history line naming the list on its header). For a list saved without applySave: a list
 * of its own (`x-list`), a header's list saved on its own call (the line plan's calendars, a colorway's
 * size ranges), the lists of many headers at once (the checklists' upload).
 */
export async function saveList(
  q: Queryable,
  userId: number | null,
  plan: ChildPlan,
  opts: {
    parentId?: number;
    before?: readonly AuditRow[];
    /** Or worked out once the list is written (a history line describing the list as stored). */
    after?: readonly AuditRow[] | (() => Promise<readonly AuditRow[]>);
  } = {},
): Promise<ChildWrite> {
  const written = await writeChildren(q, plan, opts.parentId);
  const after = typeof opts.after === 'function' ? await opts.after() : (opts.after ?? []);
  await writeAuditRows(q, userId, [...(opts.before ?? []), ...written.audit, ...after]);
  return written;
}

/** A header save: its changes (the user's, under field rights), the server's own, and the request's lists by `x-children` property. */
export interface HeaderSave {
  entity: string;
  id: number;
  rowVersion: number;
  changes: Row;
  /** Fields set by the server after its own checks (write.ts UpdateRequest.server). */
  server?: Row;
  /** The request's lists; a list left out stays as stored. */
  children: Record<string, readonly Row[] | undefined>;
}

/** A header save planned: the header's update plan, each list's plan, every field error (header first, then the lists). */
export interface SavePlan {
  header: UpdatePlan;
  children: Record<string, ChildPlan>;
  errors: FieldError[];
}

/**
 * Plans a header save with its lists; no write. A refusal that is no field error (the stale-save 409,
 * a 403 or 404) is thrown; field errors are collected for the caller to answer in its screen's words
 * after its own rules between rows have added theirs.
 */
export async function planSave(ctx: AppContext, q: Queryable, user: SessionUser, save: HeaderSave): Promise<SavePlan> {
  const schema = ctx.schemas.entities.get(save.entity)!;
  const header = await planUpdates(ctx, q, user, save.entity, recordKey(schema), [
    { id: save.id, rowVersion: save.rowVersion, changes: save.changes, server: save.server, auditVersion: true },
  ]);
  const errors: FieldError[] = [];
  const refused = header.out[0];
  if (refused && !refused.ok) {
    if (refused.error.status !== 400 || !refused.error.errors.length) throw refused.error;
    errors.push(...refused.error.errors);
  }
  const children: Record<string, ChildPlan> = {};
  for (const [property, spec] of Object.entries(schema['x-children'] ?? {})) {
    children[property] = await planChildren(ctx, q, user, spec, property, await storedChildren(ctx, q, spec, [save.id]), save.children[property]);
    errors.push(...children[property].errors);
  }
  return { header, children, errors };
}

/**
 * Writes a planned save whose errors the caller has answered: the header (locked, its version checked
 * again), each list, one audit insert (with `also`: the audit rows of the feature's own writes in the save).
 */
export async function applySave(q: Queryable, plan: SavePlan, also: AuditRow[] = []): Promise<Record<string, ChildWrite>> {
  const audit = [...(await writeUpdates(q, plan.header)), ...also];
  const refused = plan.header.out[0];
  if (refused && !refused.ok) throw refused.error;
  const written: Record<string, ChildWrite> = {};
  for (const [property, child] of Object.entries(plan.children)) {
    written[property] = await writeChildren(q, child, plan.header.reqs[0].id);
    audit.push(...written[property].audit);
  }
  await writeAuditRows(q, plan.header.user.userId, audit);
  return written;
}
