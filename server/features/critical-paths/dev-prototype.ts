/**
 * The dev prototype critical path (CP-030..040, CP-045/046, DECISIONS CP-034/037/043): header,
 * final processes (approvals), actual processes, stock numbers (the colorway seasonals linked to
 * it; the header's PrototypeSeasonalId is the default one) and purchase orders. The approval rules
 * are server/domain/critical-path-approvals.ts; their flags are the colorway seasonal's own
 * columns, written with the colorway's audit entries (entity 'colorway'), so the colorway screen
 * and its history show them.
 * Here the header and the reads (the edit screen, the cancel check, the link picker); the save is
 * ./dev-prototype-save.ts, the stock numbers' links and flags ./dev-prototype-stock-numbers.ts.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { FLAG_FIELDS, locks, type FinalProcess, type StockNumberFlags } from '../../domain/critical-path-approvals';
import { canBeCancelled, colorwayScope, findHeader, selectList, visibleTo, type HeaderKind, type HeaderRow, type Row } from './common';
import { containsPattern } from '../../core/db/contains';

/** CP-035: the colorway column of each flag (seeded as critical_path_process_flags; a test holds them equal). */
export const FLAG_COLUMNS: Record<keyof StockNumberFlags, string> = {
  IsFinalSpecApprLocked: 'isfinalspecapprlocked',
  IsLeatherApproved: 'isleatherapproved',
  IsFinalCostConfCBDLoaded: 'isfinalcostconfcbdloaded',
  IsThreeOneTestComplete: 'isthreeonetestcomplete',
  IsConfirmationSampleApproved: 'isconfirmationsampleapproved',
  IsMatlRefFolderSigned: 'ismatlreffoldersigned',
  IsRSTestComplete: 'rscomplete',
  IsModelSizeApproved: 'ismodelsizeapproved',
  IsConfSampleSent: 'isconfsamplesent',
};

export const ENTITY = 'critical-path-dev-prototype';
export const HEADER_EDIT = ['CriticalPathDevPrototypeName', 'Designer', 'USDeveloper', 'AsiaDeveloper', 'CriticalPathHeaderStatusId', 'Notes'] as const;
const FINAL_FIELDS = [
  'CriticalPathDevPrototypeFinalProcessId',
  'ProcessName',
  'ProcessType',
  'SortOrder',
  'CanBeDeleted',
  'CanChangeName',
  'OverrideRevisedTargetDate',
  'EstStartDate',
  'TargetDate',
  'RevStartDate',
  'RevisedTargetDate',
  'ActualCompleteDate',
  'CriticalPathProcessApprovedId',
  'ApprovedBy',
  'ApprovedByName',
  'ApprovalDate',
  'IsProcessReadOnly',
  'Notes',
  'Notes2',
] as const;
export const FINAL_KEY = 'CriticalPathDevPrototypeFinalProcessId';
const ACTUAL_FIELDS = [
  'CriticalPathDevPrototypeActualProcessId',
  'ProcessName',
  'ProcessType',
  'SortOrder',
  'CanBeDeleted',
  'CanChangeName',
  'ActualCompleteDate',
  'Notes',
] as const;
const PO_FIELDS = ['CriticalPathDevPrototypePurchaseOrderId', 'PONumber', 'FactoryKey', 'Quantity', 'ExFactoryDate'] as const;
const PO_ENTITY = 'critical-path-dev-prototype-purchase-order';

const KIND: HeaderKind = {
  table: 'critical_path_dev_prototypes',
  fields: ['CriticalPathDevPrototypeId', ...HEADER_EDIT, 'PrototypeSeasonalId', 'RowVersion'],
  joins: `JOIN prototype_seasonals ps ON ps.prototypeseasonalid = cp.prototypeseasonalid JOIN prototypes px ON px.prototypeid = ps.prototypeid
          JOIN seasons se ON se.seasonid = ps.seasonid`,
  select: 'px.brandid AS "BrandId", px.stocknum AS "StockNum", px.prototypename AS "PrototypeName", se.seasonname AS "SeasonName"',
  // Seen through its default stock number's colorway.
  scope: (user, params) => colorwayScope(user, 'cp.prototypeseasonalid', params),
};
export type Header = HeaderRow & { CriticalPathDevPrototypeId: number; PrototypeSeasonalId: number };
export const header = (q: Queryable, user: SessionUser, id: number, lock = false) => findHeader<Header>(q, user, KIND, 'criticalpathdevprototypeid', id, lock);

async function finalRows(q: Queryable, id: number): Promise<Row[]> {
  return q.query(
    `SELECT ${selectList('f', FINAL_FIELDS)}, a.approvalname AS "ApprovalName"
                    FROM critical_path_dev_prototype_final_processes f
                    LEFT JOIN critical_path_process_approvals a ON a.criticalpathprocessapprovedid = f.criticalpathprocessapprovedid
                   WHERE f.criticalpathdevprototypeid = $1 ORDER BY f.sortorder, f.criticalpathdevprototypefinalprocessid`,
    [id],
  );
}
const actualRows = (q: Queryable, id: number): Promise<Row[]> =>
  q.query(
    `SELECT ${selectList('a', ACTUAL_FIELDS)} FROM critical_path_dev_prototype_actual_processes a
            WHERE a.criticalpathdevprototypeid = $1 ORDER BY a.sortorder, a.criticalpathdevprototypeactualprocessid`,
    [id],
  );
