/**
 * The quarterly forecast settings form (QF-010..013): its texts, the region list's checks and the
 * save body. The form itself is the entity and layout documents sales-forecast-settings (served
 * for the user), the region list the screen's own widget. Pure.
 */

export interface Region {
  SalesRegionId: number | null;
  SalesRegionName: string;
}

export const INVALID = 'Please review all fields indicated in red.';
export const SAVED = 'Settings saved successfully!';
export const failed = (m: string) => (m.startsWith('An error occurred while updating settings:') ? m : `An error occurred while updating settings: ${m}`);
export const NO_NAME = 'Every sales region needs a name.';
export const TWICE = 'A sales region name is listed twice.';

/** The settings' entity and layout documents (schemas/entities, schemas/layouts). */
export const SETTINGS_DOCUMENT = 'sales-forecast-settings';

/** Rows whose name is blank or repeats an earlier one (case-insensitive), by index. */
export function invalidRows(rows: readonly Region[]): Set<number> {
  const names = rows.map((r) => (r.SalesRegionName ?? '').trim().toLowerCase());
  return new Set(rows.map((_, i) => i).filter((i) => !names[i] || names.indexOf(names[i]) !== i));
}

/** The check before a save: the message of the first problem, or null. */
export function regionsError(rows: readonly Region[]): string | null {
  const bad = [...invalidRows(rows)];
  if (!bad.length) return null;
  return bad.some((i) => !(rows[i].SalesRegionName ?? '').trim()) ? NO_NAME : TWICE;
}

/** The UpdateSalesForecastSettings body. */
export const saveBody = (brandId: number, seasonId: number, rows: readonly Region[]) => ({
  BrandId: brandId,
  SeasonId: seasonId,
  SalesRegions: rows.map((r) => ({ SalesRegionId: r.SalesRegionId || null, SalesRegionName: (r.SalesRegionName ?? '').trim() })),
});
