/**
 * ExportBriefs (BRIEF-021, CONST-017): the brief search as an xlsx file. The columns are the
 * brief-search grid's, in the order asked, without the hidden ones and without the fields the
 * user may not see; every matching row (no paging). Cell values follow the grid export's rules
 * (web/src/components/data-grid/export-rows.ts: formula-looking text neutralised, dates as dates)
 * and its sheet layout (server/domain/sheet-style.ts).
 */
import { newWorkbook } from '../../core/files/exceljs';
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { searchRecords } from '../../core/records/search';
import type { SearchRequest } from '../../core/records/search-criteria';
import { fieldAccess } from '../../core/schemas/visibility';
import { excelDate, neutralise } from '../../domain/excel-cells';
import { propertySheetKind, writeTable } from '../../domain/sheet-style';

export interface BriefExportRequest extends SearchRequest {
  HiddenColumns?: string[];
  ColumnOrder?: string[];
  searchText?: string;
}

const EXPORT_ROW_LIMIT = 100_000;

function exportColumns(ctx: AppContext, user: SessionUser, req: BriefExportRequest) {
  const grid = ctx.schemas.grids.get('brief-search')!;
  const schema = ctx.schemas.entities.get('brief')!;
  const { hidden } = fieldAccess(ctx.schemas, user, 'brief');
  const hiddenByUser = new Set(req.HiddenColumns ?? []);
  const order = req.ColumnOrder ?? [];
  const rank = (f: string) => (order.includes(f) ? order.indexOf(f) : order.length);
  return grid.columns
    .map((c) => c.field)
    .filter((f) => !hidden.has(f) && !hiddenByUser.has(f))
    .sort((a, b) => rank(a) - rank(b))
    .map((f) => ({ field: f, title: schema.properties[f].title ?? f, format: schema.properties[f].format, kind: propertySheetKind(schema.properties[f]) }));
}

export async function exportBriefs(ctx: AppContext, user: SessionUser, req: BriefExportRequest): Promise<Buffer> {
  const columns = exportColumns(ctx, user, req);
  const fields = columns.map((c) => c.field);
  const sortColumn = req.sortColumn && fields.includes(req.sortColumn) ? req.sortColumn : 'BriefName';
  const page = await searchRecords(
    ctx,
    user,
    'brief',
    'BriefSeasonalId',
    { ...req, pageNumber: 1, pageSize: EXPORT_ROW_LIMIT, sortColumn, sortDirection: req.sortDirection ?? 'ASC' },
    [...fields, 'BriefName'],
    { text: req.searchText ? { fields: ['BriefName', 'LinePlanName'], value: req.searchText } : undefined },
  );
  const book = await newWorkbook();
  const rows = page.Results.map((r) =>
    columns.map((c) => {
      const v = r[c.field];
      if (v === null || v === undefined) return null;
      if (c.format === 'date') return excelDate(v) ?? neutralise(v);
      if (c.format === 'date-time') return new Date(String(v));
      if (typeof v === 'boolean') return v ? 'Yes' : 'No';
      return neutralise(v);
    }),
  );
  writeTable(
    book.addWorksheet('Briefs'),
    columns.map((c) => ({ header: c.title, kind: c.kind })),
    rows,
  );
  return Buffer.from(await book.xlsx.writeBuffer());
}
