/**
 * The dev pattern critical path of a pattern seasonal (CP-041, CP-027, DECISIONS CP-029/043): one
 * per pattern seasonal; header (name, factories 1-4, status, notes, dual sourced, factory transfer)
 * and processes (name, target date, actual complete date, sort order, notes).
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { savedChanges, writeAudit } from '../../core/records/audit';
import { lookupHidden } from '../../core/schemas/visibility';
import {
  MSG, STATUS, cancelErrors, canBeCancelled, headerChanges, invalid, notExists, patternScope, planRows, selectList, staleCheck,
  templateRows, visibleTo, writeRows, type Row, type RowSpec,
} from './common';

const HEADER = ['CriticalPathDevPatternId', 'PatternSeasonalId', 'CriticalPathName', 'Factory1Name', 'Factory2Name', 'Factory3Name', 'Factory4Name',
  'CriticalPathHeaderStatusId', 'Notes', 'DualSrcdPatt', 'FactoryTransfer', 'RowVersion'] as const;
const HEADER_EDIT = ['CriticalPathName', 'Factory1Name', 'Factory2Name', 'Factory3Name', 'Factory4Name', 'CriticalPathHeaderStatusId', 'Notes',
  'DualSrcdPatt', 'FactoryTransfer'] as const;
const ENTITY = 'critical-path-dev-pattern';
const PROCESS_FIELDS = ['CriticalPathDevPatternProcessId', 'ProcessName', 'SortOrder', 'TargetDate', 'ActualCompleteDate', 'Notes'] as const;
const PROCESSES: RowSpec = {
  table: 'critical_path_dev_pattern_processes', key: 'CriticalPathDevPatternProcessId', parentColumn: 'criticalpathdevpatternid', path: 'Processes',
  fields: ['ProcessName', 'SortOrder', 'TargetDate', 'ActualCompleteDate', 'Notes'],
};

async function findHeader(q: Queryable, user: SessionUser, where: { id?: number; patternSeasonalId?: number }, lock = false) {
  const params: unknown[] = [where.id ?? where.patternSeasonalId];
  const scope = patternScope(user, 'cp.patternseasonalid', params);
  const [row] = await q.query(
    `SELECT ${selectList('cp', HEADER)}, st.statusname AS "CriticalPathHeaderStatusName", pa.brandid AS "BrandId", pa.patternid AS "PatternId",
            pa.patternname AS "PatternName", se.seasonname AS "SeasonName", cp.changedon AS "$changedon",
            cu.firstname || ' ' || cu.lastname AS "$changedbyname", cp.createdon AS "CreatedOn", cp.changedon AS "ChangedOn"
       FROM critical_path_dev_patterns cp
       JOIN pattern_seasonals ps ON ps.patternseasonalid = cp.patternseasonalid
       JOIN patterns pa ON pa.patternid = ps.patternid
       JOIN seasons se ON se.seasonid = ps.seasonid
       JOIN critical_path_header_statuses st ON st.criticalpathheaderstatusid = cp.criticalpathheaderstatusid
       LEFT JOIN users cu ON cu.userid = cp.changedby
      WHERE ${where.id !== undefined ? 'cp.criticalpathdevpatternid' : 'cp.patternseasonalid'} = $1 AND ${scope}${lock ? ' FOR UPDATE OF cp' : ''}`, params);
  return (row as Row & { CriticalPathDevPatternId: number; BrandId: number; CriticalPathHeaderStatusId: number; RowVersion: number; $changedon: string; $changedbyname: string | null }) ?? null;
}

const processRows = (q: Queryable, id: number): Promise<Row[]> =>
  q.query(`SELECT ${selectList('p', PROCESS_FIELDS)} FROM critical_path_dev_pattern_processes p
            WHERE p.criticalpathdevpatternid = $1 ORDER BY p.sortorder, p.criticalpathdevpatternprocessid`, [id]);

/** CP-027: another dev pattern path of the brand with this name (ignoring case). */
export async function devPatternNameExists(q: Queryable, brandId: number, name: string, exceptId = 0) {
  const [row] = await q.query(`SELECT 1 FROM critical_path_dev_patterns cp JOIN pattern_seasonals ps ON ps.patternseasonalid = cp.patternseasonalid
                                 JOIN patterns pa ON pa.patternid = ps.patternid
                                WHERE pa.brandid = $1 AND lower(cp.criticalpathname) = lower($2) AND cp.criticalpathdevpatternid <> $3 LIMIT 1`,
  [brandId, name.trim(), exceptId]);
  return !!row;
}

