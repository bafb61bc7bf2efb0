/**
 * Transfer checklists (issue 16, TC-001..011, ADR 028): read, find, create and save, with the
 * rules of server/domain/transfer-checklist.ts applied on the server (the authority). A checklist
 * is seen by users of its colorway's brand and, a factory user, only when it transfers to one of
 * their factories (entity transfer-checklist: x-brandField, x-factoryField); any other id answers
 * exactly like a missing one. Fields hidden from the user (schemas/visibility: the tariff-mitigation
 * flag and the factory left, for factory users) never leave the server.
 * A save is set-based, by the records pipeline (ADR 031): one UPDATE of the checklists, one of the items, one audit INSERT.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { AppError, badRequest, forbidden, notFound, type FieldError } from '../../core/http/errors';
import { scope } from '../../core/records/scope';
import type { AuditRow } from '../../core/records/actions';
import { planChildren, saveList, type ChildPlan } from '../../core/records/children';
import { planUpdates, writeUpdates } from '../../core/records/write';
import { fieldAccess, visibleRecord } from '../../core/schemas/visibility';
import { businessToday } from '../../domain/business-date';
import { completionDate, isItemEnabled, siblingSync, stampItem, TC_TEXT, type SiblingItem } from '../../domain/transfer-checklist';

export const ENTITY = 'transfer-checklist';
type Rec = Record<string, unknown>;

const HEADER = `transferchecklistid AS "TransferChecklistId", prototypeid AS "PrototypeId", prototypename AS "PrototypeName",
  stocknumber AS "StockNumber", brandid AS "BrandId", brandname AS "BrandName", patternid AS "PatternId", patternname AS "PatternName",
  fromfactorykey AS "FromFactoryKey", fromfactoryname AS "FromFactoryName", tofactorykey AS "ToFactoryKey", tofactoryname AS "ToFactoryName",
  transferproducttypeid AS "TransferProductTypeId", transferproducttypename AS "TransferProductTypeName",
  istariffmitigationtransfer AS "IsTariffMitigationTransfer", completiondate AS "CompletionDate", rowversion AS "RowVersion"`;

/** The scope condition of the record-level rule on transfer_checklist_view (parameters from `start` + 1). */
export function checklistScope(ctx: AppContext, user: SessionUser, start: number) {
  const s = scope(ctx.schemas.entities.get(ENTITY)!, user, start);
  return { where: s.where.length ? ` AND ${s.where.join(' AND ')}` : '', params: s.params };
}

export interface ChecklistItem {
  TransferChecklistItemId: number;
  TransferChecklistTemplateItemId: number;
  ItemName: string;
  SortOrder: number;
  IsPatternLevel: boolean;
  IsComplete: boolean;
  IsEnabled: boolean;
  CompletedBy: number | null;
  CompletedByName: string | null;
  CompletedOn: string | null;
}

export async function checklistItems(q: Queryable, ids: number[]): Promise<(ChecklistItem & { TransferChecklistId: number })[]> {
  return q.query(
    `SELECT i.transferchecklistid AS "TransferChecklistId", i.transferchecklistitemid AS "TransferChecklistItemId",
            i.transferchecklisttemplateitemid AS "TransferChecklistTemplateItemId", t.itemname AS "ItemName", t.sortorder AS "SortOrder",
            t.ispatternlevel AS "IsPatternLevel", i.iscomplete AS "IsComplete", i.isenabled AS "IsEnabled", i.completedby AS "CompletedBy",
            nullif(btrim(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '')), '') AS "CompletedByName", i.completedon AS "CompletedOn"
       FROM transfer_checklist_items i
       JOIN transfer_checklist_template_items t ON t.transferchecklisttemplateitemid = i.transferchecklisttemplateitemid
       LEFT JOIN users u ON u.userid = i.completedby
      WHERE i.transferchecklistid = ANY($1::int[]) ORDER BY i.transferchecklistid, t.sortorder`,
    [ids],
  );
}

/** TC-002: the checklist with its items as this user may see it; 404 for one they may not see. */
export async function checklistDetails(ctx: AppContext, user: SessionUser, id: number, q: Queryable = ctx.db) {
  const s = checklistScope(ctx, user, 1);
  const [row] = await q.query(
    `SELECT ${HEADER}, prototypeseasonalid AS "PrototypeSeasonalId"
       FROM transfer_checklist_view v WHERE transferchecklistid = $1${s.where}`,
    [id, ...s.params],
  );
  if (!row) throw notFound(TC_TEXT.notFound);
  const items = (await checklistItems(q, [id])).map(({ TransferChecklistId: _id, ...item }) => item);
  return { ...visibleRecord(row, fieldAccess(ctx.schemas, user, ENTITY)), Items: items };
}

export interface FactoryPair {
  prototypeId: number;
  fromFactoryKey: string;
  toFactoryKey: string;
}

/**
 * The colorway and the two factories of a Find or Create, checked: the colorway must be one the user
 * may see (its brand), a factory user may only name a transfer to one of their factories (anything
 * else answers like a missing colorway), both factories must exist and differ.
 */