const poRows = (q: Queryable, id: number): Promise<Row[]> =>
  q.query(
    `SELECT ${selectList('o', PO_FIELDS)}, f.factoryname AS "FactoryName" FROM critical_path_dev_prototype_purchase_orders o
             LEFT JOIN factories f ON f.factorykey = o.factorykey
            WHERE o.criticalpathdevprototypeid = $1 ORDER BY o.criticalpathdevprototypepurchaseorderid`,
    [id],
  );

/** The linked colorway seasonals the user may see, with their flags (CP-033). */
async function stockRows(q: Queryable, user: SessionUser, id: number, defaultPs: number): Promise<Row[]> {
  const params: unknown[] = [id, defaultPs];
  const where = colorwayScope(user, 'ps.prototypeseasonalid', params);
  return q.query(
    `SELECT ps.prototypeseasonalid AS "PrototypeSeasonalId", px.stocknum AS "StockNumber", px.prototypename AS "PrototypeName",
            px.colordesc AS "ColorDesc", se.seasonname AS "SeasonName", ps.factnameky AS "FactNameKy", ps.factname AS "FactName",
            ${FLAG_FIELDS.map((f) => `ps.${FLAG_COLUMNS[f]} AS "${f}"`).join(', ')},
            ps.prototypeseasonalid = $2 AS "IsDefault", ps.rowversion AS "RowVersion"
       FROM prototype_seasonals ps JOIN prototypes px ON px.prototypeid = ps.prototypeid JOIN seasons se ON se.seasonid = ps.seasonid
      WHERE ps.criticalpathdevprototypeid = $1 AND ${where}
      ORDER BY ps.prototypeseasonalid = $2 DESC, px.stocknum, se.sortorder`,
    params,
  );
}

export interface DevPrototypeDetails {
  Header: Row;
  FinalProcesses: Row[];
  ActualProcesses: Row[];
  StockNumbers: Row[];
  PurchaseOrders: Row[];
  CanBeCancelled: boolean;
}

/** CP-030..034: everything the edit screen shows; null when the path does not exist for this user. */
export async function devPrototypeDetails(ctx: AppContext, user: SessionUser, id: number, q: Queryable = ctx.db): Promise<DevPrototypeDetails | null> {
  const h = await header(q, user, id);
  if (!h) return null;
  const finals = await finalRows(q, id);
  const locked = locks(finals as unknown as FinalProcess[]);
  const actual = await actualRows(q, id);
  return {
    Header: visibleTo(ctx, user, ENTITY)(h),
    FinalProcesses: finals.map((p, i) => ({ ...p, IsProcessLocked: locked[i] })),
    ActualProcesses: actual,
    // The stock numbers are colorway seasonals: the colorway's rules hide their factory (PERM-029).
    StockNumbers: (await stockRows(q, user, id, h.PrototypeSeasonalId)).map(visibleTo(ctx, user, 'colorway')),
    PurchaseOrders: (await poRows(q, id)).map(visibleTo(ctx, user, PO_ENTITY)),
    CanBeCancelled: canBeCancelled(h.CriticalPathHeaderStatusId, [...finals, ...actual]),
  };
}

/** Whether the user may cancel the path now (CP-028, DECISIONS CP-029); null when it does not exist for them. */
export async function devPrototypeCanBeCancelled(ctx: AppContext, user: SessionUser, id: number): Promise<boolean | null> {
  const h = await header(ctx.db, user, id);
  if (!h) return null;
  return canBeCancelled(h.CriticalPathHeaderStatusId, [...(await finalRows(ctx.db, id)), ...(await actualRows(ctx.db, id))]);
}

/**
 * DECISIONS CP-034: the colorways of the path's brand (in the user's scope) a stock number, name or
 * colour matches, for the link picker; each says whether another path already holds it (a link
 * would be refused) and which. At most 15, by stock number. Null when the path is not the user's.
 */
export async function linkableStockNumbers(ctx: AppContext, user: SessionUser, id: number, text: string) {
  const h = await header(ctx.db, user, id);
  if (!h) return null;
  const params: unknown[] = [h.BrandId, containsPattern(text.trim()), id];
  return ctx.db.query(
    `SELECT ps.prototypeseasonalid AS "PrototypeSeasonalId", px.stocknum AS "StockNum", px.prototypename AS "PrototypeName", px.colordesc AS "ColorDesc",
            se.seasonname AS "SeasonName", cp.criticalpathdevprototypename AS "LinkedTo"
       FROM prototype_seasonals ps JOIN prototypes px ON px.prototypeid = ps.prototypeid JOIN seasons se ON se.seasonid = ps.seasonid
       LEFT JOIN critical_path_dev_prototypes cp ON cp.criticalpathdevprototypeid = ps.criticalpathdevprototypeid
      WHERE px.brandid = $1 AND NOT ps.isdeleted AND ps.criticalpathdevprototypeid IS DISTINCT FROM $3
        AND (px.stocknum ILIKE $2 OR px.prototypename ILIKE $2 OR px.colordesc ILIKE $2)
        AND ${colorwayScope(user, 'ps.prototypeseasonalid', params)}
      ORDER BY px.stocknum NULLS LAST, ps.prototypeseasonalid LIMIT 15`,
    params,
  );
}
