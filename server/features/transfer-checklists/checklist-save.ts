/**
 * Transfer checklist saves (TC-005/006/007/009, DECISIONS TC-011, ADR 031): each checklist's rules
 * on its planned items (enabled items, stamps, the siblings' pattern-level items taken over, the
 * completion date), then the records pipeline's set-based writes; and the preview of the sibling
 * sync. The reads they use are ./checklists.ts.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { AppError, badRequest, forbidden, notFound, type FieldError } from '../../core/http/errors';
import type { AuditRow } from '../../core/records/actions';
import { planChildren, saveList, type ChildPlan } from '../../core/records/children';
import { planUpdates, writeUpdates } from '../../core/records/write';
import { businessToday } from '../../domain/business-date';
import { completionDate, isItemEnabled, siblingSync, stampItem, TC_TEXT, type SiblingItem } from '../../domain/transfer-checklist';
import { checklistDetails, checklistItems, ENTITY, lockedRows, siblingItems, templateRules, type ChecklistItem, type Locked, type Sibling } from './checklists';

type Rec = Record<string, unknown>;

export interface SaveBody {
  TransferChecklistId: number;
  RowVersion?: number;
  TransferProductTypeId?: number | null;
  IsTariffMitigationTransfer?: boolean;
  Items?: { TransferChecklistItemId: number; IsComplete: boolean }[];
}

/** TC-007: what toggling tariff mitigation on would take over from siblings (nothing when turning it off). */
export async function syncPreview(ctx: AppContext, user: SessionUser, id: number, isTariffMitigation: boolean) {
  if (user.isFactoryUser) throw forbidden();
  const { rules, checklist, items, siblings } = await ctx.db.tx(async (q) => {
    const checklist = (await lockedRows(ctx, q, user, [id])).get(id);
    if (!checklist) throw notFound(TC_TEXT.notFound);
    return { checklist, rules: await templateRules(q), items: await checklistItems(q, [id]), siblings: await siblingItems(q, [checklist]) };
  });
  const found = siblingSync(
    items.map((i) => ({ TemplateItemId: i.TransferChecklistTemplateItemId, IsComplete: i.IsComplete })),
    siblings.get(checklist.id) ?? [],
    rules.patternLevel,
    isTariffMitigation,
  );
  return {
    IsTariffMitigationTransfer: isTariffMitigation,
    Items: items
      .filter((i) => found.has(i.TransferChecklistTemplateItemId))
      .map((i) => {
        const s = found.get(i.TransferChecklistTemplateItemId)!;
        return {
          TransferChecklistItemId: i.TransferChecklistItemId,
          TransferChecklistTemplateItemId: i.TransferChecklistTemplateItemId,
          ItemName: i.ItemName,
          FromStockNumber: s.StockNumber,
          CompletedBy: s.CompletedBy,
          CompletedByName: s.CompletedByName,
          CompletedOn: s.CompletedOn,
        };
      }),
  };
}

/** A save refused: which of the bodies (its index) and why. */
export class SaveRefused extends Error {
  constructor(
    readonly index: number,
    readonly error: AppError,
  ) {
    super(error.message);
  }
}

/** One checklist's rules on its planned item rows (TC-005/006, DECISIONS TC-011), no write: each item's computed fields, the completion date, the items' history lines; throws the refusal. */
function checklistRules(
  user: SessionUser,
  body: SaveBody,
  cur: Locked,
  rules: Awaited<ReturnType<typeof templateRules>>,
  items: ChildPlan,
  siblings: Sibling[],
  today: string,
) {
  // TC-008: a factory user never sees nor sets the option (the field is hidden from them like a costing field).
  if (user.isFactoryUser && body.IsTariffMitigationTransfer !== undefined) throw forbidden();
  const productTypeId = body.TransferProductTypeId === undefined ? cur.transferproducttypeid : body.TransferProductTypeId;
  if (productTypeId !== null && !rules.required.has(productTypeId)) {
    throw badRequest(TC_TEXT.unknownProductType, [{ Field: '/TransferProductTypeId', Message: TC_TEXT.unknownProductType }]);
  }
  const mitigation = body.IsTariffMitigationTransfer ?? cur.istariffmitigationtransfer;
  const required = rules.required.get(productTypeId ?? 0) ?? new Set<number>();
  const errors: FieldError[] = [...items.errors];
  const stored = items.stored as unknown as ChecklistItem[];
  const synced =
    mitigation && !cur.istariffmitigationtransfer
      ? siblingSync(
          stored.map((i) => ({ TemplateItemId: i.TransferChecklistTemplateItemId, IsComplete: i.IsComplete })),
          siblings,
          rules.patternLevel,
          true,
        )
      : new Map<number, SiblingItem>();
  const prevOf = (row: Rec) => stored.find((s) => s.TransferChecklistItemId === row.TransferChecklistItemId)!;
  items.keep = items.keep.map((row) => {
    const i = prevOf(row);
    const enabled = isItemEnabled(i.TransferChecklistTemplateItemId, required, mitigation);
    const complete = row.IsComplete as boolean;
    if (complete && !i.IsComplete && !enabled)
      errors.push({ Field: `/Items/${row.$index ?? -1}/IsComplete`, Message: `${i.ItemName}: ${TC_TEXT.disabledItem}` });
    const from = synced.get(i.TransferChecklistTemplateItemId);
    const stamp =
      from && !complete
        ? { IsComplete: true, CompletedBy: from.CompletedBy, CompletedOn: from.CompletedOn }
        : stampItem({ IsComplete: i.IsComplete, CompletedBy: i.CompletedBy, CompletedOn: i.CompletedOn }, complete, user.userId, today);
    return { ...row, IsEnabled: enabled, ...stamp };
  });
  if (errors.length) throw badRequest('Please review all fields indicated in red.', errors);
  const completion = completionDate({
    productTypeId,
    items: items.keep.map((x) => ({ isEnabled: x.IsEnabled as boolean, isComplete: x.IsComplete as boolean })),
    remembered: cur.completiondate,
    today,
  });
  const notes: AuditRow[] = items.keep
    .filter((x) => x.IsComplete !== prevOf(x).IsComplete)
    .map((x) => ({ entity: ENTITY, entityId: cur.id, field: `Item ${prevOf(x).ItemName}`, oldValue: prevOf(x).IsComplete, newValue: x.IsComplete }));
  return { completion, notes };
}

