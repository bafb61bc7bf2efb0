/**
 * The commercialization critical path of a pattern at a factory (CP-042, CP-027, CP-025, CP-026,
 * CP-038, DECISIONS CP-029/043): header (name, status, notes, pattern, factory and its group) and
 * processes with estimated and revised dates and an approval (stamped like the dev prototype's).
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { savedChanges, writeAudit } from '../../core/records/audit';
import { businessToday } from '../../domain/business-date';
import { stamp, type FinalProcess } from '../../domain/critical-path-approvals';
import type { FieldError } from '../../core/http/errors';
import {
  MSG, brandUsers, cancelErrors, canBeCancelled, commercializationScope, dateErrors, fullName, headerChanges, invalid, notExists,
  planRows, selectList, staleCheck, templateRows, visibleTo, writeRows, type Row, type RowSpec,
} from './common';

const HEADER = ['CriticalPathCommercializationId', 'CriticalPathName', 'CriticalPathHeaderStatusId', 'Notes', 'PatternId', 'FactoryKey', 'RowVersion'] as const;
const HEADER_EDIT = ['CriticalPathName', 'CriticalPathHeaderStatusId', 'Notes'] as const;
const PROCESS_FIELDS = ['CriticalPathCommercializationProcessId', 'ProcessName', 'ProcessType', 'SortOrder', 'EstStartDate', 'EstEndDate', 'RevStartDate',
  'RevEndDate', 'CriticalPathProcessApprovedId', 'ApprovedBy', 'ApprovalDate', 'Notes', 'CanBeDeleted', 'CanChangeName'] as const;
const PROCESSES: RowSpec = {
  table: 'critical_path_commercialization_processes', key: 'CriticalPathCommercializationProcessId', parentColumn: 'criticalpathcommercializationid', path: 'Processes',
  fields: ['ProcessName', 'ProcessType', 'SortOrder', 'EstStartDate', 'EstEndDate', 'RevStartDate', 'RevEndDate', 'CriticalPathProcessApprovedId', 'ApprovedBy',
    'ApprovalDate', 'Notes'],
};

async function findHeader(q: Queryable, user: SessionUser, id: number, lock = false) {
  const params: unknown[] = [id];
  const scope = commercializationScope(user, 'cp', params);
  const [row] = await q.query(
    `SELECT ${selectList('cp', HEADER)}, st.statusname AS "CriticalPathHeaderStatusName", pa.brandid AS "BrandId", pa.patternname AS "PatternName",
            f.factoryname AS "FactoryName", f.factorygroupkey AS "FactoryGroupKey", fg.factorygroupname AS "FactoryGroupName",
            cp.changedon AS "$changedon", cu.firstname || ' ' || cu.lastname AS "$changedbyname", cp.createdon AS "CreatedOn", cp.changedon AS "ChangedOn"
       FROM critical_path_commercializations cp
       JOIN patterns pa ON pa.patternid = cp.patternid
       JOIN factories f ON f.factorykey = cp.factorykey
       LEFT JOIN factory_groups fg ON fg.factorygroupkey = f.factorygroupkey
       JOIN critical_path_header_statuses st ON st.criticalpathheaderstatusid = cp.criticalpathheaderstatusid
       LEFT JOIN users cu ON cu.userid = cp.changedby
      WHERE cp.criticalpathcommercializationid = $1 AND ${scope}${lock ? ' FOR UPDATE OF cp' : ''}`, params);
  return (row as Row & { CriticalPathCommercializationId: number; BrandId: number; CriticalPathHeaderStatusId: number; RowVersion: number;
    CriticalPathName: string; $changedon: string; $changedbyname: string | null }) ?? null;
}

const processRows = (q: Queryable, id: number): Promise<Row[]> =>
  q.query(`SELECT ${selectList('p', PROCESS_FIELDS)}, u.firstname || ' ' || u.lastname AS "ApprovedByName", a.approvalname AS "ApprovalName"
             FROM critical_path_commercialization_processes p
             LEFT JOIN users u ON u.userid = p.approvedby
             LEFT JOIN critical_path_process_approvals a ON a.criticalpathprocessapprovedid = p.criticalpathprocessapprovedid
            WHERE p.criticalpathcommercializationid = $1 ORDER BY p.sortorder, p.criticalpathcommercializationprocessid`, [id]);

/** CP-027: another commercialization path of the brand with this name (ignoring case). */
export async function commercializationNameExists(q: Queryable, brandId: number, name: string, exceptId = 0) {
  const [row] = await q.query(`SELECT 1 FROM critical_path_commercializations cp JOIN patterns pa ON pa.patternid = cp.patternid
                                WHERE pa.brandid = $1 AND lower(cp.criticalpathname) = lower($2) AND cp.criticalpathcommercializationid <> $3 LIMIT 1`,
  [brandId, name.trim(), exceptId]);
  return !!row;
}

export async function commercializationDetails(ctx: AppContext, user: SessionUser, id: number) {
  const header = await findHeader(ctx.db, user, id);
  if (!header) return null;
  const processes = await processRows(ctx.db, id);
  const { $changedon: _c, $changedbyname: changedByName, ...h } = header;
  return { Header: visibleTo(ctx, user, 'critical-path-commercialization')({ ...h, ChangedByName: changedByName }), Processes: processes, CanBeCancelled: canBeCancelled(header.CriticalPathHeaderStatusId, processes) };
}

