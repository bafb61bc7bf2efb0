/**
 * Export of every record of a grid search (FLASH-004, CONST-017, issue 12): a real .xlsx streamed
 * with exceljs's WorkbookWriter while the rows are read from the database in chunks of keys, so
 * memory stays flat whatever the row count. Headers are the column titles; numbers are numbers,
 * dates are Excel dates, text that a spreadsheet would run as a formula is neutralised
 * (domain/excel-cells.ts); reference columns carry the names the grid shows. Only the columns the
 * user may see are written (PERM-029, FLASH-018): a factory user's costing export has no WsPrice,
 * RetailPrice or factory field. The rows are the search's rows: same scope, criteria and filters.
 */
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import type { GridDoc } from '../schemas/documents';
import { excelDate, neutralise } from '../domain/excel-cells';
import { MAX_SHEET_WIDTH, MIN_SHEET_WIDTH, SHEET_FORMATS, propertySheetKind, type SheetKind } from '../domain/sheet-style';
import { column, jsonValueSql, referenceNameMap, searchStatements, viewOf, type ExtraFilters, type SearchRequest } from './read';
import { nameFieldOf, referenceOf, withNameFields } from './references';

/** Rows read per statement while the file is written. */
export const EXPORT_CHUNK = 5000;

interface ExportColumn { header: string; kind: SheetKind; sql: string; width: number }

/** The export file's name: `{report}-Export.xlsx` (report: the grid's report name, else its title). */
export const exportFileName = (grid: GridDoc) => `${(grid.report ?? grid.title).replace(/[^\w.-]+/g, '')}-Export.xlsx`;

/** A cell value as Excel takes it: real dates, formula-looking text neutralised. */
function cell(kind: SheetKind, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (kind === 'date') return excelDate(v);
  if (kind === 'datetime') return new Date(String(v));
  return neutralise(v);
}

/**
 * The rows of the search in grid column order as an .xlsx stream; the statements that decide the
 * rows (and refuse a bad request) run before it starts.
 */
export async function exportGrid(ctx: AppContext, user: SessionUser, grid: GridDoc, keyField: string, req: SearchRequest, extra: ExtraFilters): Promise<ReadableStream> {
  const schema = ctx.schemas.entities.get(grid.entity)!;
  const st = searchStatements(ctx, user, grid.entity, keyField, { ...req, pageNumber: 1, pageSize: 0 },
    withNameFields(schema, [keyField, ...grid.columns.map((c) => c.field)]), extra);
  const [{ keys }] = await ctx.db.query<{ keys: number[] }>(st.keys.sql, st.keys.params, { prepare: true });
  let names = {};
  if (st.referenceIds) {
    const [ids] = await ctx.db.query(st.referenceIds.sql, st.referenceIds.params, { prepare: true });
    names = await referenceNameMap(ctx, user, schema, st.references, ids);
  }
  const visible = new Set(st.fields);
  const jsNamed = new Map(st.references.map((r) => [r.field, r]));
  const columns: ExportColumn[] = grid.columns.filter((c) => visible.has(c.field)).map((c) => {
    const p = schema.properties[c.field];
    const ref = referenceOf(p);
    const width = Math.min(MAX_SHEET_WIDTH, Math.max(MIN_SHEET_WIDTH, Math.round((c.width ?? 100) / 7)));
    const header = p.title ?? c.field;
    if (ref) {
      const named = jsNamed.get(c.field);
      const sql = named ? `$2::jsonb -> '${named.source}' ->> (${column(schema, c.field)})::text` : column(schema, nameFieldOf(c.field, ref));
      return { header, kind: 'text' as const, sql, width };
    }
    return { header, kind: propertySheetKind(p), sql: jsonValueSql(schema, c.field), width };
  });
  const chunk = `SELECT coalesce(json_agg(json_build_array(${columns.map((c) => c.sql).join(', ')}) ORDER BY k."$ord"), '[]')::text AS rows
                   FROM unnest($1::int[]) WITH ORDINALITY AS k("$id", "$ord") JOIN ${viewOf(grid.entity)} ON ${column(schema, keyField)} = k."$id"`;
  const namesJson = JSON.stringify(names);

  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(grid.title.slice(0, 31), { views: [{ state: 'frozen', xSplit: grid.frozen ?? 0, ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ key: c.header, width: c.width, style: SHEET_FORMATS[c.kind] ? { numFmt: SHEET_FORMATS[c.kind] } : {} }));
  if (columns.length) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: keys.length + 1, column: columns.length } };
  const write = async () => {
    const header = sheet.addRow(columns.map((c) => c.header));
    header.font = { bold: true };
    header.commit();
    for (let start = 0; start < keys.length; start += EXPORT_CHUNK) {
      const [{ rows }] = await ctx.db.query<{ rows: string }>(chunk, [keys.slice(start, start + EXPORT_CHUNK), ...(jsNamed.size ? [namesJson] : [])], { prepare: true });
      for (const values of JSON.parse(rows) as unknown[][]) sheet.addRow(values.map((v, i) => cell(columns[i].kind, v))).commit();
      // Flat memory: wait while the reader is behind.
      if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
    }
    sheet.commit();
    await book.commit();
  };
  write().catch((err) => out.destroy(err));
  return Readable.toWeb(out) as ReadableStream;
}
