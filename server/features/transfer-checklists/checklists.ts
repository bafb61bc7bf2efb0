/**
 * Transfer checklists (issue 16, TC-001..011, ADR 028): read, find, create and save, with the
 * rules of server/domain/transfer-checklist.ts applied on the server (the authority). A checklist
 * is seen by users of its colorway's brand and, a factory user, only when it transfers to one of
 * their factories (entity transfer-checklist: x-brandField, x-factoryField); any other id answers
 * exactly like a missing one. Fields hidden from the user (schemas/visibility: the tariff-mitigation
 * flag and the factory left, for factory users) never leave the server.
 * A save is set-based, by the records pipeline (ADR 031): one UPDATE of the checklists, one of the items, one audit INSERT.
 * Here the reads: the scope, a checklist with its items, the list, the product types and template
 * rules, and what a save locks and takes over from siblings; TC-004 Find and Create are
 * ./checklist-pair.ts, the saves ./checklist-save.ts.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { notFound } from '../../core/http/errors';
import { scope } from '../../core/records/scope';
import { fieldAccess, visibleRecord } from '../../core/schemas/visibility';
import { TC_TEXT, type SiblingItem } from '../../domain/transfer-checklist';

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

export interface Locked {
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
export async function lockedRows(ctx: AppContext, q: Queryable, user: SessionUser, ids: number[]): Promise<Map<number, Locked>> {
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

export type Sibling = SiblingItem & { StockNumber: string | null; CompletedByName: string | null };

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

/**
 * The checklists the user may see, newest first, filtered by stock number, colorway or factory name (a page, CONST-008):
 * the rows of the list grid (schemas/grids/transfer-checklists), its Progress column included.
 */
export async function listChecklists(ctx: AppContext, user: SessionUser, text: string, pageNumber: number, pageSize: number) {
  const s = checklistScope(ctx, user, 1);
  const filter = text
    ? ` AND (stocknumber ILIKE $1 OR prototypename ILIKE $1 OR tofactoryname ILIKE $1${user.isFactoryUser ? '' : ' OR fromfactoryname ILIKE $1'})`
    : ' AND $1::text IS NULL';
  const params = [text ? `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null, ...s.params];
  const where = `WHERE true${filter}${s.where}`;
  const [{ n }] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM transfer_checklist_view ${where}`, params);
  const rows = await ctx.db.query<Rec>(
    `SELECT ${HEADER}, enabledcount AS "EnabledCount", completecount AS "CompleteCount", progress AS "Progress"
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
