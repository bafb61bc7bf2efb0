/**
 * The dev prototype critical path (CP-030..040, CP-045/046, DECISIONS CP-034/037/043): header,
 * final processes (approvals), actual processes, stock numbers (the colorway seasonals linked to
 * it; the header's PrototypeSeasonalId is the default one) and purchase orders. The approval rules
 * are server/domain/critical-path-approvals.ts; their flags are the colorway seasonal's own
 * columns, written with the colorway's audit entries (entity 'colorway'), so the colorway screen
 * and its history show them.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import type { AuditRow } from '../../core/records/actions';
import { applySave, planSave } from '../../core/records/children';
import { businessToday } from '../../domain/business-date';
import { applyApprovals, FLAG_FIELDS, flagOf, flagSetters, locks, type FinalProcess, type StockNumberFlags } from '../../domain/critical-path-approvals';
import {
  MSG,
  brandUsers,
  cancelErrors,
  canBeCancelled,
  colorwayScope,
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
import type { FieldError } from '../../core/http/errors';
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
/** Colorway fields (and columns) that date a flag: set with the approval's date (and approver), cleared with it. */
const FLAG_DATES: Partial<Record<keyof StockNumberFlags, { date: [string, string]; by?: [string, string] }>> = {
  IsFinalSpecApprLocked: { date: ['FinalSpecApprLockedDt', 'finalspecapprlockeddt'] },
  IsConfirmationSampleApproved: { date: ['ConfSmplApprDt', 'confsmplapprdt'] },
  IsLeatherApproved: { date: ['LthrApprvDate', 'lthrapprvdate'], by: ['LthrApprvBy', 'lthrapprvby'] },
};

const ENTITY = 'critical-path-dev-prototype';
const HEADER_EDIT = ['CriticalPathDevPrototypeName', 'Designer', 'USDeveloper', 'AsiaDeveloper', 'CriticalPathHeaderStatusId', 'Notes'] as const;
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
const FINAL_KEY = 'CriticalPathDevPrototypeFinalProcessId';
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
type Header = HeaderRow & { CriticalPathDevPrototypeId: number; PrototypeSeasonalId: number };
const header = (q: Queryable, user: SessionUser, id: number, lock = false) => findHeader<Header>(q, user, KIND, 'criticalpathdevprototypeid', id, lock);

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

export interface DevPrototypeUpdate {
  CriticalPathDevPrototypeId: number;
  PrototypeSeasonalId?: number;
  RowVersion?: number;
  CriticalPathDevPrototypeName: string;
  Designer?: string | null;
  USDeveloper?: string | null;
  AsiaDeveloper?: string | null;
  CriticalPathHeaderStatusId?: number;
  Notes?: string | null;
  FinalProcesses?: Row[];
  ActualProcesses?: Row[];
  StockNumbers?: Row[];
  PurchaseOrders?: Row[];
}

/** A new path on a colorway seasonal, with the template's processes (DECISIONS CP-043); answers its id, the colorway's audit row added to `audit`. */
async function createDevPrototype(q: Queryable, user: SessionUser, body: DevPrototypeUpdate, audit: AuditRow[]): Promise<number> {
  const ps = body.PrototypeSeasonalId;
  const params: unknown[] = [ps];
  const [row] = ps
    ? await q.query(
        `SELECT ps.criticalpathdevprototypeid FROM prototype_seasonals ps
                                     WHERE ps.prototypeseasonalid = $1 AND NOT ps.isdeleted AND ${colorwayScope(user, 'ps.prototypeseasonalid', params)} FOR UPDATE OF ps`,
        params,
      )
    : [];
  if (!row) throw notExists();
  if (row.criticalpathdevprototypeid) throw invalid([{ Field: '/PrototypeSeasonalId', Message: MSG.alreadyLinked }]);
  const [{ id }] = await q.query<{ id: number }>(
    `INSERT INTO critical_path_dev_prototypes (criticalpathdevprototypename, prototypeseasonalid, createdby, changedby)
     VALUES ($1, $2, $3, $3) RETURNING criticalpathdevprototypeid AS id`,
    [body.CriticalPathDevPrototypeName, ps, user.userId],
  );
  await insertTemplateProcesses(q, 'devprototypefinal', 'critical_path_dev_prototype_final_processes', 'criticalpathdevprototypeid', id, [
    'processname',
    'processtype',
    'sortorder',
    'canbedeleted',
    'canchangename',
    'isprocessreadonly',
  ]);
  await insertTemplateProcesses(q, 'devprototypeactual', 'critical_path_dev_prototype_actual_processes', 'criticalpathdevprototypeid', id, [
    'processname',
    'processtype',
    'sortorder',
    'canbedeleted',
    'canchangename',
  ]);
  await q.query('UPDATE prototype_seasonals SET criticalpathdevprototypeid = $1 WHERE prototypeseasonalid = $2', [id, ps]);
  audit.push({ entity: 'colorway', entityId: ps!, field: 'CriticalPathDevPrototypeId', oldValue: null, newValue: id });
  return id;
}

