/**
 * The commercialization critical path of a pattern at a factory (CP-042, CP-027, CP-025, CP-026,
 * CP-038, DECISIONS CP-029/043): header (name, status, notes, pattern, factory and its group) and
 * processes with estimated and revised dates and an approval (stamped like the dev prototype's).
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { recordAction } from '../../core/records/actions';
import { applySave, planSave } from '../../core/records/children';
import { businessToday } from '../../domain/business-date';
import { stamp, type FinalProcess } from '../../domain/critical-path-approvals';
import type { FieldError } from '../../core/http/errors';
import {
  MSG,
  brandUsers,
  cancelErrors,
  canBeCancelled,
  commercializationScope,
  dateErrors,
  findHeader,
  fullName,
  insertTemplateProcesses,
  invalid,
  notExists,
  rowVersionOf,
  selectList,
  visibleTo,
  type HeaderKind,
  type HeaderRow,
  type Row,
} from './common';

const ENTITY = 'critical-path-commercialization';
const HEADER_EDIT = ['CriticalPathName', 'CriticalPathHeaderStatusId', 'Notes'] as const;
const PROCESS_FIELDS = [
  'CriticalPathCommercializationProcessId',
  'ProcessName',
  'ProcessType',
  'SortOrder',
  'EstStartDate',
  'EstEndDate',
  'RevStartDate',
  'RevEndDate',
  'CriticalPathProcessApprovedId',
  'ApprovedBy',
  'ApprovalDate',
  'Notes',
  'CanBeDeleted',
  'CanChangeName',
] as const;
const PROCESS_KEY = 'CriticalPathCommercializationProcessId';

const KIND: HeaderKind = {
  table: 'critical_path_commercializations',
  fields: ['CriticalPathCommercializationId', 'CriticalPathName', 'CriticalPathHeaderStatusId', 'Notes', 'PatternId', 'FactoryKey', 'RowVersion'],
  joins: `JOIN patterns pa ON pa.patternid = cp.patternid JOIN factories f ON f.factorykey = cp.factorykey
          LEFT JOIN factory_groups fg ON fg.factorygroupkey = f.factorygroupkey`,
  select: `pa.brandid AS "BrandId", pa.patternname AS "PatternName", f.factoryname AS "FactoryName", f.factorygroupkey AS "FactoryGroupKey",
           fg.factorygroupname AS "FactoryGroupName"`,
  scope: (user, params) => commercializationScope(user, 'cp', params),
};
type Header = HeaderRow & { CriticalPathCommercializationId: number; CriticalPathName: string };
const header = (q: Queryable, user: SessionUser, id: number, lock = false) => findHeader<Header>(q, user, KIND, 'criticalpathcommercializationid', id, lock);

const processRows = (q: Queryable, id: number): Promise<Row[]> =>
  q.query(
    `SELECT ${selectList('p', PROCESS_FIELDS)}, u.firstname || ' ' || u.lastname AS "ApprovedByName", a.approvalname AS "ApprovalName"
             FROM critical_path_commercialization_processes p
             LEFT JOIN users u ON u.userid = p.approvedby
             LEFT JOIN critical_path_process_approvals a ON a.criticalpathprocessapprovedid = p.criticalpathprocessapprovedid
            WHERE p.criticalpathcommercializationid = $1 ORDER BY p.sortorder, p.criticalpathcommercializationprocessid`,
    [id],
  );

/** CP-027: another commercialization path of the brand with this name (ignoring case). */
export async function commercializationNameExists(q: Queryable, brandId: number, name: string, exceptId = 0) {
  const [row] = await q.query(
    `SELECT 1 FROM critical_path_commercializations cp JOIN patterns pa ON pa.patternid = cp.patternid
                                WHERE pa.brandid = $1 AND lower(cp.criticalpathname) = lower($2) AND cp.criticalpathcommercializationid <> $3 LIMIT 1`,
    [brandId, name.trim(), exceptId],
  );
  return !!row;
}

export async function commercializationDetails(ctx: AppContext, user: SessionUser, id: number) {
  const h = await header(ctx.db, user, id);
  if (!h) return null;
  const processes = await processRows(ctx.db, id);
  return { Header: visibleTo(ctx, user, ENTITY)(h), Processes: processes, CanBeCancelled: canBeCancelled(h.CriticalPathHeaderStatusId, processes) };
}

