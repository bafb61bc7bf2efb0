/**
 * The transfer checklist upload (TC-010, DECISIONS TC-011) as an import-pipeline handler (ADR 028):
 * an .xlsx with Stock Number, To Factory Key (and From Factory Key when a stock number has several
 * checklists to that factory) and one column per template item, 'x' = complete, empty = not.
 * A row finds its checklist within what the user may see (else 'unknown', like a missing one); its
 * item cells are compared with the checklist; checking an item that is not enabled refuses the row.
 * The confirmed rows are written all or nothing through the save rules of ./checklist-save.ts
 * (applySaves: one statement per table for the whole file).
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { FieldError } from '../../core/http/errors';
import { isItemEnabled } from '../../domain/transfer-checklist';
import type { ImportRow } from '../../core/imports/store';
import type { ImportColumn, ReadRow } from '../../core/imports/workbook';
import { RowRefused, type ImportHandler } from '../../core/imports/handler';
import { checklistItems, checklistScope, productTypes, templateRules } from './checklists';
import { applySaves, SaveRefused } from './checklist-save';
import { COMPLETE_MARK, itemField } from './excel';

const KEY_HEADERS: Record<string, string[]> = {
  StockNumber: ['Stock Number', 'StockNumber', 'Stock #'],
  ToFactoryKey: ['To Factory Key', 'ToFactoryKey'],
  FromFactoryKey: ['From Factory Key', 'FromFactoryKey'],
};

const lower = (v: unknown) =>
  String(v ?? '')
    .trim()
    .toLowerCase();
const MARK_ERROR = `Enter ${COMPLETE_MARK} for a complete item or leave the cell empty.`;

/** An item cell: true (x), false (empty) or undefined (anything else). */
function mark(v: unknown): boolean | undefined {
  if (v === null || v === undefined || String(v).trim() === '') return false;
  return lower(v) === COMPLETE_MARK ? true : undefined;
}

interface Found {
  id: number;
  stock: string;
  to: string;
  from: string;
  rowversion: number;
  producttype: number | null;
  mitigation: boolean;
}