/**
 * TC-005/006/009, DECISIONS TC-011: saves of one or many checklists in the caller's transaction,
 * all or nothing, by the records pipeline (ADR 031: the header's update, its `x-children` Items):
 * every save is planned first (a refused one throws SaveRefused with its index, nothing written),
 * then one UPDATE of the checklists, one of the items and one audit INSERT for all of them. The
 * product type and the tariff-mitigation flag decide which items are enabled; checking a disabled
 * item is refused; turning tariff mitigation on takes over the siblings' completed pattern-level
 * items; checked items are stamped; the completion date follows TC-005. Only an item's IsComplete
 * is taken from a request. `trusted`: a call of the server itself (no row version to compare: the
 * factory transfer's flag).
 */
export async function applySaves(ctx: AppContext, q: Queryable, user: SessionUser, bodies: SaveBody[], opts: { trusted?: boolean } = {}): Promise<number[]> {
  if (!bodies.length) return [];
  const ids = bodies.map((b) => b.TransferChecklistId);
  const rows = await lockedRows(ctx, q, user, ids);
  const missing = ids.findIndex((id) => !rows.has(id));
  if (missing >= 0) throw new SaveRefused(missing, notFound(TC_TEXT.notFound));
  const seen = new Map<number, number>();
  ids.forEach((id, i) => {
    if (seen.has(id)) throw new SaveRefused(i, badRequest(`Row ${seen.get(id)! + 1} already changes this checklist.`));
    seen.set(id, i);
  });
  const rules = await templateRules(q);
  const items = await checklistItems(q, ids);
  const toggling = [...rows.values()].filter((r) =>
    bodies.some((b) => b.TransferChecklistId === r.id && b.IsTariffMitigationTransfer && !r.istariffmitigationtransfer),
  );
  const siblings = await siblingItems(q, toggling);
  const today = businessToday(ctx.config.businessTimeZone);
  const spec = ctx.schemas.entities.get(ENTITY)!['x-children']!.Items;
  // Each checklist's items and rules; a refusal is kept to be answered after the header's own (a stale version first).
  const planned: { plan: ChildPlan; completion: string | null; notes: AuditRow[]; refused?: AppError }[] = [];
  for (const b of bodies) {
    const cur = rows.get(b.TransferChecklistId)!;
    const plan = await planChildren(
      ctx,
      q,
      user,
      spec,
      'Items',
      items.filter((x) => x.TransferChecklistId === cur.id) as unknown as Rec[],
      (b.Items ?? []).map((it) => ({ TransferChecklistItemId: it.TransferChecklistItemId, IsComplete: it.IsComplete })),
    );
    try {
      planned.push({ plan, ...checklistRules(user, b, cur, rules, plan, siblings.get(cur.id) ?? [], today) });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      planned.push({ plan, refused: err, completion: cur.completiondate, notes: [] });
    }
  }
  const header = await planUpdates(
    ctx,
    q,
    user,
    ENTITY,
    'TransferChecklistId',
    bodies.map((b, i) => {
      const cur = rows.get(b.TransferChecklistId)!;
      const changes: Rec = {};
      if (b.TransferProductTypeId !== undefined) changes.TransferProductTypeId = b.TransferProductTypeId;
      if (b.IsTariffMitigationTransfer !== undefined && !user.isFactoryUser) changes.IsTariffMitigationTransfer = b.IsTariffMitigationTransfer;
      return {
        id: cur.id,
        rowVersion: opts.trusted ? cur.rowversion : b.RowVersion!,
        changes,
        server: { CompletionDate: planned[i].completion },
        auditVersion: true,
      };
    }),
  );
  const refusal = (i: number) => {
    const o = header.out[i];
    return o && !o.ok ? o.error : planned[i].refused;
  };
  bodies.forEach((_, i) => {
    const error = refusal(i);
    if (error) throw new SaveRefused(i, error);
  });
  const audit = await writeUpdates(q, header);
  bodies.forEach((_, i) => {
    const error = refusal(i);
    if (error) throw new SaveRefused(i, error);
  });
  const all = planned.map((p) => p.plan);
  await saveList(
    q,
    user.userId,
    { ...all[0], stored: all.flatMap((p) => p.stored), keep: all.flatMap((p) => p.keep), removed: [] },
    { before: audit, after: planned.flatMap((p) => p.notes) },
  );
  return ids;
}

/** One save (its refusal as the AppError it carries). */
export async function applySave(ctx: AppContext, q: Queryable, user: SessionUser, body: SaveBody, opts: { trusted?: boolean } = {}): Promise<number> {
  try {
    return (await applySaves(ctx, q, user, [body], opts))[0];
  } catch (err) {
    if (err instanceof SaveRefused) throw err.error;
    throw err;
  }
}

/** TC-009: Save in one transaction; answers the checklist as saved. */
export async function saveChecklist(ctx: AppContext, user: SessionUser, body: SaveBody) {
  return ctx.db.tx(async (q) => checklistDetails(ctx, user, await applySave(ctx, q, user, body), q));
}