async function checkPair(q: Queryable, user: SessionUser, pair: FactoryPair) {
  const [p] = await q.query<{ brandid: number }>('SELECT brandid FROM prototypes WHERE prototypeid = $1', [pair.prototypeId]);
  if (!p || !user.brandIds.has(p.brandid) || (user.isFactoryUser && !user.factoryKeys.has(pair.toFactoryKey))) throw notFound('The colorway was not found.');
  if (pair.fromFactoryKey === pair.toFactoryKey) throw badRequest(TC_TEXT.sameFactory, [{ Field: 'toFactoryKey', Message: TC_TEXT.sameFactory }]);
  const known = await q.query<{ factorykey: string }>('SELECT factorykey FROM factories WHERE factorykey = ANY($1::text[])', [
    [pair.fromFactoryKey, pair.toFactoryKey],
  ]);
  const errors: FieldError[] = (['fromFactoryKey', 'toFactoryKey'] as const)
    .filter((k) => !known.some((f) => f.factorykey === pair[k]))
    .map((k) => ({ Field: k, Message: 'Unknown factory.' }));
  if (errors.length) throw badRequest('The request is invalid.', errors);
}

/** TC-004 Find: the checklist of the colorway and factory pair, or null when none exists yet. */
export async function findChecklist(ctx: AppContext, user: SessionUser, pair: FactoryPair) {
  await checkPair(ctx.db, user, pair);
  const [row] = await ctx.db.query<{ id: number }>(
    'SELECT transferchecklistid AS id FROM transfer_checklists WHERE prototypeid = $1 AND fromfactorykey = $2 AND tofactorykey = $3',
    [pair.prototypeId, pair.fromFactoryKey, pair.toFactoryKey],
  );
  return row ? checklistDetails(ctx, user, row.id) : null;
}

/**
 * TC-004 Create (in the caller's transaction): the checklist of the pair with every template item
 * (none enabled until a product type is chosen, DECISIONS TC-011), or the existing one. With
 * `isTariffMitigation` the flag is stored through the save rules (all items enabled, siblings
 * synced, TC-006): the factory transfer dialog's flag (CW-057) lands here.
 */
export async function createChecklist(ctx: AppContext, q: Queryable, user: SessionUser, pair: FactoryPair, isTariffMitigation?: boolean): Promise<number> {
  await checkPair(q, user, pair);
  const [made] = await q.query<{ id: number }>(
    `INSERT INTO transfer_checklists (prototypeid, fromfactorykey, tofactorykey, createdby, changedby) VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (prototypeid, fromfactorykey, tofactorykey) DO NOTHING RETURNING transferchecklistid AS id`,
    [pair.prototypeId, pair.fromFactoryKey, pair.toFactoryKey, user.userId],
  );
  if (made) {
    await q.query(
      `INSERT INTO transfer_checklist_items (transferchecklistid, transferchecklisttemplateitemid)
       SELECT $1, transferchecklisttemplateitemid FROM transfer_checklist_template_items`,
      [made.id],
    );
  }
  const id =
    made?.id ??
    (
      await q.query<{ id: number }>(
        'SELECT transferchecklistid AS id FROM transfer_checklists WHERE prototypeid = $1 AND fromfactorykey = $2 AND tofactorykey = $3',
        [pair.prototypeId, pair.fromFactoryKey, pair.toFactoryKey],
      )
    )[0].id;
  // A new checklist is already not a tariff-mitigation one; an existing one takes the flag given.
  if (isTariffMitigation !== undefined && (!made || isTariffMitigation))
    await applySave(ctx, q, user, { TransferChecklistId: id, IsTariffMitigationTransfer: isTariffMitigation }, { trusted: true });
  return id;
}

export interface SaveBody {
  TransferChecklistId: number;
  RowVersion?: number;
  TransferProductTypeId?: number | null;
  IsTariffMitigationTransfer?: boolean;
  Items?: { TransferChecklistItemId: number; IsComplete: boolean }[];
}

interface Locked {
  id: number;
  prototypeid: number;
  patternid: number;
  tofactorykey: string;
  transferproducttypeid: number | null;
  istariffmitigationtransfer: boolean;
  completiondate: string | null;
  rowversion: number;
}

