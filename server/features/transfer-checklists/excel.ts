/**
 * Transfer checklists in Excel (TC-010, DECISIONS TC-011): Export writes the checklists the user
 * may see, one row each: stock number and receiving factory key (the upload's key), the checklist's
 * fields (those hidden from the user left out) and one column per template item, 'x' when complete.
 * The same file, changed and uploaded, completes or reopens items through the import pipeline
 * (./import.ts). Sheet layout and cell rules are the other exports' (sheet-style, excel-cells).
 */
import ExcelJS from 'exceljs';
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { excelDate, neutralise } from '../../domain/excel-cells';
import { writeTable, type SheetColumn } from '../../domain/sheet-style';
import { fieldAccess } from '../../core/schemas/visibility';
import { checklistItems, checklistScope, ENTITY, productTypes } from './checklists';

export const EXPORT_FILE = 'TransferChecklist-Export.xlsx';
const EXPORT_LIMIT = 100_000;

/** The template item's column field in an upload ('Item7'). */
export const itemField = (templateItemId: number) => `Item${templateItemId}`;
/** The complete mark of an item cell. */
export const COMPLETE_MARK = 'x';

export interface ExportFilter { TransferChecklistIds?: number[]; BrandId?: number; PrototypeId?: number }

export async function exportChecklists(ctx: AppContext, user: SessionUser, filter: ExportFilter): Promise<Buffer> {
  const s = checklistScope(ctx, user, 3);
  const params: unknown[] = [filter.TransferChecklistIds?.length ? filter.TransferChecklistIds : null, filter.BrandId ?? null, filter.PrototypeId ?? null, ...s.params];
  const rows = await ctx.db.query(
    `SELECT transferchecklistid AS id, stocknumber, prototypename, fromfactorykey, fromfactoryname, tofactorykey, tofactoryname,
            transferproducttypename, istariffmitigationtransfer, completiondate
       FROM transfer_checklist_view
      WHERE ($1::int[] IS NULL OR transferchecklistid = ANY($1::int[])) AND ($2::int IS NULL OR brandid = $2) AND ($3::int IS NULL OR prototypeid = $3)${s.where}
      ORDER BY upper(stocknumber), tofactorykey, transferchecklistid LIMIT ${EXPORT_LIMIT}`, params);
  const { TemplateItems } = await productTypes(ctx.db);
  const items = await checklistItems(ctx.db, rows.map((r) => r.id as number));
  const complete = new Set(items.filter((i) => i.IsComplete).map((i) => `${i.TransferChecklistId}:${i.TransferChecklistTemplateItemId}`));
  const { hidden } = fieldAccess(ctx.schemas, user, ENTITY);
  const fields: [string, string, SheetColumn['kind']][] = ([
    ['StockNumber', 'stocknumber', 'text'], ['PrototypeName', 'prototypename', 'text'], ['FromFactoryKey', 'fromfactorykey', 'text'],
    ['FromFactoryName', 'fromfactoryname', 'text'], ['ToFactoryKey', 'tofactorykey', 'text'], ['ToFactoryName', 'tofactoryname', 'text'],
    ['TransferProductTypeName', 'transferproducttypename', 'text'], ['IsTariffMitigationTransfer', 'istariffmitigationtransfer', 'text'],
    ['CompletionDate', 'completiondate', 'date'],
  ] as [string, string, SheetColumn['kind']][]).filter(([f]) => !hidden.has(f));
  const schema = ctx.schemas.entities.get(ENTITY)!;
  const columns: SheetColumn[] = [
    ...fields.map(([f, , kind]) => ({ header: schema.properties[f].title ?? f, kind })),
    ...TemplateItems.map((t) => ({ header: String(t.ItemName) })),
  ];
  const cell = (v: unknown, kind: SheetColumn['kind']) => (kind === 'date' ? excelDate(v) : typeof v === 'boolean' ? (v ? 'Yes' : 'No') : neutralise(v ?? ''));
  const body = rows.map((r) => [
    ...fields.map(([, col, kind]) => cell(r[col], kind)),
    ...TemplateItems.map((t) => (complete.has(`${r.id}:${t.TransferChecklistTemplateItemId}`) ? COMPLETE_MARK : '')),
  ]);
  const book = new ExcelJS.Workbook();
  writeTable(book.addWorksheet('Transfer Checklists'), columns, body, { frozenColumns: 2 });
  return Buffer.from(await book.xlsx.writeBuffer());
}