/** CreateCriticalPathCommercialization: the pattern (a brand of the user) and factory (one of a factory user's), the template's processes. */
export async function createCommercialization(ctx: AppContext, user: SessionUser, body: { CriticalPathName: string; PatternId: number; FactoryKey: string; Notes?: string | null }) {
  return ctx.db.tx(async (q) => {
    const [pattern] = await q.query('SELECT brandid FROM patterns WHERE patternid = $1', [body.PatternId]);
    const [factory] = await q.query('SELECT factorykey FROM factories WHERE factorykey = $1', [body.FactoryKey]);
    const errors: FieldError[] = [];
    if (!pattern || !user.brandIds.has(pattern.brandid as number)) errors.push({ Field: '/PatternId', Message: 'The pattern was not found.' });
    if (!factory || (user.isFactoryUser && !user.factoryKeys.has(body.FactoryKey))) errors.push({ Field: '/FactoryKey', Message: 'The factory was not found.' });
    if (errors.length) throw invalid(errors);
    const [{ id }] = await q.query<{ id: number }>(
      `INSERT INTO critical_path_commercializations (criticalpathname, notes, patternid, factorykey, createdby, changedby)
       VALUES ($1, $2, $3, $4, $5, $5) RETURNING criticalpathcommercializationid AS id`, [body.CriticalPathName, body.Notes ?? null, body.PatternId, body.FactoryKey, user.userId]);
    for (const t of await templateRows(q, 'commercialization')) {
      await q.query(`INSERT INTO critical_path_commercialization_processes (criticalpathcommercializationid, processname, processtype, sortorder, canbedeleted, canchangename)
                     VALUES ($1, $2, $3, $4, $5, $6)`, [id, t.processname, t.processtype, t.sortorder, t.canbedeleted, t.canchangename]);
    }
    await writeAudit(q, user.userId, 'critical-path-commercialization', id, [{ field: 'CriticalPathName', oldValue: null, newValue: body.CriticalPathName }]);
    const duplicate = await commercializationNameExists(q, pattern.brandid as number, body.CriticalPathName, id);
    return { id, warning: duplicate ? MSG.duplicateName : null };
  });
}

export interface CommercializationUpdate { CriticalPathCommercializationId: number; RowVersion?: number; CriticalPathName: string; Processes?: Row[]; [f: string]: unknown }

export async function updateCommercialization(ctx: AppContext, user: SessionUser, body: CommercializationUpdate) {
  return ctx.db.tx(async (q) => {
    const id = body.CriticalPathCommercializationId;
    const header = await findHeader(q, user, id, true);
    if (!header) throw notExists();
    await staleCheck(q, 'critical-path-commercialization', id, header.RowVersion, body.RowVersion);
    const next: Row = {};
    for (const f of HEADER_EDIT) if (f in body) next[f] = body[f];
    const stored = await processRows(q, id);
    const plan = planRows(PROCESSES, stored, body.Processes);
    const errors = [...plan.errors, ...dateErrors(body.Processes ?? [], [['EstStartDate', 'EstEndDate'], ['RevStartDate', 'RevEndDate']], 'Processes')];
    // CP-026, CP-038.
    const who = { userId: user.userId, name: fullName(user), today: businessToday(ctx.config.businessTimeZone) };
    const approvers = await brandUsers(q, header.BrandId, plan.keep.filter((p) => p.$index !== undefined && p.ApprovedBy).map((p) => p.ApprovedBy as number));
    plan.keep = plan.keep.map((p) => {
      const prev = stored.find((s) => p[PROCESSES.key] && s[PROCESSES.key] === p[PROCESSES.key]);
      if (p.$index !== undefined && p.ApprovedBy && p.ApprovedBy !== prev?.ApprovedBy && !approvers.has(p.ApprovedBy as number)) {
        errors.push({ Field: `/Processes/${p.$index}/ApprovedBy`, Message: MSG.approverNotInBrand });
      }
      const asFinal = { ...p, CriticalPathProcessApprovedId: (p.CriticalPathProcessApprovedId as number | null) ?? null, ApprovedBy: (p.ApprovedBy as number | null) ?? null,
        ApprovedByName: null, ApprovalDate: (p.ApprovalDate as string | null) ?? null, ProcessType: (p.ProcessType as string) ?? 'DEF', IsProcessReadOnly: false } as Row & FinalProcess;
      const stamped = stamp(prev as unknown as FinalProcess | undefined, asFinal, who);
      return { ...stamped, ProcessType: stamped.ProcessType || 'DEF' };
    });
    errors.push(...cancelErrors(header.CriticalPathHeaderStatusId, next.CriticalPathHeaderStatusId as number | undefined, plan.keep));
    if (errors.length) throw invalid(errors);
    await writeRows(q, PROCESSES, id, plan);
    const cols = Object.keys(next);
    await q.query(`UPDATE critical_path_commercializations SET ${cols.map((f, i) => `${f.toLowerCase()} = $${i + 3}`).join(', ')}${cols.length ? ', ' : ''}
                          rowversion = rowversion + 1, changedon = now(), changedby = $2 WHERE criticalpathcommercializationid = $1`, [id, user.userId, ...cols.map((f) => next[f] ?? null)]);
    const changes = headerChanges(header, next, HEADER_EDIT);
    await writeAudit(q, user.userId, 'critical-path-commercialization', id, savedChanges(header.RowVersion, changes));
    const duplicate = await commercializationNameExists(q, header.BrandId, (next.CriticalPathName as string) ?? header.CriticalPathName, id);
    return { id, warning: duplicate ? MSG.duplicateName : null };
  });
}

export async function commercializationCanBeCancelled(ctx: AppContext, user: SessionUser, id: number): Promise<boolean | null> {
  const header = await findHeader(ctx.db, user, id);
  if (!header) return null;
  return canBeCancelled(header.CriticalPathHeaderStatusId, await processRows(ctx.db, id));
}