/** The checklist rows locked for a write, within the user's scope (one statement), by id. */
async function lockedRows(ctx: AppContext, q: Queryable, user: SessionUser, ids: number[]): Promise<Map<number, Locked>> {
  const s = checklistScope(ctx, user, 1);
  const rows = await q.query<Locked>(
    `SELECT tc.transferchecklistid AS id, tc.prototypeid, p.patternid, tc.tofactorykey, tc.transferproducttypeid, tc.istariffmitigationtransfer,
            tc.completiondate, tc.rowversion
       FROM transfer_checklists tc JOIN prototypes p ON p.prototypeid = tc.prototypeid
      WHERE tc.transferchecklistid = ANY($1::int[])${s.where} ORDER BY tc.transferchecklistid FOR UPDATE OF tc`,
    [ids, ...s.params],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

type Sibling = SiblingItem & { StockNumber: string | null; CompletedByName: string | null };

/**
 * The items sibling checklists completed that these may take over (TC-006/007): checklists of other
 * colorways of the same pattern to the same receiving factory. One statement for all; by checklist id.
 */
export async function siblingItems(q: Queryable, checklists: Pick<Locked, 'id' | 'patternid' | 'tofactorykey'>[]): Promise<Map<number, Sibling[]>> {
  const out = new Map<number, Sibling[]>(checklists.map((c) => [c.id, []]));
  if (!checklists.length) return out;
  const rows = await q.query<Sibling & { ChecklistId: number; PatternId: number; ToFactoryKey: string }>(
    `SELECT s.transferchecklistid AS "ChecklistId", p.patternid AS "PatternId", s.tofactorykey AS "ToFactoryKey",
            i.transferchecklisttemplateitemid AS "TemplateItemId", i.completedby AS "CompletedBy", i.completedon AS "CompletedOn",
            p.stocknum AS "StockNumber", nullif(btrim(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '')), '') AS "CompletedByName"
       FROM transfer_checklists s
       JOIN prototypes p ON p.prototypeid = s.prototypeid
       JOIN transfer_checklist_items i ON i.transferchecklistid = s.transferchecklistid AND i.iscomplete
       JOIN transfer_checklist_template_items t ON t.transferchecklisttemplateitemid = i.transferchecklisttemplateitemid AND t.ispatternlevel
       LEFT JOIN users u ON u.userid = i.completedby
      WHERE (p.patternid, s.tofactorykey) IN (SELECT * FROM unnest($1::int[], $2::text[]))
      ORDER BY i.completedon NULLS LAST, s.transferchecklistid`,
    [checklists.map((c) => c.patternid), checklists.map((c) => c.tofactorykey)],
  );
  for (const c of checklists)
    out.set(
      c.id,
      rows.filter((r) => r.ChecklistId !== c.id && r.PatternId === c.patternid && r.ToFactoryKey === c.tofactorykey),
    );
  return out;
}

/** The template items each product type requires (TC-003), and the pattern-level template items. */
export async function templateRules(q: Queryable) {
  const [row] = await q.query<{ required: Record<string, number[]> | null; patternlevel: number[] }>(
    `SELECT (SELECT jsonb_object_agg(transferproducttypeid, items) FROM (
               SELECT transferproducttypeid, jsonb_agg(transferchecklisttemplateitemid ORDER BY transferchecklisttemplateitemid) AS items
                 FROM transfer_product_type_items GROUP BY transferproducttypeid) x) AS required,
            ARRAY(SELECT transferchecklisttemplateitemid FROM transfer_checklist_template_items WHERE ispatternlevel) AS patternlevel`,
  );
  return {
    required: new Map(Object.entries(row.required ?? {}).map(([k, v]) => [Number(k), new Set(v)])),
    patternLevel: new Set(row.patternlevel),
  };
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

/** The checklists the user may see, newest first, filtered by stock number, colorway or factory name (a page, CONST-008). */
export async function listChecklists(ctx: AppContext, user: SessionUser, text: string, pageNumber: number, pageSize: number) {
  const s = checklistScope(ctx, user, 1);
  const filter = text
    ? ` AND (stocknumber ILIKE $1 OR prototypename ILIKE $1 OR tofactoryname ILIKE $1${user.isFactoryUser ? '' : ' OR fromfactoryname ILIKE $1'})`
    : ' AND $1::text IS NULL';
  const params = [text ? `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null, ...s.params];
  const where = `WHERE true${filter}${s.where}`;
  const [{ n }] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM transfer_checklist_view ${where}`, params);
  const rows = await ctx.db.query<Rec>(
    `SELECT ${HEADER}, enabledcount AS "EnabledCount", completecount AS "CompleteCount"
       FROM transfer_checklist_view v ${where} ORDER BY changedon DESC, transferchecklistid DESC LIMIT ${pageSize} OFFSET ${(pageNumber - 1) * pageSize}`,
    params,
  );
  const access = fieldAccess(ctx.schemas, user, ENTITY);
  return { rows: rows.map((r) => visibleRecord(r, access)), total: n };
}

/** TC-003: the product types with their RequiredTemplateItems, and the template items. */
export async function productTypes(q: Queryable) {
  return {
    ProductTypes: await q.query(
      `SELECT t.transferproducttypeid AS "TransferProductTypeId", t.producttypename AS "ProductTypeName",
              coalesce(ARRAY(SELECT r.transferchecklisttemplateitemid FROM transfer_product_type_items r
                              WHERE r.transferproducttypeid = t.transferproducttypeid ORDER BY 1), '{}') AS "RequiredTemplateItems"
         FROM transfer_product_types t ORDER BY t.sortorder`,
    ),
    TemplateItems: await q.query(
      `SELECT transferchecklisttemplateitemid AS "TransferChecklistTemplateItemId", itemname AS "ItemName", sortorder AS "SortOrder", ispatternlevel AS "IsPatternLevel"
         FROM transfer_checklist_template_items ORDER BY sortorder`,
    ),
  };
}
