/**
 * The generic write path of the records pipeline (DESIGN "records pipeline"), set-based (issue 10):
 * for all rows of a request at once — check field rights → read the records in one query → refuse
 * a changed fixed reference (fixed-references.ts: brand, season, parent keep their value) → lock
 * them and check their row versions in one statement → entity hooks per row in TypeScript over
 * lookups loaded once (request-cache.ts), input-only fields (`x-input`) dropped after them → set
 * checks between rows → validate each merged record (its changed and required fields) →
 * one UPDATE per table → one audit insert → one read of the results. A single-record save is the
 * same path with one row. A row that fails any check is reported alone (its own AppError) and not
 * written; every check runs before the first write, so no savepoints are needed for them.
 * A stale version gets the stale-save 409 (stale.ts) naming who changed the record and when; nothing is overwritten.
 */
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { AppError, badRequest, forbidden, type FieldError } from '../http/errors';
import { mayAccess, recordNotFound } from './access';
import { fieldAccess, visibleRecord } from '../schemas/visibility';
import type { EntitySchema } from '../schemas/documents';
import { diffRecords, savedChanges, writeAuditRows, type AuditRow } from './audit';
import { shapeOf, writeRows } from './write-rows';
import { column, selectFields, viewOf } from './columns';
import { runPrepareHooks, runSetChecks, runUpdateHooks } from './hooks';
import { withRequestCache } from './request-cache';
import { withReferenceNames } from './references';
import { fixedFieldsMoved, fixedFieldsOf } from './fixed-references';
import { staleSave, staleSaves } from './stale';

/**
 * `warnings` collects the hooks' notes that do not refuse the save (see UpdateHookArgs.warn).
 * `allowFixed`: fixed reference fields (x-ref `fixed`) this server operation moves on purpose after
 * its own checks (a relink); set by server code only, never from a request body (fixed-references.ts).
 */
export interface UpdateRequest {
  id: number;
  rowVersion: number;
  changes: Record<string, unknown>;
  warnings?: string[];
  allowFixed?: readonly string[];
  /** The screen the save comes from (a grid id, e.g. 'costing'): hooks answer in that screen's own texts (DECISIONS FLASH-012). */
  screen?: string;
  /** Fields set by server code after its own checks (no field rights, like a hook's computed fields); never from a request body. */
  server?: Record<string, unknown>;
  /** Audit the version move when no field changed (a header saved for its child rows: savedChanges), so the trail names every version. */
  auditVersion?: boolean;
}

/** What became of one row of a save: the record at its next version, or why it was not saved. */
export type RowOutcome = { ok: true; record: Record<string, unknown> } | { ok: false; error: AppError };

/** Rows run through the hooks before the event loop may serve others (a bulk save must not freeze the server). */
const YIELD_EVERY = 50;

/** Lets waiting requests (their I/O callbacks) run before the next step of a long save. */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

const INVALID = 'Your submission contains error(s). Please correct the highlighted items below.';

/** The fields a request may not change, as errors; hidden fields are not named (PERM-029). */
function refusedFields(schema: EntitySchema, access: ReturnType<typeof fieldAccess>, changes: Record<string, unknown>): AppError | null {
  const errors: FieldError[] = [];
  let hiddenTouched = false;
  for (const field of Object.keys(changes)) {
    const prop = schema.properties[field];
    if (!prop) errors.push({ Field: `/${field}`, Message: 'Unknown field.' });
    else if (access.hidden.has(field)) hiddenTouched = true;
    else if (access.readOnly.has(field) || !(prop['x-table'] || prop['x-input']))
      errors.push({ Field: `/${field}`, Message: 'You may not change this field.' });
  }
  if (hiddenTouched) errors.push({ Field: '/', Message: 'The request changes fields you may not change.' });
  if (errors.some((e) => e.Message === 'Unknown field.')) return badRequest('The request names unknown fields.', errors);
  return errors.length ? forbidden('You may not change some of these fields.').withErrors(errors) : null;
}

