/**
 * UploadSalesForecast (QF-001/008, ADR 026) through the import pipeline (ADR 018): the file is
 * stored and previewed by the pipeline's jobs and shown in its preview dialog and upload queue;
 * this runner reads its rows (the shared reader: 'Sales Region' and the 'YYYY Qn' headers of the
 * export) and writes them. All or nothing: one bad cell refuses the whole file, with every error
 * by row and column, and nothing is written; a confirmed file is written in one transaction.
 */
import type { SessionUser } from '../auth/permissions';
import { can } from '../auth/permissions';
import type { AppContext } from '../context';
import type { Job } from '../jobs/queue';
import { AppError, badRequest, conflict, forbidden } from '../http/errors';
import { filesPath } from '../files/storage';
import { MAX_UNITS } from '../domain/sales-forecast';
import { openWorkbookInWorker } from '../imports/read-in-worker';
import { countRows, insertRows, type Import, type ImportRow } from '../imports/store';
import { finishImport } from '../imports/finish';
import { NOT_EXCEL, type ImportKind } from '../imports/kinds';
import type { ImportRunner } from '../imports/runners';
import type { ImportColumn, ReadRow } from '../imports/workbook';
import { forecastRows, forecastSeason, writePairs, type ForecastRow, type ForecastSeason, type Pair } from './forecast';
import { REGION_HEADER, TOTAL_LABEL } from './workbook';

/** The message of a file with errors (the errors follow it by row and column). */
export const FILE_REFUSED = 'The file has errors; nothing was saved. Correct them and upload the file again.';
export const CHANGED_SINCE = 'The forecast was changed since this file was previewed; nothing was saved. Upload the file again.';
const MAX_FILE_ROWS = 10_000;

interface RowError { Row: number; Column: string; Field: string; Message: string }

const regionKey = (name: unknown) => String(name ?? '').trim().toLowerCase();

function fileColumns(season: ForecastSeason): ImportColumn[] {
  return [
    { field: 'SalesRegionName', type: 'text', headers: [REGION_HEADER, 'SalesRegionName', 'Region'] },
    ...season.columns.map((c) => ({ field: c.field, type: 'integer' as const, headers: [c.title, `${c.year}Q${c.quarter}`] })),
  ];
}

/** One file row: its region found, its cells checked and compared with the stored units. */
function previewRow(season: ForecastSeason, r: ReadRow, letters: Map<string, string>, regions: Map<string, ForecastRow>, seen: Map<number, number>, errors: RowError[]): ImportRow | null {
  const name = String(r.values.SalesRegionName ?? '').trim();
  // The export's Total row is skipped (unless a region is really called so).
  if (regionKey(name) === regionKey(TOTAL_LABEL) && !regions.has(regionKey(TOTAL_LABEL))) return null;
  const title = (f: string) => season.columns.find((c) => c.field === f)?.title ?? REGION_HEADER;
  const own: RowError[] = [];
  const bad = (Field: string, Message: string) => own.push({ Row: r.row, Column: `${letters.get(Field) ?? '?'} (${title(Field)})`, Field, Message });
  const region = regions.get(regionKey(name));
  if (!name) bad('SalesRegionName', `${REGION_HEADER} is required.`);
  else if (!region) bad('SalesRegionName', `'${name}' is not a sales region of ${season.seasonName}.`);
  else if (seen.has(region.SalesRegionId)) bad('SalesRegionName', `Row ${seen.get(region.SalesRegionId)} of this file already gives ${region.SalesRegionName}.`);
  else seen.set(region.SalesRegionId, r.row);
  const cells: Record<string, [unknown, unknown]> = {};
  const changes: Record<string, number> = {};
  for (const c of season.columns) {
    const cellError = r.errors.find((e) => e.Field === c.field);
    const v = r.values[c.field];
    if (cellError) { bad(c.field, cellError.Message); continue; }
    if (v === null || v === undefined || v === '') continue;
    if (typeof v !== 'number' || !Number.isInteger(v)) bad(c.field, 'Must be a whole number.');
    else if (v < 0) bad(c.field, 'Must not be negative.');
    else if (v > MAX_UNITS) bad(c.field, `Must be at most ${MAX_UNITS.toLocaleString('en-US')}.`);
    else if (region && v !== region[c.field]) { cells[c.field] = [region[c.field], v]; changes[c.field] = v; }
  }
  errors.push(...own);
  const changed = Object.keys(changes).length > 0;
  return {
    rownumber: r.row, recordkey: region?.SalesRegionId ?? null, label: name || null, rowversion: null,
    outcome: own.length ? (region ? 'refused' : 'unknown') : changed ? 'changed' : 'unchanged',
    cells: changed ? cells : null, changes: changed ? changes : null,
    errors: own.length ? own.map((e) => ({ Field: e.Field, Message: `${e.Column}: ${e.Message}` })) : null, raw: r.raw,
  };
}

const paramsOf = (imp: Import) => ({ brandId: Number(imp.params.BrandId) || 0, seasonId: Number(imp.params.SeasonId) || 0 });

