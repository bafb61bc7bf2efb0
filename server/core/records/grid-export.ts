/**
 * Export of every record of a grid search (FLASH-004, CONST-017, issue 12): a real .xlsx streamed
 * with exceljs's WorkbookWriter while the rows are read from the database in chunks of keys, so
 * memory stays flat whatever the row count. Headers are the column titles; numbers are numbers,
 * dates are Excel dates, text that a spreadsheet would run as a formula is neutralised
 * (domain/excel-cells.ts); reference columns carry the names the grid shows. Only the columns the
 * user may see are written (PERM-029, FLASH-018): a factory user's costing export has no WsPrice,
 * RetailPrice or factory field. The rows are the search's rows: same scope, criteria and filters.
 * Every row carries its record's key in a last column (issue 27), so any exported row uploads back:
 * a row whose business key is blank (a colorway without a stock number) is found by it.
 */
import { PassThrough, Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { loadExcelJS } from '../files/exceljs';
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import type { GridDoc } from '../schemas/documents';
import { neutralise } from '../../domain/excel-cells';
import { MAX_SHEET_WIDTH, MIN_SHEET_WIDTH, SHEET_FORMATS, propertySheetKind, type SheetKind } from '../../domain/sheet-style';
import { column, viewOf } from './columns';
import { referenceNameMap, searchStatements } from './search-statements';
import type { ExtraFilters, SearchRequest } from './search-criteria';
import { nameFieldOf, referenceOf, withNameFields } from './references';

/** Rows read per statement while the file is written. */
export const EXPORT_CHUNK = 5000;

interface ExportColumn {
  header: string;
  kind: SheetKind;
  sql: string;
  width: number;
}

/** The export file's name: `{report}-Export.xlsx` (report: the grid's report name, else its title). */
export const exportFileName = (grid: GridDoc) => `${(grid.report ?? grid.title).replace(/[^\w.-]+/g, '')}-Export.xlsx`;

/**
 * Dates and timestamps as Excel serial numbers computed by the database: with the column's date
 * format they are real Excel dates (no Date object per cell). Timestamps are UTC.
 */
const EXCEL_SERIAL: Partial<Record<SheetKind, (col: string) => string>> = {
  date: (col) => `(${col} - DATE '1899-12-30')`,
  datetime: (col) => `(extract(epoch FROM ${col}) / 86400 + 25569)`,
};

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Characters XML 1.0 cannot carry. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const xmlText = (s: string) => s.replace(NOT_XML, '').replace(/[&<>"]/g, (c) => XML_ESCAPES[c]);

/** A column's letters (0 → A, 26 → AA). */
function columnLetters(i: number): string {
  let out = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
}

/**
 * One data row as sheet XML (OOXML `<row>`): numbers (dates as serials) with their column's style,
 * booleans, text inline and neutralised (text that would run as a formula starts with an apostrophe,
 * domain/excel-cells.ts); an empty value is no cell.
 */
function rowXml(n: number, values: unknown[], letters: string[], styleIds: number[]): string {
  let xml = `<row r="${n}">`;
  for (let i = 0; i < letters.length; i++) {
    const v = values[i + 1];
    if (v === null || v === undefined) continue;
    const ref = `${letters[i]}${n}`;
    if (typeof v === 'number') xml += `<c r="${ref}"${styleIds[i] ? ` s="${styleIds[i]}"` : ''}><v>${v}</v></c>`;
    else if (typeof v === 'boolean') xml += `<c r="${ref}" t="b"><v>${v ? 1 : 0}</v></c>`;
    else xml += `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(String(neutralise(String(v))))}</t></is></c>`;
  }
  return `${xml}</row>`;
}

/**
 * The rows of the search in grid column order as an .xlsx stream; the statements that decide the
 * rows (and refuse a bad request) run before it starts.
 */
export async function exportGrid(
  ctx: AppContext,
  user: SessionUser,
  grid: GridDoc,
  keyField: string,
  req: SearchRequest,
  extra: ExtraFilters,
): Promise<ReadableStream> {
  const schema = ctx.schemas.entities.get(grid.entity)!;
  const st = searchStatements(
    ctx,
    user,
    grid.entity,
    keyField,
    { ...req, pageNumber: 1, pageSize: 0 },
    withNameFields(schema, [keyField, ...grid.columns.map((c) => c.field)]),
    extra,
  );
  const [{ keys }] = await ctx.db.query<{ keys: number[] }>(st.keys.sql, st.keys.params, { prepare: true });
  let names = {};
  if (st.referenceIds) {
    const [ids] = await ctx.db.query(st.referenceIds.sql, st.referenceIds.params, { prepare: true });
    names = await referenceNameMap(ctx, user, schema, st.references, ids);
  }
  const visible = new Set(st.fields);
  const jsNamed = new Map(st.references.map((r) => [r.field, r]));
  const columns: ExportColumn[] = grid.columns
    .filter((c) => visible.has(c.field))
    .map((c) => {
      const p = schema.properties[c.field];
      const ref = referenceOf(p);
      const width = Math.min(MAX_SHEET_WIDTH, Math.max(MIN_SHEET_WIDTH, Math.round((c.width ?? 100) / 7)));
      const header = p.title ?? c.field;
      if (ref) {
        const named = jsNamed.get(c.field);
        const sql = named ? `$2::jsonb -> '${named.source}' ->> (${column(schema, c.field)})::text` : column(schema, nameFieldOf(c.field, ref));
        return { header, kind: 'text' as const, sql, width };
      }
      const kind = propertySheetKind(p);
      return { header, kind, sql: EXCEL_SERIAL[kind]?.(column(schema, c.field)) ?? column(schema, c.field), width };
    });
  // A key is a number, or a text (a color's key: issue 29, its export failed on 'text = integer').
  const keyArray = /integer|number/.test(JSON.stringify(schema.properties[keyField]?.type)) ? 'int[]' : 'text[]';
  // The record's key, a plain number (no thousands separator), unless the grid shows it already.
  if (!grid.columns.some((c) => c.field === keyField && visible.has(c.field))) {
    columns.push({
      header: schema.properties[keyField]?.title ?? keyField,
      kind: keyArray === 'int[]' ? 'numeric' : 'text',
      sql: column(schema, keyField),
      width: MIN_SHEET_WIDTH + 6,
    });
  }
  // Each row leads with its key; a chunk's rows are put back in the search's order by key (an
  // ordered join with the keys array is several times slower than = ANY on the embedded database).
  const chunk = `SELECT coalesce(json_agg(json_build_array(${[column(schema, keyField), ...columns.map((c) => c.sql)].join(', ')})), '[]')::text AS rows
                   FROM ${viewOf(grid.entity)} WHERE ${column(schema, keyField)} = ANY($1::${keyArray})`;
  const namesJson = JSON.stringify(names);

  const out = new PassThrough();
  // Level 1 compression: most of the size win of the default at a fraction of its time.
  const excel = await loadExcelJS();
  const book = new excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  } as Partial<ExcelJS.stream.xlsx.WorkbookStreamWriterOptions>);
  const sheet = book.addWorksheet(grid.title.slice(0, 31), { views: [{ state: 'frozen', xSplit: grid.frozen ?? 0, ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ width: c.width }));
  if (columns.length) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: keys.length + 1, column: columns.length } };
  const write = async () => {
    const header = sheet.addRow(columns.map((c) => c.header));
    header.font = { bold: true };
    header.commit();
    // The data rows go straight into the sheet's stream of the WorkbookWriter (after its header row):
    // exceljs would build a Cell object and an XML document per cell, most of an export's time.
    // The workbook, its styles (the columns' number formats), the header row and the zip stay exceljs's.
    const internals = book as unknown as { styles: { addStyleModel(style: object, cellType: number): number } };
    const styleIds = columns.map((c) =>
      SHEET_FORMATS[c.kind] ? internals.styles.addStyleModel({ numFmt: SHEET_FORMATS[c.kind] }, excel.ValueType.Number) : 0,
    );
    const stream = (sheet as unknown as { stream: { write(xml: string): void } }).stream;
    const letters = columns.map((_c, i) => columnLetters(i));
    let n = 1;
    for (let start = 0; start < keys.length; start += EXPORT_CHUNK) {
      const slice = keys.slice(start, start + EXPORT_CHUNK);
      const [{ rows }] = await ctx.db.query<{ rows: string }>(chunk, [slice, ...(jsNamed.size ? [namesJson] : [])], { prepare: true });
      const byKey = new Map((JSON.parse(rows) as unknown[][]).map((r) => [r[0] as number | string, r]));
      let xml = '';
      for (const key of slice) {
        const values = byKey.get(key);
        if (values) xml += rowXml(++n, values, letters, styleIds); // a row deleted since the keys were read is left out
      }
      stream.write(xml);
      // Flat memory: wait while the reader is behind.
      if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
    }
    sheet.commit();
    await book.commit();
  };
  write().catch((err) => out.destroy(err));
  return Readable.toWeb(out) as ReadableStream;
}