type Linked = Row & { prototypeseasonalid: number };
const LINKED_COLUMNS = `prototypeseasonalid, ${FLAG_FIELDS.map((f) => `${FLAG_COLUMNS[f]} AS "${f}"`).join(', ')}, finalspecapprlockeddt, confsmplapprdt, lthrapprvdate, lthrapprvby`;

/** DECISIONS CP-034: the stock numbers a request links, unlinks and makes the default, checked (the linked ones locked). */
async function planLinks(q: Queryable, user: SessionUser, h: Header, requested: Row[] | undefined) {
  const id = h.CriticalPathDevPrototypeId;
  const errors: FieldError[] = [];
  const linked = await q.query<Linked>(
    `SELECT ${LINKED_COLUMNS} FROM prototype_seasonals WHERE criticalpathdevprototypeid = $1 ORDER BY prototypeseasonalid FOR UPDATE`,
    [id],
  );
  const links = { add: [] as number[], remove: [] as number[], default: h.PrototypeSeasonalId };
  const defaults = (requested ?? []).filter((s) => s.IsDefault && !s.IsDeleted);
  if (defaults.length > 1) errors.push({ Field: '/StockNumbers', Message: MSG.oneDefault });
  // The named stock numbers the user may see, in one statement.
  const stockIds = (requested ?? []).map((s) => s.PrototypeSeasonalId as number);
  const scopeParams: unknown[] = [stockIds];
  const visible = stockIds.length
    ? await q.query<{ id: number; cp: number | null; brandid: number }>(
        `SELECT ps.prototypeseasonalid AS id, ps.criticalpathdevprototypeid AS cp, px.brandid FROM prototype_seasonals ps JOIN prototypes px ON px.prototypeid = ps.prototypeid
      WHERE ps.prototypeseasonalid = ANY($1) AND NOT ps.isdeleted AND ${colorwayScope(user, 'ps.prototypeseasonalid', scopeParams)}`,
        scopeParams,
      )
    : [];
  for (const [i, s] of (requested ?? []).entries()) {
    const psId = s.PrototypeSeasonalId as number;
    const isLinked = linked.some((l) => l.prototypeseasonalid === psId);
    const found = visible.find((v) => v.id === psId);
    if (!found || found.brandid !== h.BrandId) {
      errors.push({ Field: `/StockNumbers/${i}/PrototypeSeasonalId`, Message: MSG.unknownRow });
      continue;
    }
    if (s.IsDeleted) {
      if (!isLinked) continue;
      if (psId === h.PrototypeSeasonalId && !defaults.length) {
        errors.push({ Field: `/StockNumbers/${i}/IsDeleted`, Message: MSG.defaultUnlinked });
        continue;
      }
      links.remove.push(psId);
      continue;
    }
    if (!isLinked) {
      if (found.cp && found.cp !== id) {
        errors.push({ Field: `/StockNumbers/${i}/PrototypeSeasonalId`, Message: MSG.alreadyLinked });
        continue;
      }
      links.add.push(psId);
    }
    if (s.IsDefault) links.default = psId;
  }
  if (links.remove.includes(links.default)) errors.push({ Field: '/StockNumbers', Message: MSG.defaultUnlinked });
  return { linked, links, errors };
}

/**
 * UpdateCriticalPathDevPrototype (CP-045): every check runs before the first write; the header and
 * its process rows and purchase orders (the records pipeline, ADR 031), the stock numbers and the
 * flags of every linked stock number are written in one transaction.
 */