/**
 * The part of a row's merged record its save can make invalid: the fields it changes (with those the
 * hooks computed) and the required ones; null counts as absent. The other stored fields are as they
 * were, so validating them again for every row of a 1,000-row paste would only cost time.
 */
export function toValidate(schema: EntitySchema, prev: Record<string, unknown>, changes: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const f of schema.required ?? []) if (prev[f] !== null && prev[f] !== undefined) out[f] = prev[f];
  for (const [f, v] of Object.entries(changes))
    if (v === null) delete out[f];
    else out[f] = v;
  return out;
}

/**
 * The changes without the entity's input-only fields (`x-input`, ADR 002: e.g. the forecast grid's Launch
 * number): the hooks have turned them into stored fields; they are neither validated, written nor audited.
 */
function withoutInputs(schema: EntitySchema, changes: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(changes).filter(([f]) => !schema.properties[f]?.['x-input']));
}

export function updateRecord(ctx: AppContext, user: SessionUser, entity: string, keyField: string, req: UpdateRequest) {
  return ctx.db.tx((q) => updateRecordIn(ctx, q, user, entity, keyField, req));
}

/** One record, inside the caller's transaction; throws the row's error. */
export async function updateRecordIn(ctx: AppContext, q: Queryable, user: SessionUser, entity: string, keyField: string, req: UpdateRequest) {
  const [outcome] = await updateRecordsIn(ctx, q, user, entity, keyField, [req]);
  if (!outcome.ok) throw outcome.error;
  return outcome.record;
}

/**
 * Many records of one entity, inside the caller's transaction: an outcome per request row, in order.
 * `answer`: the fields the caller needs back (a grid's columns); by default the whole visible record.
 */
export async function updateRecordsIn(
  ctx: AppContext,
  q: Queryable,
  user: SessionUser,
  entity: string,
  keyField: string,
  reqs: UpdateRequest[],
  answer?: string[],
): Promise<RowOutcome[]> {
  const plan = await planUpdates(ctx, q, user, entity, keyField, reqs);
  await applyUpdates(q, plan);
  return answerUpdates(q, plan, answer);
}

/** A save worked out and not yet written: the outcome of each row so far and the rows to write. */
export interface UpdatePlan {
  ctx: AppContext;
  user: SessionUser;
  entity: string;
  keyField: string;
  reqs: UpdateRequest[];
  schema: EntitySchema;
  shape: ReturnType<typeof shapeOf>;
  out: (RowOutcome | undefined)[];
  rows: { i: number; prev: Record<string, unknown>; changes: Record<string, unknown> }[];
}

/**
 * Reads the records, checks rights and versions, runs the hooks and checks: no write and no lock, so
 * a bulk save runs this outside its transaction (the embedded database serves others meanwhile);
 * `applyUpdates` then locks and re-checks the versions, so nothing read here can be stale when written.
 */
export async function planUpdates(...args: Parameters<typeof readForUpdates>): Promise<UpdatePlan> {
  return checkUpdates(await readForUpdates(...args));
}

/** A save's records as read, its rights and versions checked and its lookups loaded: what `checkUpdates` works on. */
export type UpdatesRead = Awaited<ReturnType<typeof readForUpdates>>;

/**
 * The reading half of `planUpdates` (its database work before the hooks): the records in one read,
 * rights, fixed references and versions checked, the prepare steps' lookups loaded. A bulk save
 * reads its next batch with this before it writes the current one (bulk.ts).
 */