export const transferChecklistImport: ImportHandler = {
  keyFields: ['StockNumber', 'ToFactoryKey'],

  async columns(ctx: AppContext, user: SessionUser): Promise<ImportColumn[]> {
    const { TemplateItems } = await productTypes(ctx.db);
    // The factory left is a factory field hidden from factory users (PERM-029): they cannot narrow by it.
    const keys = (user.isFactoryUser ? ['StockNumber', 'ToFactoryKey'] : ['StockNumber', 'ToFactoryKey', 'FromFactoryKey']).map((field) => ({
      field,
      headers: KEY_HEADERS[field],
      type: 'text' as const,
    }));
    return [
      ...keys,
      ...TemplateItems.map((t) => ({ field: itemField(t.TransferChecklistTemplateItemId as number), headers: [String(t.ItemName)], type: 'text' as const })),
    ];
  },

  async preview(ctx, user, batch: ReadRow[], seen): Promise<ImportRow[]> {
    const s = checklistScope(ctx, user, 1);
    const stocks = [...new Set(batch.map((r) => lower(r.values.StockNumber)).filter(Boolean))];
    const found = await ctx.db.query<Found>(
      `SELECT transferchecklistid AS id, lower(stocknumber) AS stock, lower(tofactorykey) AS "to", lower(fromfactorykey) AS "from", rowversion,
              transferproducttypeid AS producttype, istariffmitigationtransfer AS mitigation
         FROM transfer_checklist_view WHERE lower(stocknumber) = ANY($1::text[])${s.where}`,
      [stocks, ...s.params],
    );
    const items = await checklistItems(
      ctx.db,
      found.map((f) => f.id),
    );
    const rules = await templateRules(ctx.db);
    const out: ImportRow[] = [];
    for (const r of batch) {
      const label = r.values.StockNumber ? String(r.values.StockNumber) : null;
      const row: ImportRow = {
        rownumber: r.row,
        recordkey: null,
        label,
        rowversion: null,
        outcome: 'refused',
        cells: null,
        changes: null,
        errors: null,
        raw: r.raw,
      };
      out.push(row);
      if (!label) {
        row.errors = [{ Field: 'StockNumber', Message: 'Stock Number is required.' }];
        continue;
      }
      if (!r.values.ToFactoryKey) {
        row.errors = [{ Field: 'ToFactoryKey', Message: 'To Factory Key is required.' }];
        continue;
      }
      let matches = found.filter((f) => f.stock === lower(label) && f.to === lower(r.values.ToFactoryKey));
      if (!user.isFactoryUser && r.values.FromFactoryKey) matches = matches.filter((f) => f.from === lower(r.values.FromFactoryKey));
      if (!matches.length) {
        row.outcome = 'unknown';
        row.errors = [{ Field: 'StockNumber', Message: `Stock Number ${label} has no transfer checklist to factory ${String(r.values.ToFactoryKey)}.` }];
        continue;
      }
      if (matches.length > 1) {
        row.errors = [
          { Field: 'FromFactoryKey', Message: `Stock Number ${label} has several transfer checklists to that factory: give its From Factory Key.` },
        ];
        continue;
      }
      const c = matches[0];
      row.recordkey = c.id;
      row.rowversion = c.rowversion;
      const earlier = seen.get(c.id);
      if (earlier !== undefined) {
        row.errors = [{ Field: 'StockNumber', Message: `Row ${earlier} of this file already changes this checklist.` }];
        continue;
      }
      seen.set(c.id, r.row);
      const errors: FieldError[] = r.errors.map((e) => ({ Field: e.Field, Message: e.Message }));
      const required = rules.required.get(c.producttype ?? 0) ?? new Set<number>();
      const changes: { TransferChecklistItemId: number; IsComplete: boolean }[] = [];
      const cells: Record<string, [unknown, unknown]> = {};
      for (const item of items.filter((i) => i.TransferChecklistId === c.id)) {
        const field = itemField(item.TransferChecklistTemplateItemId);
        if (!(field in r.values)) continue;
        const next = mark(r.values[field]);
        if (next === undefined) {
          errors.push({ Field: field, Message: MARK_ERROR });
          continue;
        }
        if (next === item.IsComplete) continue;
        if (next && !isItemEnabled(item.TransferChecklistTemplateItemId, required, c.mitigation)) {
          errors.push({ Field: field, Message: `${item.ItemName}: not enabled for this checklist's product type.` });
          continue;
        }
        changes.push({ TransferChecklistItemId: item.TransferChecklistItemId, IsComplete: next });
        cells[field] = [item.IsComplete ? COMPLETE_MARK : '', next ? COMPLETE_MARK : ''];
      }
      row.cells = Object.keys(cells).length ? cells : null;
      if (errors.length) {
        row.errors = errors;
        continue;
      }
      if (!changes.length) {
        row.outcome = 'unchanged';
        continue;
      }
      row.changes = { Items: changes };
      row.outcome = 'changed';
    }
    return out;
  },

  async commit(ctx, q, user, rows) {
    try {
      await applySaves(
        ctx,
        q,
        user,
        rows.map((r) => ({
          TransferChecklistId: r.recordkey,
          RowVersion: r.rowversion,
          Items: (r.changes.Items ?? []) as { TransferChecklistItemId: number; IsComplete: boolean }[],
        })),
      );
    } catch (err) {
      if (!(err instanceof SaveRefused)) throw err;
      const e = err.error;
      throw new RowRefused(rows[err.index].rownumber, [
        { Field: '', Message: e.message },
        ...(e.errors ?? []).filter((x) => x.Message !== e.message).map((x) => ({ Field: '', Message: x.Message })),
      ]);
    }
  },
};