export async function updateDevPrototype(ctx: AppContext, user: SessionUser, body: DevPrototypeUpdate) {
  return ctx.db.tx(async (q) => {
    const created = body.CriticalPathDevPrototypeId === 0;
    // The colorway changes (link, flags) are audited with the save's own rows, in its one audit insert.
    const colorwayAudit: AuditRow[] = [];
    const id = created ? await createDevPrototype(q, user, body, colorwayAudit) : body.CriticalPathDevPrototypeId;
    const h = await header(q, user, id, true);
    if (!h) throw notExists();
    const rowVersion = rowVersionOf(body, h, created);
    const { linked, links, errors: linkErrors } = await planLinks(q, user, h, body.StockNumbers);
    const next: Row = {};
    for (const f of HEADER_EDIT) if (f in body) next[f] = (body as unknown as Row)[f];
    const plan = await planSave(ctx, q, user, {
      entity: ENTITY,
      id,
      rowVersion,
      changes: next,
      server: links.default !== h.PrototypeSeasonalId ? { PrototypeSeasonalId: links.default } : {},
      children: { FinalProcesses: body.FinalProcesses, ActualProcesses: body.ActualProcesses, PurchaseOrders: body.PurchaseOrders },
    });
    const { FinalProcesses: finals, ActualProcesses: actuals, PurchaseOrders: orders } = plan.children;
    const errors = [...plan.errors];

    // Final processes: the approval rules.
    errors.push(
      ...dateErrors(
        body.FinalProcesses ?? [],
        [
          ['EstStartDate', 'TargetDate'],
          ['RevStartDate', 'RevisedTargetDate'],
        ],
        'FinalProcesses',
      ),
    );
    const types = finals.keep.map((p) => p.ProcessType as string).filter((t) => t && t !== 'DEF');
    if (new Set(types).size !== types.length) errors.push({ Field: '/FinalProcesses', Message: MSG.duplicateType });
    const prevOf = (p: Row) => finals.stored.find((s) => p[FINAL_KEY] && s[FINAL_KEY] === p[FINAL_KEY]);
    for (const p of finals.keep) {
      const prev = prevOf(p);
      // A stored row keeps its process type (the flag it drives); a new one defaults to DEF.
      p.ProcessType = prev ? prev.ProcessType : (p.ProcessType ?? 'DEF');
      p.IsProcessReadOnly = prev ? prev.IsProcessReadOnly : false;
      p.CriticalPathProcessApprovedId ??= null;
      p.ApprovedBy ??= null;
    }
    // CP-026: a named approver (an approval kept with another approver) is a user of the brand.
    const approvers = await brandUsers(
      q,
      h.BrandId,
      finals.keep.filter((p) => p.ApprovedBy && p.$index !== undefined).map((p) => p.ApprovedBy as number),
    );
    for (const p of finals.keep) {
      if (p.$index === undefined || !p.ApprovedBy) continue;
      const prev = prevOf(p);
      if (prev && prev.ApprovedBy === p.ApprovedBy) {
        p.ApprovedByName = prev.ApprovedByName;
        continue;
      }
      const name = approvers.get(p.ApprovedBy as number);
      if (!name) errors.push({ Field: `/FinalProcesses/${p.$index}/ApprovedBy`, Message: MSG.approverNotInBrand });
      else p.ApprovedByName = name;
    }
    errors.push(...linkErrors);

    // A purchase order's factory must exist (one statement for all of them).
    const poFactories = [...new Set(orders.keep.filter((p) => p.$index !== undefined && p.FactoryKey).map((p) => String(p.FactoryKey)))];
    if (poFactories.length) {
      const known = new Set((await q.query<{ k: string }>('SELECT factorykey AS k FROM factories WHERE factorykey = ANY($1)', [poFactories])).map((r) => r.k));
      for (const p of orders.keep) {
        if (p.$index !== undefined && p.FactoryKey && !known.has(String(p.FactoryKey)))
          errors.push({ Field: `/PurchaseOrders/${p.$index}/FactoryKey`, Message: MSG.unknownFactory });
      }
    }

    // DECISIONS CP-029.
    errors.push(...cancelErrors(h.CriticalPathHeaderStatusId, next.CriticalPathHeaderStatusId as number | undefined, [...finals.keep, ...actuals.keep]));

    // CP-035..040 on every stock number that stays linked (the processes come out the same for each).
    const who = { userId: user.userId, name: fullName(user), today: businessToday(ctx.config.businessTimeZone) };
    const storedFinal = finals.stored as unknown as FinalProcess[];
    const finalOf = (p: Row) => prevOf(p) as unknown as FinalProcess | undefined;
    const finalsIn = finals.keep as (Row & FinalProcess)[];
    const stays = linked.filter((l) => !links.remove.includes(l.prototypeseasonalid));
    const newRows = links.add.length
      ? await q.query<Linked>(`SELECT ${LINKED_COLUMNS} FROM prototype_seasonals WHERE prototypeseasonalid = ANY($1) ORDER BY prototypeseasonalid FOR UPDATE`, [
          links.add,
        ])
      : [];
    const targets = [...stays, ...newRows];
    const base = (r: Row) => Object.fromEntries(FLAG_FIELDS.map((f) => [f, r[f] === true])) as StockNumberFlags;
    // CP-037: which approvals set a flag is data (critical_path_process_approvals.setsflag).
    const setsFlag = flagSetters(
      await q.query(`SELECT criticalpathprocessapprovedid AS "CriticalPathProcessApprovedId", setsflag AS "SetsFlag" FROM critical_path_process_approvals`),
    );
    const outcome = applyApprovals(storedFinal, finalsIn, targets[0] ? base(targets[0]) : base({}), setsFlag, who, finalOf);
    // CP-039: a locked row's approval cannot be set (clearing it always can).
    outcome.processes.forEach((p, i) => {
      const prev = finalOf(p);
      const asked = finalsIn[i].CriticalPathProcessApprovedId ?? null;
      if (p.IsProcessLocked && asked !== null && asked !== (prev?.CriticalPathProcessApprovedId ?? null)) {
        errors.push({ Field: `/FinalProcesses/${(p as Row).$index ?? i}/CriticalPathProcessApprovedId`, Message: MSG.locked });
      }
    });
    if (errors.length) throw invalid(errors);

    // Writes: the links and the flags of the stock numbers (colorway fields), then the header with its lists and the one audit insert.
    finals.keep = outcome.processes.map(({ IsProcessLocked: _, ...p }) => p as Row);
    // Links and unlinks: one UPDATE each (a linked colorway had no path: the checks above refuse one of another path).
    const relink = async (ids: number[], to: number | null, from: number | null) => {
      if (!ids.length) return;
      await q.query(
        `UPDATE prototype_seasonals SET criticalpathdevprototypeid = $2, rowversion = rowversion + 1, changedon = now(), changedby = $3
                      WHERE prototypeseasonalid = ANY($1)`,
        [ids, to, user.userId],
      );
      colorwayAudit.push(...ids.map((ps) => ({ entity: 'colorway', entityId: ps, field: 'CriticalPathDevPrototypeId', oldValue: from, newValue: to })));
    };
    await relink(links.remove, null, id);
    await relink(
      newRows.map((r) => r.prototypeseasonalid),
      id,
      null,
    );
    colorwayAudit.push(
      ...(await writeFlags(
        q,
        user,
        targets.map((t) => ({ stock: t, outcome: applyApprovals(storedFinal, finalsIn, base(t), setsFlag, who, finalOf) })),
        who.today,
      )),
    );
    await applySave(q, plan, colorwayAudit);
    return { id, created };
  });
}