/** CreateCriticalPathCommercialization: the pattern (a brand of the user) and factory (one of a factory user's), the template's processes. */
export async function createCommercialization(
  ctx: AppContext,
  user: SessionUser,
  body: { CriticalPathName: string; PatternId: number; FactoryKey: string; Notes?: string | null },
) {
  return ctx.db.tx(async (q) => {
    const [pattern] = await q.query('SELECT brandid FROM patterns WHERE patternid = $1', [body.PatternId]);
    const [factory] = await q.query('SELECT factorykey FROM factories WHERE factorykey = $1', [body.FactoryKey]);
    const errors: FieldError[] = [];
    if (!pattern || !user.brandIds.has(pattern.brandid as number)) errors.push({ Field: '/PatternId', Message: 'The pattern was not found.' });
    if (!factory || (user.isFactoryUser && !user.factoryKeys.has(body.FactoryKey)))
      errors.push({ Field: '/FactoryKey', Message: 'The factory was not found.' });
    if (errors.length) throw invalid(errors);
    const [{ id }] = await q.query<{ id: number }>(
      `INSERT INTO critical_path_commercializations (criticalpathname, notes, patternid, factorykey, createdby, changedby)
       VALUES ($1, $2, $3, $4, $5, $5) RETURNING criticalpathcommercializationid AS id`,
      [body.CriticalPathName, body.Notes ?? null, body.PatternId, body.FactoryKey, user.userId],
    );
    await insertTemplateProcesses(q, 'commercialization', 'critical_path_commercialization_processes', 'criticalpathcommercializationid', id, [
      'processname',
      'processtype',
      'sortorder',
      'canbedeleted',
      'canchangename',
    ]);
    await recordAction(q, user.userId, ENTITY, id, [{ field: 'CriticalPathName', oldValue: null, newValue: body.CriticalPathName }]);
    const duplicate = await commercializationNameExists(q, pattern.brandid as number, body.CriticalPathName, id);
    return { id, warning: duplicate ? MSG.duplicateName : null };
  });
}

export interface CommercializationUpdate {
  CriticalPathCommercializationId: number;
  RowVersion?: number;
  CriticalPathName: string;
  Processes?: Row[];
  [f: string]: unknown;
}

export async function updateCommercialization(ctx: AppContext, user: SessionUser, body: CommercializationUpdate) {
  return ctx.db.tx(async (q) => {
    const id = body.CriticalPathCommercializationId;
    const h = await header(q, user, id, true);
    if (!h) throw notExists();
    const next: Row = {};
    for (const f of HEADER_EDIT) if (f in body) next[f] = body[f];
    const plan = await planSave(ctx, q, user, {
      entity: ENTITY,
      id,
      rowVersion: rowVersionOf(body, h, false),
      changes: next,
      children: { Processes: body.Processes },
    });
    const processes = plan.children.Processes;
    const errors = [
      ...plan.errors,
      ...dateErrors(
        body.Processes ?? [],
        [
          ['EstStartDate', 'EstEndDate'],
          ['RevStartDate', 'RevEndDate'],
        ],
        'Processes',
      ),
    ];
    // CP-026, CP-038.
    const who = { userId: user.userId, name: fullName(user), today: businessToday(ctx.config.businessTimeZone) };
    const approvers = await brandUsers(
      q,
      h.BrandId,
      processes.keep.filter((p) => p.$index !== undefined && p.ApprovedBy).map((p) => p.ApprovedBy as number),
    );
    processes.keep = processes.keep.map((p) => {
      const prev = processes.stored.find((s) => p[PROCESS_KEY] && s[PROCESS_KEY] === p[PROCESS_KEY]);
      if (p.$index !== undefined && p.ApprovedBy && p.ApprovedBy !== prev?.ApprovedBy && !approvers.has(p.ApprovedBy as number)) {
        errors.push({ Field: `/Processes/${p.$index}/ApprovedBy`, Message: MSG.approverNotInBrand });
      }
      const asFinal = {
        ...p,
        CriticalPathProcessApprovedId: (p.CriticalPathProcessApprovedId as number | null) ?? null,
        ApprovedBy: (p.ApprovedBy as number | null) ?? null,
        ApprovedByName: null,
        ApprovalDate: (p.ApprovalDate as string | null) ?? null,
        ProcessType: (p.ProcessType as string) ?? 'DEF',
        IsProcessReadOnly: false,
      } as Row & FinalProcess;
      const stamped = stamp(prev as unknown as FinalProcess | undefined, asFinal, who);
      return { ...stamped, ProcessType: stamped.ProcessType || 'DEF' };
    });
    errors.push(...cancelErrors(h.CriticalPathHeaderStatusId, next.CriticalPathHeaderStatusId as number | undefined, processes.keep));
    if (errors.length) throw invalid(errors);
    await applySave(q, plan);
    const duplicate = await commercializationNameExists(q, h.BrandId, (next.CriticalPathName as string) ?? h.CriticalPathName, id);
    return { id, warning: duplicate ? MSG.duplicateName : null };
  });
}

export async function commercializationCanBeCancelled(ctx: AppContext, user: SessionUser, id: number): Promise<boolean | null> {
  const h = await header(ctx.db, user, id);
  if (!h) return null;
  return canBeCancelled(h.CriticalPathHeaderStatusId, await processRows(ctx.db, id));
}