/** The path (by its id or its pattern seasonal) with its processes; null when it does not exist for this user. */
export async function devPatternDetails(ctx: AppContext, user: SessionUser, where: { id?: number; patternSeasonalId?: number }) {
  const header = await findHeader(ctx.db, user, where);
  if (!header) return null;
  const processes = await processRows(ctx.db, header.CriticalPathDevPatternId);
  const { $changedon: _c, $changedbyname: changedByName, ...h } = header;
  return { Header: visibleTo(ctx, user, ENTITY)({ ...h, ChangedByName: changedByName }), Processes: processes, CanBeCancelled: canBeCancelled(header.CriticalPathHeaderStatusId, processes) };
}

export interface DevPatternUpdate {
  CriticalPathDevPatternId: number; PatternSeasonalId: number; RowVersion?: number; CriticalPathName: string; Processes?: Row[];
  [field: string]: unknown;
}

/** UpdateCriticalPathDevPattern: id 0 creates the path of the pattern seasonal with the template's processes (DECISIONS CP-043). */
export async function updateDevPattern(ctx: AppContext, user: SessionUser, body: DevPatternUpdate) {
  return ctx.db.tx(async (q) => {
    let id = body.CriticalPathDevPatternId;
    const created = id === 0;
    if (created) {
      const params: unknown[] = [body.PatternSeasonalId];
      const [ps] = await q.query(`SELECT ps.patternseasonalid, (SELECT criticalpathdevpatternid FROM critical_path_dev_patterns WHERE patternseasonalid = ps.patternseasonalid) AS cp
                                    FROM pattern_seasonals ps WHERE ps.patternseasonalid = $1 AND NOT ps.isdeleted AND ${patternScope(user, 'ps.patternseasonalid', params)}`, params);
      if (!ps) throw notExists();
      if (ps.cp) throw invalid([{ Field: '/PatternSeasonalId', Message: MSG.devPatternExists }]);
      [{ id }] = await q.query<{ id: number }>(`INSERT INTO critical_path_dev_patterns (patternseasonalid, criticalpathname, createdby, changedby)
                                                VALUES ($1, $2, $3, $3) RETURNING criticalpathdevpatternid AS id`, [body.PatternSeasonalId, body.CriticalPathName, user.userId]);
      for (const t of await templateRows(q, 'devpattern')) {
        await q.query('INSERT INTO critical_path_dev_pattern_processes (criticalpathdevpatternid, processname, sortorder) VALUES ($1, $2, $3)', [id, t.processname, t.sortorder]);
      }
    }
    const header = await findHeader(q, user, { id }, true);
    if (!header || header.PatternSeasonalId !== body.PatternSeasonalId) throw notExists();
    if (!created) await staleCheck(q, 'critical-path-dev-pattern', id, header.RowVersion, body.RowVersion);
    // Fields the user may not see (a factory user's factory fields) stay as they are.
    const hidden = lookupHidden(ctx.schemas, user, ENTITY);
    const next: Row = {};
    for (const f of HEADER_EDIT) if (f in body && !hidden.has(f)) next[f] = body[f];
    const plan = planRows(PROCESSES, await processRows(q, id), body.Processes);
    const errors = [...plan.errors, ...cancelErrors(header.CriticalPathHeaderStatusId, next.CriticalPathHeaderStatusId as number | undefined, plan.keep)];
    if (errors.length) throw invalid(errors);
    await writeRows(q, PROCESSES, id, plan);
    const cols = Object.keys(next);
    await q.query(`UPDATE critical_path_dev_patterns SET ${cols.map((f, i) => `${f.toLowerCase()} = $${i + 3}`).join(', ')}${cols.length ? ', ' : ''}
                          rowversion = rowversion + 1, changedon = now(), changedby = $2 WHERE criticalpathdevpatternid = $1`, [id, user.userId, ...cols.map((f) => next[f] ?? null)]);
    const changes = headerChanges(header, next, HEADER_EDIT);
    await writeAudit(q, user.userId, 'critical-path-dev-pattern', id, savedChanges(header.RowVersion, changes));
    const duplicate = await devPatternNameExists(q, header.BrandId, ((next.CriticalPathName ?? header.CriticalPathName) as string), id);
    return { id, created, warning: duplicate ? MSG.duplicateName : null };
  });
}

export async function devPatternCanBeCancelled(ctx: AppContext, user: SessionUser, id: number): Promise<boolean | null> {
  const header = await findHeader(ctx.db, user, { id });
  if (!header) return null;
  return header.CriticalPathHeaderStatusId === STATUS.active && canBeCancelled(header.CriticalPathHeaderStatusId, await processRows(ctx.db, id));
}