export async function readForUpdates(
  ctx: AppContext,
  q: Queryable,
  user: SessionUser,
  entity: string,
  keyField: string,
  reqs: UpdateRequest[],
  /** The records already read by the caller (their stored fields, `ShapeOf.stored`), by key: not read again. */
  known?: Map<number, Record<string, unknown>>,
) {
  const schema = ctx.schemas.entities.get(entity)!;
  const access = fieldAccess(ctx.schemas, user, entity);
  const shape = shapeOf(schema, entity);
  const out: (RowOutcome | undefined)[] = reqs.map(() => undefined);
  const fail = (i: number, error: AppError) => {
    out[i] = { ok: false, error };
  };
  const live = () => reqs.map((_, i) => i).filter((i) => !out[i]);

  reqs.forEach((r, i) => {
    const refused = refusedFields(schema, access, r.changes);
    if (refused) fail(i, refused);
  });

  // The records as they are, in one read.
  const unknown = live()
    .map((i) => reqs[i].id)
    .filter((id) => !known?.has(id));
  const prevRows = unknown.length
    ? await selectFields(q, schema, shape.storedFields, `FROM ${viewOf(entity)} WHERE ${column(schema, keyField)} = ANY($1)`, [unknown])
    : [];
  const prevById = new Map([...(known ?? []), ...prevRows.map((r) => [r[keyField] as number, r] as const)]);
  if (reqs.length > YIELD_EVERY) await yieldToOthers();
  const prevOf = (i: number) => prevById.get(reqs[i].id)!;
  // A record the user may not see answers exactly like a missing one (access.ts).
  for (const i of live()) {
    const prev = prevById.get(reqs[i].id);
    if (!prev || !mayAccess(schema, user, prev)) fail(i, recordNotFound());
  }

  // Fixed references (brand, season, the parent) keep their stored value; sending that same value is fine.
  const fixed = fixedFieldsOf(schema);
  for (const i of live()) {
    const moved = fixedFieldsMoved(fixed, prevOf(i), reqs[i].changes, reqs[i].allowFixed);
    if (moved) fail(i, moved);
  }

  // Versions: a row sent at another version than the record's is stale; so is a second row of the same
  // record in one request (written against the version the first one moves).
  const seen = new Set<number>();
  const staleRows = live().filter((i) => {
    const again = seen.has(reqs[i].id);
    seen.add(reqs[i].id);
    return again || prevOf(i).RowVersion !== reqs[i].rowVersion;
  });
  if (staleRows.length) {
    const errors = await staleSaves(q, entity, new Map(staleRows.map((i) => [reqs[i].id, prevOf(i).RowVersion as number])));
    for (const i of staleRows) fail(i, errors.get(reqs[i].id)!);
  }

  // The lookups the hooks will ask for, loaded once for the request.
  const hq = withRequestCache(q);
  await runPrepareHooks(entity, { ctx, q: hq, user, rows: live().map((i) => ({ prev: prevOf(i), changes: reqs[i].changes })) });
  return { ctx, user, entity, keyField, reqs, schema, shape, out, hq, fail, live, prevOf };
}

/** The checking half of `planUpdates`: the entity hooks per row, validation and the set checks. */
export async function checkUpdates(read: UpdatesRead): Promise<UpdatePlan> {
  const { ctx, user, entity, keyField, reqs, schema, shape, out, hq, fail, live, prevOf } = read;
  const changesOf = new Map<number, Record<string, unknown>>();
  for (const [n, i] of live().entries()) {
    if (n && n % YIELD_EVERY === 0) await yieldToOthers();
    const req = reqs[i];
    const warn = (message: string) => {
      if (!req.warnings?.includes(message)) req.warnings?.push(message);
    };
    try {
      const changes = withoutInputs(
        schema,
        await runUpdateHooks(entity, { ctx, q: hq, user, prev: prevOf(i), changes: { ...req.changes, ...req.server }, warn, screen: req.screen }),
      );
      const errors = ctx.schemas.validate('entity', entity, toValidate(schema, prevOf(i), changes));
      if (errors.length) throw badRequest(INVALID, errors);
      changesOf.set(i, changes);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      fail(i, err);
    }
  }
  const checked = live();
  const setErrors = await runSetChecks(entity, { q: hq, rows: checked.map((i) => ({ prev: prevOf(i), changes: changesOf.get(i)! })) });
  checked.forEach((i, n) => {
    if (setErrors[n].length) fail(i, badRequest(setErrors[n][0].Message, setErrors[n]));
  });

  // Two seasons of one record changing its shared base row in one request: the first wins, the later ones are stale.
  const [baseTable, baseKey] = Object.entries(shape.tables)[0];
  if (baseTable !== shape.versionTable) {
    const baseTaken = new Set<unknown>();
    for (const i of live()) {
      if (!Object.keys(shape.tableRow(changesOf.get(i)!, baseTable)).length) continue;
      if (baseTaken.has(prevOf(i)[baseKey])) fail(i, staleSave(undefined, (prevOf(i).RowVersion as number) + 1));
      baseTaken.add(prevOf(i)[baseKey]);
    }
  }
  return { ctx, user, entity, keyField, reqs, schema, shape, out, rows: live().map((i) => ({ i, prev: prevOf(i), changes: changesOf.get(i)! })) };
}

