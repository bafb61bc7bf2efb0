/**
 * The dev pattern critical path of a pattern seasonal (CP-041, CP-027, DECISIONS CP-029/043): one
 * per pattern seasonal; header (name, factories 1-4, status, notes, dual sourced, factory transfer)
 * and processes (name, target date, actual complete date, sort order, notes).
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { applySave, planSave } from '../../core/records/children';
import { lookupHidden } from '../../core/schemas/visibility';
import {
  MSG,
  STATUS,
  cancelErrors,
  canBeCancelled,
  findHeader,
  invalid,
  notExists,
  patternScope,
  insertTemplateProcesses,
  rowVersionOf,
  selectList,
  visibleTo,
  type HeaderKind,
  type HeaderRow,
  type Row,
} from './common';

const HEADER_EDIT = [
  'CriticalPathName',
  'Factory1Name',
  'Factory2Name',
  'Factory3Name',
  'Factory4Name',
  'CriticalPathHeaderStatusId',
  'Notes',
  'DualSrcdPatt',
  'FactoryTransfer',
] as const;
const ENTITY = 'critical-path-dev-pattern';
const PROCESS_FIELDS = ['CriticalPathDevPatternProcessId', 'ProcessName', 'SortOrder', 'TargetDate', 'ActualCompleteDate', 'Notes'] as const;

const KIND: HeaderKind = {
  table: 'critical_path_dev_patterns',
  fields: ['CriticalPathDevPatternId', 'PatternSeasonalId', ...HEADER_EDIT, 'RowVersion'],
  joins: `JOIN pattern_seasonals ps ON ps.patternseasonalid = cp.patternseasonalid JOIN patterns pa ON pa.patternid = ps.patternid
          JOIN seasons se ON se.seasonid = ps.seasonid`,
  select: 'pa.brandid AS "BrandId", pa.patternid AS "PatternId", pa.patternname AS "PatternName", se.seasonname AS "SeasonName"',
  scope: (user, params) => patternScope(user, 'cp.patternseasonalid', params),
};
type Header = HeaderRow & { CriticalPathDevPatternId: number; PatternSeasonalId: number; CriticalPathName: string };

const header = (q: Queryable, user: SessionUser, where: { id?: number; patternSeasonalId?: number }, lock = false) =>
  findHeader<Header>(q, user, KIND, where.id !== undefined ? 'criticalpathdevpatternid' : 'patternseasonalid', (where.id ?? where.patternSeasonalId)!, lock);

const processRows = (q: Queryable, id: number): Promise<Row[]> =>
  q.query(
    `SELECT ${selectList('p', PROCESS_FIELDS)} FROM critical_path_dev_pattern_processes p
            WHERE p.criticalpathdevpatternid = $1 ORDER BY p.sortorder, p.criticalpathdevpatternprocessid`,
    [id],
  );

/** CP-027: another dev pattern path of the brand with this name (ignoring case). */
export async function devPatternNameExists(q: Queryable, brandId: number, name: string, exceptId = 0) {
  const [row] = await q.query(
    `SELECT 1 FROM critical_path_dev_patterns cp JOIN pattern_seasonals ps ON ps.patternseasonalid = cp.patternseasonalid
                                 JOIN patterns pa ON pa.patternid = ps.patternid
                                WHERE pa.brandid = $1 AND lower(cp.criticalpathname) = lower($2) AND cp.criticalpathdevpatternid <> $3 LIMIT 1`,
    [brandId, name.trim(), exceptId],
  );
  return !!row;
}

/** The path (by its id or its pattern seasonal) with its processes; null when it does not exist for this user. */
export async function devPatternDetails(ctx: AppContext, user: SessionUser, where: { id?: number; patternSeasonalId?: number }) {
  const h = await header(ctx.db, user, where);
  if (!h) return null;
  const processes = await processRows(ctx.db, h.CriticalPathDevPatternId);
  return { Header: visibleTo(ctx, user, ENTITY)(h), Processes: processes, CanBeCancelled: canBeCancelled(h.CriticalPathHeaderStatusId, processes) };
}

export interface DevPatternUpdate {
  CriticalPathDevPatternId: number;
  PatternSeasonalId: number;
  RowVersion?: number;
  CriticalPathName: string;
  Processes?: Row[];
  [field: string]: unknown;
}

/** UpdateCriticalPathDevPattern: id 0 creates the path of the pattern seasonal with the template's processes (DECISIONS CP-043). */
export async function updateDevPattern(ctx: AppContext, user: SessionUser, body: DevPatternUpdate) {
  return ctx.db.tx(async (q) => {
    let id = body.CriticalPathDevPatternId;
    const created = id === 0;
    if (created) {
      const params: unknown[] = [body.PatternSeasonalId];
      const [ps] = await q.query(
        `SELECT ps.patternseasonalid, (SELECT criticalpathdevpatternid FROM critical_path_dev_patterns WHERE patternseasonalid = ps.patternseasonalid) AS cp
                                    FROM pattern_seasonals ps WHERE ps.patternseasonalid = $1 AND NOT ps.isdeleted AND ${patternScope(user, 'ps.patternseasonalid', params)}`,
        params,
      );
      if (!ps) throw notExists();
      if (ps.cp) throw invalid([{ Field: '/PatternSeasonalId', Message: MSG.devPatternExists }]);
      [{ id }] = await q.query<{ id: number }>(
        `INSERT INTO critical_path_dev_patterns (patternseasonalid, criticalpathname, createdby, changedby)
                                                VALUES ($1, $2, $3, $3) RETURNING criticalpathdevpatternid AS id`,
        [body.PatternSeasonalId, body.CriticalPathName, user.userId],
      );
      await insertTemplateProcesses(q, 'devpattern', 'critical_path_dev_pattern_processes', 'criticalpathdevpatternid', id, ['processname', 'sortorder']);
    }
    const h = await header(q, user, { id }, true);
    if (!h || h.PatternSeasonalId !== body.PatternSeasonalId) throw notExists();
    // Fields the user may not see (a factory user's factory fields) stay as they are.
    const hidden = lookupHidden(ctx.schemas, user, ENTITY);
    const next: Row = {};
    for (const f of HEADER_EDIT) if (f in body && !hidden.has(f)) next[f] = body[f];
    const plan = await planSave(ctx, q, user, {
      entity: ENTITY,
      id,
      rowVersion: rowVersionOf(body, h, created),
      changes: next,
      children: { Processes: body.Processes },
    });
    const errors = [
      ...plan.errors,
      ...cancelErrors(h.CriticalPathHeaderStatusId, next.CriticalPathHeaderStatusId as number | undefined, plan.children.Processes.keep),
    ];
    if (errors.length) throw invalid(errors);
    await applySave(q, plan);
    const duplicate = await devPatternNameExists(q, h.BrandId, (next.CriticalPathName ?? h.CriticalPathName) as string, id);
    return { id, created, warning: duplicate ? MSG.duplicateName : null };
  });
}

export async function devPatternCanBeCancelled(ctx: AppContext, user: SessionUser, id: number): Promise<boolean | null> {
  const h = await header(ctx.db, user, { id });
  if (!h) return null;
  return h.CriticalPathHeaderStatusId === STATUS.active && canBeCancelled(h.CriticalPathHeaderStatusId, await processRows(ctx.db, id));
}