/** The uploader may still write the forecast of the upload's brand (their rights as they are now). */
function checkRights(user: SessionUser, brandId: number) {
  if (!can(user, 'quarterlyForecasting', 'edit')) throw forbidden();
  if (!user.brandIds.has(brandId)) throw forbidden('You are not assigned to this brand.');
}

async function preview(ctx: AppContext, user: SessionUser, imp: Import, kind: ImportKind, progress?: (done: number) => Promise<void>) {
  const refuse = (message: string, errors: unknown[] = [], columns: unknown = null) => ctx.db.query(
    `UPDATE imports SET status = 'Refused', message = $2, errors = $3, columns = $4 WHERE importid = $1`,
    [imp.importid, message, JSON.stringify(errors), JSON.stringify(columns)]);
  const { brandId, seasonId } = paramsOf(imp);
  try {
    if (!brandId || !seasonId) throw badRequest('Choose a brand and a season before uploading the quarterly forecast.');
    checkRights(user, brandId);
    const season = await forecastSeason(ctx.db, brandId, seasonId);
    const regions = new Map((await forecastRows(ctx.db, season)).map((r) => [regionKey(r.SalesRegionName), r]));
    const columns = fileColumns(season);
    const read = await openWorkbookInWorker(filesPath(ctx.config.dataDir, imp.filepath), imp.filename, {
      columns, keyFields: ['SalesRegionName'], maxRows: MAX_FILE_ROWS, notExcel: kind.doc.messages?.notExcel ?? NOT_EXCEL,
    });
    const letters = new Map(read.columns.map((c) => [c.field, c.column]));
    const shown = read.columns.map((c) => ({ Field: c.field, Title: season.columns.find((q) => q.field === c.field)?.title ?? REGION_HEADER, Type: c.field === 'SalesRegionName' ? 'text' : 'integer', Column: c.column }));
    const errors: RowError[] = [];
    const seen = new Map<number, number>();
    const rows: ImportRow[] = [];
    for await (const r of read.rows) {
      const row = previewRow(season, r, letters, regions, seen, errors);
      if (row) rows.push(row);
    }
    await insertRows(ctx.db, imp.importid, rows);
    await progress?.(rows.length);
    const counts = await countRows(ctx.db, imp.importid);
    if (errors.length) {
      await ctx.db.query(`UPDATE imports SET status = 'Refused', message = $2, errors = $3, columns = $4, counts = $5 WHERE importid = $1`,
        [imp.importid, FILE_REFUSED, JSON.stringify(errors), JSON.stringify(shown), JSON.stringify(counts)]);
      return;
    }
    await ctx.db.query(`UPDATE imports SET status = 'Previewed', columns = $2, counts = $3, message = $4 WHERE importid = $1`,
      [imp.importid, JSON.stringify(shown), JSON.stringify(counts), read.ignored.length ? `Columns not used: ${read.ignored.join(', ')}.` : null]);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await ctx.db.query('DELETE FROM import_rows WHERE importid = $1', [imp.importid]);
    await refuse(err.message, err.errors ?? []);
  }
}

/** The confirmed file: every changed pair in one transaction, refused whole when the units changed since the preview. */
async function commit(ctx: AppContext, user: SessionUser, imp: Import, kind: ImportKind, job: Job) {
  const { brandId, seasonId } = paramsOf(imp);
  checkRights(user, brandId);
  const season = await forecastSeason(ctx.db, brandId, seasonId);
  const rows = await ctx.db.query<{ rownumber: number; recordkey: number; cells: Record<string, [number, number]>; changes: Record<string, number> }>(
    `SELECT rownumber, recordkey, cells, changes FROM import_rows WHERE importid = $1 AND outcome = 'changed' ORDER BY rownumber`, [imp.importid]);
  // Each pair carries the units its preview compared with: changed since, the statement writes nothing (409).
  const pairs: Pair[] = rows.flatMap((r) => season.columns.filter((c) => c.field in r.changes)
    .map((c) => ({ SalesRegionId: r.recordkey, Year: c.year, Quarter: c.quarter, Units: r.changes[c.field], OldUnits: Number(r.cells[c.field]?.[0] ?? 0) })));
  await ctx.db.tx(async (q) => {
    const [status] = await q.query<{ status: string }>('SELECT status FROM jobs WHERE jobid = $1 FOR UPDATE', [job.jobid]);
    if (status?.status === 'Canceled') return;
    try {
      await writePairs(q, user.userId, season, pairs);
    } catch (err) {
      throw err instanceof AppError && err.status === 409 ? conflict(CHANGED_SINCE) : err;
    }
    await q.query(`UPDATE import_rows SET outcome = 'saved' WHERE importid = $1 AND outcome = 'changed'`, [imp.importid]);
    await q.query(`UPDATE jobs SET lockedat = now(), progress = progress || jsonb_build_object('Total', $2::int, 'Done', $2::int, 'LastRow', $3::int) WHERE jobid = $1`,
      [job.jobid, rows.length, rows[rows.length - 1]?.rownumber ?? 0]);
    await finishImport(ctx, q, imp, kind, job.jobid, await countRows(q, imp.importid));
  });
}

export const salesForecastRunner: ImportRunner = { preview, commit };
