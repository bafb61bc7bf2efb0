/**
 * What the three critical path kinds share (issue 15, CP-019..029, CP-046/047): texts, the record
 * scope (brand, and factory for factory users: a path outside it answers exactly like a missing
 * one), the row version check, process rows kept in step with a request (IsDeleted, SortOrder in
 * steps of 10), date and approver checks, the cancel rule of DECISIONS CP-029.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { lookupHidden } from '../../core/schemas/visibility';
import { AppError, badRequest, type FieldError } from '../../core/http/errors';
import { staleRecord } from '../../core/records/stale';

export const MSG = {
  saved: 'Record Saved Successfully.',
  /** CP-046. */
  notExists: 'The critical path you are updating does not exist. Please contact your system administrator',
  /** CP-047. */
  saveError: 'There was an error while saving the record. Please contact your system administrator',
  /** CP-027. */
  duplicateName: 'You may continue, but please note this name already exists.',
  /** CP-023. */
  invalid: 'Please review all fields indicated in red',
  endBeforeStart: 'The end date must not be before the start date.',
  approverNotInBrand: 'The approver must be a user of the brand.',
  cannotDelete: 'This process cannot be deleted.',
  cannotRename: 'The name of this process cannot be changed.',
  unknownRow: 'This row does not belong to the critical path.',
  unknownFactory: 'There is no factory with this key.',
  locked: 'This process is locked until the final spec is approved.',
  duplicateType: 'A critical path has one process of each approval type.',
  cancelNotActive: 'Only an active critical path can be canceled.',
  cancelCompleted: 'A critical path with a completed process cannot be canceled.',
  alreadyLinked: 'This stock number already belongs to another critical path.',
  defaultUnlinked: 'The default stock number cannot be removed.',
  oneDefault: 'Exactly one stock number is the default.',
  devPatternExists: 'This pattern already has a dev pattern critical path.',
} as const;

/** DECISIONS CP-029. */
export const STATUS = { active: 1, completed: 2, canceled: 3, onHold: 4 } as const;

/** CP-046: Result 1, answered like a missing record (a path outside the user's scope too). */
export const notExists = () => new AppError(404, 'not_found', MSG.notExists, [], { Result: 1 });

export const invalid = (errors: FieldError[]) => new AppError(400, 'bad_request', MSG.invalid, errors, { Result: 2 });

/**
 * The rows without the fields the entity's visibility rules hide from the user (schemas/visibility,
 * the only list of them: a factory user never receives a factory field, PERM-029).
 */
export function visibleTo(ctx: AppContext, user: SessionUser, entity: string): <T extends Row>(row: T) => T {
  const hidden = lookupHidden(ctx.schemas, user, entity);
  return (row) => (hidden.size ? Object.fromEntries(Object.entries(row).filter(([k]) => !hidden.has(k))) as typeof row : row);
}

/** A condition on a colorway seasonal id (SQL) true when the user may see that colorway: brand, and factory for factory users. */
export function colorwayScope(user: SessionUser, psSql: string, params: unknown[]): string {
  params.push([...user.brandIds]);
  let sql = `EXISTS (SELECT 1 FROM prototype_seasonals sx_ JOIN prototypes px_ ON px_.prototypeid = sx_.prototypeid
                      WHERE sx_.prototypeseasonalid = ${psSql} AND px_.brandid = ANY($${params.length})`;
  if (user.isFactoryUser) { params.push([...user.factoryKeys]); sql += ` AND sx_.factnameky = ANY($${params.length})`; }
  return `${sql})`;
}

/**
 * A condition on a pattern seasonal id: the pattern's brand, and for a factory user a colorway of
 * that pattern seasonal at one of the user's factories (the dev pattern path names its factories
 * only by name).
 */
export function patternScope(user: SessionUser, patternSeasonalSql: string, params: unknown[]): string {
  params.push([...user.brandIds]);
  let sql = `EXISTS (SELECT 1 FROM pattern_seasonals sx_ JOIN patterns px_ ON px_.patternid = sx_.patternid
                      WHERE sx_.patternseasonalid = ${patternSeasonalSql} AND px_.brandid = ANY($${params.length}))`;
  if (user.isFactoryUser) {
    params.push([...user.factoryKeys]);
    sql += ` AND EXISTS (SELECT 1 FROM prototype_seasonals fx_ WHERE fx_.patternseasonalid = ${patternSeasonalSql} AND NOT fx_.isdeleted
                            AND fx_.factnameky = ANY($${params.length}))`;
  }
  return sql;
}

/** A condition on a commercialization path (alias): its pattern's brand, and its factory for factory users. */
export function commercializationScope(user: SessionUser, alias: string, params: unknown[]): string {
  params.push([...user.brandIds]);
  let sql = `EXISTS (SELECT 1 FROM patterns px_ WHERE px_.patternid = ${alias}.patternid AND px_.brandid = ANY($${params.length}))`;
  if (user.isFactoryUser) { params.push([...user.factoryKeys]); sql += ` AND ${alias}.factorykey = ANY($${params.length})`; }
  return sql;
}

