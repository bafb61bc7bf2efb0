/**
 * The dev prototype critical path's save (CP-045, DECISIONS CP-043): a new path on a colorway
 * seasonal with the template's processes, and UpdateCriticalPathDevPrototype with the approval
 * rules (server/domain/critical-path-approvals.ts) on every linked stock number. The reads are
 * ./dev-prototype.ts; the stock numbers' links and flags ./dev-prototype-stock-numbers.ts.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import type { AuditRow } from '../../core/records/actions';
import { applySave, planSave } from '../../core/records/children';
import { businessToday } from '../../domain/business-date';
import { applyApprovals, FLAG_FIELDS, flagSetters, type FinalProcess, type StockNumberFlags } from '../../domain/critical-path-approvals';
import {
  MSG,
  brandUsers,
  cancelErrors,
  colorwayScope,
  dateErrors,
  fullName,
  insertTemplateProcesses,
  invalid,
  notExists,
  rowVersionOf,
  type Row,
} from './common';
import { ENTITY, FINAL_KEY, HEADER_EDIT, header } from './dev-prototype';
import { LINKED_COLUMNS, planLinks, writeFlags, type Linked } from './dev-prototype-stock-numbers';

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
