/**
 * Transfer checklists in Excel (TC-010, DECISIONS TC-011): Export writes the checklists the user
 * may see, one row each: the columns of the list grid (schemas/grids/transfer-checklists, titled by
 * the entity; those hidden from the user left out), with the stock number and the receiving factory
 * key the upload finds a checklist by, then one column per template item, 'x' when complete.
 * The same file, changed and uploaded, completes or reopens items through the import pipeline
 * (./import.ts). Sheet layout and cell rules are the other exports' (sheet-style, excel-cells).
 */
import { newWorkbook } from '../../core/files/exceljs';
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { excelDate, neutralise } from '../../domain/excel-cells';
import { writeTable, type SheetColumn } from '../../domain/sheet-style';
import { fieldAccess } from '../../core/schemas/visibility';
import { checklistItems, checklistScope, ENTITY, productTypes } from './checklists';

export const EXPORT_FILE = 'TransferChecklist-Export.xlsx';
/** The list grid whose columns the export writes first (schemas/grids/transfer-checklists). */
const GRID = 'transfer-checklists';
const EXPORT_LIMIT = 100_000;

/** The template item's column field in an upload ('Item7'). */
export const itemField = (templateItemId: number) => `Item${templateItemId}`;
/** The complete mark of an item cell. */
export const COMPLETE_MARK = 'x';

export interface ExportFilter {
  TransferChecklistIds?: number[];
  BrandId?: number;
  PrototypeId?: number;
}

export async function exportChecklists(ctx: AppContext, user: SessionUser, filter: ExportFilter): Promise<Buffer> {
  const schema = ctx.schemas.entities.get(ENTITY)!;
  const { hidden } = fieldAccess(ctx.schemas, user, ENTITY);
  // The checklist's columns are the list grid's (view columns are the fields in lower case), those hidden from the user left out.
  const fields = ctx.schemas.grids
    .get(GRID)!
    .columns.map((c) => c.field)
    .filter((f) => !hidden.has(f));
  const s = checklistScope(ctx, user, 3);
  const params: unknown[] = [
    filter.TransferChecklistIds?.length ? filter.TransferChecklistIds : null,
    filter.BrandId ?? null,
    filter.PrototypeId ?? null,
    ...s.params,
  ];
  const rows = await ctx.db.query(
    `SELECT transferchecklistid AS id, ${fields.map((f) => `${f.toLowerCase()} AS "${f}"`).join(', ')}
       FROM transfer_checklist_view
      WHERE ($1::int[] IS NULL OR transferchecklistid = ANY($1::int[])) AND ($2::int IS NULL OR brandid = $2) AND ($3::int IS NULL OR prototypeid = $3)${s.where}
      ORDER BY upper(stocknumber), tofactorykey, transferchecklistid LIMIT ${EXPORT_LIMIT}`,
    params,
  );
  const { TemplateItems } = await productTypes(ctx.db);
  const items = await checklistItems(
    ctx.db,
    rows.map((r) => r.id as number),
  );
  const complete = new Set(items.filter((i) => i.IsComplete).map((i) => `${i.TransferChecklistId}:${i.TransferChecklistTemplateItemId}`));
  const kinds = fields.map((f): SheetColumn['kind'] => (schema.properties[f].format === 'date' ? 'date' : 'text'));
  const columns: SheetColumn[] = [
    ...fields.map((f, i) => ({ header: schema.properties[f].title ?? f, kind: kinds[i] })),
    ...TemplateItems.map((t) => ({ header: String(t.ItemName) })),
  ];
  const cell = (v: unknown, kind: SheetColumn['kind']) => (kind === 'date' ? excelDate(v) : typeof v === 'boolean' ? (v ? 'Yes' : 'No') : neutralise(v ?? ''));
  const body = rows.map((r) => [
    ...fields.map((f, i) => cell(r[f], kinds[i])),
    ...TemplateItems.map((t) => (complete.has(`${r.id}:${t.TransferChecklistTemplateItemId}`) ? COMPLETE_MARK : '')),
  ]);
  const book = await newWorkbook();
  writeTable(book.addWorksheet('Transfer Checklists'), columns, body, { frozenColumns: 2 });
  return Buffer.from(await book.xlsx.writeBuffer());
}