/** A stale RowVersion: the stale-save 409 (naming who saved the path last and when); nothing is saved. An update must send the RowVersion it read. */
export async function staleCheck(q: Queryable, entity: string, id: number, current: number, rowVersion: number | undefined) {
  if (rowVersion === undefined) throw invalid([{ Field: '/RowVersion', Message: 'Required: the RowVersion the critical path was read at.' }]);
  if (rowVersion !== current) throw await staleRecord(q, entity, id, current);
}

/** SQL select list: each field as its lower-cased column. */
export const selectList = (alias: string, fields: readonly string[]) => fields.map((f) => `${alias}.${f.toLowerCase()} AS "${f}"`).join(', ');

export type Row = Record<string, unknown>;

/** CP-025: each [start, end] pair of a row: end not before start (both given). */
export function dateErrors(rows: readonly Row[], pairs: readonly [string, string][], path: string): FieldError[] {
  const errors: FieldError[] = [];
  rows.forEach((r, i) => {
    if (r.IsDeleted) return;
    for (const [start, end] of pairs) {
      const s = r[start] as string | null | undefined;
      const e = r[end] as string | null | undefined;
      if (s && e && e < s) errors.push({ Field: `/${path}/${i}/${end}`, Message: MSG.endBeforeStart });
    }
  });
  return errors;
}

/** CP-026: the named approvers that are active users of the brand, with their names. */
export async function brandUsers(q: Queryable, brandId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await q.query<{ userid: number; name: string }>(
    `SELECT u.userid, u.firstname || ' ' || u.lastname AS name FROM users u JOIN user_brands b ON b.userid = u.userid
      WHERE b.brandid = $1 AND u.userid = ANY($2) AND u.isactive`, [brandId, [...new Set(ids)]]);
  return new Map(rows.map((r) => [r.userid, r.name]));
}

export interface RowSpec {
  table: string;
  /** The key field (its column is the lower-cased name). */
  key: string;
  parentColumn: string;
  /** The fields a request may write (columns: lower-cased names). */
  fields: readonly string[];
  /** Request path for field errors. */
  path: string;
}

export interface RowPlan { keep: Row[]; deleted: number[]; errors: FieldError[] }

/**
 * The rows after a request: stored rows the request does not name stay as they are; named ones
 * take the request's fields (a CanChangeName false row keeps its name; an unknown id is an error);
 * IsDeleted rows with an id other than 0 go (CP-024; CanBeDeleted false refuses), new rows (id 0)
 * are added. Then sorted by SortOrder (ties keep the request's order) and renumbered 10, 20, … (CP-019).
 */
export function planRows(spec: RowSpec, stored: readonly Row[], request: readonly Row[] | undefined): RowPlan {
  const errors: FieldError[] = [];
  if (!request) return { keep: [...stored], deleted: [], errors };
  const byId = new Map(stored.map((r) => [r[spec.key] as number, r]));
  const named = new Set<number>();
  const deleted: number[] = [];
  const out: Row[] = [];
  request.forEach((r, i) => {
    const id = (r[spec.key] as number) ?? 0;
    const prev = id ? byId.get(id) : undefined;
    if (id && (!prev || named.has(id))) { errors.push({ Field: `/${spec.path}/${i}/${spec.key}`, Message: MSG.unknownRow }); return; }
    if (id) named.add(id);
    if (r.IsDeleted) {
      if (!id) return;
      if (prev!.CanBeDeleted === false) { errors.push({ Field: `/${spec.path}/${i}/IsDeleted`, Message: MSG.cannotDelete }); return; }
      deleted.push(id);
      return;
    }
    const next: Row = { ...(prev ?? { [spec.key]: 0 }) };
    for (const f of spec.fields) if (f in r) next[f] = r[f];
    if (prev && prev.CanChangeName === false && r.ProcessName !== undefined && r.ProcessName !== prev.ProcessName) {
      errors.push({ Field: `/${spec.path}/${i}/ProcessName`, Message: MSG.cannotRename });
    }
    next.$index = i;
    out.push(next);
  });
  for (const r of stored) if (!named.has(r[spec.key] as number)) out.push({ ...r });
  const sorted = out
    .map((r, i) => ({ r, i, s: typeof r.SortOrder === 'number' ? r.SortOrder : Number.MAX_SAFE_INTEGER }))
    .sort((a, b) => a.s - b.s || a.i - b.i)
    .map(({ r }, i) => ({ ...r, SortOrder: (i + 1) * 10 }));
  return { keep: sorted, deleted, errors };
}

