/**
 * The refused rows of an upload as an .xlsx ready to fix and upload again (issue 13): the file's
 * own columns (as the preview matched them, same headers) with the values the user typed, and an
 * Error column with every message of the row. Written with exceljs's streaming writer.
 */
import { PassThrough, Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { loadExcelJS } from '../files/exceljs';
import type { AppContext } from '../context';
import type { SessionUser } from '../auth/permissions';
import { neutralise } from '../../domain/excel-cells';
import { fieldAccess } from '../schemas/visibility';
import { importKind } from './kinds';
import type { Import } from './store';

export const FAILED_OUTCOMES = ['refused', 'unknown', 'failed'];
const CHUNK = 2000;

export const failedRowsFileName = (imp: Import) =>
  `${imp.filename
    .replace(/\.(xlsx?|ods|csv|tsv|txt)$/i, '')
    .replace(/[^\w.-]+/g, '_')
    .slice(0, 80)}-FailedRows.xlsx`;

export async function failedRowsFile(ctx: AppContext, user: SessionUser, imp: Import): Promise<ReadableStream> {
  const kind = importKind(ctx, imp.kind);
  const { hidden } = fieldAccess(ctx.schemas, user, kind.doc.entity);
  const columns = (imp.columns ?? []).filter((c) => !hidden.has(c.Field));
  const out = new PassThrough();
  const book = new (await loadExcelJS()).stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet('Failed Rows', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    ...columns.map((c) => ({ header: c.Title, width: Math.max(12, c.Title.length + 2) })),
    { header: 'Error', width: 60 },
    { header: 'File Row', width: 10 },
  ];
  sheet.getRow(1).font = { bold: true };
  const write = async () => {
    for (let after = 0; ; ) {
      const rows = await ctx.db.query<{ rownumber: number; raw: Record<string, unknown>; errors: { Field: string; Message: string }[] }>(
        `SELECT rownumber, raw, errors FROM import_rows WHERE importid = $1 AND outcome = ANY($2) AND rownumber > $3 ORDER BY rownumber LIMIT ${CHUNK}`,
        [imp.importid, FAILED_OUTCOMES, after],
      );
      if (!rows.length) break;
      for (const r of rows) {
        const messages = (r.errors ?? [])
          .filter((e) => !hidden.has(e.Field))
          .map((e) => (e.Field ? `${kind.schema.properties[e.Field]?.title ?? e.Field}: ${e.Message}` : e.Message));
        sheet.addRow([...columns.map((c) => neutralise(r.raw?.[c.Field] ?? null) as ExcelJS.CellValue), messages.join('\n'), r.rownumber]).commit();
      }
      after = rows[rows.length - 1].rownumber;
      if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
    }
    sheet.commit();
    await book.commit();
  };
  write().catch((err) => out.destroy(err));
  return Readable.toWeb(out) as ReadableStream;
}