/** The flags (and their dates) of the stock numbers after the approvals: one UPDATE for all of them; answers their audit rows (colorway changes). */
async function writeFlags(
  q: Queryable,
  user: SessionUser,
  targets: { stock: Linked; outcome: ReturnType<typeof applyApprovals> }[],
  today: string,
): Promise<AuditRow[]> {
  const rows: Row[] = [];
  const audit: AuditRow[] = [];
  for (const { stock, outcome } of targets) {
    const row: Row = {};
    const set = (field: string, column: string, oldValue: unknown, newValue: unknown) => {
      if (String(oldValue ?? '') === String(newValue ?? '')) return;
      row[column] = newValue ?? null;
      audit.push({ entity: 'colorway', entityId: stock.prototypeseasonalid, field, oldValue: oldValue ?? null, newValue: newValue ?? null });
    };
    for (const f of FLAG_FIELDS) {
      const was = stock[f] === true;
      const now = outcome.flags[f];
      if (was === now) continue;
      set(f, FLAG_COLUMNS[f], was, now);
      const dated = FLAG_DATES[f];
      if (dated) {
        const proc = outcome.processes.find((p) => flagOf(p.ProcessType) === f);
        set(dated.date[0], dated.date[1], stock[dated.date[1]], now ? (proc?.ApprovalDate ?? today) : null);
        if (dated.by) set(dated.by[0], dated.by[1], stock[dated.by[1]], now ? (proc?.ApprovedBy ?? user.userId) : null);
      }
    }
    if (Object.keys(row).length) rows.push({ ...row, prototypeseasonalid: stock.prototypeseasonalid });
  }
  if (!rows.length) return audit;
  // Each row sets its own columns (a JSON object per row, typed by the table's row type), as the records pipeline's writer does.
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((c) => c !== 'prototypeseasonalid');
  await q.query(
    `UPDATE prototype_seasonals t SET ${cols.map((c) => `${c} = CASE WHEN d.j ? '${c}' THEN (d.r).${c} ELSE t.${c} END`).join(', ')},
                        rowversion = t.rowversion + 1, changedon = now(), changedby = $2
                   FROM (SELECT j, jsonb_populate_record(NULL::prototype_seasonals, j) AS r FROM jsonb_array_elements($1::jsonb) AS j) d
                  WHERE t.prototypeseasonalid = (d.r).prototypeseasonalid`,
    [JSON.stringify(rows), user.userId],
  );
  return audit;
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