/**
 * Writes a plan set-based: one DELETE, one UPDATE of every stored row and one INSERT of every new
 * row (ids filled in, in the plan's order), each reading the rows as JSON typed by the table itself
 * (jsonb_populate_recordset), whatever the number of processes.
 */
export async function writeRows(q: Queryable, spec: RowSpec, parentId: number, plan: RowPlan, extraInsert: Row = {}) {
  const keyCol = spec.key.toLowerCase();
  if (plan.deleted.length) await q.query(`DELETE FROM ${spec.table} WHERE ${spec.parentColumn} = $1 AND ${keyCol} = ANY($2)`, [parentId, plan.deleted]);
  // SortOrder (renumbered by planRows) is written wherever the table has it (its spec names it).
  const fieldsOf = (r: Row) => spec.fields.filter((f) => f in r && f !== spec.key);
  const json = (r: Row, fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f.toLowerCase(), r[f] ?? null]));
  const stored = plan.keep.filter((r) => r[spec.key]);
  // Every kept stored row carries its stored values (planRows starts from them): the columns all rows have.
  const fields = stored.length ? fieldsOf(stored[0]).filter((f) => stored.every((r) => f in r)) : [];
  if (fields.length) {
    await q.query(`UPDATE ${spec.table} t SET ${fields.map((f) => `${f.toLowerCase()} = j.${f.toLowerCase()}`).join(', ')}
                     FROM jsonb_populate_recordset(NULL::${spec.table}, $2::jsonb) j
                    WHERE t.${spec.parentColumn} = $1 AND t.${keyCol} = j.${keyCol}`,
    [parentId, JSON.stringify(stored.map((r) => ({ ...json(r, fields), [keyCol]: r[spec.key] })))]);
  }
  const added = plan.keep.filter((r) => !r[spec.key]);
  if (!added.length) return;
  const cols = [...new Set([...added.flatMap(fieldsOf), ...Object.keys(extraInsert)])].map((f) => f.toLowerCase());
  const rows = added.map((r) => ({ ...Object.fromEntries(Object.entries(extraInsert).map(([f, v]) => [f.toLowerCase(), v])), ...json(r, fieldsOf(r)) }));
  // Serial ids follow the insert's order (the rows' ordinality): the i-th smallest id is the i-th row's.
  const ids = await q.query<{ id: number }>(`INSERT INTO ${spec.table} (${spec.parentColumn}, ${cols.join(', ')})
      SELECT $1, ${cols.map((c) => `j.${c}`).join(', ')} FROM jsonb_populate_recordset(NULL::${spec.table}, $2::jsonb) WITH ORDINALITY j ORDER BY j.ordinality
      RETURNING ${keyCol} AS id`, [parentId, JSON.stringify(rows)]);
  const sorted = ids.map((r) => r.id).sort((a, b) => a - b);
  added.forEach((r, i) => { r[spec.key] = sorted[i]; });
}

/** DECISIONS CP-043: the default processes of a kind, from the template table. */
export async function templateRows(q: Queryable, kind: 'devpattern' | 'devprototypefinal' | 'devprototypeactual' | 'commercialization') {
  return q.query<{ processname: string; processtype: string; sortorder: number; canbedeleted: boolean; canchangename: boolean; isprocessreadonly: boolean }>(
    `SELECT processname, processtype, sortorder, canbedeleted, canchangename, isprocessreadonly
       FROM critical_path_process_templates WHERE kind = $1 ORDER BY sortorder`, [kind]);
}

/** DECISIONS CP-029: cancel (status 3) only from status 1 and when no process has an ActualCompleteDate. */
export function cancelErrors(storedStatus: number, nextStatus: number | undefined, processes: readonly Row[]): FieldError[] {
  if (nextStatus !== STATUS.canceled || storedStatus === STATUS.canceled) return [];
  if (storedStatus !== STATUS.active) return [{ Field: '/CriticalPathHeaderStatusId', Message: MSG.cancelNotActive }];
  if (processes.some((p) => p.ActualCompleteDate)) return [{ Field: '/CriticalPathHeaderStatusId', Message: MSG.cancelCompleted }];
  return [];
}

export const canBeCancelled = (status: number, processes: readonly Row[]) => status === STATUS.active && !processes.some((p) => p.ActualCompleteDate);

export const fullName = (u: SessionUser) => `${u.firstName} ${u.lastName}`;

/** Header fields that changed, as audit entries. */
export function headerChanges(prev: Row, next: Row, fields: readonly string[]) {
  return fields.filter((f) => f in next && String(prev[f] ?? '') !== String(next[f] ?? '')).map((f) => ({ field: f, oldValue: prev[f] ?? null, newValue: next[f] ?? null }));
}

export const badId = (name: string) => badRequest(`The parameter ${name} is required.`, [{ Field: name, Message: 'Required.' }]);
