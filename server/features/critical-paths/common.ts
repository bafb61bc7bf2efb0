/**
 * What the three critical path kinds share (issue 15, CP-019..029, CP-046/047): texts, the record
 * scope (brand, and factory for factory users: a path outside it answers exactly like a missing
 * one), the header read, the rename rule of the process rows, date and approver checks, the cancel
 * rule of DECISIONS CP-029. Headers and process rows are saved by the records pipeline (ADR 031:
 * core/records/children.ts, the processes declared as the headers' `x-children`).
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { lookupHidden } from '../../core/schemas/visibility';
import { AppError, badRequest, type FieldError } from '../../core/http/errors';
import { onUpdate } from '../../core/records/hooks';

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
  return (row) => (hidden.size ? (Object.fromEntries(Object.entries(row).filter(([k]) => !hidden.has(k))) as typeof row) : row);
}

/** A condition on a colorway seasonal id (SQL) true when the user may see that colorway: brand, and factory for factory users. */
export function colorwayScope(user: SessionUser, psSql: string, params: unknown[]): string {
  params.push([...user.brandIds]);
  let sql = `EXISTS (SELECT 1 FROM prototype_seasonals sx_ JOIN prototypes px_ ON px_.prototypeid = sx_.prototypeid
                      WHERE sx_.prototypeseasonalid = ${psSql} AND px_.brandid = ANY($${params.length})`;
  if (user.isFactoryUser) {
    params.push([...user.factoryKeys]);
    sql += ` AND sx_.factnameky = ANY($${params.length})`;
  }
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
  if (user.isFactoryUser) {
    params.push([...user.factoryKeys]);
    sql += ` AND ${alias}.factorykey = ANY($${params.length})`;
  }
  return sql;
}

/** SQL select list: each field as its lower-cased column. */
export const selectList = (alias: string, fields: readonly string[]) => fields.map((f) => `${alias}.${f.toLowerCase()} AS "${f}"`).join(', ');

export type Row = Record<string, unknown>;

/** What the three kinds' headers share as read: their key and version, the status, the brand. */
export interface HeaderRow extends Row {
  BrandId: number;
  CriticalPathHeaderStatusId: number;
  RowVersion: number;
}

/** A kind's header as its edit screen reads it: the table, its fields, the kind's joins and their fields, the scope deciding who sees it. */
export interface HeaderKind {
  table: string;
  fields: readonly string[];
  joins: string;
  select: string;
  scope: (user: SessionUser, params: unknown[]) => string;
}

/** The header whose `column` is `value` if the user may see it (the kind's scope), else null; `lock` locks it for a save. */
export async function findHeader<T extends HeaderRow>(
  q: Queryable,
  user: SessionUser,
  kind: HeaderKind,
  column: string,
  value: number,
  lock = false,
): Promise<T | null> {
  const params: unknown[] = [value];
  const scope = kind.scope(user, params);
  const [row] = await q.query(
    `SELECT ${selectList('cp', kind.fields)}, st.statusname AS "CriticalPathHeaderStatusName", ${kind.select},
            cp.createdon AS "CreatedOn", cp.changedon AS "ChangedOn", cu.firstname || ' ' || cu.lastname AS "ChangedByName"
       FROM ${kind.table} cp ${kind.joins}
       JOIN critical_path_header_statuses st ON st.criticalpathheaderstatusid = cp.criticalpathheaderstatusid
       LEFT JOIN users cu ON cu.userid = cp.changedby
      WHERE cp.${column} = $1 AND ${scope}${lock ? ' FOR UPDATE OF cp' : ''}`,
    params,
  );
  return (row as T) ?? null;
}

/** The version an update is saved at (CP-045): the request's, which it must send (a new path's own); a stale one gets the pipeline's stale-save 409. */
export function rowVersionOf(body: { RowVersion?: number }, header: HeaderRow, created: boolean): number {
  if (created) return header.RowVersion;
  if (body.RowVersion === undefined) throw invalid([{ Field: '/RowVersion', Message: 'Required: the RowVersion the critical path was read at.' }]);
  return body.RowVersion;
}

/** The process entities: saved with their paths by the records pipeline (x-children). */
const PROCESS_ENTITIES = [
  'critical-path-dev-pattern-process',
  'critical-path-dev-prototype-final-process',
  'critical-path-dev-prototype-actual-process',
  'critical-path-commercialization-process',
];

/** A process whose CanChangeName is false keeps its name (CP-024). */
export function registerProcessRules() {
  for (const entity of PROCESS_ENTITIES) {
    onUpdate(entity, ({ prev, changes }) => {
      if (prev.CanChangeName === false && changes.ProcessName !== undefined && changes.ProcessName !== prev.ProcessName) {
        throw invalid([{ Field: '/ProcessName', Message: MSG.cannotRename }]);
      }
      return changes;
    });
  }
}

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
      WHERE b.brandid = $1 AND u.userid = ANY($2) AND u.isactive`,
    [brandId, [...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.userid, r.name]));
}

/** DECISIONS CP-043: a new path's default processes of a kind, copied from the template table in one statement (`columns`: those the process table keeps). */
export async function insertTemplateProcesses(
  q: Queryable,
  kind: 'devpattern' | 'devprototypefinal' | 'devprototypeactual' | 'commercialization',
  table: string,
  parentColumn: string,
  id: number,
  columns: readonly string[],
) {
  await q.query(
    `INSERT INTO ${table} (${parentColumn}, ${columns.join(', ')})
                 SELECT $1, ${columns.join(', ')} FROM critical_path_process_templates WHERE kind = $2 ORDER BY sortorder`,
    [id, kind],
  );
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

export const badId = (name: string) => badRequest(`The parameter ${name} is required.`, [{ Field: name, Message: 'Required.' }]);
