/**
 * UploadSalesForecast (QF-001/008, ADR 026) as an import-pipeline handler (ADR 028): the pipeline
 * stores, reads and previews the file and shows it in its preview dialog and upload queue; this
 * handler gives the file's columns (Sales Region and the season's 'YYYY Qn' headers of the export),
 * finds each row's region and compares its cells, and writes the confirmed pairs. All or nothing:
 * a file with a refused or unknown row cannot be confirmed, and a confirmed file is written in one
 * transaction, refused whole when someone saved its cells since the preview.
 */
import type { SessionUser } from '../../core/auth/permissions';
import { can } from '../../core/auth/permissions';
import type { Queryable } from '../../core/db/client';
import { AppError, badRequest, forbidden } from '../../core/http/errors';
import { MAX_UNITS } from '../../domain/sales-forecast';
import type { ImportRow } from '../../core/imports/store';
import { RowRefused, type ImportHandler } from '../../core/imports/handler';
import type { ImportColumn, ReadRow } from '../../core/imports/workbook';
import { forecastRows, forecastSeason, writePairs, type ForecastRow, type ForecastSeason, type Pair } from './forecast';
import { REGION_HEADER, TOTAL_LABEL } from './workbook';

export const CHANGED_SINCE = 'The forecast was changed since this file was previewed; nothing was saved. Upload the file again.';

const regionKey = (name: unknown) =>
  String(name ?? '')
    .trim()
    .toLowerCase();

function fileColumns(season: ForecastSeason): ImportColumn[] {
  return [
    { field: 'SalesRegionName', type: 'text', headers: [REGION_HEADER, 'SalesRegionName', 'Region'] },
    ...season.columns.map((c) => ({ field: c.field, type: 'integer' as const, headers: [c.title, `${c.year}Q${c.quarter}`] })),
  ];
}

/** One file row: its region found, its cells checked and compared with the stored units; null for the export's Total row. */
function previewRow(season: ForecastSeason, r: ReadRow, regions: Map<string, ForecastRow>, seen: Map<number, number>): ImportRow | null {
  const name = String(r.values.SalesRegionName ?? '').trim();
  // The export's Total row is skipped (unless a region is really called so).
  if (regionKey(name) === regionKey(TOTAL_LABEL) && !regions.has(regionKey(TOTAL_LABEL))) return null;
  const title = (f: string) => season.columns.find((c) => c.field === f)?.title ?? REGION_HEADER;
  const errors: { Field: string; Message: string }[] = [];
  const bad = (field: string, message: string) => errors.push({ Field: field, Message: `${title(field)}: ${message}` });
  const region = regions.get(regionKey(name));
  if (!name) bad('SalesRegionName', `${REGION_HEADER} is required.`);
  else if (!region) bad('SalesRegionName', `'${name}' is not a sales region of ${season.seasonName}.`);
  else if (seen.has(region.SalesRegionId))
    bad('SalesRegionName', `Row ${seen.get(region.SalesRegionId)} of this file already gives ${region.SalesRegionName}.`);
  else seen.set(region.SalesRegionId, r.row);
  const cells: Record<string, [unknown, unknown]> = {};
  const changes: Record<string, number> = {};
  for (const c of season.columns) {
    const cellError = r.errors.find((e) => e.Field === c.field);
    const v = r.values[c.field];
    if (cellError) {
      bad(c.field, cellError.Message);
      continue;
    }
    if (v === null || v === undefined || v === '') continue;
    if (typeof v !== 'number' || !Number.isInteger(v)) bad(c.field, 'Must be a whole number.');
    else if (v < 0) bad(c.field, 'Must not be negative.');
    else if (v > MAX_UNITS) bad(c.field, `Must be at most ${MAX_UNITS.toLocaleString('en-US')}.`);
    else if (region && v !== region[c.field]) {
      cells[c.field] = [region[c.field], v];
      changes[c.field] = v;
    }
  }
  const changed = Object.keys(changes).length > 0;
  return {
    rownumber: r.row,
    recordkey: region?.SalesRegionId ?? null,
    label: name || null,
    rowversion: null,
    outcome: errors.length ? (region ? 'refused' : 'unknown') : changed ? 'changed' : 'unchanged',
    // The cells carry the units the preview compared with: the commit refuses the file when they changed since.
    cells: changed ? cells : null,
    changes: changed ? changes : null,
    errors: errors.length ? errors : null,
    raw: r.raw,
  };
}

/** The upload's brand and season (its form fields), which the uploader may still write (their rights as they are now). */
async function uploadSeason(q: Queryable, user: SessionUser, params: Record<string, unknown>): Promise<ForecastSeason> {
  const brandId = Number(params.BrandId) || 0;
  const seasonId = Number(params.SeasonId) || 0;
  if (!brandId || !seasonId) throw badRequest('Choose a brand and a season before uploading the quarterly forecast.');
  if (!can(user, 'quarterlyForecasting', 'edit')) throw forbidden();
  if (!user.brandIds.has(brandId)) throw forbidden('You are not assigned to this brand.');
  return forecastSeason(q, brandId, seasonId);
}

export const salesForecastImport: ImportHandler = {
  keyFields: ['SalesRegionName'],

  async columns(ctx, user, params) {
    return fileColumns(await uploadSeason(ctx.db, user, params));
  },

  async preview(ctx, user, batch, seen, params) {
    const season = await uploadSeason(ctx.db, user, params);
    const regions = new Map((await forecastRows(ctx.db, season)).map((r) => [regionKey(r.SalesRegionName), r]));
    return batch.map((r) => previewRow(season, r, regions, seen)).filter((r): r is ImportRow => r !== null);
  },

  /** Every changed pair in the caller's transaction; a pair saved by someone since its preview refuses the file (nothing is written). */
  async commit(_ctx, q, user, rows, params) {
    // In the commit's transaction: its statements only (the embedded database has one connection).
    const season = await uploadSeason(q, user, params);
    const pairs: Pair[] = rows.flatMap((r) =>
      season.columns
        .filter((c) => c.field in r.changes)
        .map((c) => ({
          SalesRegionId: r.recordkey,
          Year: c.year,
          Quarter: c.quarter,
          Units: Number(r.changes[c.field]),
          OldUnits: Number(r.cells?.[c.field]?.[0] ?? 0),
        })),
    );
    try {
      await writePairs(q, user.userId, season, pairs);
    } catch (err) {
      if (err instanceof AppError && err.status === 409) throw new RowRefused(rows[0]?.rownumber ?? 0, [{ Field: '', Message: CHANGED_SINCE }]);
      throw err;
    }
  },
};