/**
 * Writes a plan inside the caller's transaction: locks its rows in one statement (in key order, so
 * concurrent saves cannot deadlock); a row whose version moved since the plan read it is stale and
 * left out; the others are written (one UPDATE per table) and audited (one insert).
 */
export async function applyUpdates(q: Queryable, plan: UpdatePlan) {
  await writeAuditRows(q, plan.user.userId, await writeUpdates(q, plan));
}

/** applyUpdates without the audit insert: answers the audit rows, for a save that writes them with others' (children.ts). */
export async function writeUpdates(q: Queryable, plan: UpdatePlan): Promise<AuditRow[]> {
  const { schema, shape } = plan;
  if (!plan.rows.length) return [];
  const versionCol = column(schema, shape.versionKey);
  const locked = await q.query<{ k: number; rowversion: number }>(
    `SELECT ${versionCol} AS k, rowversion FROM ${shape.versionTable} WHERE ${versionCol} = ANY($1) ORDER BY 1 FOR UPDATE`,
    [plan.rows.map((r) => r.prev[shape.versionKey])],
  );
  const versions = new Map(locked.map((r) => [r.k, r.rowversion]));
  const moved = plan.rows.filter((r) => versions.get(r.prev[shape.versionKey] as number) !== r.prev.RowVersion);
  if (moved.length) {
    const errors = await staleSaves(q, plan.entity, new Map(moved.map((r) => [plan.reqs[r.i].id, versions.get(r.prev[shape.versionKey] as number)!])));
    for (const r of moved) plan.out[r.i] = { ok: false, error: errors.get(plan.reqs[r.i].id)! };
    plan.rows = plan.rows.filter((r) => !moved.includes(r));
  }
  await writeRows(q, schema, shape, plan.user, plan.rows);
  return plan.rows.flatMap((r): AuditRow[] => {
    const changes = diffRecords(r.prev, r.changes);
    return (plan.reqs[r.i].auditVersion ? savedChanges(r.prev.RowVersion as number, changes) : changes).map((ch) => ({
      ...ch,
      entity: plan.entity,
      entityId: plan.reqs[r.i].id,
    }));
  });
}

/** The written records at their next versions, in one read; the outcome of every row of the plan. */
export async function answerUpdates(q: Queryable, plan: UpdatePlan, answer?: string[]): Promise<RowOutcome[]> {
  const { schema, shape, keyField, reqs } = plan;
  if (plan.rows.length) {
    const access = fieldAccess(plan.ctx.schemas, plan.user, plan.entity);
    const fields = answer ? [...new Set([keyField, 'RowVersion', ...answer])].filter((f) => shape.all.includes(f)) : shape.all;
    const next = await selectFields(q, schema, fields, `FROM ${viewOf(plan.entity)} WHERE ${column(schema, keyField)} = ANY($1)`, [
      plan.rows.map((r) => reqs[r.i].id),
    ]);
    const byId = new Map(next.map((r) => [r[keyField] as number, visibleRecord(r, access)]));
    const named = await withReferenceNames(
      plan.ctx,
      q,
      plan.user,
      schema,
      plan.rows.map((r) => byId.get(reqs[r.i].id)!),
    );
    plan.rows.forEach((r, n) => {
      plan.out[r.i] = { ok: true, record: named[n] };
    });
  }
  return plan.out as RowOutcome[];
}
